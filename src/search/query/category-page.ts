import type {
  CategoryCount,
  Facet,
  Hit,
  HitGroup,
  SearchRequest,
  SearchResult,
  VariantGroup,
} from "../engine-types.ts";
import { languageIndex } from "../index/languages.ts";
import type { Snapshot } from "../index/snapshot.ts";
import type { HitSet } from "./collect-hits.ts";
import { FacetCounter, selectFilters } from "./facets.ts";
import { nameRangesOf } from "./highlight.ts";
import { layOut as layOutHits } from "./layout.ts";
import {
  byPriceOf,
  groupsOf,
  type Listing,
  listedAlready,
  listedOf,
  orderOf,
  ranksOf,
  type Shared,
  sortKeysOf,
  stillListed,
  variantGroupsOf,
} from "./listings.ts";
import { pageSlice } from "./pagination.ts";
import { collapseVariants } from "./variant-groups.ts";

// A category page made of its listing (listings.ts): the hits within the price bounds, one card
// per product when asked, counted per category and per filter value, and the page's slice, in
// one pass each over hits already in rank order (a bound that keeps few: from the hits by
// price); the ask that collected the hits lays them out unranked with the own path's layout
// (firstPage). The answer is the one the search's own path
// (collect-hits.ts, variant-groups.ts, layout.ts) gives for the same request, field for field
// (category-page.test.ts compares them): a card shows the group's main variant when it is
// within the bounds, else its best ranked one, and ranks as that best one does. Pages without
// price bounds are kept with the listing, so that the next page is a slice.

/** The cards of a listing within some price bounds, counted. */
interface View {
  /** Per card, in rank order: the hit it shows. */
  readonly shown: Int32Array;
  /** Cards per category slot; the slots with cards, in the order of their first. */
  readonly counts: Uint32Array;
  readonly present: readonly number[];
  readonly categories: readonly CategoryCount[];
  readonly facets: readonly Facet[];
}

/** The pages without price bounds of each listing, by groupVariants. */
const unbounded = new WeakMap<Listing, Map<boolean, View>>();

/** The page `request` asks (browse, no words, no filter or range, no merchandising rule). */
export function categoryPage(snap: Snapshot, request: SearchRequest): SearchResult {
  const shared = listedOf(snap, request);
  // Bounds around every price (a slider at its ends) bound nothing: the page without them.
  const { price } = shared.hits;
  const low = request.priceFrom ?? Number.NEGATIVE_INFINITY;
  const high = request.priceTo ?? Number.POSITIVE_INFINITY;
  const bounded = price !== null && (low > price.min || high < price.max);
  const listing = orderOf(shared, request);
  if (listing === null) return firstPage(shared, request, bounded);
  let view: View;
  if (bounded) view = viewOf(listing, request, false);
  else {
    const views = unbounded.get(listing) ?? new Map<boolean, View>();
    unbounded.set(listing, views);
    view = views.get(request.groupVariants) ?? viewOf(listing, request, true);
    views.set(request.groupVariants, view);
  }
  return layOut(listing, request, view);
}

/** The orders a category page offers (a popular one is the default's, relevance). */
const ORDERS = ["relevance", "price_asc", "price_desc", "newest", "discount"] as const;

/**
 * What the next asks of the listing that `request`'s page was cut from would make, as steps for
 * later turns of the thread (http/search/later-steps.ts takes them between searches): each
 * other order's rank and its page without bounds, then the same with one card per product (the
 * variant groups and their filter counts at the first), then the hits by price for a slider. A
 * shopper's next page, sort or slider then finds them made, instead of the first ask of each
 * paying for one (0.3-1.2 ms at 20,000 products). `popularity`: the scores the default order would
 * be ranked by now. Once per listing; none for a page that is no listing's, and a step whose
 * listing was dropped or made again does nothing.
 */
