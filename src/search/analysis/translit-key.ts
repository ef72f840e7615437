// A phonetic key shared by a Cyrillic word and the Latin transliterations people type for it
// ("noutbuk", "kholodilnik", "chaynik"), so the query side can find "ноутбук" from "noutbuk"
// by comparing keys with a small edit distance. No standard is followed on purpose: shoppers
// mix the official Ukrainian (KMU 2010), Russian (GOST / passport) and ad-hoc "translit"
// spellings, so the key merges whatever those disagree on.
//
// Rules, in order:
// 1. Cyrillic letters become a plain Latin spelling: й→y, х→kh, ц→ts, ч→ch, ш→sh, щ→shch,
//    ж→zh, ю→yu, я→ya, є→ye, ї→yi, ы→y, и→i, і→i, э→e, ё→e, г→g, ґ→g; ь, ъ and apostrophes
//    vanish; other letters take their one-letter Latin value.
// 2. The Latin text (typed or from step 1, so both go through the same rules) becomes one key
//    character per sound, longest match first:
//      shch, sch, sh → "S"    ch → "C"    zh → "Z"    ts, c → "c"    ck, k, q → "k"
//      kh, h, x, g → "h" (х is kh/h/x; г is h in Ukrainian and g in Russian)
//      y, i, j → "i" (и і ы й; so я/ya/ia/ja → "ia", ю/yu/iu/ju → "iu", є/ye/je → "ie")
//      ph → "f"    w → "v"    every other letter and digit stays; anything else is dropped.
// 3. A run of one key character collapses to one (doubled letters, "ий" → "ii" → "i").
// Uppercase letters S C Z are key characters for sounds written with two Latin letters, so one
// substituted sound costs one edit. Input may be in either case; it need not be normalised.

import { charClass, DIGIT, LETTER } from "./char-class.ts";

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
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
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

// Step 1 table by char code: the Latin spelling of each letter (Cyrillic of both cases, ASCII
// letters lowercased, digits as they are); "" drops the character; undefined = not listed.
const SPELLING: (string | undefined)[] = new Array(0x530).fill(undefined);
for (const [letter, latin] of Object.entries(CYRILLIC)) {
  SPELLING[letter.charCodeAt(0)] = latin;
  SPELLING[letter.toUpperCase().charCodeAt(0)] = latin;
}
for (let code = 0x61; code <= 0x7a; code++) {
  SPELLING[code] = String.fromCharCode(code);
  SPELLING[code - 0x20] = String.fromCharCode(code);
}
for (let code = 0x30; code <= 0x39; code++) SPELLING[code] = String.fromCharCode(code);
for (const apostrophe of "'’ʼ‘`´ʹ") SPELLING[apostrophe.charCodeAt(0)] = "";

// Step 2 table for single Latin letters (digraphs are handled in code).
const SINGLE = new Uint16Array(0x80);
for (let code = 0; code < 0x80; code++) SINGLE[code] = code;
for (const [from, to] of Object.entries({ g: "h", x: "h", y: "i", j: "i", q: "k", w: "v" })) {
  SINGLE[from.charCodeAt(0)] = to.charCodeAt(0);
}

const a = (char: string): number => char.charCodeAt(0);
const C_ = a("c");
const H_ = a("h");
const K_ = a("k");
const P_ = a("p");
const S_ = a("s");
const T_ = a("t");
const Z_ = a("z");
const KEY_SH = a("S");
const KEY_CH = a("C");
const KEY_ZH = a("Z");
const F_ = a("f");

// Reused buffer of the Latin spelling (translitKey is synchronous).
let spelled = new Uint16Array(128);

/** One-character strings of key characters, so building the key allocates only the key. */
const KEY_CHARS: string[] = [];
function keyChar(code: number): string {
  let char = KEY_CHARS[code];
  if (char === undefined) {
    char = String.fromCharCode(code);
    KEY_CHARS[code] = char;
  }
  return char;
}

/**
 * A common Latin key for a Cyrillic word and for its Latin transliterations as people type
 * them: "ноутбук" and "noutbuk" -> "noutbuk"; "холодильник", "holodilnik", "kholodilnik" and
 * "xolodilnik" -> "holodilnik"; "чайник", "chainik", "chaynik" -> "Cainik". See the rules above.
 */
export function translitKey(word: string): string {
  if (spelled.length < word.length * 4) spelled = new Uint16Array(word.length * 4);
  let n = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const latin = code < 0x530 ? SPELLING[code] : undefined;
    if (latin !== undefined) {
      for (let k = 0; k < latin.length; k++) spelled[n++] = latin.charCodeAt(k);
    } else {
      const cls = charClass(code);
      if (cls === LETTER || cls === DIGIT) spelled[n++] = code;
    }
  }

  let key = "";
  let last = -1;
  let i = 0;
  while (i < n) {
    const code = spelled[i] as number;
    const next = i + 1 < n ? (spelled[i + 1] as number) : 0;
    let out = code < 0x80 ? (SINGLE[code] as number) : code;
    let length = 1;
    if (code === S_) {
      if (next === H_) {
        out = KEY_SH;
        length = spelled[i + 2] === C_ && spelled[i + 3] === H_ && i + 3 < n ? 4 : 2;
      } else if (next === C_ && spelled[i + 2] === H_ && i + 2 < n) {
        out = KEY_SH;
        length = 3;
      }
    } else if (code === C_) {
      if (next === H_) {
        out = KEY_CH;
        length = 2;
      } else if (next === K_) {
        out = K_;
        length = 2;
      }
    } else if (code === Z_ && next === H_) {
      out = KEY_ZH;
      length = 2;
    } else if (code === K_ && next === H_) {
      out = H_;
      length = 2;
    } else if (code === T_ && next === S_) {
      out = C_;
      length = 2;
    } else if (code === P_ && next === H_) {
      out = F_;
      length = 2;
    }
    if (out !== last) key += keyChar(out);
    last = out;
    i += length;
  }
  return key;
}
