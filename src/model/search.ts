import { type Static, Type as t } from "@sinclair/typebox";
import { HexColor } from "./import.ts";
import { Banner } from "./merchandising.ts";
import type { Language } from "./records.ts";

// The search response of specification 2.7, declared once.

/** A label's colour is a hex colour or empty (specification 2.7), as imported. */
export const SearchLabel = t.Object({
  name: t.String(),
  color: t.Union([HexColor, t.Literal("")]),
});

/** A variation param of a product shown as one card, and the values its variants have. */
export const Variation = t.Object({
  name: t.String(),
  values: t.Array(
    t.Object({
      value: t.String(),
      color: t.Optional(HexColor),
      swatch_image: t.Optional(t.String()),
    }),
  ),
});
export type Variation = Static<typeof Variation>;

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
  /** With `group_variants=true`: the product's variants that match, this one included. */
  variants: t.Optional(t.Number()),
  /** With `group_variants=true`: the lowest discounted_price of the available variants. */
  price_from: t.Optional(t.Number()),
  /** With `group_variants=true`: the variants' is_variation params, by param name. */
  variations: t.Optional(t.Array(Variation)),
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

/** At most this many categories in a CategoryTreeResponse. */
export const CATEGORY_TREE_ROWS = 5000;

/** A category of the store's tree (GET /api/v2/search/categories/), as its menu shows it. */
export const TreeCategory = t.Object({
  id: t.Number(),
  source_id: t.String({ description: "What `category_id` takes." }),
  name: t.String(),
  url: t.String(),
  parent_id: t.Union([t.String(), t.Null()], {
    description: "The parent's source_id; null at the top.",
  }),
  depth: t.Integer({
    description: "0 at the top; a category whose parent is not imported is at the top.",
  }),
});
export type TreeCategory = Static<typeof TreeCategory>;

/** GET /api/v2/search/categories/: the store's category tree, for a menu of category pages. */
export const CategoryTreeResponse = t.Object({
  categories: t.Array(TreeCategory, {
    maxItems: CATEGORY_TREE_ROWS,
    description:
      "Depth first, each parent before its children, siblings by source id; at most 5000.",
  }),
});
export type CategoryTreeResponse = Static<typeof CategoryTreeResponse>;

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

/** The bounds of a numeric value over the matching products. */
export const Bounds = t.Object({ min: t.Number(), max: t.Number() });

/**
 * Beyond the spec (issue 32, point 4): what a slider is drawn with. `price`: the lowest and
 * highest discounted_price of the matching products with every filter applied but the price's
 * own (null when none matches); `attributes`: the same for the numeric attributes of `filters`.
 */
export const SearchStats = t.Object({
  price: t.Union([Bounds, t.Null()]),
  attributes: t.Array(
    t.Object({ id: t.Number(), min: t.Number(), max: t.Number(), unit: t.String() }),
    {
      description:
        "Each numeric attribute of `filters` (every value a number, with or without a unit): its lowest and highest value with every filter applied but its own range, in `unit`; what `ranges` bounds.",
    },
  ),
});
export type SearchStats = Static<typeof SearchStats>;

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
  stats: SearchStats,
  redirect: t.Optional(
    t.String({
      description:
        "Beyond the spec: only when a merchandising rule sends the query to a page of the store; the widget goes there on Enter.",
    }),
  ),
  banners: t.Optional(
    t.Array(Banner, {
      description: "Beyond the spec: only when merchandising rules show banners for the query.",
    }),
  ),
});
export type SearchResponse = Static<typeof SearchResponse>;

/** The `highlight` parameter: which marked forms of product names to add; null adds none. */
export type Highlight = "ranges" | "html" | "both" | null;

/**
 * The orders of `sort` (beyond the spec). relevance: the ranking; the others order within the
 * tiers of relevance (the products matching every kept word and the product type first).
 */
export const SORTS = [
  "relevance",
  "price_asc",
  "price_desc",
  "newest",
  "discount",
  "popular",
] as const;
export type Sort = (typeof SORTS)[number];

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
  sort: Sort;
  /** With an empty `q`: list the products of the category, or of the store (a category page). */
  browse: boolean;
  /** One item per group_id (the card of a product, not of each size). */
  group_variants: boolean;
  /** `ranges=ATTR_ID:MIN:MAX,...`: numeric attributes' bounds, in the unit of their stats. */
  ranges: { attribute: number; min: number | null; max: number | null }[];
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
  sort: "relevance",
  browse: false,
  group_variants: false,
  ranges: [],
};