export function laterSteps(
  snap: Snapshot,
  request: SearchRequest,
  popularity: SearchRequest["popularity"],
): (() => void)[] {
  const shared = listedAlready(snap, request);
  if (shared === null || shared.stepsTaken) return [];
  shared.stepsTaken = true;
  // A listing's page of the same hits (an ask with filters took the own path: not its page).
  const unbounded: SearchRequest = {
    ...request,
    filters: [],
    ranges: [],
    priceFrom: null,
    priceTo: null,
    page: 1,
  };
  const step = (make: () => void) => () => {
    if (stillListed(shared)) make();
  };
  const pages = (groupVariants: boolean) =>
    ORDERS.map((sort) =>
      step(() => {
        categoryPage(snap, { ...unbounded, sort, groupVariants, popularity });
      }),
    );
  return [
    ...pages(false),
    // The variant groups a step of their own, before the first grouped page's filter counts.
    step(() => {
      groupsOf(shared);
    }),
    ...pages(true),
    step(() => {
      byPriceOf(shared);
    }),
  ];
}

const NO_VARIANTS = { groupOf: new Int32Array(0), groups: 0 };

/** Working arrays, reused from page to page (search is synchronous). */
let scratch = {
  within: new Int32Array(0),
  inRank: new Int32Array(0),
  shown: new Int32Array(0),
  segments: new Int32Array(0),
  lists: new Int32Array(0),
  groups: new Float64Array(0),
  ordinal: new Int32Array(0),
  mainOf: new Int32Array(0),
  stamp: new Uint32Array(0),
};
let generation = 0;

function grow(n: number, groups: number): void {
  if (scratch.within.length < n) {
    const size = n + (n >>> 1);
    scratch = {
      ...scratch,
      within: new Int32Array(size),
      inRank: new Int32Array(size),
      shown: new Int32Array(size),
      segments: new Int32Array(size),
      lists: new Int32Array(size),
      groups: new Float64Array(size),
      ordinal: new Int32Array(size),
    };
  }
  if (scratch.mainOf.length < groups || generation >= 0xfffffff0) {
    const size = Math.max(groups + (groups >>> 1), scratch.mainOf.length);
    scratch = { ...scratch, mainOf: new Int32Array(size), stamp: new Uint32Array(size) };
    generation = 0;
  }
}

/** The category counts of the views not kept, and the slots the last one counted. */
let countsScratch = new Uint32Array(0);
let counted: readonly number[] = [];

/** Zeroed category counts for a view not kept (a typed array made costs a bounded page 5%). */
function scratchCounts(size: number): Uint32Array {
  if (countsScratch.length < size) countsScratch = new Uint32Array(size + (size >>> 1));
  else for (const s of counted) countsScratch[s] = 0;
  counted = [];
  return countsScratch;
}

/** Fewer hits within the bounds than a listing's over this are found by price (viewOf). */
const FEW = 8;

/** The hits by price within [low, high]: byPriceOf's from .. to; null when unbounded. */
function priceRange(
  shared: Shared,
  low: number,
  high: number,
): { from: number; to: number } | null {
  if (low === Number.NEGATIVE_INFINITY && high === Number.POSITIVE_INFINITY) return null;
  const { prices } = byPriceOf(shared);
  // The first price at least `low`, the first above `high`; NaN prices, last, are neither.
  const first = (below: (p: number) => boolean): number => {
    let a = 0;
    let b = prices.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (below(prices[mid] as number)) a = mid + 1;
      else b = mid;
    }
    return a;
  };
  const from = first((p) => p < low);
  const to = first((p) => p <= high);
  return { from, to: Math.max(from, to) };
}

/**
 * The cards of `listing` within the request's price bounds; `kept`: the view is kept with the
 * listing (the pages without bounds), with its filter counts whether this page shows them or
 * not.
 */
