import { runEnd, type SharedPrefixes, WALKED_FROM } from "./shared-prefixes.ts";
import { lowerBound } from "./term-index.ts";

// Typo candidates: a Levenshtein walk over the sorted dictionary as if it were a trie (after
// Steve Hanov, "Fast and Easy Levenshtein distance using a Trie", 2011). Neighbouring terms
// share their prefix, so the DP rows of the shared prefix are reused; a subtree (a run of terms
// with one prefix) is skipped as soon as no cell of its row is within the bound. The shared
// prefixes are precomputed (shared-prefixes.ts), so moving through the trie compares no
// strings, and a row is a few bit operations (BitRows). Distance is optimal string alignment
// (a transposition costs 1), as in editDistance.

const MAX_WORD = 48;

/** The dictionary as the walk reads it. */
export interface WalkedTerms {
  readonly terms: readonly string[];
  readonly prefixes: SharedPrefixes;
}

/**
 * The rows of the distance table down the current path of the walk, one per depth: `step`
 * adds row d for the path's character at depth d (`before` the one at d - 1) and tells
 * whether any cell of it is within the bound; `distance` reads the cell of the whole word in
 * row d, capped at bound + 1.
 */
interface Rows {
  start(word: string, k: number): void;
  step(d: number, ch: number, before: number): boolean;
  distance(d: number): number;
}

/**
 * The rows as bit masks, for words of up to 31 characters (Wu and Manber 1992, "Fast text
 * searching allowing errors"; the transposition term after Hyyrö 2003): bit j of mask e of
 * row d is set when the term prefix of length d is within e edits of the word's first j
 * characters. A row costs a few integer operations per allowed typo, whatever the word's
 * length.
 */
class BitRows implements Rows {
  /** Per character code, the positions of the word where it occurs (reset by the next start). */
  private readonly positions = new Int32Array(65536);
  private masks = new Int32Array(64 * 3);
  private word = "";
  private k = 0;
  private full = 0;

  start(word: string, k: number): void {
    for (let j = 0; j < this.word.length; j++) this.positions[this.word.charCodeAt(j)] = 0;
    this.word = word;
    this.k = k;
    const n = word.length;
    this.full = (2 << n) - 1;
    for (let j = 0; j < n; j++) {
      const c = word.charCodeAt(j);
      this.positions[c] = (this.positions[c] as number) | (1 << j);
    }
    const size = (n + k + 1) * (k + 1);
    if (this.masks.length < size) this.masks = new Int32Array(size);
    // Row 0: the empty prefix is within e edits of the word's first e characters.
    for (let e = 0; e <= k; e++) this.masks[e] = ((2 << e) - 1) & this.full;
  }

  step(d: number, ch: number, before: number): boolean {
    const k = this.k;
    const masks = this.masks;
    const at = d * (k + 1);
    const up = at - k - 1;
    const up2 = up - k - 1;
    const here = this.positions[ch] as number;
    const match = here << 1;
    // Cells (d, j) reached by swapping the word's characters j - 2 and j - 1.
    const swapped = d >= 2 ? (here << 2) & ((this.positions[before] as number) << 1) : 0;
    let row = ((masks[up] as number) << 1) & match;
    masks[at] = row;
    for (let e = 1; e <= k; e++) {
      const fewer = masks[up + e - 1] as number;
      let next = (((masks[up + e] as number) << 1) & match) | (fewer << 1) | fewer | (row << 1);
      if (swapped !== 0) next |= ((masks[up2 + e - 1] as number) << 2) & swapped;
      row = next & this.full;
      masks[at + e] = row;
    }
    return row !== 0;
  }

  distance(d: number): number {
    const k = this.k;
    const n = this.word.length;
    for (let e = 0; e <= k; e++) if (((this.masks[d * (k + 1) + e] as number) >>> n) & 1) return e;
    return k + 1;
  }
}

