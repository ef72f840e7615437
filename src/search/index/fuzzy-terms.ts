import { runEnd, type SharedPrefixes } from "./shared-prefixes.ts";
import { lowerBound } from "./term-index.ts";

// Typo candidates: a Levenshtein walk over the sorted dictionary as if it were a trie (after
// Steve Hanov, "Fast and Easy Levenshtein distance using a Trie", 2011). Neighbouring terms
// share their prefix, so the DP rows of the shared prefix are reused; a subtree (a run of terms
// with one prefix) is skipped as soon as no cell of its row is within the bound. The shared
// prefixes are precomputed (shared-prefixes.ts), so moving through the trie compares no
// strings, and each row is computed only inside the diagonal band |i - j| <= bound (Ukkonen
// 1985): a cell outside it is over the bound anyway. Distance is optimal string alignment (a
// transposition costs 1), as in editDistance.

const MAX_WORD = 48;

/** The dictionary as the walk reads it. */
export interface WalkedTerms {
  readonly terms: readonly string[];
  readonly prefixes: SharedPrefixes;
}

/** DP rows, one per depth, reused from call to call (search is synchronous). */
let scratch = new Int32Array(64 * 64);
let pathScratch = new Int32Array(64);
const codeScratch = new Int32Array(MAX_WORD);

/**
 * Reports terms of [from, to) within `maxDistance` of `word`: visit(lo, hi, distance) per range
 * of terms (see scriptRange for the range worth walking).
 * With `prefix`, a term matches when a prefix of it at least as long as the word is within the
 * bound (as-you-type); the whole subtree is then one range with that prefix's distance. Terms
 * shorter than the word match as whole words.
 */
export function fuzzyTerms(
  dict: WalkedTerms,
  word: string,
  options: { maxDistance: number; prefix: boolean; from: number; to: number },
  visit: (lo: number, hi: number, distance: number) => void,
): void {
  const { maxDistance: k, prefix, to } = options;
  const n = word.length;
  if (n === 0 || n > MAX_WORD || k <= 0) return;
  const { terms, prefixes } = dict;
  const { lcp, parting } = prefixes;
  const maxDepth = n + k;
  const width = n + 1;
  if (scratch.length < (maxDepth + 1) * width) scratch = new Int32Array((maxDepth + 1) * width);
  const rows = scratch;
  const over = k + 1;
  for (let j = 0; j <= n; j++) rows[j] = j <= k ? j : over;
  const codes = codeScratch;
  for (let j = 0; j < n; j++) codes[j] = word.charCodeAt(j);

  // Rows 0 .. pathLength hold the DP of the prefix the current term shares with the last one;
  // path[d] is that prefix's character at depth d.
  const path = pathScratch.length > maxDepth ? pathScratch : new Int32Array(maxDepth + 1);
  pathScratch = path;
  let pathLength = 0;
  let i = options.from;
  while (i < to) {
    const shared = lcp[i] as number;
    let d = Math.min(shared, pathLength);
    // The term's string is read only below the character it parts with: most subtrees are
    // left right there.
    let t: string | null = null;
    let skipTo = -1;
    for (;;) {
      let ch: number;
      if (d === shared) ch = parting[i] as number;
      else {
        t ??= terms[i] as string;
        if (d >= t.length) break;
        ch = t.charCodeAt(d);
      }
      d++;
      if (d > maxDepth) {
        skipTo = runEnd(prefixes, i, d, to);
        break;
      }
      path[d] = ch;
      const min = fillRow(rows, width, d, k, codes, ch, d >= 2 ? (path[d - 1] as number) : -1);
      if (min > k) {
        skipTo = runEnd(prefixes, i, d, to);
        break;
      }
      if (prefix && d >= n && (rows[d * width + n] as number) <= k) {
        skipTo = runEnd(prefixes, i, d, to);
        visit(i, skipTo, rows[d * width + n] as number);
        break;
      }
    }
    if (skipTo >= 0) {
      pathLength = d - 1;
      i = skipTo;
      continue;
    }
    // The term ends at depth d; row d holds column n only when it lies in the band.
    const gap = d - n;
    if (gap <= k && gap >= -k) {
      const distance = rows[d * width + n] as number;
      if (distance <= k) visit(i, i + 1, distance);
    }
    pathLength = d;
    i++;
  }
}

/**
 * Row d of the OSA table of `word` (its character codes) for a term prefix ending in `ch`
 * (`before` the character ahead of it), within the band |d - j| <= k, values capped at k + 1, with a k + 1 just outside the
 * band for the next row to read; returns the minimum of the band.
 */
function fillRow(
  rows: Int32Array,
  width: number,
  d: number,
  k: number,
  word: Int32Array,
  ch: number,
  before: number,
): number {
  const n = width - 1;
  const cur = d * width;
  const prev = cur - width;
  const prev2 = prev - width;
  const over = k + 1;
  let lo = d - k;
  let min = over;
  if (lo <= 0) {
    lo = 1;
    rows[cur] = d;
    min = d;
  } else {
    rows[cur + lo - 1] = over;
  }
  const hi = Math.min(d + k, n);
  for (let j = lo; j <= hi; j++) {
    const wj = word[j - 1] as number;
    let v = (rows[prev + j - 1] as number) + (wj === ch ? 0 : 1);
    const del = (rows[prev + j] as number) + 1;
    if (del < v) v = del;
    const ins = (rows[cur + j - 1] as number) + 1;
    if (ins < v) v = ins;
    if (j >= 2 && d >= 2 && ch === word[j - 2] && before === wj) {
      const tr = (rows[prev2 + j - 2] as number) + 1;
      if (tr < v) v = tr;
    }
    if (v > over) v = over;
    rows[cur + j] = v;
    if (v < min) min = v;
  }
  if (hi < n) rows[cur + hi + 1] = over;
  return min;
}

/**
 * The terms in the script of `word`: a typo never turns a Cyrillic word into a Latin one, and
 * the dictionary sorts digits, then Latin, then Cyrillic, so each script is one range. Model
 * codes and numbers (most of a catalog's terms) are never walked.
 */
export function scriptRange(terms: readonly string[], word: string): { from: number; to: number } {
  const first = word.charCodeAt(0);
  const cyrillic = first >= 0x400 && first < 0x530;
  return cyrillic
    ? { from: lowerBound(terms, "\u0400"), to: lowerBound(terms, "\u0530") }
    : { from: lowerBound(terms, "a"), to: lowerBound(terms, "{") };
}
