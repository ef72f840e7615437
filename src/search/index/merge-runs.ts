// Helpers of the merges of sorted dictionaries (term-merge.ts, string-multimap.ts). A merge
// mostly walks one big dictionary and interleaves a few small ones, and comparing two strings
// costs a cache miss or two each: so a merge advances by runs, the terms of one part below the
// next term of every other part, each run found by galloping over the part's sorted terms.

/** Where a merge of sorted dictionaries stands (`nextRun`). */
export interface MergeHead {
  /** The part holding the smallest next key; -1 once every part is done. */
  first: number;
  /** That key. */
  head: string;
  /** The smallest next key of the other parts; undefined when they are done. */
  bound: string | undefined;
}

/** Fills `at` with the next run: the parts' dictionaries, each read from its cursor. */
export function nextRun(
  dictionaries: readonly (readonly string[])[],
  cursors: Int32Array,
  at: MergeHead,
): void {
  at.first = -1;
  at.head = "";
  at.bound = undefined;
  for (let j = 0; j < dictionaries.length; j++) {
    const key = (dictionaries[j] as readonly string[])[cursors[j] as number];
    if (key === undefined) continue;
    if (at.first < 0 || key < at.head) {
      if (at.first >= 0) at.bound = at.head;
      at.first = j;
      at.head = key;
    } else if (at.bound === undefined || key < at.bound) {
      at.bound = key;
    }
  }
}

/**
 * First index from `from` on whose key is >= key: steps of 1, 2, 4... then a binary search, so
 * a key close to `from` costs a few comparisons.
 */
export function gallop(keys: readonly string[], key: string, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < keys.length && (keys[hi] as string) < key) {
    lo = hi + 1;
    hi = Math.min(keys.length, hi + step);
    step *= 2;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `s` when `map` sends every i to i + s (a part that keeps all its docs), so its runs copy as
 * blocks with an addition; -1 otherwise.
 */
export function shiftOf(map: Int32Array): number {
  if (map.length === 0) return 0;
  const s = map[0] as number;
  if (s < 0) return -1;
  for (let i = 1; i < map.length; i++) if (map[i] !== s + i) return -1;
  return s;
}
