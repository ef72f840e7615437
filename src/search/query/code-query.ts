import { hasDigit, tokenise } from "../analysis/index.ts";
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
// Code-shaped: the query is one chunk of letters and digits, its parts glued directly or by
// single joiners (- / . and the dashes of char-class.ts), as the tokeniser reads a model code:
// "SKU-1234567", "sku722108", "12345/B", "WH-1000XM5", "17359071". It holds a digit, and its
// code key (analysis/code-key.ts: letters and digits only) has at least MIN_KEY characters.
// Not code-shaped: two chunks ("sku 7506095", "iphone 99": words, which keep the fallback),
// no digit ("usb-c"), a short key ("a55", "x1": model words more than codes).
//
// A code-shaped query is searched as words first: "wh-1000xm5" finds the headphones by their
// name, "sku-07506" completes "SKU-075060" as typed, "sku075060" finds SKU-075060 (its parts
// and its code key). Only when no product's code equals it and its words match no product
// together (typos, stems and prefixes included) does this rule answer, and only when none of
// its letter words (two letters or more, no digit) is a word of a product's name, keywords or
// brand or of a category's name: "galaxy-a56", "rtx5090" and "redmi-note99" name models that
// the store may not have, and keep the fallback that shows its neighbours ("galaxy" products),
// while "sku" is a word of codes alone.

/** Code keys shorter than this are model words ("a55"): they keep the ordinary fallback. */
export const MIN_KEY = 4;

/** The code key of a code-shaped query (see above), or null. */
export function codeShapedKey(q: string): string | null {
  const tokens = tokenise(q);
  const first = tokens[0];
  if (first === undefined) return null;
  // One chunk is one word, or its joined code followed by exactly its parts (tokenise).
  let parts = "";
  for (let i = 1; i < tokens.length; i++) parts += (tokens[i] as { word: string }).word;
  if (tokens.length > 1 && parts !== first.word) return null;
  const key = first.word;
  return key.length >= MIN_KEY && hasDigit(key) ? key : null;
}

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