function viewOf(listing: Listing, request: SearchRequest, kept: boolean): View {
  const { hits, ranked, snap } = listing;
  const n = hits.count;
  const grouped = request.groupVariants;
  // Without cards, no group: -1 each, as groupOrdinals numbers a doc of none.
  const { groupOf, groups } = grouped ? variantGroupsOf(listing) : NO_VARIANTS;
  grow(n, groups);
  const low = request.priceFrom ?? Number.NEGATIVE_INFINITY;
  const high = request.priceTo ?? Number.POSITIVE_INFINITY;
  const price = hits.discounted;
  const { within, inRank } = scratch;
  // The hits within the bounds, in doc order and in rank order: a few of many (a slider moved
  // up from the cheapest keeps a tenth of a store) from the hits by price and two sorts of
  // numbers, else one pass over every hit for each.
  const range = kept ? null : priceRange(listing.shared, low, high);
  let m = 0;
  let ordered: Int32Array = ranked;
  if (range !== null && (range.to - range.from) * FEW < n) {
    const { hits: byPrice } = byPriceOf(listing.shared);
    const rankOf = ranksOf(listing);
    for (let i = range.from; i < range.to; i++) within[m++] = byPrice[i] as number;
    within.subarray(0, m).sort();
    for (let i = 0; i < m; i++) inRank[i] = rankOf[within[i] as number] as number;
    inRank.subarray(0, m).sort();
    for (let i = 0; i < m; i++) inRank[i] = ranked[inRank[i] as number] as number;
    ordered = inRank.subarray(0, m);
  } else {
    for (let h = 0; h < n; h++) {
      const p = price[h] as number;
      if (p >= low && p <= high) within[m++] = h;
    }
    if (m < n) {
      let r = 0;
      for (let i = 0; i < n; i++) {
        const h = ranked[i] as number;
        const p = price[h] as number;
        if (p >= low && p <= high) inRank[r++] = h;
      }
      ordered = inRank.subarray(0, r);
    }
  }

  // Per group within the bounds: its first main variant in doc order (variant-groups.ts).
  const { mainOf, stamp } = scratch;
  let now = ++generation;
  if (grouped)
    for (let i = 0; i < m; i++) {
      const h = within[i] as number;
      const g = groupOf[h] as number;
      if (g < 0 || (hits.groupKey[h] as number) % 2 !== 1 || stamp[g] === now) continue;
      stamp[g] = now;
      mainOf[g] = h;
    }
  const mains = now;
  // The cards in rank order: a group's first hit met is its best; without groups, the hits.
  now = ++generation;
  let shown = ordered;
  let cards = ordered.length;
  if (grouped) {
    shown = scratch.shown;
    cards = 0;
    for (let r = 0; r < ordered.length; r++) {
      const h = ordered[r] as number;
      const g = groupOf[h] as number;
      if (g < 0) shown[cards++] = h;
      else if (stamp[g] !== now) {
        shown[cards++] = stamp[g] === mains ? (mainOf[g] as number) : h;
        stamp[g] = now;
      }
    }
  }
  const counts = kept
    ? new Uint32Array(snap.categories.entries.length)
    : scratchCounts(snap.categories.entries.length);
  const present: number[] = [];
  if (!kept) counted = present;
  for (let c = 0; c < cards; c++) {
    const s = hits.category[shown[c] as number] as number;
    if (counts[s] === 0) present.push(s);
    counts[s] = (counts[s] as number) + 1;
  }
  const categories: CategoryCount[] = [];
  for (const s of present)
    if (snap.categories.entries[s]?.record != null)
      categories.push({ slot: s, total: counts[s] as number });
  return {
    // A view kept owns its cards and counts; another is laid out before the next view reuses
    // them.
    shown: kept ? shown.slice(0, cards) : shown.subarray(0, cards),
    counts,
    present,
    categories,
    facets: kept
      ? allFacets(listing.shared, request, within, m)
      : request.facets
        ? facetsOf(listing.shared, request, within, m)
        : [],
  };
}

/** The filter counts of every hit (within[0 .. m)), made once for every order of them. */
function allFacets(
  shared: Shared,
  request: SearchRequest,
  within: Int32Array,
  m: number,
): readonly Facet[] {
  const { facets } = shared;
  const perProduct = request.groupVariants && shared.variants;
  const known = facets.get(perProduct);
  if (known !== undefined) return known;
  const made = facetsOf(shared, request, within, m);
  facets.set(perProduct, made);
  return made;
}

