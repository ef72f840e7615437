// Evens out what a suffix-stripping stemmer leaves different between forms of one Ukrainian or
// Russian word. Applied to every stem of both languages, on the indexing and the query side
// alike, so a rule only has to map all forms of a word to the same string, not to a real stem.
//
// 1. ь, ъ and the apostrophe are dropped anywhere: "кошельк" (кошельки) meets "кошелек".
// 2. A doubled last letter is made single: "зарядженн" (зарядження) meets "заряджен"
//    (заряджень), "класс" meets "клас".
// 3. Fleeting vowel: о, е or є between a consonant and a final к, л or ц is dropped when the
//    stem has 5 letters or more, because the vowel comes and goes between forms: сумок/сумка,
//    кросівок/кросівки, чохол/чохли, чехол/чехлы, гаманець/гаманця, палец/пальцы,
//    кошелек/кошельки. A word whose vowel never drops ("молоток" → "молотк" in every form)
//    loses it in every form too, so it still meets itself.

import { isSlavicConsonant } from "./slavic-letters.ts";

const SIGNS = /[ьъ']/g;
const O = 0x043e; // о
const E = 0x0435; // е
const YE = 0x0454; // є
const K = 0x043a; // к
const L = 0x043b; // л
const TS = 0x0446; // ц

export function tidySlavicStem(stem: string): string {
  let out = stem;
  if (out.includes("ь") || out.includes("ъ") || out.includes("'")) out = out.replace(SIGNS, "");
  const n = out.length;
  if (n < 3) return out;
  const lastCode = out.charCodeAt(n - 1);
  if (lastCode === out.charCodeAt(n - 2) && isSlavicConsonant(lastCode)) {
    return out.slice(0, n - 1);
  }
  const vowel = out.charCodeAt(n - 2);
  if (
    n >= 5 &&
    (lastCode === K || lastCode === L || lastCode === TS) &&
    (vowel === O || vowel === E || vowel === YE) &&
    isSlavicConsonant(out.charCodeAt(n - 3))
  ) {
    return out.slice(0, n - 2) + out.slice(n - 1);
  }
  return out;
}
