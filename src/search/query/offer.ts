import { CURRENCIES } from "../../model/records.ts";
import { availableOf, type Segment } from "../index/segment.ts";

// Price and availability of a product as the answer shows them, optionally at one warehouse
// (the widget's `wid`). PRODUCT.md: price = old_price when there is one, else new_price;
// discounted_price = new_price. Decisions:
// - a product without any price shows 0 for both (and so a price_from above 0 excludes it);
// - with a warehouse: the entry's price pair replaces the product's when the entry sets either
//   price, its currency the product's when set; its `available` is the availability there, and
//   a product without an entry for that warehouse is unavailable there.

export interface Offer {
  price: number;
  discounted: number;
  available: boolean;
  /** Index into CURRENCIES, or -1 for the product's own currency. */
  currency: number;
}

/**
 * Fills `out` (reused to spare an allocation per candidate). `warehouse`: null when none is
 * asked, -1 for one that no product has.
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
  if (warehouse === null) {
    out.available = availableOf(segment, doc);
  } else {
    out.available = false;
    const stock = segment.stock;
    for (let i = stock.offsets[doc] as number; i < (stock.offsets[doc + 1] as number); i++) {
      if (stock.warehouse[i] !== warehouse) continue;
      const state = stock.state[i] as number;
      out.available = (state & 1) === 1;
      const n = stock.newPrice[i] as number;
      const o = stock.oldPrice[i] as number;
      if (!Number.isNaN(n) || !Number.isNaN(o)) {
        newPrice = n;
        oldPrice = o;
      }
      out.currency = (state >>> 1) - 1;
      break;
    }
  }
  const price = Number.isNaN(oldPrice) ? (Number.isNaN(newPrice) ? 0 : newPrice) : oldPrice;
  out.price = price;
  out.discounted = Number.isNaN(newPrice) ? price : newPrice;
  return out;
}

export function currencyCode(offer: Offer, productCurrency: string): string {
  return offer.currency >= 0 ? (CURRENCIES[offer.currency] as string) : productCurrency;
}
