// A light Ukrainian stemmer for catalog text (nouns and adjectives), written here because the
// Ukrainian stemmer of @orama/stemmers mangles common product words (see stem.ts). It follows
// the shape of the Snowball Russian stemmer (https://snowballstem.org/algorithms/russian/
// stemmer.html): one inflectional ending is removed from the region after the first vowel
// (RV), longest ending first; then slavic-stem-tidy.ts evens out soft signs and fleeting
// vowels, and unifyAlternation below the Ukrainian і/о alternation (стіл/стола). Unlike
// Snowball it leaves verbs alone: their endings (-ти, -ся, -си, -ати) collide with noun
// plurals such as "пилососи", "компаси", "самокати" and verbs are rare in catalogs.
// Only the nominal endings of the Ukrainian declension (nouns and adjectives, all cases,
// both numbers) are listed; the dative singular -ові/-еві is left out on purpose, since
// removing it would also cut the adjective suffix -ов- off "ігрові", "бездротові".

import { isSlavicConsonant, isSlavicVowel } from "./slavic-letters.ts";

/** Endings grouped by length, longest first, so the longest match wins. */
const ENDINGS_BY_LENGTH: ReadonlySet<string>[] = [
  // 4: soft adjectives (синього, синьому), plural instrumental of -ія nouns (гарантіями)
  new Set(["ього", "ьому", "іями"]),
  // 3: adjectives (нового, новому, новими), plural instrumental (сумками), -ія nouns
  new Set(["ого", "ому", "ими", "іми", "ами", "ями", "ією", "іям", "іях", "ьою", "ьої"]),
  // 2
  new Set([
    // adjectives: новий, синій, нової, новою, новим, синім, нових, синіх
    "ий",
    "ій",
    "ої",
    "ою",
    "им",
    "ім",
    "их",
    "іх",
    // nouns: instrumental singular (кабелем, телефоном, мишею, сім'єю, ...)
    "ом",
    "ем",
    "єм",
    "ею",
    "єю",
    // genitive plural (телефонів, країв, мишей), dative/locative plural (сумкам, сумках)
    "ів",
    "їв",
    "ей",
    "ам",
    "ям",
    "ах",
    "ях",
    // -ія nouns: гарантія, гарантії, гарантію
    "ія",
    "ії",
    "ію",
  ]),
  // 1: nominative, genitive, dative, accusative, locative singular and nominative plural
  new Set(["а", "я", "о", "е", "є", "у", "ю", "і", "и", "ї", "ь"]),
];
const LONGEST_ENDING = ENDINGS_BY_LENGTH.length;

/** Leave at least this many letters, so short words keep something to match on. */
const MIN_STEM_LENGTH = 2;

/** The word without its inflectional ending (before tidying), for a lowercase Ukrainian word. */
export function stripUkrainianEnding(word: string): string {
  let rv = -1;
  for (let i = 0; i < word.length; i++) {
    if (isSlavicVowel(word.charCodeAt(i))) {
      rv = i + 1;
      break;
    }
  }
  if (rv < 0) return word;
  const floor = Math.max(rv, MIN_STEM_LENGTH);
  for (let index = 0; index < LONGEST_ENDING; index++) {
    const length = LONGEST_ENDING - index;
    const start = word.length - length;
    if (start < floor) continue;
    if ((ENDINGS_BY_LENGTH[index] as ReadonlySet<string>).has(word.slice(start))) {
      return word.slice(0, start);
    }
  }
  return word;
}

const I = 0x0456; // і

/**
 * Ukrainian turns о (and sometimes е) into і in a closed final syllable: стіл/стола,
 * ніж/ножі, кіт/кота, сіль/солі, бік/боку. A stem ending in consonant + і + one consonant gets
 * о there, so those forms meet ("стіл" and "стол" -> "стол"). A word whose і never alternates
 * ("ліс", "сірий") is changed in every form alike, so it still meets itself: the stem is a
 * match key, not a dictionary form. The е/і pairs (ремінь/ременя, колесо/коліс) are left
 * apart: mapping е too would join unrelated words such as "серія" and "сірий". `vowel` is і; the
 * Russian side (uk-ru.ts) asks with и, its spelling of the same vowel.
 */
export function unifyAlternation(stem: string, vowel: number = I): string {
  const n = stem.length;
  if (
    n >= 3 &&
    stem.charCodeAt(n - 2) === vowel &&
    isSlavicConsonant(stem.charCodeAt(n - 1)) &&
    isSlavicConsonant(stem.charCodeAt(n - 3))
  ) {
    return `${stem.slice(0, n - 2)}о${stem.slice(n - 1)}`;
  }
  return stem;
}
