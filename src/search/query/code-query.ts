import { codeKey, hasDigit, normalise, tokenise } from "../analysis/index.ts";
import { type Bitset, hasBit } from "../index/bitset.ts";
import { oneEditAway } from "../index/one-edit.ts";
import type { Segment } from "../index/segment.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { FIELD } from "../index/term-index.ts";
import type { TermExpansion } from "./expand.ts";
import { infoNotExact, infoTypos, type WordPlan } from "./match.ts";

// A query shaped like a product code that is no product's code (PRODUCT.md: a code matches
// exactly). Words found nowhere are dropped from an ordinary query ("iphone чохол шкіряний"
// still finds cases), but dropping the number of "SKU-1234567" leaves "sku", the letter part
// of half a catalog's codes: the answer was every product with a store SKU. A code-shaped
// query instead answers with the products whose code is one edit away (a digit mistyped,
// dropped, added or two swapped: the codes a shopper most likely meant) or with nothing.
//
// Code-shaped: the query is one to three chunks of letters and digits, each chunk's parts
// glued directly or by single joiners (- / . and the dashes of char-class.ts), as the tokeniser
// reads a model code: "SKU-1234567", "sku722108", "12345/B", "WH-1000XM5", "17359071", and
// typed with spaces, "sku 7506095", "a1466 b". Its code key (analysis/code-key.ts: letters and
// digits only, the chunks joined) holds a digit and has at least MIN_KEY characters. Not
// code-shaped: four chunks or more, no digit ("usb-c"), a short key ("a55", "x1": model words
// more than codes).
//
// A code-shaped query is searched as words first: "wh-1000xm5" finds the headphones by their
// name, "sku-07506" completes "SKU-075060" as typed, "sku075060" finds SKU-075060 (its parts
// and its code key). Only when no product's code equals it and its words match no product
// together (typos, stems and prefixes included) does this rule answer, and only when the query
// reads as a code of this store rather than a model name:
// - it is one chunk with a run of five digits or more (AB-12345, SKU-1234567, a barcode): model
//   numbers have up to four (A56, RTX 5090, WH-1000XM5), and "чайник 12345" is a word and a
//   number; or
// - the letters that open its first part start some product's code followed by a digit
//   (likeStoreCodes: "sku" of SKU-100042, "ab" of AB.127.78, "a" of A1466/B), although feeds
//   repeat codes in names ("... (SKU-100042)"), which make such letters words of names too; or
// - none of its letter words (two letters or more, no digit) is a word of a product's name,
//   keywords or brand or of a category's name (namesAWord).
// A chunk without digits is a code only when its first part begins the store's codes followed
// by a digit ("SKU-AZTCYK"; prefixedCodeKey).
// "galaxy-a56", "rtx5090", "iphone 99" and "redmi-note99" name models that the store may not
// have: their letters are words of names and begin no code with a digit after them, so they
// keep the fallback that shows their neighbours ("galaxy" products).

/** Code keys shorter than this are model words ("a55"): they keep the ordinary fallback. */
export const MIN_KEY = 4;
/** Model numbers have up to four digits (A56, RTX 5090, WH-1000XM5); codes often more. */
const CODE_DIGITS = 5;
/** "sku 7506095" and "a1466 b" are codes typed with spaces; four words are a phrase. */
const MAX_CHUNKS = 3;

/** The code key of a code-shaped query (see above), or null. */
export function codeShapedKey(q: string): string | null {
  const chunks = normalise(q).split(/\s+/);
  let key = "";
  let count = 0;
  for (const chunk of chunks) {
    if (chunk === "") continue;
    const word = chunkKey(chunk);
    if (word === null || ++count > MAX_CHUNKS) return null;
    key += word;
  }
  return key.length >= MIN_KEY && hasDigit(key) ? key : null;
}

/**
 * The code key of a chunk that the tokeniser reads as one word or one joined code (its first
 * token is the whole chunk: "sku722108", "e4883l" of "E4883/L", where the part "l" alone would
 * be read as a unit, litres), or null ("a,b" is two chunks).
 */
function chunkKey(chunk: string): string | null {
  const first = tokenise(chunk)[0];
  const key = codeKey(chunk);
  return first !== undefined && first.word === key ? key : null;
}

/**
 * Whether `key` (of the query `q`) reads as a code of this store: a run of CODE_DIGITS digits,
 * or the letters that open its first part begin some product's code key followed by a digit
 * ("sku" of sku100042, also in "SKU-VAA0JS"): a binary search per segment, since digits sort
 * before letters and the first key after the letters themselves is the one to look at.
 */
export function likeStoreCodes(snap: Snapshot, key: string, q: string = key): boolean {
  const chunks = normalise(q).trim().split(/\s+/);
  // "чайник 12345" is a word and a number, not a code: five digits decide in one chunk only.
  if (chunks.length === 1 && longestDigitRun(key) >= CODE_DIGITS) return true;
  const head = letterHead(chunks[0] ?? "");
  return head !== "" && beginsCodes(snap, head);
}

