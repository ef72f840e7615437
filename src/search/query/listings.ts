import type { Facet, SearchRequest } from "../engine-types.ts";
import { languageIndex } from "../index/languages.ts";
import { HOT, type Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { offerEpoch } from "./answer-stamp.ts";
import { collectHits, type HitSet, Key, keyOf, sortKeyOf } from "./collect-hits.ts";
import { everyDoc } from "./every-doc.ts";
import { groupMembers, groupOrdinals } from "./group-ordinals.ts";
import { type Offer, priceBefore, warehouseSlot } from "./offer.ts";
import { popularityByDoc } from "./popularity.ts";
import { rankOrder } from "./rank-order.ts";

// The listings of category pages (issue 32, point 7): every product of a category (or of the
// store) that a page can show, in the page's order, made once per snapshot and offer epoch and
// kept for the pages that follow: another page, another price bound, one card per product. A
// category page of 20,000 products otherwise filters, counts, collapses and ranks all of them
// for each page it shows, 10x part 7's target. A listing holds what does not depend on the page
// (category_id, language, show_unavailable, wid, sort); category-page.ts makes pages of it. The
// listings of one category in every sort share their hits, variant groups and filter counts
// (Shared): another sort of a category costs its sort keys and their rank order.

export interface Listing {
  readonly snap: Snapshot;
  /** Every product the page may show, before price bounds: what pages read of collectHits'. */
  readonly hits: ListedHits;
  /** Per hit: its segment and its value list in the request's language (facets.ts). */
  readonly segments: Int32Array;
  readonly lists: Int32Array;
  /** The hits in rank order. */
  readonly ranked: Int32Array;
  /** One card per product's parts (variantGroupsOf), made when a page first asks for cards. */
  variants: Variants | null;
  /** Each hit's place in the rank order (ranksOf), made when a page first needs it. */
  rankOf: Int32Array | null;
  /** The popular order's scores it was ranked by (query/popularity.ts); null: another order. */
  readonly popularity: SearchRequest["popularity"] | null;
  /** What the listings of these hits in every order share. */
  readonly shared: Shared;
}

/** Per hit, in doc order, as collectHits gives them (collect-hits.ts). */
export interface ListedHits {
  readonly count: number;
  readonly docs: Uint32Array;
  readonly category: Uint32Array;
  readonly discounted: Float64Array;
  readonly groupKey: Float64Array;
  /** What rankOrder and the search's own layout read. */
  readonly relevance: Uint32Array;
  readonly productId: Float64Array;
  readonly updatedAt: Float64Array;
  /** 1: available (in the warehouse asked, if any). */
  readonly available: Uint8Array;
  /** The discounted prices' bounds: a page's stats, whatever its price bounds. */
  readonly price: HitSet["price"];
}

/**
 * The hits of a category in one language, availability and warehouse, whatever their order:
 * each order's listing (by its sort key), their variant groups, and the filter counts of all
 * of them (category-page.ts), which no order changes.
 */
export interface Shared {
  readonly snap: Snapshot;
  /** Its key among the domain's listings (listingKey). */
  readonly key: string;
  readonly hits: ListedHits;
  readonly segments: Int32Array;
  readonly lists: Int32Array;
  readonly orders: Map<Key, Listing>;
  /** Whether a page was laid out of the hits unranked (orderOf): the ask that collected them. */
  laidOut: boolean;
  /** The hits' variant groups, made when a page first asks for cards. */
  groups: Groups | null;
  /** Whether some hit is a variant of a group (a group key): without, a product is a hit. */
  readonly variants: boolean;
  /** The filter counts of every hit, per product (groupVariants, with variants) or not. */
  readonly facets: Map<boolean, readonly Facet[]>;
  /** The hits by discounted price (byPriceOf), made when a page first bounds the price. */
  byPrice: ByPrice | null;
  /** Whether the steps of its later asks were handed out (category-page.ts: laterSteps). */
  stepsTaken: boolean;
}

/** The hits by discounted price, ascending (ties in doc order), and their prices. */
export interface ByPrice {
  readonly hits: Int32Array;
  readonly prices: Float64Array;
}

interface Groups {
  /** Per hit: its variant group's ordinal (-1: none, group-ordinals.ts); and how many. */
  readonly groupOf: Int32Array;
  readonly groups: number;
  /** Each group's hits, in doc order (groupMembers). */
  readonly members: { readonly offsets: Int32Array; readonly items: Int32Array };
}

/** What one card per product reads of a listing. */
export interface Variants extends Groups {
  /** Each hit's place in the rank order. */
  readonly rankOf: Int32Array;
}

/** The listing's variant groups, made at the first ask. */
export function variantGroupsOf(listing: Listing): Variants {
  if (listing.variants !== null) return listing.variants;
  listing.variants = { ...groupsOf(listing.shared), rankOf: ranksOf(listing) };
  return listing.variants;
}

/** Each hit's place in the listing's rank order, made at the first ask. */
export function ranksOf(listing: Listing): Int32Array {
  if (listing.rankOf !== null) return listing.rankOf;
  const { ranked } = listing;
  const rankOf = new Int32Array(ranked.length);
  for (let r = 0; r < ranked.length; r++) rankOf[ranked[r] as number] = r;
  listing.rankOf = rankOf;
  return rankOf;
}

/**
 * The hits by discounted price, made at the first ask: the rank order's sort with no tier, no
 * relevance, and ids that keep doc order (NaN prices last, as the sort orders their bits).
 */
export function byPriceOf(shared: Shared): ByPrice {
  if (shared.byPrice !== null) return shared.byPrice;
  const { hits } = shared;
  const n = hits.count;
  const productId = new Float64Array(n);
  for (let h = 0; h < n; h++) productId[h] = n - h;
  const order = rankOrder({
    count: n,
    docs: hits.docs,
    relevance: new Uint32Array(n),
    updatedAt: hits.updatedAt,
    productId,
    sortKey: hits.discounted,
  });
  const prices = new Float64Array(n);
  for (let i = 0; i < n; i++) prices[i] = hits.discounted[order[i] as number] as number;
  shared.byPrice = { hits: order, prices };
  return shared.byPrice;
}

/** The variant groups of the hits, made at the first ask. */
export function groupsOf(shared: Shared): Groups {
  if (shared.groups !== null) return shared.groups;
  const n = shared.hits.count;
  const { ordinal, count } = groupOrdinals(shared.hits.groupKey, n);
  shared.groups = { groupOf: ordinal, groups: count, members: groupMembers(ordinal, n, count) };
  return shared.groups;
}

/** A domain's listings, all of one snapshot and offer epoch. */
interface Listings {
  readonly snap: Snapshot;
  readonly epoch: number;
  readonly byKey: Map<string, Shared>;
  /** Hits held in them together. */
  held: number;
}

/**
 * At most this many hit sets a domain (and hits held: this times its docs), the oldest asked
 * dropped first: a public token may ask pages of every category in every sort, and each costs
 * about 80 bytes a product, and 8-16 more per order made (each of the five once its later
 * steps are taken: category-page.ts).
 */
const MAX_LISTINGS = 24;
const MAX_HELD_PER_DOC = 6;

/** By the domain's offer epochs (carried from snapshot to snapshot: snapshot.ts). */
const byDomain = new WeakMap<Int32Array, Listings>();

/** The domain's listings of this snapshot and offer epoch, made empty on another. */
function listingsOf(snap: Snapshot): Listings {
  const epoch = offerEpoch(snap);
  let listings = byDomain.get(snap.offerEpochs);
  if (listings === undefined || listings.snap !== snap || listings.epoch !== epoch) {
    listings = { snap, epoch, byKey: new Map(), held: 0 };
    byDomain.set(snap.offerEpochs, listings);
  }
  return listings;
}

/** What a listing holds apart from the others: all but the order and the page. */
const listingKey = (request: SearchRequest): string =>
  [
    request.categoryId ?? "",
    request.language,
    request.showUnavailable,
    request.warehouse ?? "",
  ].join("\u0000");

/**
 * The hits that the page `request` (a category page without filters) is made of, collected at
 * its first ask on this snapshot and offer epoch (in any order).
 */
export function listedOf(snap: Snapshot, request: SearchRequest): Shared {
  const listings = listingsOf(snap);
  const key = listingKey(request);
  let shared = listings.byKey.get(key);
  if (shared !== undefined) {
    // Asked again: the newest of the domain's, the last to be dropped.
    listings.byKey.delete(key);
    listings.byKey.set(key, shared);
  } else {
    const made = collectListed(snap, request, key);
    shared = made;
    listings.byKey.set(key, made);
    listings.held += made.hits.count;
    const cap = MAX_HELD_PER_DOC * Math.max(1, snap.starts[snap.segments.length] as number);
    for (const [oldest, listed] of listings.byKey) {
      if (listings.byKey.size <= MAX_LISTINGS && listings.held <= cap) break;
      if (listed === made) break;
      listings.byKey.delete(oldest);
      listings.held -= listed.hits.count;
    }
  }
  return shared;
}

/** The hits of `request`'s listing if collected on this snapshot and offer epoch, else null. */
export const listedAlready = (snap: Snapshot, request: SearchRequest): Shared | null =>
  listingsOf(snap).byKey.get(listingKey(request)) ?? null;

/** Whether `shared` is still kept: its snapshot's and offer epoch's, not dropped. */
export function stillListed(shared: Shared): boolean {
  const listings = byDomain.get(shared.snap.offerEpochs);
  return (
    listings !== undefined &&
    listings.snap === shared.snap &&
    listings.epoch === offerEpoch(shared.snap) &&
    listings.byKey.get(shared.key) === shared
  );
}

/**
 * The listing of `shared` in the order of `request`; null for the ask that collected the hits
 * (category-page.ts then lays them out as the own path does): collecting and ranking every hit
 * in one ask would cost about twice the own path. Another order is ranked at its first ask:
 * laying out 20,000 hits unranked costs about what ranking them does, and a second ask of the
 * order is then a slice.
 */
export function orderOf(shared: Shared, request: SearchRequest): Listing | null {
  const order = keyOf(request);
  const known = shared.orders.get(order);
  if (known !== undefined && sameScores(known.popularity, scoresOf(request))) return known;
  if (!shared.laidOut) {
    shared.laidOut = true;
    return null;
  }
  const ranked = rankListing(shared, request);
  shared.orders.set(order, ranked);
  return ranked;
}

/** The scores a category page is ordered by: its default order is the popular (collect-hits.ts). */
const scoresOf = (request: SearchRequest): SearchRequest["popularity"] | null =>
  request.sort === "popular" || request.sort === "relevance" ? request.popularity : null;

/** The same scores: the same list (popular-queries.ts keeps one till they change), or none. */
const sameScores = (a: Listing["popularity"], b: Listing["popularity"]): boolean =>
  a === b || (a !== null && b !== null && a.length === 0 && b.length === 0);

const copy = <T extends Uint32Array | Float64Array>(a: T | undefined): T => (a as T).slice() as T;

/** Every product a page of `request` may show, whatever its order and price bounds. */
function collectListed(snap: Snapshot, request: SearchRequest, key: string): Shared {
  const every: SearchRequest = {
    ...request,
    filters: [],
    ranges: [],
    priceFrom: null,
    priceTo: null,
    facets: false,
    // For each hit's group key and price.
    groupVariants: true,
    // No sort key: each order's is made of the hits (rankListing).
    sort: "newest",
  };
  const candidates = everyDoc(snap, request.categoryId);
  const given = { candidates, bits: new Uint16Array(0) };
  const collected = collectHits(snap, every, [], given, new Set(), [], null);
  const n = collected.count;
  const available = new Uint8Array(n);
  const groupKey = collected.groupKey as Float64Array;
  let variants = false;
  for (let h = 0; h < n; h++) {
    available[h] = (collected.relevance[h] as number) & 1;
    if (groupKey[h] !== 0) variants = true;
  }
  const hits: ListedHits = {
    count: n,
    docs: copy(collected.docs),
    category: copy(collected.category),
    discounted: copy(collected.discounted),
    groupKey: copy(collected.groupKey),
    relevance: copy(collected.relevance),
    productId: copy(collected.productId),
    updatedAt: copy(collected.updatedAt),
    available,
    price: collected.price,
  };
  const segments = new Int32Array(n);
  const lists = new Int32Array(n);
  const language = languageIndex(request.language);
  const baseEnd = snap.starts[1] as number;
  for (let h = 0; h < n; h++) {
    const doc = hits.docs[h] as number;
    const k = doc < baseEnd ? 0 : segmentIndexOf(snap, doc);
    const local = doc - (snap.starts[k] as number);
    const hot = (snap.segments[k] as Segment).hot;
    segments[h] = k;
    lists[h] = (hot[local * HOT.stride + HOT.facets + language] as number) | 0;
  }
  const orders = new Map();
  const facets = new Map();
  return {
    snap,
    key,
    hits,
    segments,
    lists,
    orders,
    laidOut: false,
    stepsTaken: false,
    variants,
    groups: null,
    facets,
    byPrice: null,
  };
}

/** The sort keys, reused from listing to listing (search is synchronous). */
let sortKeys = new Float64Array(0);

/**
 * Each hit's sort key in the order of `request`, as collectHits makes it; scratch, valid until
 * the next call.
 */
export function sortKeysOf(shared: Shared, request: SearchRequest): Float64Array {
  const { snap, hits, segments } = shared;
  const n = hits.count;
  const order = keyOf(request);
  if (sortKeys.length < n) sortKeys = new Float64Array(n + (n >>> 1));
  // One loop per kind of key, each reading only what its key needs.
  const keys = sortKeys;
  const { docs, discounted, productId } = hits;
  if (order === Key.Popular) {
    const popularity = popularityByDoc(snap, request.popularity);
    for (let h = 0; h < n; h++)
      keys[h] = sortKeyOf(order, 0, 0, 0, popularity[docs[h] as number] as number);
  } else if (order === Key.Discount) {
    const warehouse = warehouseSlot(snap, request.warehouse);
    const offer: Offer = { price: 0, discounted: 0, available: false, currency: -1 };
    for (let h = 0; h < n; h++) {
      const k = segments[h] as number;
      const local = (docs[h] as number) - (snap.starts[k] as number);
      const d = discounted[h] as number;
      const price = priceBefore(snap.segments[k] as Segment, local, warehouse, d, offer);
      keys[h] = sortKeyOf(order, d, price, 0, 0);
    }
  } else
    for (let h = 0; h < n; h++)
      keys[h] = sortKeyOf(order, discounted[h] as number, 0, productId[h] as number, 0);
  return keys.subarray(0, n);
}

/** The hits of `shared` in the order of `request`. */
function rankListing(shared: Shared, request: SearchRequest): Listing {
  const { snap, hits, segments } = shared;
  const ranked = rankOrder({ ...hits, sortKey: sortKeysOf(shared, request) });
  return {
    snap,
    hits,
    segments,
    lists: shared.lists,
    ranked,
    variants: null,
    rankOf: null,
    popularity: scoresOf(request),
    shared,
  };
}
