import { type Hits, TIER_SHIFT } from "./rank.ts";

// Every hit of a listing in rank order (listings.ts), as compareHits orders hits with a sort key
// and no boosts: tier and availability first, then the sort key, then relevance, then the
// newest product. A least-significant-first radix sort over the keys' bits, 11 at a time, each
// pass skipped when all hits share its digit (most do: product ids are close, relevance has few
// values, most products' popularity is 0), each key skipped when the hits are already in its
// order, reversed when strictly against it (an import's docs are in product-id order): a
// comparison sort of 100,000 hits made a category page's listing cost 4x its own search
// (BENCHMARKS.md, "The listing page").

const DIGIT = 11;
const BUCKETS = 1 << DIGIT;
const MASK = BUCKETS - 1;
/** The bits of a relevance below its tier but for availability's (rank.ts). */
const TIER_MIDDLE = ((1 << TIER_SHIFT) - 1) & ~1;

/** The bits of a float64 as two uint32 words, for the order-keeping transform below. */
const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = 1 - LO;

/** The sort's working arrays, grown as needed (search is synchronous). */
let scratch = {
  hi: new Uint32Array(0),
  lo: new Uint32Array(0),
  spare: new Int32Array(0),
  counts: new Uint32Array(3 * BUCKETS),
};

/** Every hit of `hits`, best first. */
export function rankOrder(hits: Hits & { readonly sortKey: Float64Array }): Int32Array {
  const n = hits.count;
  if (scratch.hi.length < n) {
    const size = n + (n >>> 1);
    scratch = {
      ...scratch,
      hi: new Uint32Array(size),
      lo: new Uint32Array(size),
      spare: new Int32Array(size),
    };
  }
  const { hi, lo } = scratch;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const { relevance, sortKey, productId } = hits;
  // Least significant first; each sort is stable, so each key orders within the next one's ties.
  // Newest first: the product id, descending (ids are integers below 2^32: one word).
  let whole = true;
  for (let h = 0; h < n && whole; h++) {
    const id = productId[h] as number;
    whole = id >= 0 && id <= 0xffffffff && id === Math.floor(id);
    hi[h] = ~id >>> 0;
  }
  if (whole) sortBy(order, hi, n);
  else {
    orderedBits(productId, -1, n);
    sortBy(order, lo, n);
    sortBy(order, hi, n);
  }
  // Relevance, descending; nothing to order when the tier and availability decide it (a
  // category page's: no words).
  let within = true;
  const middle = (relevance[0] as number) & TIER_MIDDLE;
  for (let h = 1; h < n && within; h++)
    within = ((relevance[h] as number) & TIER_MIDDLE) === middle;
  if (!within) {
    for (let h = 0; h < n; h++) hi[h] = ~(relevance[h] as number) >>> 0;
    sortBy(order, hi, n);
  }
  // The sort key, ascending: in one word when every key is a whole number of cents (a price).
  if (inCents(sortKey, n)) sortBy(order, hi, n);
  else {
    orderedBits(sortKey, 1, n);
    if (!inOrder(order, hi, lo, n)) {
      sortBy(order, lo, n);
      sortBy(order, hi, n);
    }
  }
  // The tier and availability, descending.
  for (let h = 0; h < n; h++) {
    const r = relevance[h] as number;
    hi[h] = ~((r >>> TIER_SHIFT) * 2 + (r & 1)) >>> 0;
  }
  sortBy(order, hi, n);
  return order;
}

/**
 * Whether each of values[0 .. n) is the double nearest a whole number of cents within ±2^31
 * cents; if so, scratch.hi[h] holds it as an unsigned word that orders as the values do (two
 * such doubles differ in cents when they differ at all).
 */
function inCents(values: Float64Array, n: number): boolean {
  const hi = scratch.hi;
  for (let h = 0; h < n; h++) {
    const v = values[h] as number;
    const cents = Math.round(v * 100);
    if (cents / 100 !== v || cents < -0x80000000 || cents > 0x7fffffff) return false;
    hi[h] = (cents + 0x80000000) >>> 0;
  }
  return true;
}

/**
 * Each hit's sign * values[h] as scratch.hi[h], scratch.lo[h]: unsigned words that order as
 * the numbers do (a negative number's bits all flipped, a positive one's sign bit set; -0 is
 * 0, as compareHits' subtraction has it).
 */
function orderedBits(values: Float64Array, sign: 1 | -1, n: number): void {
  const { hi, lo } = scratch;
  for (let h = 0; h < n; h++) {
    float[0] = sign * (values[h] as number) + 0;
    const high = words[HI] as number;
    const low = words[LO] as number;
    if (high >>> 31 === 1) {
      hi[h] = ~high >>> 0;
      lo[h] = ~low >>> 0;
    } else {
      hi[h] = (high | 0x80000000) >>> 0;
      lo[h] = low;
    }
  }
}

/** Whether the words hi[hit], lo[hit] never decrease along `order`: a sort by them keeps it. */
function inOrder(order: Int32Array, hi: Uint32Array, lo: Uint32Array, n: number): boolean {
  let h = order[0] as number;
  for (let i = 1; i < n; i++) {
    const next = order[i] as number;
    const a = hi[h] as number;
    const b = hi[next] as number;
    if (b < a || (b === a && (lo[next] as number) < (lo[h] as number))) return false;
    h = next;
  }
  return true;
}

/** Sorts `order` (hit numbers) stably by key[hit], an unsigned word, in up to 3 passes. */
function sortBy(order: Int32Array, key: Uint32Array, n: number): void {
  // A key already in order orders nothing (one every hit shares: a tier, most products'
  // popularity); one strictly against it (the product ids of an import, in doc order) is the
  // order reversed.
  let i = 1;
  while (i < n && (key[order[i] as number] as number) >= (key[order[i - 1] as number] as number))
    i++;
  if (i >= n) return;
  i = 1;
  while (i < n && (key[order[i] as number] as number) < (key[order[i - 1] as number] as number))
    i++;
  if (i >= n) {
    order.reverse();
    return;
  }
  const counts = scratch.counts;
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = key[i] as number;
    const a = k & MASK;
    const b = BUCKETS + ((k >>> DIGIT) & MASK);
    const c = 2 * BUCKETS + (k >>> (2 * DIGIT));
    counts[a] = (counts[a] as number) + 1;
    counts[b] = (counts[b] as number) + 1;
    counts[c] = (counts[c] as number) + 1;
  }
  const spare = scratch.spare;
  for (let pass = 0; pass < 3; pass++) {
    const base = pass * BUCKETS;
    const shift = pass * DIGIT;
    // A digit that every hit shares orders nothing.
    const digit = ((key[order[0] as number] as number) >>> shift) & MASK;
    if (counts[base + digit] === n) continue;
    let sum = 0;
    for (let d = 0; d < BUCKETS; d++) {
      const c = counts[base + d] as number;
      counts[base + d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const h = order[i] as number;
      const d = base + (((key[h] as number) >>> shift) & MASK);
      const at = counts[d] as number;
      spare[at] = h;
      counts[d] = at + 1;
    }
    order.set(spare.subarray(0, n));
  }
}
