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
import { isUnitInitial, rewriteUnits } from "./units.ts";
import type { WordScan } from "./word-scan.ts";

const COMMA = 0x2c;

export interface Token {
  word: string;
  position: number;
}

const scan: WordScan = { text: "", count: 0, spans: new Int32Array(3 * 256), extra: [] };

// The parts of the current chunk: a slice [start, end) of the text, or a built word.
const partStart: number[] = [];
const partEnd: number[] = [];
const partWord: string[] = [];

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
 * its own. Combining marks (stress accents) inside a word are dropped. A comma between digits
 * joins like a point ("1,5" is "1.5"), and units after a number take one spelling (units.ts).
 */
export function tokenise(text: string): Token[] {
  const { text: s, count, spans, extra } = scanWords(text);
  const tokens: Token[] = [];
  for (let k = 0; k < count * 3; k += 3) {
    const start = spans[k] as number;
    const word = start >= 0 ? s.slice(start, spans[k + 1]) : (extra[-start - 1] as string);
    tokens.push({ word, position: spans[k + 2] as number });
  }
  return tokens;
}

/** The words of tokenise as spans (see WordScan). */
export function scanWords(text: string): WordScan {
  const s = normalise(text);
  const n = s.length;
  scan.text = s;
  scan.count = 0;
  scan.extra.length = 0;
  let position = 0;
  let i = 0;
  // Does a word of letters follow a number (a unit, maybe)? Most texts have none, and skip
  // the unit pass.
  let afterNumber = false;
  let units = false;
  while (i < n) {
    let kind = classAt(s, i);
    if (kind !== LETTER && kind !== DIGIT) {
      i++;
      continue;
    }
    // A chunk: parts of letters or digits, glued directly or by single joiners (- / .).
    let partCount = 0;
    for (;;) {
      if (afterNumber && kind === LETTER && isUnitInitial(s.charCodeAt(i))) units = true;
      const first = i;
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
      partStart[partCount] = first;
      partEnd[partCount] = i;
      partWord[partCount++] = word === "" ? "" : word + s.slice(start, i);
      afterNumber = kind === DIGIT;
      if (i >= n) break;
      const next = classAt(s, i);
      if (next === LETTER || next === DIGIT) {
        kind = next;
        continue;
      }
      if ((next === JOINER || (kind === DIGIT && s.charCodeAt(i) === COMMA)) && i + 1 < n) {
        const after = classAt(s, i + 1);
        // A comma joins digits only, as the decimal comma: "1,5" is "1.5".
        if (after === DIGIT || (after === LETTER && next === JOINER)) {
          kind = after;
          i++;
          continue;
        }
      }
      break;
    }
    if (partCount === 1) {
      addPart(0, position++);
      continue;
    }
    let joined = "";
    for (let p = 0; p < partCount; p++) {
      const built = partWord[p] as string;
      joined += built !== "" ? built : s.slice(partStart[p], partEnd[p]);
    }
    addWord(joined, position);
    for (let p = 0; p < partCount; p++) addPart(p, position++);
  }
  if (units) rewriteUnits(scan);
  return scan;
}

function addPart(p: number, position: number): void {
  const built = partWord[p] as string;
  if (built !== "") addWord(built, position);
  else addSpan(partStart[p] as number, partEnd[p] as number, position);
}

function addWord(word: string, position: number): void {
  scan.extra.push(word);
  addSpan(-scan.extra.length, 0, position);
}

function addSpan(start: number, end: number, position: number): void {
  const at = scan.count * 3;
  if (at === scan.spans.length) {
    const spans = new Int32Array(at * 2);
    spans.set(scan.spans);
    scan.spans = spans;
  }
  scan.spans[at] = start;
  scan.spans[at + 1] = end;
  scan.spans[at + 2] = position;
  scan.count++;
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
