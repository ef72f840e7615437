import { cyrillicLanguageOf } from "./cyrillic-language.ts";
import { isCyrillic } from "./script.ts";
import { stemKey, stemsForQuery } from "./stem.ts";
import { MIN_FOLDED } from "./uk-ru-fold.ts";
import { UK_RU_PAIRS } from "./uk-ru-pairs.ts";
import { unifyAlternation } from "./ukrainian-stemmer.ts";

// Ukrainian and Russian meet (issue 21, point 2): a query word in one language also finds the
// same word in the other, in every form the stemmers know. Cognates need no table: their stem
// keys are one (uk-ru-fold.ts). Words that differ (жіночий/женский, годинник/часы,
// шкіра/кожа) pair through the nouns and adjectives of Apertium's Russian-Ukrainian dictionary
// (uk-ru-pairs.ts: lexicon/uk-ru-pairs.txt, made by lexicon/make-uk-ru.ts): each pair joins the
// Ukrainian word's uk stem key to the Russian word's ru stem key, so that every form of one
// finds every form of the other through the stems index, as a stem would. A word's own keys
// come first, as stemsForQuery gives them.

interface Counterparts {
  readonly ukToRu: ReadonlyMap<string, readonly string[]>;
  readonly ruToUk: ReadonlyMap<string, readonly string[]>;
}

let tables: Counterparts | null = null;

function add(map: Map<string, string[]>, from: string, to: string): void {
  const list = map.get(from);
  if (list === undefined) map.set(from, [to]);
  else if (!list.includes(to)) list.push(to);
}

/** The tables, built on first use from the generated pairs of keys (~1 ms). */
export function ukRuCounterparts(): Counterparts {
  if (tables !== null) return tables;
  const ukToRu = new Map<string, string[]>();
  const ruToUk = new Map<string, string[]>();
  for (const line of UK_RU_PAIRS.split("\n")) {
    const space = line.indexOf(" ");
    const uk = line.slice(0, space);
    const ru = line.slice(space + 1);
    add(ukToRu, uk, ru);
    add(ruToUk, ru, uk);
  }
  tables = { ukToRu, ruToUk };
  return tables;
}

/** и, the Russian spelling of the vowel Ukrainian writes і. */
const И = 0x0438;

/** A compound's second part has at least this many letters of key; its first part 3+. */
const MIN_PART = 4;
/** о е и і: the vowels that link a compound's parts (folded keys have и for і). */
const LINKING = new Set([0x43e, 0x435, 0x438, 0x456]);

/**
 * The counterparts of a compound's key: a first part ending in its linking vowel (авто-, відео-,
 * вело-, газоно-, водо-: one spelling in both languages once folded) and a second part the
 * table pairs (автокрісло is авто + крісло/кресло, велошолом вело + шолом/шлем). The longest
 * such second part wins. The two languages build compounds alike, so a table of words serves
 * their compounds too, which no dictionary lists.
 */
function compoundCounterparts(
  key: string,
  table: ReadonlyMap<string, readonly string[]>,
): readonly string[] | undefined {
  for (let cut = 3; cut <= key.length - MIN_PART; cut++) {
    if (!LINKING.has(key.charCodeAt(cut - 1))) continue;
    const found = table.get(key.slice(cut));
    if (found !== undefined) return found.map((tail) => key.slice(0, cut) + tail);
  }
  return undefined;
}

function counterparts(
  key: string,
  table: ReadonlyMap<string, readonly string[]>,
): readonly string[] | undefined {
  return table.get(key) ?? compoundCounterparts(key, table);
}

/**
 * The stem keys a query word matches: its own (stemsForQuery) and, for a Cyrillic word, those
 * of its counterparts in the other language, of the word or of its compound's second part. A
 * word whose spelling names its language (cyrillicLanguageOf) is read in that language only;
 * others both ways.
 */
export function queryStemKeys(word: string): string[] {
  if (!isCyrillic(word)) return stemsForQuery(word);
  const uk = stemKey(word, "uk");
  const ru = stemKey(word, "ru");
  const keys = uk === ru ? [uk] : [uk, ru];
  const { ukToRu, ruToUk } = ukRuCounterparts();
  const join = (found: readonly string[] | undefined) => {
    if (found !== undefined) for (const k of found) if (!keys.includes(k)) keys.push(k);
  };
  const language = cyrillicLanguageOf(word);
  if (language !== "ru") join(counterparts(uk, ukToRu));
  if (language !== "uk") {
    join(counterparts(ru, ruToUk));
    // The Ukrainian stemmer gives the і of a final closed syllable as о (стіл/стола: стол),
    // loanwords' too (електроніка: електронок); the Russian spelling of such a word has и there
    // (электроника: електроник). Long keys only: short ones would join other words (мир/мор).
    if (ru.length >= MIN_FOLDED) join([unifyAlternation(ru, И)]);
  }
  return keys;
}
