// How shoppers mistype: the wrong keyboard layout, Latin transliteration, and typos.
// Pure functions over strings, shared by the query mix and the relevance set.

import type { Rng } from "../src/sample-catalog/prng.ts";

// One row per key of a QWERTY keyboard and what the same key types in the Russian and
// Ukrainian ЙЦУКЕН layouts (Windows). Ukrainian has і, ї, є where Russian has ы, ъ, э, and its
// apostrophe sits on the backquote key.
const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RUSSIAN = "йцукенгшщзхъфывапролджэячсмитьбюё";
const UKRAINIAN = "йцукенгшщзхїфівапролджєячсмитьбю'";

function table(from: string, to: string): Map<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < from.length; i++) map.set(from[i] as string, to[i] as string);
  return map;
}

const CYRILLIC_TO_KEY = new Map([...table(RUSSIAN, LATIN), ...table(UKRAINIAN, LATIN)]);
const KEY_TO = { ru: table(LATIN, RUSSIAN), uk: table(LATIN, UKRAINIAN) };

/** Cyrillic text as typed with the English layout on: "ноутбук" -> "yjen,er". */
export function typedInLatinLayout(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase()) out += CYRILLIC_TO_KEY.get(ch) ?? ch;
  return out;
}

/** Latin text as typed with a Cyrillic layout on: "samsung" -> "ыфьыгтп" (ru). */
export function typedInCyrillicLayout(text: string, layout: "ru" | "uk"): string {
  let out = "";
  for (const ch of text.toLowerCase()) out += KEY_TO[layout].get(ch) ?? ch;
  return out;
}

// Informal transliteration as people type it (not the official KMU 2010 table):
// "холодильник" -> "holodilnik", "ноутбук" -> "noutbuk", "навушники" -> "navushniki".
const TRANSLIT: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "h",
  ґ: "g",
  д: "d",
  е: "e",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ь: "",
  ю: "yu",
  я: "ya",
  ы: "y",
  э: "e",
  ъ: "",
  ё: "yo",
  "'": "",
  "’": "",
};

/** Russian г is g; Ukrainian г is h (both as users type them). */
export function transliterate(text: string, language: "uk" | "ru"): string {
  let out = "";
  for (const ch of text.toLowerCase())
    out += ch === "г" && language === "ru" ? "g" : (TRANSLIT[ch] ?? ch);
  return out;
}

const ROWS = ["qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,."];

/** A key next to the one that types `ch` in the same layout, or undefined. */
function neighbour(ch: string, rng: Rng): string | undefined {
  const cyrillic = CYRILLIC_TO_KEY.get(ch);
  const key = cyrillic ?? ch;
  for (const row of ROWS) {
    const at = row.indexOf(key);
    if (at < 0) continue;
    const next = row[at + (rng.chance(0.5) ? 1 : -1)] ?? row[at - 1];
    if (!next) return undefined;
    const typed = cyrillic ? (UKRAINIAN.includes(ch) ? KEY_TO.uk : KEY_TO.ru).get(next) : next;
    return typed && /\p{L}/u.test(typed) ? typed : undefined;
  }
  return undefined;
}

/**
 * One Levenshtein edit at a random inner position (the first letter is kept, as real typos
 * mostly keep it): a neighbouring key, a dropped letter or a doubled letter.
 */
export function oneEdit(word: string, rng: Rng): string {
  const at = rng.int(1, word.length - 1);
  const ch = word[at] as string;
  const op = rng.int(0, 2);
  if (op === 0) {
    const other = neighbour(ch, rng);
    if (other && other !== ch) return word.slice(0, at) + other + word.slice(at + 1);
  }
  if (op === 1 && word[at - 1] !== ch && word[at + 1] !== ch)
    return word.slice(0, at) + ch + word.slice(at);
  return word.slice(0, at) + word.slice(at + 1);
}

/**
 * One typo at any position, the first letter included, of the four kinds an edit distance
 * counts: a neighbouring key instead of the letter, the letter dropped, a neighbouring key
 * typed after it, or the letter swapped with the next one.
 */
export function typoAnywhere(word: string, rng: Rng): string {
  const at = rng.int(0, word.length - 1);
  const ch = word[at] as string;
  const next = word[at + 1];
  const op = rng.int(0, 3);
  const other = neighbour(ch, rng);
  if (op === 0 && other && other !== ch) return word.slice(0, at) + other + word.slice(at + 1);
  if (op === 1) return word.slice(0, at + 1) + (other ?? ch) + word.slice(at + 1);
  if (op === 2 && next && next !== ch) return word.slice(0, at) + next + ch + word.slice(at + 2);
  return word.slice(0, at) + word.slice(at + 1);
}

/** Typo tolerance of PRODUCT.md: 1 edit from 4 letters, 2 from 8. */
export const allowedEdits = (word: string): number =>
  word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
