import {
  infoField,
  infoNotExact,
  infoPosition,
  infoTypos,
  NO_MATCH,
  type WordPlan,
} from "./match.ts";
import type { QueryWord } from "./parse-query.ts";

// Ranking by buckets, as Meilisearch does: each criterion only breaks the ties of the ones
// before it. Relevance packs them into one unsigned 32-bit integer, higher is better:
//   words given up that match (10 bits) | words matched (4) | product type (2)
//   | fewer typos (4) | proximity (3) | stronger fields (5) | exact words (3) | available (1)
// The words given up (give-up.ts): each has its bit, the later given up the higher, so that
// the products matching the words that say most about them come first; 0 when none was.
// The product type: a query word names the product's category (its name, synonyms, keywords),
// so "чай" ranks the tea before the teapot "для чаю" and the candle "Зелений чай" whose names
// say it more strongly; 2 for a word as typed, 1 for a form or completion of it.
// Ties then go to the newest content (content_updated_at: a price or stock change does not
// count), and last to the lower product id.
// A sort other than relevance (issue 32, point 1) orders by its key within the tiers of
// relevance: the words given up that match, the words matched and the product type (the bits
// from 16 up), so that "iphone, cheapest first" opens with the phones, not the cases; then
// available before unavailable; then the key; ties by relevance, then the newest product
// (first imported last: the higher id), so that equal keys keep one order.

const MAX_PAIR_DISTANCE = 7;

/**
 * wordsRelevance() of a single-word query whose word's info is `inf`: no proximity, no loop.
 * The candidate loop (collect-hits.ts) chooses between the two once per query: one function
 * deciding per candidate cost a third of that loop over 25,000 candidates.
 */
export function wordRelevance(inf: number, available: boolean, type: number): number {
  if (inf === NO_MATCH) return available ? 1 : 0;
  const t = inf >>> 9;
  const exact = t === 0 && (inf & 32) === 0 ? 1 : 0;
  return (
    (1 << 18) |
    (type << 16) |
    ((15 - t) << 12) |
    (7 << 9) |
    ((31 - ((inf >>> 6) & 7)) << 4) |
    (exact << 1) |
    (available ? 1 : 0)
  );
}

/**
 * The rank key of one candidate: its match infos are info[row .. row + words), `optional[w]`
 * is 1 for the words that may be missing (joined model codes), `bits[w]` the bit of a word
 * given up (0 for the others).
 */
export function wordsRelevance(
  info: Uint16Array,
  row: number,
  optional: Uint8Array,
  bits: Uint16Array,
  available: boolean,
  type: number,
): number {
  const W = optional.length;
  let matched = 0;
  let typos = 0;
  let fields = 0;
  let exact = 0;
  let proximity = 0;
  let givenUp = 0;
  let previous = NO_MATCH;
  for (let w = 0; w < W; w++) {
    const inf = info[row + w] as number;
    const isOptional = optional[w] === 1;
    if (inf === NO_MATCH) {
      if (!isOptional) previous = NO_MATCH;
      continue;
    }
    matched++;
    givenUp |= bits[w] as number;
    const t = infoTypos(inf);
    typos += t;
    fields += infoField(inf);
    if (t === 0 && infoNotExact(inf) === 0) exact++;
    if (isOptional) continue;
    if (previous !== NO_MATCH) proximity += pairDistance(previous, inf);
    previous = inf;
  }
  return (
    ((givenUp << 22) |
      (min(matched, 15) << 18) |
      (type << 16) |
      ((15 - min(typos, 15)) << 12) |
      ((7 - min(proximity, 7)) << 9) |
      ((31 - min(fields, 31)) << 4) |
      (min(exact, 7) << 1) |
      (available ? 1 : 0)) >>>
    0
  );
}

/** Per word: 1 when it may be missing (see wordsRelevance). */
export function optionalFlags(words: readonly QueryWord[]): Uint8Array {
  return Uint8Array.from(words, (w) => (w.optional ? 1 : 0));
}

/** Per category slot below `slots`, its product-type level for the query (see above). */
export function typeLevels(plans: readonly WordPlan[], slots: number): Uint8Array {
  // Most queries name no category: no array to fill.
  if (plans.every((p) => p.categorySlots.length === 0)) return NO_TYPES;
  const levels = new Uint8Array(slots);
  for (const plan of plans) {
    // One letter completes too many category names to name a type.
    if (plan.word.optional || plan.word.text.length < 2) continue;
    for (let i = 0; i < plan.categorySlots.length; i++) {
      const s = plan.categorySlots[i] as number;
      const inf = plan.categoryInfo[i] as number;
      if (s >= slots || infoTypos(inf) !== 0) continue;
      const level = infoNotExact(inf) === 0 ? 2 : 1;
      if (level > (levels[s] as number)) levels[s] = level;
    }
  }
  return levels;
}

