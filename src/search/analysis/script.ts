// Which script a character or word is written in. Char-code range checks only: these run per
// character on the hot path, where a Unicode-property regex would cost far more.

/** Cyrillic and Cyrillic Supplement blocks (U+0400-U+052F): covers uk і ї є ґ and ru ё ы э ъ. */
export function isCyrillicCode(code: number): boolean {
  return code >= 0x0400 && code <= 0x052f && !(code >= 0x0483 && code <= 0x0489);
}

/** ASCII Latin letters only: the letters a QWERTY keyboard types without a dead key. */
export function isLatinCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/**
 * True when the word is written in Cyrillic letters: at least one Cyrillic letter and no Latin
 * letter (digits, apostrophes and other marks do not count either way). A mixed word such as
 * "rtxка" is not Cyrillic, so it is treated as a Latin word (its Cyrillic part stays unstemmed).
 */
export function isCyrillic(word: string): boolean {
  let cyrillic = false;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (isCyrillicCode(code)) cyrillic = true;
    else if (isLatinCode(code)) return false;
  }
  return cyrillic;
}

/** True when the word has at least one Latin letter and no Cyrillic one. */
export function isLatin(word: string): boolean {
  let latin = false;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (isLatinCode(code)) latin = true;
    else if (isCyrillicCode(code)) return false;
  }
  return latin;
}

/** True when every character is an ASCII digit (and there is at least one). */
export function isDigits(word: string): boolean {
  if (word.length === 0) return false;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** True when the word contains an ASCII digit anywhere (a model code, a size, a SKU). */
export function hasDigit(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) return true;
  }
  return false;
}
