import type { SearchParams } from "../../model/search.ts";
import { codeKey } from "../analysis/index.ts";
import { hasBit } from "../index/bitset.ts";
import { languageIndex } from "../index/languages.ts";
import { HOT, type Segment } from "../index/segment.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { multiMapGet } from "../index/string-multimap.ts";
import { FacetCounter, type FilterSelection, failedAttributes, selectFilters } from "./facets.ts";
import type { Candidates } from "./match.ts";
import { type Offer, readOffer } from "./offer.ts";
import type { QueryWord } from "./parse-query.ts";
import { type Hits, relevance } from "./rank.ts";

// From candidates to hits: availability, price bounds and attribute filters applied, filter
// counts taken on the way, and the rank key of every hit computed once.

export interface HitSet extends Hits {
  /** Category slot of each hit. */
  readonly category: Uint32Array;
  readonly filters: FacetCounter | null;
}

/** Docs whose whole code equals the query without punctuation: an exact SKU match. */
export function exactCodeDocs(snap: Snapshot, q: string): Set<number> {
  const docs = new Set<number>();
  const key = codeKey(q);
  if (key.length < 2) return docs;
  for (const doc of multiMapGet(snap.base.codes, key)) if (!hasBit(snap.dead, doc)) docs.add(doc);
  for (const doc of multiMapGet(snap.delta.codes, key)) docs.add(snap.base.size + doc);
  return docs;
}

export function collectHits(
  snap: Snapshot,
  params: SearchParams,
  words: readonly QueryWord[],
  candidates: Candidates,
  codeDocs: Set<number>,
): HitSet {
  const collector = new HitCollector(snap, params, words, candidates.count + codeDocs.size);
  // A doc whose code is the query ranks as if it matched every word exactly, in order.
  let position = 0;
  const perfect = Uint16Array.from(words, (w) => (w.optional ? position : position++));
  const W = candidates.words;
  for (let c = 0; c < candidates.count; c++) {
    const doc = candidates.docs[c] as number;
    if (codeDocs.size > 0 && codeDocs.delete(doc)) collector.consider(doc, perfect, 0);
    else collector.consider(doc, candidates.info, c * W);
  }
  for (const doc of codeDocs) collector.consider(doc, perfect, 0);
  return collector.result();
}

class HitCollector {
  private readonly docs: Uint32Array;
  private readonly rel: Uint32Array;
  private readonly updatedAt: Float64Array;
  private readonly productId: Float64Array;
  private readonly category: Uint32Array;
  private count = 0;
  private readonly warehouse: number | null;
  private readonly selection: FilterSelection | null;
  private readonly counter: FacetCounter | null;
  private readonly language: number;
  /** -1: no category asked; -2: an unknown one. */
  private readonly onlyCategory: number;
  private readonly priceFrom: number;
  private readonly priceTo: number;
  private readonly offer: Offer = { price: 0, discounted: 0, available: false, currency: -1 };

  constructor(
    private readonly snap: Snapshot,
    private readonly params: SearchParams,
    private readonly words: readonly QueryWord[],
    capacity: number,
  ) {
    this.docs = new Uint32Array(capacity);
    this.rel = new Uint32Array(capacity);
    this.updatedAt = new Float64Array(capacity);
    this.productId = new Float64Array(capacity);
    this.category = new Uint32Array(capacity);
    this.warehouse = params.wid === null ? null : (snap.warehouses.slots.get(params.wid) ?? -1);
    this.selection = params.filters.length > 0 ? selectFilters(snap.facets, params.filters) : null;
    this.counter = params.show_filters
      ? new FacetCounter(snap.facets, this.selection ?? selectFilters(snap.facets, []))
      : null;
    this.language = languageIndex(params.language);
    this.onlyCategory =
      params.category_id === null ? -1 : (snap.categories.slots.get(params.category_id) ?? -2);
    this.priceFrom = params.price_from ?? Number.NEGATIVE_INFINITY;
    this.priceTo = params.price_to ?? Number.POSITIVE_INFINITY;
  }

  consider(doc: number, info: Uint16Array, row: number): void {
    const baseSize = this.snap.base.size;
    const segment: Segment = doc < baseSize ? this.snap.base : this.snap.delta;
    const local = doc < baseSize ? doc : doc - baseSize;
    const hot = segment.hot;
    const h = local * HOT.stride;
    const flags = hot[h + HOT.flags] as number;
    let available = (flags & 1) === 1;
    let discounted = hot[h + HOT.discounted] as number;
    if (this.warehouse !== null) {
      const offer = readOffer(segment, local, this.warehouse, this.offer);
      available = offer.available;
      discounted = offer.discounted;
    }
    if (!available && !this.params.show_unavailable) return;
    if (discounted < this.priceFrom || discounted > this.priceTo) return;
    const slot = flags >>> 1;
    const from = hot[h + HOT.facets + this.language] as number;
    const to = hot[h + HOT.facets + this.language + 1] as number;
    const items = segment.facetItems;
    const failed =
      this.selection === null
        ? 0
        : failedAttributes(this.snap.facets, this.selection, items, from, to);
    if (this.counter !== null && (this.onlyCategory === -1 || this.onlyCategory === slot)) {
      this.counter.add(items, from, to, failed);
    }
    if (failed !== 0) return;
    const n = this.count++;
    this.docs[n] = doc;
    this.rel[n] = relevance(info, row, this.words, available);
    this.updatedAt[n] = hot[h + HOT.updatedAt] as number;
    this.productId[n] = hot[h + HOT.productId] as number;
    this.category[n] = slot;
  }

  result(): HitSet {
    const n = this.count;
    return {
      count: n,
      docs: this.docs.subarray(0, n),
      relevance: this.rel.subarray(0, n),
      updatedAt: this.updatedAt.subarray(0, n),
      productId: this.productId.subarray(0, n),
      category: this.category.subarray(0, n),
      filters: this.counter,
    };
  }
}
