import { partingAt, runEnds, type SharedPrefixes, sharedLength } from "./shared-prefixes.ts";

// The shared prefixes of a merged dictionary (term-merge.ts), from its parts' own: two terms
// that follow each other in the output and come from the same part share the smallest lcp of
// the part's terms between them (the terms are sorted), so only a switch between parts reads
// strings, one compare. A pass over every merged string cost a cache miss or two per term:
// 3-9% of a patch of 1,000 products.

export interface PrefixesPart {
  readonly terms: readonly string[];
  readonly prefixes: SharedPrefixes;
}

export class MergedPrefixesBuilder {
  private readonly lcp: Uint8Array;
  private readonly parting: Uint16Array;
  /** Per part, the index of its term that was last output, and that term's output number. */
  private readonly lastAt: Int32Array;
  private readonly lastOut: Int32Array;
  /** Terms output so far; the first at or after WALKED_FROM (-1 until there is one). */
  private out = 0;
  private start = -1;
  private previous = "";

  constructor(private readonly parts: readonly PrefixesPart[]) {
    let walked = 0;
    for (const p of parts) walked += p.terms.length - p.prefixes.start;
    this.lcp = new Uint8Array(walked);
    this.parting = new Uint16Array(walked);
    this.lastAt = new Int32Array(parts.length);
    this.lastOut = new Int32Array(parts.length).fill(-1);
  }

  /** The next output term is term `c` of part `j`, `t`. */
  add(j: number, c: number, t: string): void {
    const { prefixes } = this.parts[j] as PrefixesPart;
    const out = this.out;
    if (c >= prefixes.start) {
      if (this.start < 0) this.start = out;
      const r = out - this.start;
      let lcp = 0;
      if (r > 0) {
        if (this.lastOut[j] === out - 1) {
          // Terms of the part skipped in between lost every posting.
          const { lcp: own } = prefixes;
          let q = (this.lastAt[j] as number) + 1 - prefixes.start;
          const to = c - prefixes.start;
          lcp = own[to] as number;
          for (; q < to && lcp > 0; q++) lcp = Math.min(lcp, own[q] as number);
          this.parting[r] =
            (this.lastAt[j] as number) + 1 === c
              ? (prefixes.parting[to] as number)
              : partingAt(t, lcp);
        } else {
          lcp = sharedLength(this.previous, t);
          this.parting[r] = partingAt(t, lcp);
        }
      } else {
        this.parting[r] = partingAt(t, 0);
      }
      this.lcp[r] = lcp;
    }
    this.lastAt[j] = c;
    this.lastOut[j] = out;
    this.previous = t;
    this.out = out + 1;
  }

  /** The output term just added is also term `c` of part `j` (a term of several parts). */
  tie(j: number, c: number): void {
    this.lastAt[j] = c;
    this.lastOut[j] = this.out - 1;
  }

  build(): SharedPrefixes {
    const start = this.start < 0 ? this.out : this.start;
    const n = this.out - start;
    const lcp = n === this.lcp.length ? this.lcp : this.lcp.slice(0, n);
    const parting = n === this.parting.length ? this.parting : this.parting.slice(0, n);
    return { start, lcp, parting, below: runEnds(lcp, n) };
  }
}
