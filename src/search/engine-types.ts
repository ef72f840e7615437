import type { Banner } from "../model/merchandising.ts";
import type { Language } from "../model/records.ts";

// What the engine is asked and what it answers, in its own terms: no query string, no
// analytics, no JSON of the specification. The HTTP side turns the URL's parameters into a
// request and the result into the specification's answer (src/http/search/search-answer.ts), as
// Meilisearch's milli returns its own result and its HTTP crate shapes the JSON.

/**
 * The order of the hits. relevance: the ranking (for a browse: popular, then newest); the others
 * order within the tiers of relevance (rank.ts: compareHits).
 */
export type SortOrder =
  | "relevance"
  | "price_asc"
  | "price_desc"
  | "newest"
  | "discount"
  | "popular";

/** A range of a numeric attribute (ranges=ATTR_ID:MIN:MAX), in the unit its stats say. */
export interface AttributeRange {
  /** The attribute's id (a filter's id). */
  readonly attribute: number;
  /** Inclusive bounds; null: none. */
  readonly min: number | null;
  readonly max: number | null;
}

/** One search: the query, its filters, and the page of the layout to fill. */
export interface SearchRequest {
  /** The query as typed; at most MAX_QUERY_WORDS of its words are searched. */
  readonly query: string;
  /** The language of the names a highlight marks, and of the facet values counted. */
  readonly language: Language;
  /** Attribute value ids; values of one attribute are OR-ed, attributes AND-ed. */
  readonly filters: readonly number[];
  /** Numeric attributes' ranges: each selects its attribute's values within it (AND-ed). */
  readonly ranges: readonly AttributeRange[];
  /** Bounds of the discounted price, inclusive; null: none. */
  readonly priceFrom: number | null;
  readonly priceTo: number | null;
  /** One category (a source_category_id): its products alone, one group. */
  readonly categoryId: string | null;
  /** Without categoryId: the products grouped by category (else one flat list). */
  readonly grouped: boolean;
  readonly showUnavailable: boolean;
  /** 1-based page: of groups when grouped, of products otherwise. */
  readonly page: number;
  /** Products per page of a flat list or a category; also what a give-up tries to fill. */
  readonly pageSize: number;
  /** Groups per page when grouped. */
  readonly groupsPerPage: number;
  /** Products per group when grouped; -1: no limit. */
  readonly perGroup: number;
  /** Whether to count the facets (attribute values). */
  readonly facets: boolean;
  /** Whether a query not in the vocabulary is searched as its correction. */
  readonly corrections: boolean;
  /** Whether to complete the query into suggestions (suggest.ts). */
  readonly suggestions: boolean;
  /** The domain's popular past queries, best first: the suggestions' first source. */
  readonly popular: readonly string[];
  /** The domain's products' popularity, [source_id, score], best first: the `popular` order. */
  readonly popularity: readonly (readonly [string, number])[];
  /** A warehouse's external id: its price and availability count instead of the product's. */
  readonly warehouse: string | null;
  /** Whether hits carry the ranges of their name's matched words. */
  readonly highlight: boolean;
  readonly sort: SortOrder;
  /** With a query of no word: every product (of categoryId), as a category page lists them. */
  readonly browse: boolean;
  /** One hit per variant group (group_id): totals, counts and pages count products. */
  readonly groupVariants: boolean;
}

/** [start, end) UTF-16 offsets in a product's name. */
export type Range = [number, number];

/** A product of the answer: a reference to read it by (readProduct), in rank order. */
export interface Hit {
  /** The doc's global id in the snapshot searched. */
  readonly doc: number;
  /** The matched words of its name in the request's language; null unless asked. */
  readonly ranges: Range[] | null;
  /** With groupVariants: the variants of its group that match, itself included; else null. */
  readonly variants: VariantGroup | null;
}

/** The matching variants of a product shown as one card (groupVariants). */
export interface VariantGroup {
  /** Global docs: the one shown first, then by rank. */
  readonly docs: readonly number[];
  /** The lowest discounted price of the available ones (of all, when none is available). */
  readonly priceFrom: number;
}

/** The products of one category on the page, or of the flat list. */
export interface HitGroup {
  /**
   * The category's slot (readCategory); -1 for a category the snapshot does not hold; null
   * for the flat list, which has no category.
   */
  readonly category: number | null;
  /** The category's source id ("" for the flat list). */
  readonly sourceId: string;
  readonly hits: readonly Hit[];
}

/** A category with matching products, or whose own text matches the query. */
export interface CategoryCount {
  /** Its slot (readCategory). */
  readonly slot: number;
  /** Its matching products (0 for one listed for its own text only). */
  readonly total: number;
}

export interface FacetValue {
  readonly id: number;
  readonly name: string;
  /** Products with this value, every other attribute's selection applied. */
  readonly total: number;
  /** Set only when the value has them. */
  color?: string;
  swatch?: string;
}

export interface Facet {
  readonly id: number;
  readonly name: string;
  readonly values: readonly FacetValue[];
  /**
   * A numeric attribute's lowest and highest value over the values counted (every selection
   * applied but its own), in `unit`; absent for the others.
   */
  range?: { min: number; max: number; unit: string };
}

/** What a search found. */
export interface SearchResult {
  /** Matching products; with categoryId, those of that category. */
  readonly total: number;
  /** Grouped: the categories with matching products (what the pages of groups count). */
  readonly groupCount: number;
  /** The page's groups (grouped: up to groupsPerPage; otherwise exactly one). */
  readonly groups: readonly HitGroup[];
  /** Categories with matching products by best match, then those matched by name only. */
  readonly categories: readonly CategoryCount[];
  /** Empty unless asked. */
  readonly facets: readonly Facet[];
  /** The normalised corrected query when the results are its; "" otherwise. */
  readonly correctedQuery: string;
  readonly suggestions: readonly string[];
  /** The query's words, as typed, that no product of the result matches. */
  readonly ignoredWords: readonly string[];
  /**
   * The lowest and highest discounted price of the matching products, every filter applied but
   * the price bounds; null when none matches.
   */
  readonly price: { readonly min: number; readonly max: number } | null;
  /** A merchandising rule's page for the query (merchandising.ts); null: none. */
  readonly redirect: string | null;
  /** The active rules' banners, in their order. */
  readonly banners: readonly Banner[];
}

/**
 * A product as shown: its display fields and its offer (of the warehouse asked, if any).
 * Filled in place by readProduct: one object serves every product of an answer.
 */
export interface ProductView {
  id: number;
  sourceId: string;
  /** The id of its category's record; 0 when the category was never imported. */
  categoryId: number;
  code: string;
  vendor: string;
  name: string;
  url: string;
  price: number;
  discountedPrice: number;
  currency: string;
  picture: string;
  available: boolean;
  labels: { name: string; color: string }[];
}

/**
 * A category as shown, in one language (fallback uk, then its first translation). Filled in
 * place by readCategory.
 */
export interface CategoryView {
  /** The id of its record; null when products name it but it was never imported. */
  id: number | null;
  sourceId: string;
  name: string;
  url: string;
}
