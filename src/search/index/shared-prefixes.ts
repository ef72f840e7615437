// The trie hidden in a sorted dictionary: neighbouring terms share their prefix, and the terms
// under one prefix are a contiguous run. Three small arrays let a walk move through that trie
// without comparing or even reading strings (fuzzy-terms.ts): where a term parts from the one
// before it, the character it parts with (the trie's edge to it), and where the run under
// each of its prefixes ends. 7 bytes per term.

export interface SharedPrefixes {
  /** lcp[i]: length of the prefix terms[i - 1] and terms[i] share (0 for the first; at most 255). */
  readonly lcp: Uint8Array;
  /** parting[i]: the character of terms[i] at lcp[i], where it leaves terms[i - 1]'s path. */
  readonly parting: Uint16Array;
  /** below[i]: the first j > i with lcp[j] < lcp[i] (the terms' count when there is none). */
  readonly below: Uint32Array;
}

export const EMPTY_SHARED_PREFIXES: SharedPrefixes = {
  lcp: new Uint8Array(0),
  parting: new Uint16Array(0),
  below: new Uint32Array(0),
};

const MAX_LCP = 255;

/** The shared prefixes of sorted terms: one pass, and a stack for `below`. */
export function sharedPrefixes(terms: readonly string[]): SharedPrefixes {
  const n = terms.length;
  const lcp = new Uint8Array(n);
  const parting = new Uint16Array(n);
  let previous = "";
  for (let i = 0; i < n; i++) {
    const t = terms[i] as string;
    const max = Math.min(previous.length, t.length, MAX_LCP);
    let c = 0;
    while (c < max && previous.charCodeAt(c) === t.charCodeAt(c)) c++;
    lcp[i] = c;
    parting[i] = c < t.length ? t.charCodeAt(c) : 0;
    previous = t;
  }
  const below = new Uint32Array(n);
  // The terms still waiting for a smaller lcp; their lcps never decrease up the stack.
  const stack = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++) {
    const v = lcp[i] as number;
    while (top > 0 && (lcp[stack[top - 1] as number] as number) > v) {
      below[stack[--top] as number] = i;
    }
    stack[top++] = i;
  }
  while (top > 0) below[stack[--top] as number] = n;
  return { lcp, parting, below };
}

/**
 * The end of the run of terms that share their first `depth` characters with terms[i], at most
 * `to`: the first j > i with lcp[j] < depth, found by jumps (each to a strictly smaller lcp).
 */
export function runEnd(shared: SharedPrefixes, i: number, depth: number, to: number): number {
  const { lcp, below } = shared;
  let j = i + 1;
  while (j < to && (lcp[j] as number) >= depth) j = below[j] as number;
  return Math.min(j, to);
}
