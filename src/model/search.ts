import { type Static, Type as t } from "@sinclair/typebox";
import { HexColor } from "./import.ts";
import type { Language } from "./records.ts";

// The search response of specification 2.7, declared once.

/** A label's colour is a hex colour or empty (specification 2.7), as imported. */
export const SearchLabel = t.Object({
  name: t.String(),
  color: t.Union([HexColor, t.Literal("")]),
});

export const SearchProduct = t.Object({
  id: t.Number(),
  source_id: t.String(),
  category_id: t.Number(),
  sku: t.String(),
  vendor: t.String(),
  name: t.String(),
  url: t.String(),
  price: t.Number(),
  discounted_price: t.Number(),
  currency: t.String(),
  picture_url: t.String(),
  availability: t.Boolean(),
  labels: t.Array(SearchLabel),
  /** With `highlight=ranges` (or true): [start, end) UTF-16 offsets of the matched words of `name`. */
  name_highlight: t.Optional(t.Array(t.Tuple([t.Number(), t.Number()]))),
  /** With `highlight=html` (or true): `name` HTML-escaped, the matched words in <mark>. */
  name_html: t.Optional(t.String()),
});
export type SearchProduct = Static<typeof SearchProduct>;

export const SearchGroup = t.Object({
  source_category_id: t.String(),
  category_name: t.String(),
  category_url: t.String(),
  items: t.Array(SearchProduct),
});
export type SearchGroup = Static<typeof SearchGroup>;

export const SearchCategory = t.Object({
  id: t.Number(),
  source_id: t.String(),
  name: t.String(),
  url: t.String(),
  total: t.Number(),
});
export type SearchCategory = Static<typeof SearchCategory>;

/** GET /api/v2/search/popular/: help for a shopper whose query found nothing. */
export const PopularResponse = t.Object({
  queries: t.Array(t.String(), { description: "Past queries of many shoppers, best first." }),
  categories: t.Array(SearchCategory, { description: "The categories of most products." }),
});
export type PopularResponse = Static<typeof PopularResponse>;

export const FilterValue = t.Object({
  id: t.Number(),
  name: t.String(),
  total: t.Number(),
  color: t.Optional(HexColor),
  swatch_image: t.Optional(t.String()),
});
export const Filter = t.Object({
  id: t.Number(),
  name: t.String(),
  values: t.Array(FilterValue),
});
export type Filter = Static<typeof Filter>;

export const Pagination = t.Object({
  type: t.Union([t.Literal("products"), t.Literal("categories")]),
  current_page: t.Number(),
  page_size: t.Number(),
  total_items: t.Number(),
  total_pages: t.Number(),
  has_next: t.Boolean(),
  has_previous: t.Boolean(),
});
export type Pagination = Static<typeof Pagination>;

export const SearchResponse = t.Object({
  total: t.Number(),
  query: t.String(),
  corrected_query: t.String(),
  ignored_words: t.Array(t.String(), {
    description:
      "Beyond the spec: the query's words, as typed, that no product of the answer matches (given up because not every word could match); [] when none.",
  }),
  suggestions: t.Array(t.String()),
  filters_enabled: t.Boolean(),
  filters: t.Array(Filter),
  categories: t.Array(SearchCategory),
  products: t.Object({ groups: t.Array(SearchGroup) }),
  pagination: Pagination,
});
export type SearchResponse = Static<typeof SearchResponse>;

/** The `highlight` parameter: which marked forms of product names to add; null adds none. */
export type Highlight = "ranges" | "html" | "both" | null;

/** Search parameters after parsing and defaults (specification 4.3, PRODUCT.md). */
export interface SearchParams {
  q: string;
  language: Language;
  /** Attribute value ids. */
  filters: number[];
  price_from: number | null;
  price_to: number | null;
  /** A source_category_id value. */
  category_id: string | null;
  group_by_category: boolean;
  show_unavailable: boolean;
  page: number;
  product_page_size: number;
  category_page_size: number;
  /** -1 means no limit. */
  per_category_limit: number;
  show_filters: boolean;
  use_corrections: boolean;
  use_suggestions: boolean;
  /** Warehouse external_id; when set, price and availability are that warehouse's. */
  wid: string | null;
  uuid: string | null;
  demo: boolean;
  highlight: Highlight;
}

/** The defaults of specification 4.3 (section 8): a search that sets nothing else. */
export const SEARCH_DEFAULTS: Readonly<SearchParams> = {
  q: "",
  language: "uk",
  filters: [],
  price_from: null,
  price_to: null,
  category_id: null,
  group_by_category: true,
  show_unavailable: false,
  page: 1,
  product_page_size: 10,
  category_page_size: 10,
  per_category_limit: 3,
  show_filters: true,
  use_corrections: true,
  use_suggestions: false,
  wid: null,
  uuid: null,
  demo: false,
  highlight: null,
};
