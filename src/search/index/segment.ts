import type { DocStore } from "./doc-store.ts";
import type { FacetLists } from "./facet-lists.ts";
import { hash53 } from "./hash-ids.ts";
import type { StringMultiMap } from "./string-multimap.ts";
import type { TermIndex } from "./term-index.ts";

// A segment: an immutable index over a run of docs (local ids 0..size-1), as in Lucene. A
// snapshot is a large base segment plus a small delta segment that absorbs patches.
//
// What a query reads for every candidate lives in one "hot" record per doc, 8 numbers = one
// 64-byte cache line (HOT below), instead of one typed array per column: a query touches
// thousands of candidates at random doc ids, and on this hardware each cache miss past L2 costs
// ~150 ns, so a candidate costs one miss instead of eight.

/** Offsets in a doc's hot record (hot[doc * HOT.stride + offset]). */
export const HOT = {
  stride: 8,
  /** discounted_price without a warehouse: new_price, else old_price, else 0. */
  discounted: 0,
  /** The product's content time (ProductRecord.content_updated_at): ties rank by it. */
  updatedAt: 1,
  productId: 2,
  /** categorySlot * 2 + (available ? 1 : 0). */
  flags: 3,
  /** The doc's filter values per language (uk, ru, en): a list of facetLists. */
  facets: 4,
  /** groupKeyOf(product): its variant group and whether it is the group's main variant. */
  group: 7,
} as const;

/** CSR: the items of key k are items[offsets[k] .. offsets[k + 1]). */
export interface Csr {
  readonly offsets: Uint32Array;
  readonly items: Uint32Array;
}

/** Warehouse entries of each doc, CSR by doc. */
export interface StockColumns {
  readonly offsets: Uint32Array;
  readonly warehouse: Uint32Array;
  /** Bit 0: available; bits 1-2: currency (index into CURRENCIES + 1, 0 = the product's). */
  readonly state: Uint8Array;
  /** NaN when not set. */
  readonly newPrice: Float64Array;
  readonly oldPrice: Float64Array;
}

export interface Segment {
  readonly size: number;
  /** size * HOT.stride numbers, see HOT. */
  readonly hot: Float64Array;
  /** Local docs ordered by product id, for lookups by id. */
  readonly idOrder: Uint32Array;
  /** NaN when the product has no such price. */
  readonly newPrice: Float64Array;
  readonly oldPrice: Float64Array;
  readonly stock: StockColumns;
  /** Filter value slots in shared lists; a doc's list per language is in its hot record. */
  readonly facetLists: FacetLists;
  readonly text: TermIndex;
  readonly stems: StringMultiMap;
  /** codeKey(code) -> docs: the exact SKU match, punctuation removed. */
  readonly codes: StringMultiMap;
  /** Category slot -> docs; slots created after this segment have none. */
  readonly categoryDocs: Csr;
  /**
   * Display record: source_id, code, vendor, picture, currency, then per translation name, url
   * and labels (see display.ts).
   */
  readonly display: DocStore;
  /** Per doc: translation shown for uk (bits 0-1), ru (2-3), en (4-5). */
  readonly languageMap: Uint8Array;
  /**
   * Per doc: the offer epoch at which its offer was last written in place, 0 if never
   * (offer-columns.ts); a cached answer that shows the doc is stale past it.
   */
  readonly stamps: Uint32Array;
  /** Memo of query expansions over this segment's dictionary; not part of the data. */
  readonly cache: Map<string, unknown>;
}

export function productIdOf(segment: Segment, doc: number): number {
  return segment.hot[doc * HOT.stride + HOT.productId] as number;
}

export function categorySlotOf(segment: Segment, doc: number): number {
  return ((segment.hot[doc * HOT.stride + HOT.flags] as number) | 0) >>> 1;
}

export function availableOf(segment: Segment, doc: number): boolean {
  return (((segment.hot[doc * HOT.stride + HOT.flags] as number) | 0) & 1) === 1;
}

/** Local doc of a product id, or -1. */
export function findDoc(segment: Segment, productId: number): number {
  const order = segment.idOrder;
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (productIdOf(segment, order[mid] as number) < productId) lo = mid + 1;
    else hi = mid;
  }
  const doc = order[lo];
  return doc !== undefined && productIdOf(segment, doc) === productId ? doc : -1;
}

/**
 * A product's group for one card per product (group_variants): its group_id hashed to 52 bits,
 * times 2, plus 1 for the main variant (is_main); 0 for a product without a group (its own).
 * Exact in a float64, and the same on every node and after a restart.
 */
export function groupKeyOf(groupId: string | null, isMain: boolean | null): number {
  if (groupId === null) return 0;
  return Math.floor(hash53(`g\u0000${groupId}`) / 2) * 2 + (isMain ? 1 : 0) || 2;
}

export function sortDocsById(hot: Float64Array, size: number): Uint32Array {
  const ids = new Float64Array(size);
  let sorted = true;
  for (let d = 0; d < size; d++) {
    ids[d] = hot[d * HOT.stride + HOT.productId] as number;
    if (d > 0 && (ids[d] as number) < (ids[d - 1] as number)) sorted = false;
  }
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  // Feeds usually come in id order: then there is nothing to sort.
  return sorted ? order : order.sort((a, b) => (ids[a] as number) - (ids[b] as number));
}

/** Category slot -> docs, by counting sort of the docs' slots. */
export function groupByCategory(hot: Float64Array, size: number, slots: number): Csr {
  const slotOf = new Uint32Array(size);
  for (let d = 0; d < size; d++) {
    slotOf[d] = ((hot[d * HOT.stride + HOT.flags] as number) | 0) >>> 1;
  }
  const offsets = new Uint32Array(slots + 1);
  for (const s of slotOf) offsets[s + 1] = (offsets[s + 1] as number) + 1;
  for (let s = 0; s < slots; s++) {
    offsets[s + 1] = (offsets[s + 1] as number) + (offsets[s] as number);
  }
  const cursor = offsets.slice(0, slots);
  const items = new Uint32Array(size);
  for (let d = 0; d < size; d++) {
    const s = slotOf[d] as number;
    const at = cursor[s] as number;
    cursor[s] = at + 1;
    items[at] = d;
  }
  return { offsets, items };
}
