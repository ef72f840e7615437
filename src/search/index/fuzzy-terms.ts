import { lowerBound } from "./term-index.ts";

// Typo candidates: a Levenshtein walk over the sorted dictionary as if it were a trie (after
// Steve Hanov, "Fast and Easy Levenshtein distance using a Trie", 2011). Neighbouring terms
// share their prefix, so the DP rows of the shared prefix are reused; a subtree (a range of
// terms with one prefix) is skipped by binary search as soon as no cell of its row is within
// the bound. Distance is optimal string alignment (a transposition costs 1), as in editDistance.

const MAX_WORD = 48;

/**
 * Reports terms of [from, to) within `maxDistance` of `word`: visit(lo, hi, distance) per range
 * of terms (see scriptRange for the range worth walking).
 * With `prefix`, a term matches when a prefix of it at least as long as the word is within the
 * bound (as-you-type); the whole subtree is then one range with that prefix's distance. Terms
 * shorter than the word match as whole words.
 */
export function fuzzyTerms(
  terms: readonly string[],
  word: string,
  options: { maxDistance: number; prefix: boolean; from: number; to: number },
  visit: (lo: number, hi: number, distance: number) => void,
): void {
  const { maxDistance, prefix } = options;
  const n = word.length;
  if (n === 0 || n > MAX_WORD || maxDistance <= 0) return;
  const k = maxDistance;
  const maxDepth = n + k;
  const rows: Int32Array[] = [];
  for (let d = 0; d <= maxDepth; d++) rows.push(new Int32Array(n + 1));
  const first = rows[0] as Int32Array;
  for (let j = 0; j <= n; j++) first[j] = j;

  // ends[d]: end of the range of terms starting with path[0..d), for d up to path's length.
  const ends = new Int32Array(maxDepth + 2);
  ends[0] = options.to;
  let path = "";
  let i = options.from;
  while (i < options.to) {
    const t = terms[i] as string;
    let d = commonPrefix(path, t);
    let skipTo = -1;
    while (d < t.length) {
      d++;
      if (d > maxDepth) {
        skipTo = subtreeEnd(terms, i, ends[d - 1] as number, d, t.charCodeAt(d - 1));
        break;
      }
      ends[d] = subtreeEnd(terms, i, ends[d - 1] as number, d, t.charCodeAt(d - 1));
      const min = fillRow(rows, d, word, t);
      const row = rows[d] as Int32Array;
      if (min > k) {
        skipTo = ends[d] as number;
        break;
      }
      if (prefix && d >= n && (row[n] as number) <= k) {
        skipTo = ends[d] as number;
        visit(i, skipTo, row[n] as number);
        break;
      }
    }
    if (skipTo >= 0) {
      path = t.slice(0, d - 1);
      i = skipTo;
      continue;
    }
    const distance = (rows[t.length] as Int32Array)[n] as number;
    if (distance <= k) visit(i, i + 1, distance);
    path = t;
    i++;
  }
}

/**
 * End of the run of terms in [lo, hi) whose character d - 1 is `code`: they all share the
 * first d - 1 characters and the run starts at lo, so a binary search on one character suffices.
 */
function subtreeEnd(
  terms: readonly string[],
  lo: number,
  hi: number,
  d: number,
  code: number,
): number {
  let a = lo + 1;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((terms[mid] as string).charCodeAt(d - 1) > code) b = mid;
    else a = mid + 1;
  }
  return a;
}

/** Row d of the OSA table for the term prefix t[0..d); returns the row's minimum. */
function fillRow(rows: Int32Array[], d: number, word: string, t: string): number {
  const prev = rows[d - 1] as Int32Array;
  const prev2 = d >= 2 ? (rows[d - 2] as Int32Array) : prev;
  const cur = rows[d] as Int32Array;
  const ch = t.charCodeAt(d - 1);
  const before = d >= 2 ? t.charCodeAt(d - 2) : -1;
  cur[0] = d;
  let min = d;
  for (let j = 1; j < cur.length; j++) {
    const wj = word.charCodeAt(j - 1);
    let v = (prev[j - 1] as number) + (wj === ch ? 0 : 1);
    const del = (prev[j] as number) + 1;
    if (del < v) v = del;
    const ins = (cur[j - 1] as number) + 1;
    if (ins < v) v = ins;
    if (j >= 2 && d >= 2 && ch === word.charCodeAt(j - 2) && before === wj) {
      const tr = (prev2[j - 2] as number) + 1;
      if (tr < v) v = tr;
    }
    cur[j] = v;
    if (v < min) min = v;
  }
  return min;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
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
