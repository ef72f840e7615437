import type { SearchParams, SearchResponse } from "../model/search.ts";
import type { Snapshot } from "./index/snapshot.ts";
import { emptyData, runSearch } from "./query/run-search.ts";

// The search engine's facade: pure and synchronous, no I/O. The indexer builds and patches
// snapshots and swaps the current one; the HTTP layer calls `search` on whichever snapshot it
// holds. A snapshot is immutable: a patch returns a new one and the old stays valid.

export type { Snapshot } from "./index/snapshot.ts";
export { buildSnapshot, patchSnapshot, snapshotStats } from "./index/snapshot.ts";

/**
 * Everything of PRODUCT.md "Search" and specification 4.3. `popular` is the domain's popular
 * past queries, best first, used for suggestions.
 */
export function search(
  snap: Snapshot,
  params: SearchParams,
  popular: readonly string[] = [],
): SearchResponse {
  return runSearch(snap, params, popular);
}

/**
 * The empty data set (PRODUCT.md): total 0, empty arrays, pagination of page 1 with its page
 * size, 0 items, 0 pages, no next or previous. `query` echoes params.q.
 */
export function emptyResponse(
  params: Pick<
    SearchParams,
    "q" | "page" | "group_by_category" | "category_id" | "product_page_size" | "category_page_size"
  >,
): SearchResponse {
  return emptyData(params, false);
}
