// Letter classes of Ukrainian and Russian by char code, so the stemmers test a letter without
// taking a one-character string out of the word (which allocates for non-Latin-1 characters).

const BASE = 0x0400;
const flags = new Uint8Array(0x100);
const VOWEL = 1;
const CONSONANT = 2;

for (const letter of "аеєиіїоуюяыэё") flags[letter.charCodeAt(0) - BASE] = VOWEL;
for (const letter of "бвгґджзйклмнпрстфхцчшщ") flags[letter.charCodeAt(0) - BASE] = CONSONANT;

/** A lowercase uk or ru vowel (а е є и і ї о у ю я ы э ё). */
export function isSlavicVowel(code: number): boolean {
  return code >= BASE && code < BASE + 0x100 && flags[code - BASE] === VOWEL;
}

/** A lowercase uk or ru consonant letter, й included (ь and ъ are neither). */
export function isSlavicConsonant(code: number): boolean {
  return code >= BASE && code < BASE + 0x100 && flags[code - BASE] === CONSONANT;
}
