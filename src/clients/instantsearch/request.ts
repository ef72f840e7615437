import type { AlgoliaParams, AlgoliaRequest, FacetFilter } from "./algolia-types.ts";
import { type CategoryPaths, levelOf } from "./category-paths.ts";
import type { FacetIds } from "./facet-ids.ts";
import { sortOfIndex } from "./index-names.ts";

// One query of InstantSearch's request as the parameters of GET /api/v2/search/ (docs/API.md,
// "Search"; docs/INSTANTSEARCH.md says what maps to what). Pure: the ids and the tree it needs
// are given.

/** The most products Vitrina answers per page (--max-page-size's default). */
export const MAX_PAGE_SIZE = 100;

export interface MappingContext {
  token: string;
  language: string;
  ids: FacetIds;
  /** The category tree; null while no query of the request has a hierarchical attribute. */
  paths: CategoryPaths | null;
}

export interface MappedRequest {
  /** The search's parameters, in one order, so that equal queries are one URL. */
  params: URLSearchParams;
  /** A refinement named a facet value, attribute or category whose id is not known yet. */
  unknown: boolean;
}

export const list = <T>(v: T | readonly T[] | undefined): readonly T[] =>
  v === undefined ? [] : Array.isArray(v) ? (v as readonly T[]) : [v as T];

/** `attr:value` (Algolia's facet filter); the attribute ends at the first colon. */
function splitFilter(filter: string): [string, string] {
  const at = filter.indexOf(":");
  return at < 0 ? [filter, ""] : [filter.slice(0, at), filter.slice(at + 1)];
}

const NUMERIC = /^(.+?)\s*(<=|>=|!=|<|>|=)\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/i;

interface Bounds {
  min: number | null;
  max: number | null;
}

/** Numeric filters by attribute: `price>=10`, `price<=99`; `=` bounds both sides. */
function boundsOf(numericFilters: AlgoliaParams["numericFilters"]): Map<string, Bounds> {
  const out = new Map<string, Bounds>();
  const raw = typeof numericFilters === "string" ? numericFilters.split(",") : numericFilters;
  for (const entry of list<FacetFilter>(raw).flatMap((f) => list<string>(f))) {
    const m = NUMERIC.exec(entry.trim());
    if (!m) continue;
    const [, attribute, op, number] = m as unknown as [string, string, string, string];
    const b = out.get(attribute) ?? { min: null, max: null };
    const v = Number(number);
    // Vitrina's bounds are inclusive: a strict bound is sent as the inclusive one.
    if (op === ">=" || op === ">" || op === "=") b.min = b.min === null ? v : Math.max(b.min, v);
    if (op === "<=" || op === "<" || op === "=") b.max = b.max === null ? v : Math.min(b.max, v);
    out.set(attribute, b);
  }
  return out;
}

/** Vitrina's most a price may be (docs/API.md, "Search": 0 to 10^12). */
export const MAX_PRICE = 1e12;

/** A number as Vitrina's plain decimals are written: never `1e-7` nor `1e+21`. */
export const decimal = (v: number): string =>
  String(v).includes("e") ? v.toFixed(6).replace(/\.?0+$/, "") : String(v);

const bound = (v: number | null) => (v === null ? "" : decimal(v));
const price = (v: number) => decimal(Math.min(Math.max(v, 0), MAX_PRICE));

/** The Vitrina search of one InstantSearch query. */
export function searchParams(request: AlgoliaRequest, context: MappingContext): MappedRequest {
  const p = request.params ?? {};
  const query = p.query ?? "";
  const hitsPerPage = p.hitsPerPage ?? 20;
  const params = new URLSearchParams({ q: query, token: context.token });
  params.set("language", context.language);
  // An empty query lists the store or the refined category, as Algolia's empty query does.
  if (query.trim() === "") params.set("browse", "true");
  params.set("group_by_category", "false");
  params.set("page", String((p.page ?? 0) + 1));
  params.set("product_page_size", String(Math.min(Math.max(hitsPerPage, 1), MAX_PAGE_SIZE)));
  const facets = list(p.facets);
  params.set("show_filters", String(facets.length > 0));
  params.set("highlight", "ranges");
  const sort = sortOfIndex(request.indexName);
  if (sort !== "relevance") params.set("sort", sort);
  let unknown = false;
  const values: number[] = [];
  let category: { level: number; path: string } | null = null;
  const facetFilters = typeof p.facetFilters === "string" ? [p.facetFilters] : p.facetFilters;
  for (const filter of list<FacetFilter>(facetFilters).flatMap((f) => list<string>(f))) {
    const [attribute, value] = splitFilter(filter);
    // An exclusion (`attr:-value`) has no equivalent: Vitrina's filters only select.
    if (value.startsWith("-")) continue;
    const level = levelOf(attribute);
    if (level !== null) {
      if (category === null || level > category.level) category = { level, path: value };
      continue;
    }
    const id = context.ids.value(attribute, value);
    if (id === undefined) unknown = true;
    else if (!values.includes(id)) values.push(id);
  }
  if (values.length > 0) params.set("filters", values.join(","));
  const ranges: string[] = [];
  for (const [attribute, b] of boundsOf(p.numericFilters)) {
    if (attribute === "price") {
      if (b.min !== null) params.set("price_from", price(b.min));
      if (b.max !== null) params.set("price_to", price(b.max));
      continue;
    }
    const id = context.ids.attribute(attribute);
    if (id === undefined) unknown = true;
    else ranges.push(`${id}:${bound(b.min)}:${bound(b.max)}`);
  }
  if (ranges.length > 0) params.set("ranges", ranges.join(","));
  if (category !== null) {
    const source = context.paths?.sourceOf(category.path);
    if (source === undefined) unknown = true;
    else params.set("category_id", source);
  }
  // InstantSearch's own extra queries (the counts of a refined facet) are no shopper's search.
  if (p.analytics === false) params.set("demo", "true");
  if (typeof p.userToken === "string" && p.userToken !== "")
    params.set("uuid", p.userToken.slice(0, 255));
  return { params, unknown };
}

/** Whether a query needs the category tree: it asks (or asks every facet) or refines a level. */
export function usesCategories(request: AlgoliaRequest): boolean {
  const p = request.params ?? {};
  const filters = typeof p.facetFilters === "string" ? [p.facetFilters] : p.facetFilters;
  return (
    list(p.facets).some((f) => f === "*" || levelOf(f) !== null) ||
    list<FacetFilter>(filters)
      .flatMap((f) => list<string>(f))
      .some((f) => levelOf(splitFilter(f)[0]) !== null)
  );
}