/**
 * The rows as numbers, for longer words: each row only inside the diagonal band
 * |d - j| <= bound (Ukkonen 1985), values capped at bound + 1, with a bound + 1 just outside
 * the band for the next row to read.
 */
class BandRows implements Rows {
  private rows = new Int32Array(64 * 64);
  private readonly codes = new Int32Array(MAX_WORD);
  private n = 0;
  private k = 0;

  start(word: string, k: number): void {
    const n = word.length;
    this.n = n;
    this.k = k;
    if (this.rows.length < (n + k + 1) * (n + 1)) this.rows = new Int32Array((n + k + 1) * (n + 1));
    for (let j = 0; j < n; j++) this.codes[j] = word.charCodeAt(j);
    for (let j = 0; j <= n; j++) this.rows[j] = Math.min(j, k + 1);
  }

  step(d: number, ch: number, before: number): boolean {
    const { n, k, rows, codes } = this;
    const width = n + 1;
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
      const wj = codes[j - 1] as number;
      let v = (rows[prev + j - 1] as number) + (wj === ch ? 0 : 1);
      const del = (rows[prev + j] as number) + 1;
      if (del < v) v = del;
      const ins = (rows[cur + j - 1] as number) + 1;
      if (ins < v) v = ins;
      if (j >= 2 && d >= 2 && ch === codes[j - 2] && before === wj) {
        const tr = (rows[prev2 + j - 2] as number) + 1;
        if (tr < v) v = tr;
      }
      if (v > over) v = over;
      rows[cur + j] = v;
      if (v < min) min = v;
    }
    if (hi < n) rows[cur + hi + 1] = over;
    return min <= k;
  }

  distance(d: number): number {
    // Row d holds column n only when it lies in the band.
    const gap = d - this.n;
    return gap <= this.k && gap >= -this.k
      ? (this.rows[d * (this.n + 1) + this.n] as number)
      : this.k + 1;
  }
}

/** Scratch reused from call to call (search is synchronous). */
const bitRows = new BitRows();
const bandRows = new BandRows();
let pathScratch = new Int32Array(64);

/**
 * Reports terms of [from, to) within `maxDistance` of `word`: visit(lo, hi, distance) per range
 * of terms (see scriptRange for the range worth walking; terms before WALKED_FROM are never
 * reported).
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
  const { start, lcp, parting } = prefixes;
  const maxDepth = n + k;
  const rows: Rows = n <= 31 ? bitRows : bandRows;
  rows.start(word, k);

  // Rows 0 .. pathLength are those of the prefix the current term shares with the last one;
  // path[d] is that prefix's character at depth d.
  if (pathScratch.length <= maxDepth) pathScratch = new Int32Array(maxDepth + 1);
  const path = pathScratch;
  let pathLength = 0;
  let i = Math.max(options.from, start);
  while (i < to) {
    const shared = lcp[i - start] as number;
    let d = Math.min(shared, pathLength);
    // The term's string is read only below the character it parts with: most subtrees are
    // left right there.
    let t: string | null = null;
    let skipTo = -1;
    for (;;) {
      let ch: number;
      if (d === shared) ch = parting[i - start] as number;
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
      if (!rows.step(d, ch, d >= 2 ? (path[d - 1] as number) : -1)) {
        skipTo = runEnd(prefixes, i, d, to);
        break;
      }
      if (prefix && d >= n) {
        const distance = rows.distance(d);
        if (distance <= k) {
          skipTo = runEnd(prefixes, i, d, to);
          visit(i, skipTo, distance);
          break;
        }
      }
    }
    if (skipTo >= 0) {
      pathLength = d - 1;
      i = skipTo;
      continue;
    }
    // The term ends at depth d.
    const distance = rows.distance(d);
    if (distance <= k) visit(i, i + 1, distance);
    pathLength = d;
    i++;
  }
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
    : { from: lowerBound(terms, WALKED_FROM), to: lowerBound(terms, "{") };
}
