import type { Language } from "../../model/records.ts";
import type {
  Filter,
  Highlight,
  Pagination,
  PopularResponse,
  SearchCategory,
  SearchGroup,
  SearchParams,
  SearchProduct,
  SearchResponse,
  Variation,
} from "../../model/search.ts";
import {
  type CategoryCount,
  categoryView,
  type Facet,
  type Hit,
  type HitGroup,
  largestCategories,
  productVariations,
  productView,
  readCategory,
  readProduct,
  type SearchRequest,
  type SearchResult,
  type Snapshot,
  search,
} from "../../search/engine.ts";
import { markHtml } from "../stack/html.ts";
import { ByteWriter } from "./byte-writer.ts";
import { writeCategories, writeFilters } from "./lists-bytes.ts";

// The specification's answer (2.7, 4.3) made of the engine's result: the URL's parameters
// become the engine's request, and its references (docs, category slots) become the products,
// groups, categories and pagination of the answer, in the requested language and with the
// highlight forms asked.

/**
 * The engine's request for the parameters of a search; `popular` feeds its suggestions,
 * `popularity` its `popular` order.
 */
export function searchRequest(
  params: SearchParams,
  popular: readonly string[] = [],
  popularity: SearchRequest["popularity"] = [],
): SearchRequest {
  return {
    query: params.q,
    language: params.language,
    filters: params.filters,
    priceFrom: params.price_from,
    priceTo: params.price_to,
    categoryId: params.category_id,
    grouped: params.group_by_category,
    showUnavailable: params.show_unavailable,
    page: params.page,
    pageSize: params.product_page_size,
    groupsPerPage: params.category_page_size,
    perGroup: params.per_category_limit,
    facets: params.show_filters,
    corrections: params.use_corrections,
    // Specification 4.3 rule 2: suggestions only without corrections.
    suggestions: params.use_suggestions && !params.use_corrections,
    popular,
    popularity,
    warehouse: params.wid,
    highlight: params.highlight !== null,
    sort: params.sort,
    browse: params.browse,
    groupVariants: params.group_variants,
    ranges: params.ranges,
  };
}

/** Whether the order of `params`' answer is the products' popularity (it then changes with it). */
export const ordersByPopularity = (params: SearchParams): boolean =>
  params.sort === "popular" ||
  (params.browse && params.sort === "relevance" && params.q.trim() === "");

/** The answer to `params` on `snap` (what the route sends, before the cache and the bytes). */
export function answerSearch(
  snap: Snapshot,
  params: SearchParams,
  popular: readonly string[] = [],
): SearchResponse {
  const request = searchRequest(params, popular);
  return searchAnswer(snap, request, search(snap, request), params.highlight);
}

/** Pagination metadata of specification 2.7. */
function pagination(
  type: "products" | "categories",
  page: number,
  pageSize: number,
  totalItems: number,
): Pagination {
  const size = pageSize > 0 ? pageSize : 1;
  const totalPages = Math.ceil(totalItems / size);
  return {
    type,
    current_page: page,
    page_size: pageSize,
    total_items: totalItems,
    total_pages: totalPages,
    has_next: page < totalPages,
    has_previous: page > 1,
  };
}

/** What each product and category is read into in turn (search is synchronous). */
const product = productView();
const category = categoryView();

const groupedLayout = (request: SearchRequest) => request.grouped && request.categoryId === null;

/**
 * The empty data set (PRODUCT.md): total 0, empty arrays, pagination of page 1 with its page
 * size, 0 items, 0 pages, no next or previous; `query` echoes the query.
 */
export function emptyAnswer(request: SearchRequest, filtersEnabled: boolean): SearchResponse {
  const grouped = groupedLayout(request);
  return {
    total: 0,
    query: request.query,
    corrected_query: "",
    ignored_words: [],
    suggestions: [],
    filters_enabled: filtersEnabled,
    filters: [],
    categories: [],
    products: { groups: [] },
    pagination: pagination(
      grouped ? "categories" : "products",
      1,
      grouped ? request.groupsPerPage : request.pageSize,
      0,
    ),
    stats: { price: null, attributes: [] },
  };
}

/**
 * The answer of specification 2.7 to `request` on `snap`, made of the engine's `result`
 * (null: a query without words, the empty data set with its filters flag); `highlight` says
 * which marked forms of names to add.
 */
