// The shapes of InstantSearch's search client contract (what algoliasearch-helper sends and
// reads), as far as Vitrina answers them; declared here so that the client needs no package.

export type FacetFilter = string | readonly string[];

/** The parameters of one query of InstantSearch's multi-index request. */
export interface AlgoliaParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | readonly string[];
  facetFilters?: string | readonly FacetFilter[];
  numericFilters?: string | readonly FacetFilter[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  analytics?: boolean;
  clickAnalytics?: boolean;
  userToken?: string;
  /** Search for facet values (refinementList's `searchable`). */
  facetName?: string;
  facetQuery?: string;
  maxFacetHits?: number;
  [other: string]: unknown;
}

export interface AlgoliaRequest {
  indexName: string;
  params?: AlgoliaParams;
  /** algoliasearch v5's search for facet values through `search`. */
  type?: "default" | "facet";
  facet?: string;
}

export interface HighlightResult {
  value: string;
  matchLevel: "none" | "partial" | "full";
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface AlgoliaHit {
  objectID: string;
  _highlightResult: Record<string, HighlightResult>;
  [field: string]: unknown;
}

export interface AlgoliaResult {
  hits: AlgoliaHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  exhaustiveFacetsCount: boolean;
  query: string;
  params: string;
  index: string;
  queryID?: string;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, { min: number; max: number }>;
  userData?: Record<string, unknown>[];
  /** dynamicWidgets mounts a widget per attribute of this order. */
  renderingContent?: { facetOrdering: { facets: { order: string[] } } };
  /** Beyond Algolia: what Vitrina's answer says of the query. */
  corrected_query: string;
  ignored_words: string[];
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetSearchResult {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}
