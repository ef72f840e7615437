import { IMPORT_LIMITS } from "../../model/import.ts";
import { LANGUAGES, type Language } from "../../model/records.ts";
import {
  SEARCH_DEFAULTS as D,
  type Highlight,
  type SearchParams,
  SORTS,
  type Sort,
} from "../../model/search.ts";
import { charCount } from "../../model/text.ts";
import { MAX_QUERY_WORDS } from "../../search/engine.ts";

export type ParsedParams =
  | { ok: true; params: SearchParams }
  | { ok: false; errors: Record<string, string[]> };

/**
 * Bounds of the search parameters (README "Search", limits). The search token is public: a
 * query's cost on the search thread grows with its words, so `q` is cut to its first words
 * (a shopper who pastes a long text still gets results for how it starts) rather than refused.
 */
export const QUERY_LIMITS = {
  /** Characters of `q` kept. */
  qChars: 200,
  /** Words (runs of letters and digits) of `q` kept: as many as the engine searches. */
  qWords: MAX_QUERY_WORDS,
  /** Attribute value ids in `filters`. */
  filters: 100,
  /** Attribute ranges in `ranges`. */
  ranges: 20,
  /** Characters of `uuid`, `wid` and `category_id`. */
  id: IMPORT_LIMITS.id,
  /** Prices: as at import. */
  price: IMPORT_LIMITS.price,
} as const;

const WORD = /[\p{L}\p{N}]+/gu;

/** The first `qWords` words of the first `qChars` characters of a query, as searched. */
export function capQuery(q: string): string {
  let out = q;
  if (out.length > QUERY_LIMITS.qChars) {
    // Cut at a character, never between the two halves of a surrogate pair.
    const cut = [...out.slice(0, 2 * QUERY_LIMITS.qChars)].slice(0, QUERY_LIMITS.qChars);
    out = cut.join("");
  }
  let words = 0;
  for (const m of out.matchAll(WORD)) {
    if (++words > QUERY_LIMITS.qWords) return out.slice(0, m.index).trimEnd();
  }
  return out;
}

// A price is a plain decimal number: `0x10`, `1e3`, `Infinity` and signs are not.
const DECIMAL = /^\d{1,13}(\.\d{1,10})?$/;

const TRUE = new Set(["true", "1", "yes", "on"]);
const FALSE = new Set(["false", "0", "no", "off"]);

/**
 * The query string of a search (specification 4.3, PRODUCT.md "Search"), with the defaults
 * of the specification. Every malformed value is reported, in DRF's style; a missing `q` is
 * not an error (the caller answers with the empty data set). The caller reads `token` itself.
 */
