// Splits text into words for indexing and querying. One pass over the normalised text with a
// table lookup per character; a word is one slice of that text unless it had an apostrophe or a
// combining mark to drop.

import {
  APOSTROPHE_CHAR,
  CLASS_TABLE,
  charClass,
  DIGIT,
  JOINER,
  LETTER,
  MARK,
  UNKNOWN_CLASS,
} from "./char-class.ts";
import { normalise } from "./normalise.ts";
import { isCyrillicCode } from "./script.ts";

export interface Token {
  word: string;
  position: number;
}

// Scratch list of the parts of the current chunk, reused across calls (tokenise is synchronous).
const parts: string[] = [];

function classAt(s: string, i: number): number {
  const code = s.charCodeAt(i);
  const cls = CLASS_TABLE[code] as number;
  return cls === UNKNOWN_CLASS ? charClass(code) : cls;
}

/**
 * Normalises and splits into words. Letters and digits are split apart ("a55" -> "a","55";
 * "iphone15" -> "iphone","15"), punctuation separates words, apostrophes inside a Cyrillic word
 * are dropped (м'ясо -> мясо, so uk and ru spellings meet). A token that mixes letters and
 * digits or joins parts with - / . (a model code or SKU like "WH-1000XM5", "A55", "RTX-4090",
 * "128GB") ALSO yields the joined code "wh1000xm5" as an extra token with the position of its
 * first part; it comes just before that part, so positions never decrease along the array.
 * Positions count words (0,1,2...) for proximity ranking; the joined code takes no position of
 * its own. Combining marks (stress accents) inside a word are dropped.
 */
export function tokenise(text: string): Token[] {
  const s = normalise(text);
  const n = s.length;
  const tokens: Token[] = [];
  let position = 0;
  let i = 0;
  while (i < n) {
    let kind = classAt(s, i);
    if (kind !== LETTER && kind !== DIGIT) {
      i++;
      continue;
    }
    // A chunk: parts of letters or digits, glued directly or by single joiners (- / .).
    let partCount = 0;
    for (;;) {
      let start = i;
      let word = "";
      i++;
      while (i < n) {
        const cls = classAt(s, i);
        if (cls === kind) {
          i++;
        } else if (kind === LETTER && (cls === MARK || isInnerCyrillicApostrophe(s, i, cls))) {
          word += s.slice(start, i);
          i++;
          start = i;
        } else {
          break;
        }
      }
      parts[partCount++] = word === "" ? s.slice(start, i) : word + s.slice(start, i);
      if (i >= n) break;
      const next = classAt(s, i);
      if (next === LETTER || next === DIGIT) {
        kind = next;
        continue;
      }
      if (next === JOINER && i + 1 < n) {
        const after = classAt(s, i + 1);
        if (after === LETTER || after === DIGIT) {
          kind = after;
          i++;
          continue;
        }
      }
      break;
    }
    if (partCount === 1) {
      tokens.push({ word: parts[0] as string, position: position++ });
      continue;
    }
    let joined = "";
    for (let p = 0; p < partCount; p++) joined += parts[p] as string;
    tokens.push({ word: joined, position });
    for (let p = 0; p < partCount; p++)
      tokens.push({ word: parts[p] as string, position: position++ });
  }
  parts.length = 0;
  return tokens;
}

/** An apostrophe between two Cyrillic letters: м'ясо, п'ять, сім'я. */
function isInnerCyrillicApostrophe(s: string, i: number, cls: number): boolean {
  return (
    cls === APOSTROPHE_CHAR &&
    i + 1 < s.length &&
    isCyrillicCode(s.charCodeAt(i - 1)) &&
    isCyrillicCode(s.charCodeAt(i + 1)) &&
    classAt(s, i + 1) === LETTER
  );
}