/** The filter counts of the hits within[0 .. m), per product with groupVariants (facets.ts). */
function facetsOf(
  shared: Shared,
  request: SearchRequest,
  within: Int32Array,
  m: number,
): readonly Facet[] {
  const { snap, hits } = shared;
  const counter = new FacetCounter(
    snap.facets,
    selectFilters(snap.facets, []),
    languageIndex(request.language),
    snap.segments.map((s) => s.facetLists),
    null,
  );
  // The counter moves what it counts: copies.
  const { segments, lists, groups } = scratch;
  for (let i = 0; i < m; i++) {
    const h = within[i] as number;
    segments[i] = shared.segments[h] as number;
    lists[i] = shared.lists[h] as number;
    groups[i] = hits.groupKey[h] as number;
  }
  // Without a variant among the hits, a product is a hit: addGroupedLists would count them all
  // as addLists does, after numbering no group.
  if (request.groupVariants && shared.variants)
    counter.addGroupedLists(segments, lists, groups, m, ordinalsWithin(shared, within, m));
  else counter.addLists(segments, lists, m);
  return counter.result();
}

/**
 * groupOrdinals of the group keys of the hits within[0 .. m), of the listing's own groups
 * (groupsOf): renumbered in the order first met, without hashing the keys again; scratch.
 */
function ordinalsWithin(
  shared: Shared,
  within: Int32Array,
  m: number,
): { ordinal: Int32Array; count: number } {
  const { groupOf, groups } = groupsOf(shared);
  grow(shared.hits.count, groups);
  const { ordinal, mainOf: number, stamp } = scratch;
  const now = ++generation;
  let count = 0;
  for (let i = 0; i < m; i++) {
    const g = groupOf[within[i] as number] as number;
    if (g < 0) ordinal[i] = -1;
    else {
      if (stamp[g] !== now) {
        stamp[g] = now;
        number[g] = count++;
      }
      ordinal[i] = number[g] as number;
    }
  }
  return { ordinal: ordinal.subarray(0, m), count };
}

/**
 * The page of the ask that collected the hits of `shared` (orderOf: not ranked): its hits within
 * the bounds laid out as the search's own path lays out what it collects (collect-hits.ts: the
 * same hits, in doc order, with the same keys), with the filter counts kept for every order.
 */
function firstPage(shared: Shared, request: SearchRequest, bounded: boolean): SearchResult {
  const { snap, hits } = shared;
  const n = hits.count;
  const sortKey = sortKeysOf(shared, request);
  grow(n, 0);
  const within = scratch.within;
  let m = 0;
  const low = request.priceFrom ?? Number.NEGATIVE_INFINITY;
  const high = request.priceTo ?? Number.POSITIVE_INFINITY;
  if (bounded) {
    for (let h = 0; h < n; h++) {
      const p = hits.discounted[h] as number;
      if (p >= low && p <= high) within[m++] = h;
    }
  } else for (; m < n; m++) within[m] = m;
  const facets = !request.facets
    ? null
    : bounded
      ? facetsOf(shared, request, within, m)
      : allFacets(shared, request, within, m);
  const pick = <T extends Uint32Array | Float64Array>(all: T): T => {
    if (!bounded) return all;
    const out = new (all.constructor as new (size: number) => T)(m);
    for (let i = 0; i < m; i++) out[i] = all[within[i] as number] as number;
    return out;
  };
  const set: HitSet = {
    count: m,
    docs: pick(hits.docs),
    relevance: pick(hits.relevance),
    updatedAt: pick(hits.updatedAt),
    productId: pick(hits.productId),
    sortKey: pick(sortKey),
    groupKey: pick(hits.groupKey),
    discounted: pick(hits.discounted),
    category: pick(hits.category),
    price: hits.price,
    filters: facets === null ? null : { result: () => facets },
    matched: NO_WORDS,
  };
  const grouped = request.groupVariants ? collapseVariants(set) : null;
  return layOutHits(snap, request, {
    hits: grouped?.hits ?? set,
    variants: grouped?.variants ?? null,
    pins: null,
    nameMatches: new Map(),
    correctedQuery: "",
    suggestions: [],
    ignoredWords: [],
    plans: [],
    redirect: null,
    banners: [],
  });
}

const NO_WORDS = new Uint8Array(0);

