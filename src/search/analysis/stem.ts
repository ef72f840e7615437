// Stemming for uk, ru and en, so that a plural or another case form finds the base form.
//
// Choice (evaluated on real catalog words; speeds measured once under Node on this machine):
// - @orama/stemmers 3.1.18 (pinned): Russian is the Snowball Russian stemmer compiled to JS
//   (~0.5 µs/word), English the original Porter stemmer (~2 µs/word: it builds RegExps per
//   call; the cache below hides both, a hit costs ~60 ns). Its Ukrainian stemmer is weak: it unified 13 of 45 word
//   families of our test list, because it strips verb endings from noun plurals (пилососи ->
//   "пилос", компаси -> "комп", самокати -> "самок", джинси -> "джин"), splits adjectives
//   (бездротовий -> "бездротов", бездротова -> "бездрот") and -ія nouns (гарантії ->
//   "гаранті"), and never joins fleeting vowels (сумок, кросівок, чохол).
// - snowball-stemmers 0.6.0: same Russian and English results on these words but 5-10x slower
//   (5 and 11 µs/word), and no Ukrainian.
// So: ru = Orama's Snowball Russian, en = Orama's Porter plus a table of irregular plurals,
// uk = our light stemmer (ukrainian-stemmer.ts, 39 of the 45 families unified); uk and ru
// stems then pass through slavic-stem-tidy.ts (soft signs, doubled last letter, fleeting
// vowels).
//
// Results (word -> stem):
//   uk телефон/телефони/телефонів/телефоном -> телефон; ноутбук/ноутбуки/ноутбуків -> ноутбук;
//      навушники/навушників -> навушник; сумка/сумки/сумок -> сумк; чохол/чохли/чохлів ->
//      чохл; кава/каву/кави -> кав; стіл/стола -> стол; ніж/ножі -> нож; м'ясо/мясо -> мяс.
//      Not unified: ремінь/ремені (е/і), колесо/коліс, батарея/батарей, сукня/суконь,
//      пристрій/пристроїв, система/систем (gen. plural -ем read as an ending).
//   ru телефон/телефоны/телефонов -> телефон; ноутбук/ноутбуки/ноутбуков -> ноутбук;
//      наушники/наушников -> наушник; сумка/сумки/сумок -> сумк; чехол/чехлы/чехлов -> чехл
//      (thanks to the fleeting-vowel rule); кошелек/кошельки -> кошелк; кофе -> коф
//      (indeclinable; кофейный -> кофейн stays apart).
//   en phone/phones -> phone; laptop/laptops -> laptop; headphones/headphone -> headphon;
//      battery/batteries -> batteri; box/boxes -> box; knife/knives -> knife (Porter alone
//      gives "knive": the irregular table fixes it); mouse/mice -> mous.

import { stemmer as englishPorter } from "@orama/stemmers/english";
import { stemmer as russianSnowball } from "@orama/stemmers/russian";
import type { Language } from "../../model/records.ts";
import { ENGLISH_IRREGULAR_PLURALS } from "./english-irregular.ts";
import { hasDigit, isCyrillic, isLatin } from "./script.ts";
import { tidySlavicStem } from "./slavic-stem-tidy.ts";
import { foldUkRu } from "./uk-ru-fold.ts";
import { stripUkrainianEnding, unifyAlternation } from "./ukrainian-stemmer.ts";

/** Entries kept per language; the oldest entry goes first when a cache is full. */
export const STEM_CACHE_SIZE = 50_000;

const ukrainianCache = new Map<string, string>();
const russianCache = new Map<string, string>();
const englishCache = new Map<string, string>();

function stemUkrainian(word: string): string {
  return unifyAlternation(tidySlavicStem(stripUkrainianEnding(word)));
}

function stemRussian(word: string): string {
  return tidySlavicStem(russianSnowball(word));
}

function stemEnglish(word: string): string {
  return englishPorter(ENGLISH_IRREGULAR_PLURALS.get(word) ?? word);
}

/** The stem computed without the cache (for the micro benchmark and for checks). */
export function stemUncached(word: string, language: Language): string {
  if (word.length < 3 || hasDigit(word)) return word;
  if (isCyrillic(word)) return language === "ru" ? stemRussian(word) : stemUkrainian(word);
  if (isLatin(word)) return stemEnglish(word);
  return word;
}

function cached(cache: Map<string, string>, word: string, compute: (w: string) => string) {
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const result = compute(word);
  if (cache.size >= STEM_CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(word, result);
  return result;
}

/**
 * Stem of a normalised word in the given language (plural and case forms reduce to the same
 * stem as the base form). The script decides the stemmer: a Latin word is stemmed as English
 * whatever the language (brand and model names in uk and ru text), a Cyrillic word as Russian
 * when the language is "ru" and as Ukrainian otherwise. Words with a digit (codes, sizes),
 * words of mixed or other scripts and words under 3 characters are returned as they are.
 */
export function stem(word: string, language: Language): string {
  if (word.length < 3 || hasDigit(word)) return word;
  if (isCyrillic(word)) {
    return language === "ru"
      ? cached(russianCache, word, stemRussian)
      : cached(ukrainianCache, word, stemUkrainian);
  }
  if (isLatin(word)) return cached(englishCache, word, stemEnglish);
  return word;
}

/**
 * The key a word is indexed and looked up by among stems: its stem, for a Cyrillic word with
 * the Ukrainian and Russian spellings folded (uk-ru-fold.ts), so that cognates meet.
 */
export function stemKey(word: string, language: Language): string {
  const s = stem(word, language);
  return isCyrillic(s) ? foldUkRu(s) : s;
}

/**
 * Stem keys of a query word whose language is unknown: for Cyrillic the uk and ru keys (in that
 * order), for Latin the en stem; deduplicated, may be the word itself.
 */
export function stemsForQuery(word: string): string[] {
  if (isCyrillic(word)) {
    const ukrainian = stemKey(word, "uk");
    const russian = stemKey(word, "ru");
    return ukrainian === russian ? [ukrainian] : [ukrainian, russian];
  }
  return [stem(word, "en")];
}