export function searchAnswer(
  snap: Snapshot,
  request: SearchRequest,
  result: SearchResult | null,
  highlight: Highlight,
  /** Leaves the lists of counts empty: answerBytes writes them apart. */
  listsApart = false,
): SearchResponse {
  if (result === null) return emptyAnswer(request, request.facets);
  const grouped = groupedLayout(request);
  const item = (hit: Hit) => productItem(snap, request, hit, highlight);
  const answer: SearchResponse = {
    total: result.total,
    query: request.query,
    corrected_query: result.correctedQuery,
    ignored_words: result.ignoredWords as string[],
    suggestions: result.suggestions as string[],
    filters_enabled: request.facets,
    filters: listsApart ? [] : result.facets.map(filterOf),
    categories: listsApart
      ? []
      : result.categories.map(({ slot, total }): SearchCategory => {
          const c = readCategory(snap, slot, request.language, category);
          return { id: c.id ?? 0, source_id: c.sourceId, name: c.name, url: c.url, total };
        }),
    products: { groups: result.groups.map((g) => groupOf(snap, request, g, item)) },
    pagination: grouped
      ? pagination("categories", request.page, request.groupsPerPage, result.groupCount)
      : pagination("products", request.page, request.pageSize, result.total),
    stats: {
      price: result.price,
      attributes: result.facets.flatMap((f) => (f.range ? [{ id: f.id, ...f.range }] : [])),
    },
  };
  if (result.redirect !== null) answer.redirect = result.redirect;
  if (result.banners.length > 0) answer.banners = result.banners as SearchResponse["banners"];
  return answer;
}

/**
 * searchAnswer as JSON, in UTF-8: the same bytes as encoding JSON.stringify of the whole answer
 * makes. Its lists of filter and category counts, the most of a store's page to serialise (30
 * filters of up to 100 values and 214 categories: 25 and 27 KB of a 57 KB answer at 20,000
 * products), are written of pieces kept per entry (lists-bytes.ts) in their place, into one
 * buffer with the rest's text; a listing's pages without price bounds share one list of each
 * (category-page.ts), whose bytes are then kept with it (a string joined of kept JSON cost 0.1
 * ms to encode, twice the encoding of the rest).
 */
export function answerBytes(
  snap: Snapshot,
  request: SearchRequest,
  result: SearchResult | null,
  highlight: Highlight,
): Uint8Array {
  if (result === null)
    return encoder.encode(JSON.stringify(searchAnswer(snap, request, result, highlight)));
  const answer = searchAnswer(snap, request, result, highlight, true);
  const rest = JSON.stringify({ ...answer, filters: [], categories: [] });
  // The first `"filters":[]` and `"categories":[]` are the answer's own, in that order: no key
  // before them holds an object, and a string's quotes are escaped.
  const f = rest.indexOf(EMPTY_FILTERS) + EMPTY_FILTERS.length - 2;
  const c = rest.indexOf(EMPTY_CATEGORIES, f) + EMPTY_CATEGORIES.length - 2;
  writer.reset();
  writer.text(rest.slice(0, f));
  writeList(result.facets, () => writeFilters(writer, snap.facets, result.facets));
  writer.text(rest.slice(f + 2, c));
  writeList(result.categories, () =>
    writeCategories(writer, snap, request.language, result.categories),
  );
  writer.text(rest.slice(c + 2));
  return writer.copy();
}

/** The answers' bytes are written here, then copied out (search is synchronous). */
const writer = new ByteWriter();

/**
 * Writes list `list` by `write`, or its bytes kept: a list answered a second time is a listing's,
 * kept with it (category-page.ts), and its bytes are kept with it from then on.
 */
function writeList(list: readonly Facet[] | readonly CategoryCount[], write: () => void): void {
  const known = listsBytes.get(list);
  if (known !== undefined) {
    writer.bytes(known);
    return;
  }
  const from = writer.used;
  write();
  if (answered.has(list)) listsBytes.set(list, writer.copy(from));
  else answered.add(list);
}

/** The lists of counts answered once (writeList). */
const answered = new WeakSet<readonly Facet[] | readonly CategoryCount[]>();

