import type { Sort } from "../../model/search.ts";

// InstantSearch sorts by switching indices (sortBy's items are index names); Vitrina has one
// index per store and a `sort` parameter. An index name ending in `_<sort>` asks that sort,
// whatever comes before it: `products`, `products_price_asc`, `shop_newest`.

/** model/search.ts's SORTS but relevance, copied: a value of model/ would bundle TypeBox. */
export const INDEX_SORTS: readonly Exclude<Sort, "relevance">[] = [
  "price_asc",
  "price_desc",
  "newest",
  "discount",
  "popular",
];

/** The `sort` an index name asks; relevance when it names none. */
export function sortOfIndex(indexName: string): Sort {
  return INDEX_SORTS.find((sort) => indexName.endsWith(`_${sort}`)) ?? "relevance";
}
