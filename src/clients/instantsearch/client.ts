import type { CategoryTreeResponse, SearchResponse } from "../../model/search.ts";
import type { AlgoliaParams, AlgoliaRequest, FacetSearchResult } from "./algolia-types.ts";
import { CategoryPaths } from "./category-paths.ts";
import { FacetIds } from "./facet-ids.ts";
import { type MappingContext, searchParams, usesCategories } from "./request.ts";
import { algoliaResult } from "./result.ts";

// The search client InstantSearch takes (`instantsearch({ searchClient })`), over Vitrina's
// GET /api/v2/search/. Each query of InstantSearch's request is one search (the same search
// asked twice in one request is sent once); the results come back in the request's order.

export interface ClientOptions {
  /** The Vitrina server, e.g. `https://search.example.com`. */
  host: string;
  /** The store's search token (public: it is in every shopper's browser). */
  token: string;
  /** `uk` (the default), `ru` or `en`: the answers' names and facet names. */
  language?: string;
  /** More parameters for every search: `{ group_variants: "true", wid: "kyiv-1" }`. */
  params?: Record<string, string>;
}

export function vitrinaSearchClient(options: ClientOptions) {
  const host = options.host.replace(/\/$/, "");
  const ids = new FacetIds();
  let tree: Promise<CategoryPaths> | null = null;
  const context = (paths: CategoryPaths | null): MappingContext => ({
    token: options.token,
    language: options.language ?? "uk",
    ids,
    paths,
  });
  const get = async <T>(path: string, params: URLSearchParams): Promise<T> => {
    for (const [k, v] of Object.entries(options.params ?? {})) params.set(k, v);
    const response = await fetch(`${host}${path}?${params}`);
    const body = (await response.json()) as { detail?: string };
    if (!response.ok)
      throw new Error(`Vitrina answered ${response.status}: ${body.detail ?? "no detail"}`);
    return body as T;
  };
  const categories = (): Promise<CategoryPaths> => {
    tree ??= get<CategoryTreeResponse>(
      "/api/v2/search/categories/",
      new URLSearchParams({ token: options.token, language: options.language ?? "uk" }),
    ).then(
      (answer) => new CategoryPaths(answer.categories),
      (error) => {
        tree = null;
        throw error;
      },
    );
    return tree;
  };
  const searchOnce = (cache: Map<string, Promise<SearchResponse>>, params: URLSearchParams) => {
    const key = params.toString();
    let answer = cache.get(key);
    if (answer === undefined) {
      answer = get<SearchResponse>("/api/v2/search/", params).then((a) => {
        ids.learn(a);
        return a;
      });
      cache.set(key, answer);
    }
    return answer;
  };
  const answers = async (requests: readonly AlgoliaRequest[]) => {
    const paths = requests.some(usesCategories) ? await categories() : null;
    const cache = new Map<string, Promise<SearchResponse>>();
    let mapped = requests.map((r) => searchParams(r, context(paths)));
    if (mapped.some((m) => m.unknown)) {
      // A refinement by a name no answer has listed yet (from the page's URL): its id is
      // learned from the same search without refinements, once; a name still unknown then
      // matches nothing Vitrina has and is left out.
      await Promise.all(
        requests
          .filter((_, i) => mapped[i]?.unknown)
          .map((r) => {
            const p = r.params ?? {};
            const bare: AlgoliaParams = {
              query: p.query,
              facets: ["*"],
              hitsPerPage: 1,
              // A look-up, not a shopper's search.
              analytics: false,
            };
            return searchOnce(cache, searchParams({ ...r, params: bare }, context(paths)).params);
          }),
      );
      mapped = requests.map((r) => searchParams(r, context(paths)));
    }
    return { paths, answers: await Promise.all(mapped.map((m) => searchOnce(cache, m.params))) };
  };
  return {
    async search(requests: readonly AlgoliaRequest[]): Promise<{ results: unknown[] }> {
      const asked = requests.map((r) => (r.type === "facet" ? valuesOf(r, r.facet ?? "") : r));
      const { paths, answers: found } = await answers(asked);
      return {
        results: asked.map((r, i) =>
          r.type === "facet"
            ? facetHits(found[i] as SearchResponse, r.params ?? {})
            : algoliaResult(found[i] as SearchResponse, r, paths),
        ),
      };
    },
    /** refinementList's `searchable`: the values of the facet that contain the typed text. */
    async searchForFacetValues(requests: readonly AlgoliaRequest[]): Promise<FacetSearchResult[]> {
      const asked = requests.map((r) => valuesOf(r, r.params?.facetName ?? ""));
      const { answers: found } = await answers(asked);
      return asked.map((r, i) => facetHits(found[i] as SearchResponse, r.params ?? {}));
    },
    /** InstantSearch's `refresh()` calls it; answers are cached by the browser, for 5 s. */
    clearCache(): Promise<void> {
      tree = null;
      return Promise.resolve();
    },
  };
}

/** A search for the values of `facet`: the search of the query, with that facet's values. */
const valuesOf = (r: AlgoliaRequest, facet: string): AlgoliaRequest => ({
  ...r,
  params: { ...r.params, facetName: facet, facets: [facet] },
});

function facetHits(answer: SearchResponse, p: AlgoliaParams): FacetSearchResult {
  const facet = p.facetName ?? "";
  const typed = (p.facetQuery ?? "").toLowerCase();
  const pre = p.highlightPreTag ?? "<em>";
  const post = p.highlightPostTag ?? "</em>";
  const values = answer.filters.find((f) => f.name === facet)?.values ?? [];
  const facetHits = values
    .filter((v) => v.name.toLowerCase().includes(typed))
    .slice(0, p.maxFacetHits ?? 10)
    .map((v) => {
      const at = v.name.toLowerCase().indexOf(typed);
      const end = at + typed.length;
      const highlighted =
        typed === ""
          ? v.name
          : `${v.name.slice(0, at)}${pre}${v.name.slice(at, end)}${post}${v.name.slice(end)}`;
      return { value: v.name, highlighted, count: v.total };
    });
  return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: 0 };
}