const NO_TYPES = new Uint8Array(0);

/** 0 for adjacent words in order; more apart, reversed or in different fields costs more. */
function pairDistance(a: number, b: number): number {
  if (infoField(a) !== infoField(b)) return MAX_PAIR_DISTANCE;
  const d = infoPosition(b) - infoPosition(a);
  const cost = d > 0 ? d - 1 : 1 - d;
  return Math.min(cost, MAX_PAIR_DISTANCE);
}

const min = Math.min;

/** Ranked hits: parallel arrays indexed by hit number. */
export interface Hits {
  readonly count: number;
  /** Global doc ids. */
  readonly docs: Uint32Array;
  readonly relevance: Uint32Array;
  readonly updatedAt: Float64Array;
  readonly productId: Float64Array;
  /** Merchandising boost weights (merchandising.ts), ranked before all else; absent: none. */
  readonly boost?: Int32Array;
  /** A sort's key, lower first (collect-hits.ts); absent: the relevance order. */
  readonly sortKey?: Float64Array;
}

/** Relevance's bits from here up are a tier: a sort orders within each. */
export const TIER_SHIFT = 16;

/**
 * Whether hit a ranks before hit b: compareHits(hits, a, b) < 0, deciding most pairs on their
 * first key in a function small enough to be inlined into the loops over every hit (layout.ts,
 * variant-groups.ts); a hot loop calling compareHits itself spent a quarter of a broad query in
 * those calls.
 */
export function ranksBefore(hits: Hits, a: number, b: number): boolean {
  if (hits.boost === undefined) {
    const ra = hits.relevance[a] as number;
    const rb = hits.relevance[b] as number;
    const key = hits.sortKey;
    if (key === undefined) {
      if (ra !== rb) return ra > rb;
    } else {
      const ta = (ra >>> TIER_SHIFT) * 2 + (ra & 1);
      const tb = (rb >>> TIER_SHIFT) * 2 + (rb & 1);
      if (ta !== tb) return ta > tb;
      const ka = key[a] as number;
      const kb = key[b] as number;
      if (ka !== kb) return ka < kb;
    }
  }
  return compareHits(hits, a, b) < 0;
}

/** Negative when hit a ranks before hit b. */
export function compareHits(hits: Hits, a: number, b: number): number {
  const boost = hits.boost;
  const key = hits.sortKey;
  if (key !== undefined) {
    const ra = hits.relevance[a] as number;
    const rb = hits.relevance[b] as number;
    return (
      (boost === undefined ? 0 : (boost[b] as number) - (boost[a] as number)) ||
      (rb >>> TIER_SHIFT) - (ra >>> TIER_SHIFT) ||
      (rb & 1) - (ra & 1) ||
      (key[a] as number) - (key[b] as number) ||
      rb - ra ||
      (hits.productId[b] as number) - (hits.productId[a] as number)
    );
  }
  return (
    (boost === undefined ? 0 : (boost[b] as number) - (boost[a] as number)) ||
    (hits.relevance[b] as number) - (hits.relevance[a] as number) ||
    (hits.updatedAt[b] as number) - (hits.updatedAt[a] as number) ||
    (hits.productId[a] as number) - (hits.productId[b] as number)
  );
}

/**
 * The best `k` of the given hit numbers, in rank order: a bounded binary heap (worst on top)
 * when k is small against the list, a full sort otherwise.
 */
export function topHits(hits: Hits, list: ArrayLike<number>, k: number): number[] {
  const n = list.length;
  if (k <= 0 || n === 0) return [];
  if (k * 4 >= n) {
    const all = Array.from(list);
    all.sort((a, b) => compareHits(hits, a, b));
    return k < n ? all.slice(0, k) : all;
  }
  const heap: number[] = [];
  const worse = (a: number, b: number) => ranksBefore(hits, b, a);
  // From the last: hit lists are in doc order, whose later docs are mostly the newer ones,
  // which win ties (layout.ts); so most hits read lose to the heap's worst at once.
  for (let i = n - 1; i >= 0; i--) {
    const h = list[i] as number;
    if (heap.length < k) {
      heap.push(h);
      let c = heap.length - 1;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!worse(h, heap[p] as number)) break;
        heap[c] = heap[p] as number;
        c = p;
      }
      heap[c] = h;
    } else if (worse(heap[0] as number, h)) {
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        if (l >= k) break;
        const r = l + 1;
        const m = r < k && worse(heap[r] as number, heap[l] as number) ? r : l;
        if (!worse(heap[m] as number, h)) break;
        heap[c] = heap[m] as number;
        c = m;
      }
      heap[c] = h;
    }
  }
  heap.sort((a, b) => compareHits(hits, a, b));
  return heap;
}
