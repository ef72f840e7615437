import { codeKey } from "../analysis/index.ts";
import type { Facet, SearchRequest } from "../engine-types.ts";
import { type Bitset, hasBit } from "../index/bitset.ts";
import { subtreeMask } from "../index/category-tree.ts";
import { languageIndex } from "../index/languages.ts";
import { HOT, type Segment } from "../index/segment.ts";
import { flagsOf, type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { multiMapGet } from "../index/string-multimap.ts";
import type { Merchandising } from "../merchandising.ts";
import { FacetCounter, ListFailures, selectFilters } from "./facets.ts";
import type { GivenUp } from "./give-up.ts";
import { NO_MATCH, type WordPlan } from "./match.ts";
import { type Offer, priceBefore, readOffer, warehouseSlot } from "./offer.ts";
import type { QueryWord } from "./parse-query.ts";
import { popularityByDoc } from "./popularity.ts";
import { type Hits, optionalFlags, typeLevels, wordRelevance, wordsRelevance } from "./rank.ts";

// From candidates to hits: availability, price bounds and attribute filters applied, filter
// counts taken on the way, and the rank key of every hit computed once.

export interface HitSet extends Hits {
  /** Category slot of each hit. */
  readonly category: Uint32Array;
  /** The discounted prices' bounds over the hits but for the price bounds; null: none. */
  readonly price: { readonly min: number; readonly max: number } | null;
  /** With groupVariants: each hit's group key (segment.ts: groupKeyOf) and discounted price. */
  readonly groupKey?: Float64Array;
  readonly discounted?: Float64Array;
  /** The filter counts (a FacetCounter, or counts a listing keeps: category-page.ts). */
  readonly filters: { result(): readonly Facet[] } | null;
  /** Per query word: 1 when some hit matches it (kept only for the words given up). */
  readonly matched: Uint8Array;
}

/** Docs whose whole code equals the query without punctuation: an exact SKU match. */
export function exactCodeDocs(snap: Snapshot, q: string): Set<number> {
  const docs = new Set<number>();
  const key = codeKey(q);
  if (key.length < 2) return docs;
  snap.segments.forEach((segment, k) => {
    const dead = snap.dead[k] as Bitset;
    const start = snap.starts[k] as number;
    for (const doc of multiMapGet(segment.codes, key))
      if (!hasBit(dead, doc)) docs.add(start + doc);
  });
  return docs;
}

/** The hits; their arrays are shared scratch, valid until the next call. */
export function collectHits(
  snap: Snapshot,
  request: SearchRequest,
  words: readonly QueryWord[],
  given: GivenUp,
  codeDocs: Set<number>,
  plans: readonly WordPlan[],
  merch: Merchandising | null = null,
): HitSet {
  const { candidates, bits } = given;
  const collector = new HitCollector(
    snap,
    request,
    words,
    plans,
    bits,
    candidates.count + codeDocs.size,
    merch !== null && merch.hidden.size > 0 ? merch.hidden : null,
  );
  // A doc whose code is the query ranks as if it matched every word exactly, in order.
  let position = 0;
  const perfect = Uint16Array.from(words, (w) => (w.optional ? position : position++));
  const W = candidates.words;
  const { docs, info, count } = candidates;
  if (codeDocs.size > 0) {
    // The match's rows are scratch of this search: a code's row becomes the perfect one.
    for (let c = 0; c < count; c++)
      if (codeDocs.delete(docs[c] as number)) info.set(perfect, c * W);
  }
  collector.consider(docs, gatherFlags(snap, docs, count), info, W, count);
  for (const doc of codeDocs)
    collector.consider(Uint32Array.of(doc), Int32Array.of(flagsOf(snap, doc)), perfect, W, 1);
  const hits = collector.result();
  return merch?.weight ? { ...hits, boost: boostsOf(hits, merch.weight) } : hits;
}

/** Each hit's summed boost weight (merchandising.ts), the first key of compareHits. */
function boostsOf(hits: HitSet, weight: (doc: number, slot: number) => number): Int32Array {
  const boost = new Int32Array(hits.count);
  for (let h = 0; h < hits.count; h++)
    boost[h] = weight(hits.docs[h] as number, hits.category[h] as number);
  return boost;
}

/**
 * The hot-record flags of docs[0 .. count), in a loop of their own before the pass that uses
 * them. A broad query's candidates lie thousands of hot records apart: in this short loop the
 * CPU waits for many of their cache lines at once, where the long pass of consider() stalls on
 * each in turn (memory-level parallelism); the pass then finds them in cache. Measured 2x
 * faster over 2,000 candidates (BENCHMARKS.md, issue 21).
 */
function gatherFlags(snap: Snapshot, docs: Uint32Array, count: number): Int32Array {
  if (scratch.flags.length < count) scratch.flags = new Int32Array(count + (count >>> 1));
  const flags = scratch.flags;
  const hot = (snap.segments[0] as Segment).hot;
  const baseEnd = snap.starts[1] as number;
  for (let c = 0; c < count; c++) {
    const doc = docs[c] as number;
    flags[c] =
      doc < baseEnd ? (hot[doc * HOT.stride + HOT.flags] as number) | 0 : flagsOf(snap, doc);
  }
  return flags;
}

/**
 * The hit arrays, reused from query to query (search is synchronous): fresh arrays of a broad
 * query's size cost more in page faults and collection than filling them does.
 */
const scratch = {
  docs: new Uint32Array(0),
  rel: new Uint32Array(0),
  updatedAt: new Float64Array(0),
  productId: new Float64Array(0),
  sortKey: new Float64Array(0),
  groupKey: new Float64Array(0),
  discounted: new Float64Array(0),
  category: new Uint32Array(0),
  flags: new Int32Array(0),
  countedLists: new Int32Array(0),
  countedSegments: new Int32Array(0),
  countedGroups: new Float64Array(0),
};

/** What the sort key of a hit is (SORT_KEYS of the request's sort). */
export const Key = { None: 0, Price: 1, PriceDown: 2, Newest: 3, Discount: 4, Popular: 5 } as const;
export type Key = (typeof Key)[keyof typeof Key];

/**
 * The key of each order, lower first: the discounted price (what the shopper pays, and what
 * price_from and price_to bound); the first import, latest first (ids are given in the order
 * products are first imported); the discount (old - new) / old, largest first; the popularity
 * (query/popularity.ts), highest first, ties newest first (rank.ts).
 */
const SORT_KEYS: Record<SearchRequest["sort"], Key> = {
  relevance: Key.None,
  price_asc: Key.Price,
  price_desc: Key.PriceDown,
  newest: Key.Newest,
  discount: Key.Discount,
  popular: Key.Popular,
};

const NO_POPULARITY = new Float32Array(0);

/** The key the hits of `request` are sorted by: a category page's default is the popular. */
export const keyOf = (request: SearchRequest): Key =>
  request.browse && request.sort === "relevance" ? Key.Popular : SORT_KEYS[request.sort];

/**
 * A hit's sort key under `key` (not Key.None): of its discounted price, its price before the
 * discount (priceBefore: read only for the discount's order), its product id and its
 * popularity (read only for the popular order).
 */
export const sortKeyOf = (
  key: Key,
  discounted: number,
  price: number,
  productId: number,
  popularity: number,
): number =>
  key === Key.Price
    ? discounted
    : key === Key.PriceDown
      ? -discounted
      : key === Key.Newest
        ? -productId
        : key === Key.Popular
          ? -popularity
          : price > 0
            ? (discounted - price) / price
            : 0;

class HitCollector {
  private readonly docs: Uint32Array;
  private readonly rel: Uint32Array;
  private readonly updatedAt: Float64Array;
  private readonly productId: Float64Array;
  private readonly sortKey: Float64Array;
  private readonly key: Key;
  /** Per global doc, its popularity: read only for the popular order. */
  private readonly popularity: Float32Array;
  private readonly groupKey: Float64Array;
  private readonly discounted: Float64Array;
  private readonly groupVariants: boolean;
  private readonly category: Uint32Array;
  private count = 0;
  private minPrice = Number.POSITIVE_INFINITY;
  private maxPrice = Number.NEGATIVE_INFINITY;
  private readonly warehouse: number | null;
  /** What each value list fails of the request's filters; null: no filter. */
  private readonly failures: ListFailures | null;
  private readonly counter: FacetCounter | null;
  private readonly language: number;
  private readonly showUnavailable: boolean;
  /** -1: no category asked; -2: an unknown one. */
  /** The slots of `category_id` and its descendants (1 each); null: every category. */
  private readonly onlyCategory: Uint8Array | null;
  private readonly priceFrom: number;
  private readonly priceTo: number;
  private readonly offer: Offer = { price: 0, discounted: 0, available: false, currency: -1 };
  private readonly optional: Uint8Array;
  /** Per word: 1 once a hit matches it; only read for the words given up. */
  private readonly matched: Uint8Array;
  /** Some word was given up. */
  private readonly givenUp: boolean;
  /** Per category slot: the product-type level (rank.ts). */
  private readonly types: Uint8Array;
  /** The first doc past the base segment: most candidates are below it. */
  private readonly baseEnd: number;

  constructor(
    private readonly snap: Snapshot,
    request: SearchRequest,
    words: readonly QueryWord[],
    plans: readonly WordPlan[],
    private readonly bits: Uint16Array,
    capacity: number,
    /** Docs a merchandising rule hides: not counted anywhere. */
    private readonly hidden: ReadonlySet<number> | null,
  ) {
    if (scratch.docs.length < capacity) {
      const size = capacity + (capacity >>> 1);
      scratch.docs = new Uint32Array(size);
      scratch.rel = new Uint32Array(size);
      scratch.updatedAt = new Float64Array(size);
      scratch.productId = new Float64Array(size);
      scratch.sortKey = new Float64Array(size);
      scratch.groupKey = new Float64Array(size);
      scratch.discounted = new Float64Array(size);
      scratch.category = new Uint32Array(size);
    }
    this.docs = scratch.docs;
    this.rel = scratch.rel;
    this.updatedAt = scratch.updatedAt;
    this.productId = scratch.productId;
    this.sortKey = scratch.sortKey;
    this.key = keyOf(request);
    this.popularity =
      this.key === Key.Popular ? popularityByDoc(snap, request.popularity) : NO_POPULARITY;
    this.groupKey = scratch.groupKey;
    this.discounted = scratch.discounted;
    this.groupVariants = request.groupVariants;
    this.category = scratch.category;
    this.warehouse = warehouseSlot(snap, request.warehouse);
    const lists = snap.segments.map((s) => s.facetLists);
    this.failures =
      request.filters.length > 0 || request.ranges.length > 0
        ? new ListFailures(
            snap.facets,
            selectFilters(snap.facets, request.filters, request.ranges),
            lists,
          )
        : null;
    this.language = languageIndex(request.language);
    this.counter = request.facets
      ? new FacetCounter(
          snap.facets,
          this.failures?.sel ?? selectFilters(snap.facets, []),
          this.language,
          lists,
          this.failures,
        )
      : null;
    this.showUnavailable = request.showUnavailable;
    this.onlyCategory =
      request.categoryId === null ? null : subtreeMask(snap.categories, request.categoryId);
    this.priceFrom = request.priceFrom ?? Number.NEGATIVE_INFINITY;
    this.priceTo = request.priceTo ?? Number.POSITIVE_INFINITY;
    this.optional = optionalFlags(words);
    this.matched = new Uint8Array(words.length);
    this.givenUp = bits.some((b) => b !== 0);
    this.types = typeLevels(plans, snap.categories.entries.length);
    this.baseEnd = snap.starts[1] as number;
  }

  /**
   * Considers docs[0 .. count), whose hot-record flags are flags[c] (gatherFlags) and match
   * infos info[c * W ..]. One loop with the request's settings in locals: a method call per
   * candidate, reading them from the collector, cost twice as much (BENCHMARKS.md, issue 21).
   */
  consider(
    docs: Uint32Array,
    flags: Int32Array,
    info: Uint16Array,
    W: number,
    count: number,
  ): void {
    const { snap, hidden, warehouse, counter, failures, optional, bits, types, baseEnd } = this;
    const { showUnavailable, onlyCategory, priceFrom, priceTo, language, givenUp, key } = this;
    const { rel, updatedAt, productId, category, matched, sortKey, groupVariants, popularity } =
      this;
    let { minPrice, maxPrice } = this;
    const out = this.docs;
    const base = snap.segments[0] as Segment;
    let n = this.count;
    if (scratch.countedLists.length < count) {
      scratch.countedLists = new Int32Array(count + (count >>> 1));
      scratch.countedSegments = new Int32Array(count + (count >>> 1));
      scratch.countedGroups = new Float64Array(count + (count >>> 1));
    }
    const { countedLists, countedSegments, countedGroups } = scratch;
    let counted = 0;
    const single = optional.length === 1;
    for (let c = 0; c < count; c++) {
      const doc = docs[c] as number;
      if (hidden?.has(doc)) continue;
      let segment = base;
      let local = doc;
      let k = 0;
      if (doc >= baseEnd) {
        k = segmentIndexOf(snap, doc);
        segment = snap.segments[k] as Segment;
        local = doc - (snap.starts[k] as number);
      }
      const hot = segment.hot;
      const h = local * HOT.stride;
      const f = flags[c] as number;
      let available = (f & 1) === 1;
      let discounted = hot[h + HOT.discounted] as number;
      // The price before a discount: only a discount's order reads it.
      let price = discounted;
      if (warehouse !== null) {
        const offer = readOffer(segment, local, warehouse, this.offer);
        available = offer.available;
        discounted = offer.discounted;
        price = offer.price;
      } else if (key === Key.Discount)
        price = priceBefore(segment, local, null, discounted, this.offer);
      if (!available && !showUnavailable) continue;
      const inRange = discounted >= priceFrom && discounted <= priceTo;
      const slot = f >>> 1;
      const inCategory = onlyCategory === null || onlyCategory[slot] === 1;
      // A list id kept in a float64 record: make it int32 before it indexes anything, or the
      // loops over it fall off the JIT's integer fast path (measured 10x slower).
      const list = (hot[h + HOT.facets + language] as number) | 0;
      if (counter !== null && inRange && inCategory) {
        if (groupVariants) countedGroups[counted] = hot[h + HOT.group] as number;
        countedSegments[counted] = k;
        countedLists[counted++] = list;
      }
      if (failures !== null && failures.of(k, list) !== 0) continue;
      // The price's bounds are taken before its own filter: a slider shows the whole range.
      if (inCategory) {
        if (discounted < minPrice) minPrice = discounted;
        if (discounted > maxPrice) maxPrice = discounted;
      }
      if (!inRange) continue;
      out[n] = doc;
      const type = slot < types.length ? (types[slot] as number) : 0;
      const row = c * W;
      rel[n] = single
        ? wordRelevance(info[row] as number, available, type)
        : wordsRelevance(info, row, optional, bits, available, type);
      if (givenUp) {
        for (let w = 0; w < bits.length; w++) if (info[row + w] !== NO_MATCH) matched[w] = 1;
      }
      updatedAt[n] = hot[h + HOT.updatedAt] as number;
      productId[n] = hot[h + HOT.productId] as number;
      if (key !== Key.None)
        sortKey[n] = sortKeyOf(
          key,
          discounted,
          price,
          productId[n] as number,
          key === Key.Popular ? (popularity[doc] as number) : 0,
        );
      if (groupVariants) {
        this.groupKey[n] = hot[h + HOT.group] as number;
        this.discounted[n] = discounted;
      }
      category[n] = slot;
      n++;
    }
    this.count = n;
    this.minPrice = minPrice;
    this.maxPrice = maxPrice;
    if (groupVariants)
      counter?.addGroupedLists(countedSegments, countedLists, countedGroups, counted);
    else counter?.addLists(countedSegments, countedLists, counted);
  }

  result(): HitSet {
    const n = this.count;
    return {
      count: n,
      docs: this.docs.subarray(0, n),
      relevance: this.rel.subarray(0, n),
      updatedAt: this.updatedAt.subarray(0, n),
      productId: this.productId.subarray(0, n),
      ...(this.key === Key.None ? {} : { sortKey: this.sortKey.subarray(0, n) }),
      ...(this.groupVariants
        ? { groupKey: this.groupKey.subarray(0, n), discounted: this.discounted.subarray(0, n) }
        : {}),
      category: this.category.subarray(0, n),
      price: this.minPrice <= this.maxPrice ? { min: this.minPrice, max: this.maxPrice } : null,
      filters: this.counter,
      matched: this.matched,
    };
  }
}
