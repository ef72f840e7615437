import { LANGUAGES } from "../../model/records.ts";
import { gatherDocStores } from "./doc-store.ts";
import { FacetListsBuilder, listValues } from "./facet-lists.ts";
import { F64Vec, U8Vec, U32Vec } from "./growable.ts";
import { groupByCategory, HOT, type Segment } from "./segment.ts";
import { mergeMultiMaps } from "./string-multimap.ts";
import { mergeTermIndexes } from "./term-merge.ts";

// Merging segments without re-analysing text (Lucene's segment merge): the kept docs of each
// part are renumbered in order, dictionaries are merged, columns gathered.

export interface SegmentPart {
  readonly segment: Segment;
  /** Local docs to keep, ascending. */
  readonly keep: Uint32Array;
}

export function mergeSegments(parts: readonly SegmentPart[], categorySlots: number): Segment {
  let size = 0;
  const docMaps = parts.map(({ segment, keep }) => {
    const map = new Int32Array(segment.size).fill(-1);
    for (const doc of keep) map[doc] = size++;
    return map;
  });

  const hot = new Float64Array(size * HOT.stride);
  const newPrice = new Float64Array(size);
  const oldPrice = new Float64Array(size);
  const languageMap = new Uint8Array(size);
  const stockOffsets = new Uint32Array(size + 1);
  const stockWarehouse = new U32Vec();
  const stockState = new U8Vec();
  const stockNew = new F64Vec();
  const stockOld = new F64Vec();
  const facetLists = new FacetListsBuilder();
  // Per part, its lists' ids in the merged segment (-1: not met yet).
  const listMaps = parts.map(({ segment }) =>
    new Int32Array(segment.facetLists.offsets.length - 1).fill(-1),
  );

  let doc = 0;
  for (const [k, { segment: s, keep }] of parts.entries()) {
    const listMap = listMaps[k] as Int32Array;
    for (const from of keep) {
      const h = doc * HOT.stride;
      const g = from * HOT.stride;
      for (let i = 0; i < HOT.facets; i++) hot[h + i] = s.hot[g + i] as number;
      hot[h + HOT.group] = s.hot[g + HOT.group] as number;
      newPrice[doc] = s.newPrice[from] as number;
      oldPrice[doc] = s.oldPrice[from] as number;
      languageMap[doc] = s.languageMap[from] as number;
      for (
        let i = s.stock.offsets[from] as number;
        i < (s.stock.offsets[from + 1] as number);
        i++
      ) {
        stockWarehouse.push(s.stock.warehouse[i] as number);
        stockState.push(s.stock.state[i] as number);
        stockNew.push(s.stock.newPrice[i] as number);
        stockOld.push(s.stock.oldPrice[i] as number);
      }
      stockOffsets[doc + 1] = stockWarehouse.length;
      // The doc's filter value lists, renumbered in the merged segment.
      for (let l = HOT.facets; l < HOT.facets + LANGUAGES.length; l++) {
        const list = (s.hot[g + l] as number) | 0;
        let merged = listMap[list] as number;
        if (merged < 0) {
          merged = facetLists.intern(listValues(s.facetLists, list));
          listMap[list] = merged;
        }
        hot[h + l] = merged;
      }
      doc++;
    }
  }

  const { index, termMaps } = mergeTermIndexes(
    parts.map(({ segment }, k) => ({ index: segment.text, docMap: docMaps[k] as Int32Array })),
  );
  const stems = mergeMultiMaps(
    parts.map(({ segment }, k) => ({ map: segment.stems, valueMap: termMaps[k] as Int32Array })),
  );

  const codes = mergeMultiMaps(
    parts.map(({ segment }, k) => ({ map: segment.codes, valueMap: docMaps[k] as Int32Array })),
  );
  return {
    size,
    hot,
    idOrder: mergeIdOrders(parts, docMaps, hot),
    newPrice,
    oldPrice,
    stock: {
      offsets: stockOffsets,
      warehouse: stockWarehouse.toArray(),
      state: stockState.toArray(),
      newPrice: stockNew.toArray(),
      oldPrice: stockOld.toArray(),
    },
    text: index,
    stems,
    codes,
    categoryDocs: groupByCategory(hot, size, categorySlots),
    facetLists: facetLists.build(),
    display: gatherDocStores(parts.map(({ segment, keep }) => ({ store: segment.display, keep }))),
    languageMap,
    // A merged segment is part of a new snapshot, whose cached answers start afresh.
    stamps: new Uint32Array(size),
    cache: new Map(),
  };
}

/** The merged docs ordered by product id: a k-way merge of the parts' own orders. */
function mergeIdOrders(
  parts: readonly SegmentPart[],
  docMaps: readonly Int32Array[],
  hot: Float64Array,
): Uint32Array {
  const lists = parts.map(({ segment }, k) => {
    const map = docMaps[k] as Int32Array;
    const out: number[] = [];
    for (const doc of segment.idOrder) {
      const to = map[doc] as number;
      if (to >= 0) out.push(to);
    }
    return out;
  });
  const id = (doc: number) => hot[doc * HOT.stride + HOT.productId] as number;
  let total = 0;
  for (const l of lists) total += l.length;
  const order = new Uint32Array(total);
  const cursors = new Int32Array(lists.length);
  for (let n = 0; n < total; n++) {
    let best = -1;
    let bestId = 0;
    for (let k = 0; k < lists.length; k++) {
      const doc = (lists[k] as number[])[cursors[k] as number];
      if (doc === undefined) continue;
      const v = id(doc);
      if (best < 0 || v < bestId) {
        best = k;
        bestId = v;
      }
    }
    const c = cursors[best] as number;
    order[n] = (lists[best] as number[])[c] as number;
    cursors[best] = c + 1;
  }
  return order;
}
