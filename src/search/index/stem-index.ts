import type { Language } from "../../model/records.ts";
import { cyrillicLanguageOf, isCyrillic, stem, stemKey } from "../analysis/index.ts";
import { LANGUAGE_BIT } from "./languages.ts";
import { buildStringMultiMap, type StringMultiMap } from "./string-multimap.ts";

// stem -> terms of the dictionary with that stem. Stemming the dictionary (one call per term
// and language) instead of every token, and keeping stems out of the postings: a stem match
// reads the postings of the surface terms, so stems cost no memory per doc.

const DIGIT = /\d/;

/**
 * `languages[t]` is the mask of the languages term t was seen in. Cyrillic terms are stemmed
 * by the language their spelling says (cyrillicLanguageOf), else by the Cyrillic languages they
 * came from (uk and ru when neither is known), Latin terms by English, matching stemsForQuery
 * on the query side (which stems a Cyrillic word both ways).
 */
export function buildStemIndex(terms: readonly string[], languages: Uint8Array): StringMultiMap {
  const groups = new Map<string, number[]>();
  const add = (s: string, term: number) => {
    const list = groups.get(s);
    if (list === undefined) groups.set(s, [term]);
    else list.push(term);
  };
  for (let t = 0; t < terms.length; t++) {
    const mask = languages[t] as number;
    if (mask === 0) continue;
    const word = terms[t] as string;
    if (word.length < 3 || DIGIT.test(word)) continue;
    if (isCyrillic(word)) {
      // A word's spelling names its language over its field's: a store that sends its Russian
      // names as the uk translation (or the reverse) has them stemmed in their own language.
      const own = cyrillicLanguageOf(word);
      const uk = own === null ? (mask & LANGUAGE_BIT.uk) !== 0 : own === "uk";
      const ru = own === null ? (mask & LANGUAGE_BIT.ru) !== 0 : own === "ru";
      const langs: Language[] = uk || ru ? [] : ["uk", "ru"];
      if (uk) langs.push("uk");
      if (ru) langs.push("ru");
      let previous = "";
      for (const l of langs) {
        const s = stemKey(word, l);
        if (s !== previous) add(s, t);
        previous = s;
      }
    } else {
      add(stem(word, "en"), t);
    }
  }
  return buildStringMultiMap(groups);
}
