// The keys of a sorted dictionary exactly one edit from a word (optimal string alignment: one
// character substituted, deleted or inserted, or two adjacent ones swapped), in time that
// follows the answer rather than the dictionary. A key one edit away equals the word up to the
// edit and after it: the walk follows the word's own path down the sorted keys (each prefix a
// range), and at each depth tries the edits there, each completed by one binary search for the
// exact rest. fuzzy-terms.ts walks every prefix within the bound instead, which in a dense
// space of codes (every `sku0xxxxx` exists) visits thousands of keys for a dozen answers.

/**
 * Calls `visit` with the index of every key of `keys` (sorted by UTF-16 code units) at
 * distance exactly 1 from `word`; an index may be reported more than once.
 */
export function oneEditAway(
  keys: readonly string[],
  word: string,
  visit: (index: number) => void,
): void {
  const n = word.length;
  // [lo, hi): the keys starting with word[0..p).
  let lo = 0;
  let hi = keys.length;
  for (let p = 0; p <= n && lo < hi; p++) {
    const head = word.slice(0, p);
    if (p < n) {
      find(keys, lo, hi, head + word.slice(p + 1), visit);
      if (p + 1 < n && word[p] !== word[p + 1])
        find(keys, lo, hi, `${head}${word[p + 1]}${word[p]}${word.slice(p + 2)}`, visit);
    }
    // The key equal to the prefix sorts first; the rest run in blocks by their character p.
    let i = (keys[lo] as string).length === p ? lo + 1 : lo;
    let nextLo = hi;
    let nextHi = hi;
    const own = p < n ? word.charCodeAt(p) : -1;
    while (i < hi) {
      const code = (keys[i] as string).charCodeAt(p);
      const end = blockEnd(keys, i, hi, p, code);
      const ch = (keys[i] as string)[p] as string;
      if (code === own) {
        nextLo = i;
        nextHi = end;
      } else if (p < n) {
        find(keys, i, end, head + ch + word.slice(p + 1), visit);
      }
      find(keys, i, end, head + ch + word.slice(p), visit);
      i = end;
    }
    lo = nextLo;
    hi = nextHi;
  }
}

/** Reports the index of `key` in keys[lo, hi), if it is there. */
function find(
  keys: readonly string[],
  lo: number,
  hi: number,
  key: string,
  visit: (index: number) => void,
): void {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  if (keys[lo] === key) visit(lo);
}

/** Past the keys of [from, hi) whose character p is `code` (they start the range). */
function blockEnd(
  keys: readonly string[],
  from: number,
  hi: number,
  p: number,
  code: number,
): number {
  let a = from + 1;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((keys[mid] as string).charCodeAt(p) > code) b = mid;
    else a = mid + 1;
  }
  return a;
}
