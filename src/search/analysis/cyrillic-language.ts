// Which of Ukrainian and Russian a Cyrillic word is written in, when its spelling says so.
// Stores send Russian names as their Ukrainian text (and the reverse), and shoppers type either:
// a word stemmed in the wrong language parts from its other forms. First the letters only one
// language has (і ї є, ы э ъ); a word with neither, by the endings only one language's word
// forms have (language-endings.ts, from the Hunspell dictionaries: кожаная, беспроводные,
// мужская are Russian, бездротова is not told, шкіряна by its letters).

import { RUSSIAN_ENDINGS, UKRAINIAN_ENDINGS } from "./language-endings.ts";

/** An ending only one language has -> that language. */
const ENDINGS = new Map<string, "uk" | "ru">();
for (const e of RUSSIAN_ENDINGS) ENDINGS.set(e, "ru");
for (const e of UKRAINIAN_ENDINGS) ENDINGS.set(e, "uk");
const SHORTEST = 2;
const LONGEST = 4;
/** An ending tells only a word with at least this many letters before it (as the data's). */
const MIN_STEM = 2;

/** The language the letters say: "uk" with і ї є and none of ы э ъ, "ru" the reverse. */
function byLetters(word: string): "uk" | "ru" | "both" | null {
  let uk = false;
  let ru = false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c === 0x0456 || c === 0x0457 || c === 0x0454)
      uk = true; // і ї є
    else if (c === 0x044b || c === 0x044d || c === 0x044a) ru = true; // ы э ъ
  }
  return uk && ru ? "both" : uk ? "uk" : ru ? "ru" : null;
}

/**
 * The language a normalised Cyrillic word's spelling says it is in: by its letters, else by
 * an ending only that language's words have; null when neither tells (most words: сумка,
 * телефон), or when the letters of both are mixed.
 */
export function cyrillicLanguageOf(word: string): "uk" | "ru" | null {
  const letters = byLetters(word);
  if (letters === "both") return null;
  if (letters !== null) return letters;
  for (let n = SHORTEST; n <= LONGEST && word.length >= n + MIN_STEM; n++) {
    const found = ENDINGS.get(word.slice(-n));
    if (found !== undefined) return found;
  }
  return null;
}
