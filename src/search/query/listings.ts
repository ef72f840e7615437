import type { SearchRequest } from "../engine-types.ts";
import { languageIndex } from "../index/languages.ts";
import { HOT, type Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { offerEpoch } from "./answer-stamp.ts";
import { collectHits, type HitSet } from "./collect-hits.ts";
import { everyDoc } from "./every-doc.ts";
import { groupMembers, groupOrdinals } from "./group-ordinals.ts";
import { rankOrder } from "./rank-order.ts";

// The listings of category pages (issue 32, point 7): every product of a category (or of the
// store) that a page can show, in the page's order, made once per snapshot and offer epoch and
// kept for the pages that follow: another page, another price bound, one card per product. A
// category page of 20,000 products otherwise filters, counts, collapses and ranks all of them
// for each page it shows, 10x part 7's target. A listing holds what does not depend on the page
// (category_id, language, show_unavailable, wid, sort); category-page.ts makes pages of it.

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
  /** The popular order's scores it was ranked by (query/popularity.ts); null: another order. */
  readonly popularity: SearchRequest["popularity"] | null;
}

/** Per hit, in doc order, as collectHits gives them (collect-hits.ts). */
export interface ListedHits {
  readonly count: number;
  readonly docs: Uint32Array;
  readonly category: Uint32Array;
  readonly discounted: Float64Array;
  readonly groupKey: Float64Array;
  /** 1: available (in the warehouse asked, if any). */
  readonly available: Uint8Array;
  /** The discounted prices' bounds: a page's stats, whatever its price bounds. */
  readonly price: HitSet["price"];
}

/** What one card per product reads of a listing. */
export interface Variants {
  /** Per hit: its variant group's ordinal (-1: none, group-ordinals.ts); and how many. */
  readonly groupOf: Int32Array;
  readonly groups: number;
  /** Each group's hits, in doc order (groupMembers). */
  readonly members: { readonly offsets: Int32Array; readonly items: Int32Array };
  /** Each hit's place in the rank order. */
  readonly rankOf: Int32Array;
}

/** The listing's variant groups, made at the first ask. */
export function variantGroupsOf(listing: Listing): Variants {
  if (listing.variants !== null) return listing.variants;
  const { hits, ranked } = listing;
  const n = hits.count;
  const rankOf = new Int32Array(n);
  for (let r = 0; r < n; r++) rankOf[ranked[r] as number] = r;
  const { ordinal, count } = groupOrdinals(hits.groupKey, n);
  listing.variants = {
    groupOf: ordinal,
    groups: count,
    members: groupMembers(ordinal, n, count),
    rankOf,
  };
  return listing.variants;
}

/** A domain's listings, all of one snapshot and offer epoch. */
interface Listings {
  readonly snap: Snapshot;
  readonly epoch: number;
  readonly byKey: Map<string, Listing>;
  /** Keys asked once, whose listing is made at the next ask. */
  readonly askedOnce: Set<string>;
  /** Hits held in them together. */
  held: number;
}

/**
 * At most this many listings a domain (and hits held: this times its docs), the oldest asked
 * dropped first: a public token may ask pages of every category in every sort, and each costs
 * about 60 bytes a product.
 */
const MAX_LISTINGS = 24;
const MAX_HELD_PER_DOC = 6;
/** Keys asked once kept a domain: enough for every category page of a store's menu. */
const MAX_ASKED_ONCE = 1000;

/** By the domain's offer epochs (carried from snapshot to snapshot: snapshot.ts). */
const byDomain = new WeakMap<Int32Array, Listings>();

/**
 * The listing that the page `request` (a category page without filters) is a page of; null at
 * the first ask of its listing on this snapshot and offer epoch. Made at the second: making it
 * costs a few times one page's own path (ordering every product), which a listing asked once,
 * or a domain whose prices change between every two pages, would pay at each page.
 */
export function listingOf(snap: Snapshot, request: SearchRequest): Listing | null {
  const epoch = offerEpoch(snap);
  let listings = byDomain.get(snap.offerEpochs);
  if (listings === undefined || listings.snap !== snap || listings.epoch !== epoch) {
    listings = { snap, epoch, byKey: new Map(), askedOnce: new Set(), held: 0 };
    byDomain.set(snap.offerEpochs, listings);
  }
  const key = [
    request.categoryId ?? "",
    request.language,
    request.showUnavailable,
    request.warehouse ?? "",
    request.sort,
  ].join("\u0000");
  const known = listings.byKey.get(key);
  if (known !== undefined && sameScores(known.popularity, scoresOf(request))) {
    // Asked again: the newest of the domain's, the last to be dropped.
    listings.byKey.delete(key);
    listings.byKey.set(key, known);
    return known;
  }
  if (known !== undefined) {
    listings.byKey.delete(key);
    listings.held -= known.hits.count;
  } else if (!listings.askedOnce.has(key)) {
    if (listings.askedOnce.size >= MAX_ASKED_ONCE) listings.askedOnce.clear();
    listings.askedOnce.add(key);
    return null;
  }
  listings.askedOnce.delete(key);
  const made = buildListing(snap, request);
  listings.byKey.set(key, made);
  listings.held += made.hits.count;
  const cap = MAX_HELD_PER_DOC * Math.max(1, snap.starts[snap.segments.length] as number);
  for (const [oldest, listing] of listings.byKey) {
    if (listings.byKey.size <= MAX_LISTINGS && listings.held <= cap) break;
    if (listing === made) break;
    listings.byKey.delete(oldest);
    listings.held -= listing.hits.count;
  }
  return made;
}

/** The scores a category page is ordered by: its default order is the popular (collect-hits.ts). */
const scoresOf = (request: SearchRequest): SearchRequest["popularity"] | null =>
  request.sort === "popular" || request.sort === "relevance" ? request.popularity : null;

/** The same scores: the same list (popular-queries.ts keeps one till they change), or none. */
const sameScores = (a: Listing["popularity"], b: Listing["popularity"]): boolean =>
  a === b || (a !== null && b !== null && a.length === 0 && b.length === 0);

const copy = <T extends Uint32Array | Float64Array>(a: T | undefined): T => (a as T).slice() as T;

function buildListing(snap: Snapshot, request: SearchRequest): Listing {
  const every: SearchRequest = {
    ...request,
    filters: [],
    ranges: [],
    priceFrom: null,
    priceTo: null,
    facets: false,
    // For each hit's group key and price.
    groupVariants: true,
  };
  const candidates = everyDoc(snap, request.categoryId);
  const given = { candidates, bits: new Uint16Array(0) };
  const collected = collectHits(snap, every, [], given, new Set(), [], null);
  // Ranked while collectHits' arrays (its scratch) are its; a category page always has a sort
  // key (its default order is the popular).
  const ranked = rankOrder({ ...collected, sortKey: collected.sortKey as Float64Array });
  const n = collected.count;
  const available = new Uint8Array(n);
  for (let h = 0; h < n; h++) available[h] = (collected.relevance[h] as number) & 1;
  const hits: ListedHits = {
    count: n,
    docs: copy(collected.docs),
    category: copy(collected.category),
    discounted: copy(collected.discounted),
    groupKey: copy(collected.groupKey),
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
  return {
    snap,
    hits,
    segments,
    lists,
    ranked,
    variants: null,
    popularity: scoresOf(request),
  };
}