/**
 * The letters that open the first part of a chunk: "sku" of "SKU-VAA0JS" and of "sku722108",
 * "a" of "a1466", "wh" of "WH-1000XM6".
 */
function letterHead(chunk: string): string {
  const tokens = tokenise(chunk);
  const part = (tokens.length > 1 ? tokens[1] : tokens[0])?.word ?? "";
  let end = 0;
  while (end < part.length && !isDigitAt(part, end)) end++;
  return part.slice(0, end);
}

/** Whether some product's code key is `head` followed by a digit. */
function beginsCodes(snap: Snapshot, head: string): boolean {
  for (const segment of snap.segments) {
    const keys = segment.codes.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as string) <= head) lo = mid + 1;
      else hi = mid;
    }
    const next = keys[lo];
    if (next?.startsWith(head) && isDigitAt(next, head.length)) return true;
  }
  return false;
}

/**
 * The code key of a code without digits typed with the store's code prefix ("SKU-AZTCYK": a
 * code whose digits came out as letters), or null: one chunk of two parts or more joined by
 * separators, whose first part (two letters or more) begins the store's codes followed by a
 * digit. "wi-fi" and "usb-c" are such chunks, but their first parts begin no code.
 */
export function prefixedCodeKey(snap: Snapshot, q: string): string | null {
  const chunks = normalise(q)
    .split(/\s+/)
    .filter((c) => c !== "");
  const chunk = chunks[0];
  if (chunk === undefined || chunks.length > 1) return null;
  const key = chunkKey(chunk);
  const tokens = tokenise(chunk);
  const head = tokens[1]?.word ?? "";
  if (key === null || key.length < MIN_KEY || hasDigit(key) || tokens.length < 3) return null;
  return head.length >= 2 && beginsCodes(snap, head) ? key : null;
}

/**
 * The code key whose nearest codes answer `q`, or null when `q` is no code of this store (the
 * rule at the top of this file); asked only when no code equals `q` and its words match no
 * product together.
 */
export function codeToAnswer(snap: Snapshot, q: string, plans: readonly WordPlan[]): string | null {
  const key = codeShapedKey(q);
  if (key === null) return prefixedCodeKey(snap, q);
  return likeStoreCodes(snap, key, q) || !namesAWord(snap, plans) ? key : null;
}

function longestDigitRun(key: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < key.length; i++) {
    run = isDigitAt(key, i) ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

const isDigitAt = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/**
 * The live docs (global ids) whose code key is one edit from `key` (optimal string alignment:
 * a substitution, deletion, insertion or adjacent swap), looked up in each segment's sorted
 * code keys (index/one-edit.ts: a few dozen binary searches, not a walk over the codes).
 */
export function nearestCodeDocs(snap: Snapshot, key: string): Set<number> {
  const docs = new Set<number>();
  snap.segments.forEach((segment, k) => {
    const { keys, offsets, values } = segment.codes;
    const dead = snap.dead[k] as Bitset;
    const start = snap.starts[k] as number;
    oneEditAway(keys, key, (t) => {
      for (let p = offsets[t] as number; p < (offsets[t + 1] as number); p++) {
        const doc = values[p] as number;
        if (!hasBit(dead, doc)) docs.add(start + doc);
      }
    });
  });
  return docs;
}

/** Posting bytes below this are of the name, keywords or brand (term-index.ts packInfo). */
const CODE_INFO = FIELD.code << 5;

/**
 * Whether a letter word of the query (two letters or more, no digit) is, as typed, a word of
 * some product's name, keywords or brand, or of a category's name.
 */
export function namesAWord(snap: Snapshot, plans: readonly WordPlan[]): boolean {
  for (const plan of plans) {
    const text = plan.word.text;
    if (plan.word.optional || text.length < 2 || hasDigit(text)) continue;
    for (let i = 0; i < plan.categoryInfo.length; i++) {
      const info = plan.categoryInfo[i] as number;
      if (infoTypos(info) === 0 && infoNotExact(info) === 0) return true;
    }
    for (let k = 0; k < snap.segments.length; k++) {
      const t = (plan.segments[k] as TermExpansion).exact;
      if (t >= 0 && namesTerm(snap.segments[k] as Segment, t)) return true;
    }
  }
  return false;
}

/**
 * Whether term `t` has a posting in a name, keywords or brand, memoised in the segment's cache
 * with its expansions: a word of codes alone ("sku") has a posting in half the catalog.
 */
function namesTerm(segment: Segment, t: number): boolean {
  const key = `\u0002names\u0001${t}`;
  const cached = segment.cache.get(key);
  if (cached !== undefined) return cached as boolean;
  const { offsets, strongEnd, info } = segment.text;
  let names = false;
  for (let p = offsets[t] as number; p < (strongEnd[t] as number) && !names; p++)
    names = (info[p] as number) < CODE_INFO;
  segment.cache.set(key, names);
  return names;
}
