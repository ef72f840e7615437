import type { VariantGroup } from "../engine-types.ts";
import type { HitSet } from "./collect-hits.ts";
import { groupMembers, groupOrdinals } from "./group-ordinals.ts";
import { compareHits, ranksBefore } from "./rank.ts";

// One card per product (group_variants, issue 32 point 3): the hits of one variant group
// (group_id: segment.ts groupKeyOf) become one hit, so that the layouts, `total`, the category
// counts and the pages count products; the filter counts are taken per product already
// (facets.ts: addGroupedLists). The card shows the main variant (is_main) when it matches (it
// passed the filters), else the best ranked one: under a filter, the variant that has the value
// chosen. The group ranks as its best variant does, so that a size that matches the query
// better lifts the whole product.
// Typed arrays only (group-ordinals.ts): a category page collapses 100,000 hits. A group's
// variants are listed only for the cards shown (variants()).

export interface Collapsed {
  readonly hits: HitSet;
  /** The group of hit h of `hits`. */
  readonly variants: (h: number) => VariantGroup;
}

/**
 * The collapse's working arrays, per hit, reused from search to search (search is synchronous):
 * fresh ones of a broad query's size cost more in page faults and collection than the pass.
 */
let scratch = {
  best: new Int32Array(0),
  main: new Int32Array(0),
  fromAvailable: new Float64Array(0),
  fromAny: new Float64Array(0),
};

/** The hits of `hits` (collected with groupVariants) one per group. */
export function collapseVariants(hits: HitSet): Collapsed {
  const keys = hits.groupKey as Float64Array;
  const prices = hits.discounted as Float64Array;
  const n = hits.count;
  const { ordinal: groupOf, count: grouped } = groupOrdinals(keys, n);
  // Per group (the numbered ones, then one per doc without a group): its best hit and its main
  // hit, plus 1 (0: none yet), and its lowest prices.
  if (scratch.best.length < n) {
    const size = n + (n >>> 1);
    scratch = {
      best: new Int32Array(size),
      main: new Int32Array(size),
      fromAvailable: new Float64Array(size),
      fromAny: new Float64Array(size),
    };
  }
  const { best, main, fromAvailable, fromAny } = scratch;
  best.fill(0, 0, n);
  main.fill(0, 0, n);
  let count = grouped;
  for (let h = 0; h < n; h++) {
    let g = groupOf[h] as number;
    if (g < 0) {
      g = count++;
      groupOf[h] = g;
    }
    const price = prices[h] as number;
    const available = ((hits.relevance[h] as number) & 1) === 1;
    const b = (best[g] as number) - 1;
    if (b < 0) {
      best[g] = h + 1;
      fromAny[g] = price;
      fromAvailable[g] = available ? price : Number.POSITIVE_INFINITY;
    } else {
      if (ranksBefore(hits, h, b)) best[g] = h + 1;
      if (price < (fromAny[g] as number)) fromAny[g] = price;
      if (available && price < (fromAvailable[g] as number)) fromAvailable[g] = price;
    }
    if ((keys[h] as number) % 2 === 1 && main[g] === 0) main[g] = h + 1;
  }
  if (count === n) return { hits, variants: (h) => alone(hits, h) };
  const docs = new Uint32Array(count);
  const relevance = new Uint32Array(count);
  const updatedAt = new Float64Array(count);
  const productId = new Float64Array(count);
  const category = new Uint32Array(count);
  const sortKey = hits.sortKey === undefined ? undefined : new Float64Array(count);
  const boost = hits.boost === undefined ? undefined : new Int32Array(count);
  const shownOf = new Int32Array(count);
  const priceFrom = new Float64Array(count);
  for (let g = 0; g < count; g++) {
    const b = (best[g] as number) - 1;
    const from = fromAvailable[g] as number;
    priceFrom[g] = Number.isFinite(from) ? from : (fromAny[g] as number);
    const shown = (main[g] as number) > 0 ? (main[g] as number) - 1 : b;
    shownOf[g] = shown;
    docs[g] = hits.docs[shown] as number;
    category[g] = hits.category[shown] as number;
    relevance[g] = hits.relevance[b] as number;
    updatedAt[g] = hits.updatedAt[b] as number;
    productId[g] = hits.productId[b] as number;
    if (sortKey !== undefined) sortKey[g] = hits.sortKey?.[b] as number;
    if (boost !== undefined) boost[g] = hits.boost?.[b] as number;
  }
  // The members of each group, by counting sort, made when the first card asks.
  let members: ReturnType<typeof groupMembers> | null = null;
  const membersOf = (g: number): number[] => {
    members ??= groupMembers(groupOf, n, count);
    return Array.from(members.items.subarray(members.offsets[g], members.offsets[g + 1]));
  };
  return {
    hits: {
      ...hits,
      count,
      docs,
      relevance,
      updatedAt,
      productId,
      category,
      ...(sortKey === undefined ? {} : { sortKey }),
      ...(boost === undefined ? {} : { boost }),
    },
    variants: (g) => {
      const shown = shownOf[g] as number;
      const others = membersOf(g)
        .filter((h) => h !== shown)
        .sort((a, b) => compareHits(hits, a, b));
      return {
        docs: [shown, ...others].map((h) => hits.docs[h] as number),
        priceFrom: priceFrom[g] as number,
      };
    },
  };
}

/** The group of a hit that is its own. */
const alone = (hits: HitSet, h: number): VariantGroup => ({
  docs: [hits.docs[h] as number],
  priceFrom: hits.discounted?.[h] as number,
});
