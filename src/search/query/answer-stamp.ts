import type { SearchRequest, SearchResult } from "../engine-types.ts";
import { OFFER_EPOCH } from "../index/offer-columns.ts";
import type { Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { rulesChangedBetween } from "../merchandising.ts";

// Whether a cached answer still holds after offers were written in place (index/offer-columns.ts).
// An answer depends on a product's offer where it shows the product (its price, availability),
// where it filters on a price range (any price), and wherever availability ranks, hides or
// counts a product it matches (any availability). So it no longer holds once one of the
// products it shows changed, or a price changed and it has a price range; and at most
// AVAILABILITY_GRACE_MS after another product's availability changed. That grace is what keeps
// a stock stream (availability flips all day) from emptying the domain's cached answers at each
// write: telling which answers match the product would cost a search, and what the shopper sees
// of a product shown is never stale. A price change is the same for the price bounds of
// `stats` (issue 32, point 4), which every answer carries: they catch up within the grace. An
// answer that a price orders (a price or discount sort) or filters (a price range) is stale at
// once, as one that shows the repriced product is.

/**
 * How long an answer may still be served after the availability or price of a product it does
 * not show changed: that product's place in the ranking, the counts, `total` and the price
 * bounds of `stats` catch up within it.
 */
export const AVAILABILITY_GRACE_MS = 100;

/** What a cached answer keeps to check itself (answerHolds). */
export interface AnswerStamp {
  /** The domain's offer epoch read before the answer was made, then at each check passed. */
  epoch: number;
  /** The epoch read before it was made: availability changes after it count (the grace). */
  readonly made: number;
  /** When it was made (performance.now()). */
  readonly at: number;
  /** When it was made (Date.now()): a merchandising rule's date may have passed since. */
  readonly wall: number;
  /** Global docs of the products the answer shows. */
  readonly shown: Uint32Array;
  readonly priced: boolean;
}

/** The orders a price change may change. */
const PRICED_SORTS = new Set<SearchRequest["sort"]>(["price_asc", "price_desc", "discount"]);

/** The epoch to read before a search whose answer may be kept. */
export const offerEpoch = (snap: Snapshot): number =>
  Atomics.load(snap.offerEpochs, OFFER_EPOCH.last);

/**
 * The stamp of the answer made of `result` (null: a query without words, which shows nothing)
 * on a snapshot whose offer epoch was `epoch` before the search.
 */
export function stampAnswer(
  epoch: number,
  request: Pick<SearchRequest, "priceFrom" | "priceTo" | "sort">,
  result: SearchResult | null,
): AnswerStamp {
  const shown: number[] = [];
  for (const group of result?.groups ?? []) for (const hit of group.hits) shown.push(hit.doc);
  return {
    epoch,
    made: epoch,
    at: performance.now(),
    wall: Date.now(),
    shown: Uint32Array.from(shown),
    priced:
      request.priceFrom !== null || request.priceTo !== null || PRICED_SORTS.has(request.sort),
  };
}

/** Whether the answer stamped `stamp` on `snap` is still what a search would answer. */
export function answerHolds(snap: Snapshot, stamp: AnswerStamp): boolean {
  const rules = snap.merchandising;
  if (rules !== undefined && rulesChangedBetween(rules, stamp.wall, Date.now())) return false;
  const epochs = snap.offerEpochs;
  const now = Atomics.load(epochs, OFFER_EPOCH.last);
  if (now === stamp.made) return true;
  if (
    (Atomics.load(epochs, OFFER_EPOCH.availability) > stamp.made ||
      Atomics.load(epochs, OFFER_EPOCH.price) > stamp.made) &&
    performance.now() - stamp.at > AVAILABILITY_GRACE_MS
  )
    return false;
  // The rest is checked up to `epoch` already.
  if (now === stamp.epoch) return true;
  if (stamp.priced && Atomics.load(epochs, OFFER_EPOCH.price) > stamp.epoch) return false;
  for (const doc of stamp.shown) {
    const k = segmentIndexOf(snap, doc);
    const segment = snap.segments[k] as Segment;
    if ((segment.stamps[doc - (snap.starts[k] as number)] as number) > stamp.epoch) return false;
  }
  // Nothing it depends on changed up to `now`: later checks start from there.
  stamp.epoch = now;
  return true;
}
