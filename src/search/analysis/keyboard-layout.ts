// Wrong keyboard layout: a shopper who forgot to switch types "yjen,er" for "ноутбук" or
// "ноутбук" for "yjen,er". The tables are the standard layouts over the same physical keys:
// US QWERTY, Russian ЙЦУКЕН (Windows "Russian", xkb "ru"), and Ukrainian ЙЦУКЕН (Windows
// "Ukrainian (Enhanced)", xkb "ua"), where і ї є sit on the S ] ' keys, the apostrophe on `
// and ґ on \ . No package covers layouts (STACK.md), hence these tables.

/** QWERTY keys, unshifted and shifted, that type a letter on the Russian layout. */
const RUSSIAN_KEYS: Record<string, string> = {
  q: "й",
  w: "ц",
  e: "у",
  r: "к",
  t: "е",
  y: "н",
  u: "г",
  i: "ш",
  o: "щ",
  p: "з",
  "[": "х",
  "{": "х",
  "]": "ъ",
  "}": "ъ",
  a: "ф",
  s: "ы",
  d: "в",
  f: "а",
  g: "п",
  h: "р",
  j: "о",
  k: "л",
  l: "д",
  ";": "ж",
  ":": "ж",
  "'": "э",
  '"': "э",
  z: "я",
  x: "ч",
  c: "с",
  v: "м",
  b: "и",
  n: "т",
  m: "ь",
  ",": "б",
  "<": "б",
  ".": "ю",
  ">": "ю",
  "/": ".",
  "?": ",",
  "`": "ё",
  "~": "ё",
};

/** The Ukrainian layout differs from the Russian one on these keys only. */
const UKRAINIAN_DIFFERENCES: Record<string, string> = {
  s: "і",
  "]": "ї",
  "}": "ї",
  "'": "є",
  '"': "є",
  "`": "'",
  "~": "'",
  "\\": "ґ",
  "|": "ґ",
};

const UKRAINIAN_KEYS: Record<string, string> = { ...RUSSIAN_KEYS, ...UKRAINIAN_DIFFERENCES };

/** Each Cyrillic letter (uk and ru) back to the unshifted QWERTY key that types it. */
function invert(...layouts: Record<string, string>[]): Record<string, string> {
  const inverse: Record<string, string> = {};
  for (const layout of layouts) {
    for (const [key, letter] of Object.entries(layout)) {
      const isUnshifted = !'{}:"<>?~|'.includes(key);
      if (isUnshifted && !(letter in inverse) && letter !== "." && letter !== ",") {
        inverse[letter] = key;
      }
    }
  }
  return inverse;
}

const CYRILLIC_TO_QWERTY: Record<string, string> = {
  ...invert(RUSSIAN_KEYS, UKRAINIAN_DIFFERENCES),
  ʼ: "`",
  "’": "`",
};

/** Lookup arrays by char code: one array read per character instead of a property lookup. */
function toTable(map: Record<string, string>, size: number): (string | undefined)[] {
  const table: (string | undefined)[] = new Array(size).fill(undefined);
  for (const [from, to] of Object.entries(map)) {
    table[from.charCodeAt(0)] = to;
    const upper = from.toUpperCase();
    if (upper !== from) table[upper.charCodeAt(0)] = to;
  }
  return table;
}

const QWERTY_TO_RU = toTable(RUSSIAN_KEYS, 0x80);
const QWERTY_TO_UK = toTable(UKRAINIAN_KEYS, 0x80);
const CYRILLIC_TO_LATIN = toTable(CYRILLIC_TO_QWERTY, 0x2100);

function retype(text: string, table: (string | undefined)[]): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    out += table[text.charCodeAt(i)] ?? char.toLowerCase();
  }
  return out;
}

/**
 * Each reading of a whole raw query typed on the wrong layout: for text with Latin letters the
 * Russian then the Ukrainian reading, for text with Cyrillic letters the QWERTY reading.
 * Readings are lowercase, deduplicated, and never the text itself (so [] when nothing changes).
 * Characters without a mapping are kept.
 */
export function switchLayoutText(text: string): string[] {
  let latin = false;
  let cyrillic = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) latin = true;
    else if (code >= 0x0400 && code <= 0x052f) cyrillic = true;
  }
  const readings: string[] = [];
  const lower = text.toLowerCase();
  if (latin) {
    add(readings, retype(text, QWERTY_TO_RU), lower);
    add(readings, retype(text, QWERTY_TO_UK), lower);
  }
  if (cyrillic) add(readings, retype(text, CYRILLIC_TO_LATIN), lower);
  return readings;
}

/**
 * The word as if typed on the other keyboard layout. For a Latin word the ru (ЙЦУКЕН) and uk
 * readings, for a Cyrillic word the Latin (QWERTY) reading; deduplicated, lowercase, never the
 * word itself. Call it on the RAW query word: , . ; ' [ ] ` are letters on the Cyrillic layouts.
 * "yjen,er" -> ["ноутбук"]; "ноутбук" -> ["yjen,er"]; "ghbdtn" -> ["привет"].
 */
export function switchLayout(word: string): string[] {
  return switchLayoutText(word);
}

function add(readings: string[], reading: string, original: string): void {
  if (reading !== original && !readings.includes(reading)) readings.push(reading);
}