const encoder = new TextEncoder();
const EMPTY_FILTERS = '"filters":[]';
const EMPTY_CATEGORIES = '"categories":[]';

/** The JSON of each list of filter or category counts answered again (writeList), while it is kept. */
const listsBytes = new WeakMap<readonly Facet[] | readonly CategoryCount[], Uint8Array>();

function groupOf(
  snap: Snapshot,
  request: SearchRequest,
  group: HitGroup,
  item: (hit: Hit) => SearchProduct,
): SearchGroup {
  const items = group.hits.map(item);
  if (group.category === null || group.category < 0)
    return { source_category_id: group.sourceId, category_name: "", category_url: "", items };
  const c = readCategory(snap, group.category, request.language, category);
  return { source_category_id: group.sourceId, category_name: c.name, category_url: c.url, items };
}

function productItem(
  snap: Snapshot,
  request: SearchRequest,
  hit: Hit,
  highlight: Highlight,
): SearchProduct {
  const p = readProduct(snap, hit.doc, request.language, request.warehouse, product);
  const item: SearchProduct = {
    id: p.id,
    source_id: p.sourceId,
    category_id: p.categoryId,
    sku: p.code,
    vendor: p.vendor,
    name: p.name,
    url: p.url,
    price: p.price,
    discounted_price: p.discountedPrice,
    currency: p.currency,
    picture_url: p.picture,
    availability: p.available,
    labels: p.labels as SearchProduct["labels"],
  };
  const ranges = hit.ranges ?? [];
  if (highlight === "ranges" || highlight === "both") item.name_highlight = ranges;
  if (highlight === "html" || highlight === "both") item.name_html = markHtml(p.name, ranges);
  if (hit.variants !== null) {
    item.variants = hit.variants.docs.length;
    item.price_from = hit.variants.priceFrom;
    item.variations = variationsOf(snap, hit.variants.docs, request.language);
  }
  return item;
}

/** The is_variation params of a product's variants, by name, each value once, as first met. */
function variationsOf(snap: Snapshot, docs: readonly number[], language: Language): Variation[] {
  const byName = new Map<string, Map<string, Variation["values"][number]>>();
  for (const doc of docs)
    for (const v of productVariations(snap, doc, language)) {
      let values = byName.get(v.name);
      if (values === undefined) {
        values = new Map();
        byName.set(v.name, values);
      }
      if (values.has(v.value)) continue;
      values.set(v.value, {
        value: v.value,
        ...(v.color ? { color: v.color } : {}),
        ...(v.swatch ? { swatch_image: v.swatch } : {}),
      });
    }
  return [...byName].map(([name, values]) => ({ name, values: [...values.values()] }));
}

/**
 * The filter of a facet: the same fields but the swatch, which the specification names
 * `swatch_image`; a facet without swatches is sent as it is (no copy of its many values), but
 * its numeric range, which the answer carries in `stats`.
 */
function filterOf(facet: Facet): Filter {
  if (facet.values.every((v) => v.swatch === undefined))
    return facet.range === undefined
      ? (facet as Filter)
      : { id: facet.id, name: facet.name, values: facet.values as Filter["values"] };
  return {
    id: facet.id,
    name: facet.name,
    values: facet.values.map((v) => {
      const value: Filter["values"][number] = { id: v.id, name: v.name, total: v.total };
      if (v.color !== undefined) value.color = v.color;
      if (v.swatch !== undefined) value.swatch_image = v.swatch;
      return value;
    }),
  };
}

/** At most this many popular queries and categories (PopularResponse). */
export const POPULAR_LIMIT = 10;

/**
 * What the widget and the results page show when nothing matches: the domain's suggestion-worthy
 * past queries and its largest categories, in `language`. `total` is the category's products.
 */
export function popularAnswer(
  snap: Snapshot | undefined,
  language: Language,
  queries: readonly string[],
): PopularResponse {
  if (snap === undefined) return { queries: [], categories: [] };
  return {
    queries: queries.slice(0, POPULAR_LIMIT),
    categories: largestCategories(snap, POPULAR_LIMIT).map(({ slot, products }) => {
      const c = readCategory(snap, slot, language, category);
      return { id: c.id ?? 0, source_id: c.sourceId, name: c.name, url: c.url, total: products };
    }),
  };
}
