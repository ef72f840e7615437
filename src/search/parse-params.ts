import { LANGUAGES, type Language } from "../model/records.ts";
import { SEARCH_DEFAULTS as D, type Highlight, type SearchParams } from "../model/search.ts";

export type ParsedParams =
  | { ok: true; params: SearchParams; token: string }
  | { ok: false; errors: Record<string, string[]> };

const TRUE = new Set(["true", "1", "yes", "on"]);
const FALSE = new Set(["false", "0", "no", "off"]);

/**
 * The query string of a search (specification 4.3, PRODUCT.md "Search"), with the defaults
 * of the specification. Every malformed value is reported, in DRF's style; a missing `q` or
 * `token` is not an error (the caller answers with the empty data set).
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
  const num = (name: string): number | null => {
    const v = str(name);
    if (v === null) return null;
    const n = Number(v.trim());
    if (v.trim() === "" || !Number.isFinite(n)) {
      fail(name, "A valid number is required.");
      return null;
    }
    return n;
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
  // A locale like "ru-UA" reads as "ru"; a language the catalog has no names in falls back to
  // uk, as a product without that translation does.
  const lang = (str("language") ?? D.language).slice(0, 2).toLowerCase();
  const params: SearchParams = {
    q: query.get("q") ?? "",
    language: (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : D.language,
    filters,
    price_from: num("price_from"),
    price_to: num("price_to"),
    category_id: str("category_id"),
    group_by_category: bool("group_by_category", D.group_by_category),
    show_unavailable: bool("show_unavailable", D.show_unavailable),
    page: int("page", D.page, 1, 1_000_000),
    product_page_size: int("product_page_size", D.product_page_size, 1, maxPageSize),
    category_page_size: int("category_page_size", D.category_page_size, 1, maxPageSize),
    per_category_limit: int("per_category_limit", D.per_category_limit, 1, maxPageSize, [-1]),
    show_filters: bool("show_filters", D.show_filters),
    use_corrections: bool("use_corrections", D.use_corrections),
    use_suggestions: bool("use_suggestions", D.use_suggestions),
    wid: str("wid"),
    uuid: str("uuid"),
    demo: bool("demo", D.demo),
    highlight: highlightMode(str("highlight"), fail),
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, params, token: query.get("token") ?? "" };
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
