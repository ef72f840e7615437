import type { ProductOffer } from "../../model/offers.ts";
import { CURRENCIES } from "../../model/records.ts";
import { type Bitset, hasBit } from "./bitset.ts";
import { findDoc, HOT, type Segment } from "./segment.ts";

// A product's offer (prices, availability, warehouse stock) is most of what stores send all
// day, and none of it is text: a write that changed only the offer (its content time,
// ProductRecord.content_updated_at, is the one the index holds) is written into the columns a
// search reads, in place, instead of becoming a new document: no segment, no merge, no copy to
// the search threads, whose replicas share these arrays (indexing/snapshot-replica.ts), and no
// garbage. Readers are not stopped: a search running meanwhile may see one product's columns
// half written (its price new, its availability old), never another product's or a torn number.
//
// Cached answers are kept per snapshot, and an offer written in place changes no snapshot, so
// each write is stamped with an epoch (ENGINE.md, "Writes beside reads"): the doc's `stamps`
// entry, and per domain the epoch of the last write, of the last one that changed an
// availability (which ranks, filters and counts every answer the product matches) and of the
// last one that changed a price (which a price range filters on). query/answer-stamp.ts tells
// a cached answer from them whether it still holds.

/** What an offer write reads of a snapshot (snapshot.ts, which builds with this file's helpers). */
interface OfferTarget {
  readonly segments: readonly Segment[];
  readonly dead: readonly Bitset[];
  readonly offerEpochs: Int32Array;
}

/** Slots of Snapshot.offerEpochs. */
export const OFFER_EPOCH = { last: 0, availability: 1, price: 2 } as const;

export function newOfferEpochs(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
}

/** discounted_price without a warehouse: new_price, else old_price, else 0. */
export const discountedOf = (p: ProductOffer): number => p.new_price ?? p.old_price ?? 0;

/** A price column's value: NaN when not set. */
export const priceOf = (price: number | null): number => price ?? Number.NaN;

/** The content time a record was indexed under (HOT.updatedAt). */
export const contentTimeOf = (p: ProductOffer): number => p.content_updated_at ?? p.updated_at;

/** Bit 0: available; bits 1-2: currency (index into CURRENCIES + 1, 0 = the product's). */
export function stockStateOf(w: ProductOffer["warehouses"][number]): number {
  const currency = CURRENCIES.indexOf(w.currency_code as (typeof CURRENCIES)[number]) + 1;
  return (w.available ? 1 : 0) | (currency << 1);
}

/** Where a product's live doc is, or null. */
function liveDoc(snap: OfferTarget, id: number): { segment: Segment; doc: number } | null {
  for (let k = snap.segments.length - 1; k >= 0; k--) {
    const segment = snap.segments[k] as Segment;
    const doc = findDoc(segment, id);
    if (doc >= 0 && !hasBit(snap.dead[k] as Bitset, doc)) return { segment, doc };
  }
  return null;
}

/**
 * Writes in place the offers of the products whose content `snap` already holds, and returns
 * the others (new products, a content change, or one the index has not caught up with), which
 * need a patch of their whole records. Products must have distinct ids.
 */
export function writeOffers<T extends ProductOffer>(
  snap: OfferTarget,
  products: readonly T[],
): T[] {
  const epochs = snap.offerEpochs;
  const epoch = Atomics.load(epochs, OFFER_EPOCH.last) + 1;
  const rest: T[] = [];
  let changed = false;
  let availability = false;
  let price = false;
  for (const p of products) {
    const at = liveDoc(snap, p.id);
    if (at === null) {
      rest.push(p);
      continue;
    }
    const { segment, doc } = at;
    const { hot, stock } = segment;
    const h = doc * HOT.stride;
    const first = stock.offsets[doc] as number;
    if (
      hot[h + HOT.updatedAt] !== contentTimeOf(p) ||
      (stock.offsets[doc + 1] as number) - first !== p.warehouses.length
    ) {
      rest.push(p);
      continue;
    }
    let docPrice = false;
    let docAvailability = false;
    const set = (column: Float64Array, i: number, value: number): void => {
      if (Object.is(column[i], value)) return;
      column[i] = value;
      docPrice = true;
    };
    set(hot, h + HOT.discounted, discountedOf(p));
    set(segment.newPrice, doc, priceOf(p.new_price));
    set(segment.oldPrice, doc, priceOf(p.old_price));
    const flags = hot[h + HOT.flags] as number;
    const available = p.availability ? 1 : 0;
    if ((flags & 1) !== available) {
      hot[h + HOT.flags] = flags - (flags & 1) + available;
      docAvailability = true;
    }
    p.warehouses.forEach((w, i) => {
      const state = stockStateOf(w);
      const was = stock.state[first + i] as number;
      if (was !== state) {
        stock.state[first + i] = state;
        if ((was & 1) !== (state & 1)) docAvailability = true;
        if (was >>> 1 !== state >>> 1) docPrice = true; // the currency of its prices
      }
      set(stock.newPrice, first + i, priceOf(w.new_price));
      set(stock.oldPrice, first + i, priceOf(w.old_price));
    });
    if (docPrice || docAvailability) {
      segment.stamps[doc] = epoch;
      changed = true;
      price ||= docPrice;
      availability ||= docAvailability;
    }
  }
  // The stamps and columns first, the epochs last: a reader that sees the new epoch sees them.
  if (availability) Atomics.store(epochs, OFFER_EPOCH.availability, epoch);
  if (price) Atomics.store(epochs, OFFER_EPOCH.price, epoch);
  if (changed) Atomics.store(epochs, OFFER_EPOCH.last, epoch);
  return rest;
}
