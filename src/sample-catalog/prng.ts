// Small deterministic random numbers for the catalog generator.
// Every product is generated from its own stream, seeded from (seed, stream, index), so that
// product N is the same whether the catalog is generated whole, in slices, or in parallel.

/**
 * The 32-bit finaliser of MurmurHash3 (Austin Appleby, public domain): a bijective mix that
 * spreads every input bit over the output, used to turn (seed, stream, index) into a seed.
 */
export function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A seed for one stream item: different streams of one index are independent. */
export function mixSeed(seed: number, stream: number, index: number): number {
  return fmix32(fmix32(seed ^ Math.imul(stream, 0x9e3779b9)) ^ fmix32(index + 0x632be5ab));
}

/**
 * A random source over mulberry32 (Tommy Ettinger, public domain): one 32-bit state, a period
 * of 2^32, fast and good enough for test data; not for anything secret.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static of(seed: number, stream: number, index: number): Rng {
    return new Rng(mixSeed(seed, stream, index));
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Up to n distinct items, in the order of the list. */
  sample<T>(items: readonly T[], n: number): T[] {
    if (n >= items.length) return items.slice();
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }
}

/**
 * Weighted choice in O(log n): cumulative weights searched by bisection, because a catalog of
 * a million products picks a category a million times.
 */
export class WeightedPicker<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;

  constructor(items: readonly T[], weight: (item: T, index: number) => number) {
    this.items = items;
    this.cumulative = new Float64Array(items.length);
    let total = 0;
    items.forEach((item, i) => {
      total += weight(item, i);
      this.cumulative[i] = total;
    });
  }

  pick(rng: Rng): T {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    const x = rng.next() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
