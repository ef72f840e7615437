// The trie hidden in a sorted dictionary: neighbouring terms share their prefix, and the terms
// under one prefix are a contiguous run. Three small arrays let a walk move through that trie
// without comparing or even reading strings (fuzzy-terms.ts): where a term parts from the one
// before it, the character it parts with (the trie's edge to it), and where the run under
// each of its prefixes ends. 7 bytes per term, for the terms that start with a letter only:
// words with digits tolerate no typo, so numbers and model codes that start with a digit
// (a third of a catalog's terms) are never walked.

/** The first character of the walked terms (the dictionary sorts digits before letters). */
export const WALKED_FROM = "a";

/** Arrays indexed by term - start, for the terms from `start` (the first walked) on. */
export interface SharedPrefixes {
  readonly start: number;
  /** lcp[r]: length of the prefix terms[r - 1] and terms[r] share (0 for the first; at most 255). */
  readonly lcp: Uint8Array;
  /** parting[r]: the character of terms[r] at lcp[r], where it leaves terms[r - 1]'s path. */
  readonly parting: Uint16Array;
  /** below[r]: the first q > r with lcp[q] < lcp[r] (the terms' count when there is none). */
  readonly below: Uint32Array;
}

export const EMPTY_SHARED_PREFIXES: SharedPrefixes = {
  start: 0,
  lcp: new Uint8Array(0),
  parting: new Uint16Array(0),
  below: new Uint32Array(0),
};

const MAX_LCP = 255;

/** The length of the prefix `a` and `b` share, at most MAX_LCP. */
export function sharedLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length, MAX_LCP);
  let c = 0;
  while (c < max && a.charCodeAt(c) === b.charCodeAt(c)) c++;
  return c;
}

/** The character of `t` at `lcp` (0 past its end): where it parts from the term before. */
export function partingAt(t: string, lcp: number): number {
  return lcp < t.length ? t.charCodeAt(lcp) : 0;
}

/** Collects the shared prefixes of sorted terms given in order (one pass that does other work). */
export class SharedPrefixesBuilder {
  private readonly lcp: Uint8Array;
  private readonly parting: Uint16Array;
  private count = 0;
  private previous = "";

  constructor(
    private readonly start: number,
    terms: number,
  ) {
    this.lcp = new Uint8Array(terms);
    this.parting = new Uint16Array(terms);
  }

  add(t: string): void {
    const c = sharedLength(this.previous, t);
    this.lcp[this.count] = c;
    this.parting[this.count] = partingAt(t, c);
    this.count++;
    this.previous = t;
  }

  build(): SharedPrefixes {
    const { lcp, count } = this;
    return { start: this.start, lcp, parting: this.parting, below: runEnds(lcp, count) };
  }
}

/** `below` of the first `n` lcps, by a stack of the terms still waiting for a smaller lcp. */
export function runEnds(lcp: Uint8Array, n: number): Uint32Array {
  const below = new Uint32Array(n);
  // Their lcps never decrease up the stack.
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
  return below;
}

/** The shared prefixes of sorted terms from `start` (the first at or after WALKED_FROM) on. */
export function sharedPrefixes(terms: readonly string[], start: number): SharedPrefixes {
  const builder = new SharedPrefixesBuilder(start, terms.length - start);
  for (let i = start; i < terms.length; i++) builder.add(terms[i] as string);
  return builder.build();
}

/**
 * The end of the run of terms that share their first `depth` characters with terms[i], at most
 * `to`: the first j > i with lcp < depth, found by jumps (each to a strictly smaller lcp).
 */
export function runEnd(shared: SharedPrefixes, i: number, depth: number, to: number): number {
  const { start, lcp, below } = shared;
  const end = to - start;
  let r = i + 1 - start;
  while (r < end && (lcp[r] as number) >= depth) r = below[r] as number;
  return Math.min(r, end) + start;
}