export function parseSearchParams(query: URLSearchParams, maxPageSize: number): ParsedParams {
  const errors: Record<string, string[]> = {};
  const fail = (name: string, message: string) => {
    errors[name] = [message];
  };
  const str = (name: string): string | null => {
    const v = query.get(name);
    return v === null || v === "" ? null : v;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const v = str(name);
    if (v === null) return fallback;
    const lower = v.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    fail(name, "Must be a valid boolean.");
    return fallback;
  };
  const int = (
    name: string,
    fallback: number,
    min: number,
    max: number,
    allowed: number[] = [],
  ) => {
    const v = str(name);
    if (v === null) return fallback;
    const n = Number(v);
    if (!/^-?\d+$/.test(v.trim()) || !Number.isSafeInteger(n))
      fail(name, "A valid integer is required.");
    else if (allowed.includes(n)) return n;
    else if (n < min) fail(name, `Ensure this value is greater than or equal to ${min}.`);
    else if (n > max) fail(name, `Ensure this value is less than or equal to ${max}.`);
    else return n;
    return fallback;
  };
  const price = (name: string): number | null => {
    const v = str(name)?.trim() ?? null;
    if (v === null) return null;
    const n = Number(v);
    if (!DECIMAL.test(v)) fail(name, "A valid number is required.");
    else if (n > QUERY_LIMITS.price)
      fail(name, `Ensure this value is less than or equal to ${QUERY_LIMITS.price}.`);
    else return n;
    return null;
  };
  const id = (name: string): string | null => {
    const v = str(name);
    if (v === null || charCount(v, QUERY_LIMITS.id) <= QUERY_LIMITS.id) return v;
    fail(name, `Ensure this field has no more than ${QUERY_LIMITS.id} characters.`);
    return null;
  };

  const filters: number[] = [];
  for (const part of (str("filters") ?? "").split(",")) {
    const p = part.trim();
    if (p === "") continue;
    const n = Number(p);
    if (!/^\d+$/.test(p) || !Number.isSafeInteger(n)) {
      fail("filters", "Enter a comma-separated list of attribute value ids.");
      break;
    }
    filters.push(n);
  }
  if (filters.length > QUERY_LIMITS.filters)
    fail("filters", `Ensure this field has no more than ${QUERY_LIMITS.filters} elements.`);
  // A locale like "ru-UA" reads as "ru"; a language the catalog has no names in falls back to
  // uk, as a product without that translation does.
  const lang = (str("language") ?? D.language).slice(0, 2).toLowerCase();
  const params: SearchParams = {
    q: capQuery(query.get("q") ?? ""),
    language: (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : D.language,
    filters,
    price_from: price("price_from"),
    price_to: price("price_to"),
    category_id: id("category_id"),
    group_by_category: bool("group_by_category", D.group_by_category),
    show_unavailable: bool("show_unavailable", D.show_unavailable),
    page: int("page", D.page, 1, 1_000_000),
    product_page_size: int("product_page_size", D.product_page_size, 1, maxPageSize),
    category_page_size: int("category_page_size", D.category_page_size, 1, maxPageSize),
    per_category_limit: int("per_category_limit", D.per_category_limit, 1, maxPageSize, [-1]),
    show_filters: bool("show_filters", D.show_filters),
    use_corrections: bool("use_corrections", D.use_corrections),
    use_suggestions: bool("use_suggestions", D.use_suggestions),
    wid: id("wid"),
    uuid: id("uuid"),
    demo: bool("demo", D.demo),
    highlight: highlightMode(str("highlight"), fail),
    sort: sortOf(str("sort"), fail),
    browse: bool("browse", D.browse),
    group_variants: bool("group_variants", D.group_variants),
    ranges: rangesOf(query.getAll("ranges"), fail),
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, params };
}

/** `highlight`: ranges, html, or a boolean (true: both forms). */
function highlightMode(v: string | null, fail: (name: string, message: string) => void): Highlight {
  const lower = v?.toLowerCase() ?? null;
  if (lower === null || FALSE.has(lower)) return null;
  if (TRUE.has(lower)) return "both";
  if (lower === "ranges" || lower === "html") return lower;
  fail("highlight", `"${v}" is not a valid choice.`);
  return null;
}

const RANGE = /^(\d{1,16}):(\d{1,13}(?:\.\d{1,10})?)?:(\d{1,13}(?:\.\d{1,10})?)?$/;

/** `ranges`: ATTR_ID:MIN:MAX items, comma-separated or repeated, either bound optional. */
function rangesOf(
  values: string[],
  fail: (name: string, message: string) => void,
): SearchParams["ranges"] {
  const out: SearchParams["ranges"] = [];
  for (const item of values.flatMap((v) => v.split(","))) {
    const text = item.trim();
    if (text === "") continue;
    const m = RANGE.exec(text);
    const bound = (b: string | undefined) => (b === undefined ? null : Number(b));
    const range = m && { attribute: Number(m[1]), min: bound(m[2]), max: bound(m[3]) };
    if (range === null || !Number.isSafeInteger(range.attribute)) {
      fail(
        "ranges",
        "Enter ATTRIBUTE_ID:MIN:MAX items (either bound may be empty), comma-separated.",
      );
      return [];
    }
    if (range.min !== null && range.max !== null && range.min > range.max) {
      fail("ranges", `The range ${text.slice(0, 60)} has its lowest bound above its highest.`);
      return [];
    }
    out.push(range);
  }
  if (out.length > QUERY_LIMITS.ranges) {
    fail("ranges", `Ensure this field has no more than ${QUERY_LIMITS.ranges} elements.`);
    return [];
  }
  return out;
}

/** `sort`: one of SORTS. */
function sortOf(v: string | null, fail: (name: string, message: string) => void): Sort {
  if (v === null) return D.sort;
  if ((SORTS as readonly string[]).includes(v)) return v as Sort;
  fail("sort", `"${v.slice(0, 100)}" is not a valid choice (${SORTS.join(", ")}).`);
  return D.sort;
}
