import {
  type ChangeEntry,
  CURRENCIES,
  type ProductRecord,
  type WarehouseStock,
} from "./records.ts";

// A product's offer: what a price or stock feed changes all day, and all that a search reads of
// such a change (search/index/offer-columns.ts). The writer thread hands the indexer the offers
// of the writes that changed nothing else packed in one Float64Array (transferred, not
// copied), so that the thread that answers searches neither decodes nor parses their records.

export interface ProductOffer
  extends Pick<
    ProductRecord,
    "id" | "updated_at" | "content_updated_at" | "new_price" | "old_price" | "availability"
  > {
  warehouses: Pick<WarehouseStock, "available" | "currency_code" | "new_price" | "old_price">[];
}

/**
 * Whether a write changed only the record's offer: its content time was kept
 * (rules/merge-product.ts), so it lies before the write's own time. A content change in the
 * millisecond of the one before reads as not offer-only, which costs a patch, never an error.
 */
export const offerOnly = (r: ProductRecord): boolean =>
  r.content_updated_at !== undefined && r.content_updated_at < r.updated_at;

// Per offer: id, updated_at, content_updated_at, new_price, old_price, availability, the
// number of warehouses, then per warehouse: available, currency (index in CURRENCIES, -1 none),
// new_price, old_price. A price that is null is NaN.
const HEAD = 7;
const PER_WAREHOUSE = 4;

const num = (price: number | null): number => price ?? Number.NaN;
const price = (value: number): number | null => (Number.isNaN(value) ? null : value);

export function packOffers(records: readonly ProductRecord[]): Float64Array {
  let length = 0;
  for (const r of records) length += HEAD + PER_WAREHOUSE * r.warehouses.length;
  const out = new Float64Array(length);
  let at = 0;
  for (const r of records) {
    out[at++] = r.id;
    out[at++] = r.updated_at;
    out[at++] = r.content_updated_at ?? r.updated_at;
    out[at++] = num(r.new_price);
    out[at++] = num(r.old_price);
    out[at++] = r.availability ? 1 : 0;
    out[at++] = r.warehouses.length;
    for (const w of r.warehouses) {
      out[at++] = w.available ? 1 : 0;
      out[at++] = CURRENCIES.indexOf(w.currency_code as (typeof CURRENCIES)[number]);
      out[at++] = num(w.new_price);
      out[at++] = num(w.old_price);
    }
  }
  return out;
}

/**
 * What a change-log entry of products wrote, by product id: the record's JSON as stored, or,
 * for a write that changed only the offer, the offer alone. The indexer patches from it
 * without reading the store (indexing/fresh-records.ts on the writing node, the Redis log's
 * entries on the others).
 */
export interface WrittenProducts {
  readonly records: Map<number, string>;
  readonly offers: Map<number, ProductOffer>;
}

/**
 * A change-log entry with what a `products` entry wrote, when the log carries it (the Redis
 * modes, until every live node has applied the entry: store/redis/log-retention.ts); absent,
 * the indexer reads the store.
 */
export interface LoggedChange extends ChangeEntry {
  written?: WrittenProducts;
}

/** Packed offers as text (base64 of the bytes), for a Redis string. */
export const offersText = (packed: Float64Array): string =>
  Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength).toString("base64");

/** The packed offers of `offersText`. */
export function offersOfText(text: string): Float64Array {
  const bytes = Buffer.from(text, "base64");
  // A copy: the decoded bytes need not lie at an offset a Float64Array can start at.
  return new Float64Array(new Uint8Array(bytes).buffer);
}

export function unpackOffers(packed: Float64Array): ProductOffer[] {
  const out: ProductOffer[] = [];
  let at = 0;
  const next = () => packed[at++] as number;
  while (at < packed.length) {
    const offer: ProductOffer = {
      id: next(),
      updated_at: next(),
      content_updated_at: next(),
      new_price: price(next()),
      old_price: price(next()),
      availability: next() === 1,
      warehouses: [],
    };
    for (let n = next(); n > 0; n--)
      offer.warehouses.push({
        available: next() === 1,
        currency_code: CURRENCIES[next()] ?? null,
        new_price: price(next()),
        old_price: price(next()),
      });
    out.push(offer);
  }
  return out;
}
