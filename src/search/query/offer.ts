import { CURRENCIES } from "../../model/records.ts";
import { availableOf, type Segment } from "../index/segment.ts";
import type { Snapshot } from "../index/snapshot.ts";

// Price and availability of a product as the answer shows them, optionally at one warehouse
// (the widget's `wid`). PRODUCT.md: price = old_price when there is one, else new_price;
// discounted_price = new_price. Decisions:
// - a product without any price shows 0 for both (and so a price_from above 0 excludes it);
// - with a warehouse: the entry's price pair replaces the product's when the entry sets either
//   price, in the entry's currency (the product's when the entry has none; the product's own
//   prices keep the product's currency); its `available` is the availability there, and a
//   product with warehouse entries but none for that warehouse is unavailable there;
// - PRODUCT.md: a product without any warehouse entry keeps its own price and availability, and
//   a `wid` that is no warehouse of the domain is ignored as if absent (warehouseSlot).

export interface Offer {
  price: number;
  discounted: number;
  available: boolean;
  /** Index into CURRENCIES, or -1 for the product's own currency. */
  currency: number;
}

/** The slot of the `wid` warehouse; null when none is asked or the domain has no such one. */
export const warehouseSlot = (snap: Snapshot, wid: string | null): number | null =>
  wid === null ? null : (snap.warehouses.slots.get(wid) ?? null);

/**
 * Fills `out` (reused to spare an allocation per candidate). `warehouse`: null when none is
 * asked (warehouseSlot).
 */
export function readOffer(
  segment: Segment,
  doc: number,
  warehouse: number | null,
  out: Offer,
): Offer {
  let newPrice = segment.newPrice[doc] as number;
  let oldPrice = segment.oldPrice[doc] as number;
  out.currency = -1;
  const stock = segment.stock;
  const from = stock.offsets[doc] as number;
  const to = stock.offsets[doc + 1] as number;
  if (warehouse === null || from === to) {
    out.available = availableOf(segment, doc);
  } else {
    out.available = false;
    for (let i = from; i < to; i++) {
      if (stock.warehouse[i] !== warehouse) continue;
      const state = stock.state[i] as number;
      out.available = (state & 1) === 1;
      const n = stock.newPrice[i] as number;
      const o = stock.oldPrice[i] as number;
      if (!Number.isNaN(n) || !Number.isNaN(o)) {
        newPrice = n;
        oldPrice = o;
        out.currency = (state >>> 1) - 1;
      }
      break;
    }
  }
  const price = Number.isNaN(oldPrice) ? (Number.isNaN(newPrice) ? 0 : newPrice) : oldPrice;
  out.price = price;
  out.discounted = Number.isNaN(newPrice) ? price : newPrice;
  return out;
}

/**
 * The price before a discount of doc `doc` of `segment` whose discounted price is `discounted`:
 * the warehouse's (readOffer, filling `out`), else the old price, else the discounted one. What
 * the discount's order divides by (collect-hits.ts: sortKeyOf).
 */
export function priceBefore(
  segment: Segment,
  doc: number,
  warehouse: number | null,
  discounted: number,
  out: Offer,
): number {
  if (warehouse !== null) return readOffer(segment, doc, warehouse, out).price;
  const old = segment.oldPrice[doc] as number;
  return Number.isNaN(old) ? discounted : old;
}

export function currencyCode(offer: Offer, productCurrency: string): string {
  return offer.currency >= 0 ? (CURRENCIES[offer.currency] as string) : productCurrency;
}