function layOut(listing: Listing, request: SearchRequest, view: View): SearchResult {
  const { snap, hits } = listing;
  const hit = (h: number): Hit => {
    const doc = hits.docs[h] as number;
    return {
      doc,
      ranges: request.highlight ? nameRangesOf(snap, doc, request.language, []) : null,
      variants: request.groupVariants ? variantsOf(listing, request, h) : null,
    };
  };
  const head = {
    correctedQuery: "",
    ignoredWords: [],
    suggestions: [],
    facets: request.facets ? view.facets : [],
    categories: view.categories,
    price: hits.price,
    redirect: null,
    banners: [],
  };
  const total = view.shown.length;
  const sourceOf = (slot: number) => snap.categories.entries[slot]?.source ?? "";
  if (request.categoryId !== null || !request.grouped) {
    const [from, to] = pageSlice(request.page, request.pageSize);
    const page = Array.from(view.shown.subarray(from, Math.min(to, total)), hit);
    const slot =
      request.categoryId === null ? null : (snap.categories.slots.get(request.categoryId) ?? -1);
    const group: HitGroup =
      slot === null
        ? { category: null, sourceId: "", hits: page }
        : slot >= 0
          ? { category: slot, sourceId: sourceOf(slot), hits: page }
          : // Not imported (yet): the products of its children, if any (layout.ts).
            { category: -1, sourceId: request.categoryId as string, hits: page };
    return { ...head, total, groupCount: 1, groups: [group] };
  }
  // Grouped: the categories paged, each with its first cards.
  const [from, to] = pageSlice(request.page, request.groupsPerPage);
  const onPage = view.present.slice(from, to);
  const limit = request.perGroup < 0 ? Number.POSITIVE_INFINITY : request.perGroup;
  const index = new Int32Array(view.counts.length);
  onPage.forEach((s, i) => {
    index[s] = i + 1;
  });
  const lists: number[][] = onPage.map(() => []);
  let open = onPage.length;
  for (let c = 0; c < total && open > 0; c++) {
    const h = view.shown[c] as number;
    const i = index[hits.category[h] as number] as number;
    if (i === 0) continue;
    const list = lists[i - 1] as number[];
    if (list.length >= limit) continue;
    list.push(h);
    if (list.length === Math.min(limit, view.counts[onPage[i - 1] as number] as number)) open--;
  }
  const groups = onPage.map((s, i) => ({
    category: s,
    sourceId: sourceOf(s),
    hits: (lists[i] as number[]).map(hit),
  }));
  return { ...head, total, groupCount: view.present.length, groups };
}

/**
 * The card of hit `h`: its group's variants within the bounds, `h` first and the rest by rank,
 * and their lowest price, of the available ones if any (variant-groups.ts).
 */
function variantsOf(listing: Listing, request: SearchRequest, h: number): VariantGroup {
  const low = request.priceFrom ?? Number.NEGATIVE_INFINITY;
  const high = request.priceTo ?? Number.POSITIVE_INFINITY;
  const { hits } = listing;
  const { groupOf, rankOf, members: csr } = variantGroupsOf(listing);
  const g = groupOf[h] as number;
  if (g < 0) return { docs: [hits.docs[h] as number], priceFrom: hits.discounted[h] as number };
  const members: number[] = [];
  for (let j = csr.offsets[g] as number; j < (csr.offsets[g + 1] as number); j++) {
    const o = csr.items[j] as number;
    const p = hits.discounted[o] as number;
    if (p >= low && p <= high) members.push(o);
  }
  let fromAvailable = Number.POSITIVE_INFINITY;
  let fromAny = Number.POSITIVE_INFINITY;
  for (const o of members) {
    const p = hits.discounted[o] as number;
    if (p < fromAny) fromAny = p;
    if (hits.available[o] === 1 && p < fromAvailable) fromAvailable = p;
  }
  const others = members
    .filter((o) => o !== h)
    .sort((a, b) => (rankOf[a] as number) - (rankOf[b] as number));
  return {
    docs: [h, ...others].map((o) => hits.docs[o] as number),
    priceFrom: Number.isFinite(fromAvailable) ? fromAvailable : fromAny,
  };
}
