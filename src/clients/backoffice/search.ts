import type {
  CategoryTreeResponse,
  PopularResponse,
  SearchParams,
  SearchResponse,
} from "../../model/search.ts";
import { bodyFor, queryString, type Send } from "./transport.ts";

// The search API with the store's search token (docs/API.md, "Search"): the answers a store's
// own pages get, for a back office's checks (is the product searchable yet, what does a query
// find).

export const SEARCH_PATH = "/api/v2/search/";
export const POPULAR_PATH = "/api/v2/search/popular/";
export const TREE_PATH = "/api/v2/search/categories/";

/** A search's parameters as the API names them; what is left out takes its default. */
export type SearchQuery = Partial<SearchParams>;

/** The query string of `params` (and a token): lists comma-separated, ranges `ID:MIN:MAX`. */
export function searchQuery(params: SearchQuery, token?: string): string {
  const { filters, ranges, ...scalars } = params;
  return queryString({
    token,
    ...scalars,
    filters: filters && filters.length > 0 ? filters.join(",") : undefined,
    ranges:
      ranges && ranges.length > 0
        ? ranges.map((r) => `${r.attribute}:${r.min ?? ""}:${r.max ?? ""}`).join(",")
        : undefined,
  });
}

export function searchCalls(send: Send, token: () => string) {
  const get = <T>(path: string, params: SearchQuery) =>
    bodyFor<T>(send, {
      method: "GET",
      path: `${path}${searchQuery(params, token())}`,
      credential: "none",
    });
  return {
    /** GET /api/v2/search/. */
    search: (params: SearchQuery = {}) => get<SearchResponse>(SEARCH_PATH, params),
    /** GET /api/v2/search/categories/: the category tree of the store's menu. */
    categories: (params: Pick<SearchQuery, "language"> = {}) =>
      get<CategoryTreeResponse>(TREE_PATH, params),
    /** GET /api/v2/search/popular/: what a search that found nothing offers. */
    popular: (params: Pick<SearchQuery, "language"> = {}) =>
      get<PopularResponse>(POPULAR_PATH, params),
  };
}
