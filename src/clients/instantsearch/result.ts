import type { SearchProduct, SearchResponse } from "../../model/search.ts";
import type {
  AlgoliaHit,
  AlgoliaRequest,
  AlgoliaResult,
  HighlightResult,
} from "./algolia-types.ts";
import { type CategoryPaths, EVERY_LEVEL, levelOf } from "./category-paths.ts";
import { list } from "./request.ts";

// Vitrina's answer to one query in the shape InstantSearch reads (Algolia's search response):
// hits with objectID and _highlightResult, the counts of the asked facets, their stats, the
// pages. What Algolia has no field for rides along as `corrected_query` and `ignored_words`,
// and the merchandising rules' redirect and banners as `userData` (queryRuleCustomData).

/** `name` with its matched ranges between the request's highlight tags. */
export function highlighted(
  name: string,
  ranges: readonly (readonly [number, number])[],
  pre: string,
  post: string,
): HighlightResult {
  let value = "";
  let at = 0;
  const matchedWords: string[] = [];
  for (const [start, end] of ranges) {
    value += `${name.slice(at, start)}${pre}${name.slice(start, end)}${post}`;
    matchedWords.push(name.slice(start, end).toLowerCase());
    at = end;
  }
  value += name.slice(at);
  const marked = ranges.reduce((n, [start, end]) => n + (end - start), 0);
  return {
    value,
    matchLevel: ranges.length === 0 ? "none" : "full",
    matchedWords,
    fullyHighlighted: marked > 0 && marked === name.length,
  };
}

function hitOf(product: SearchProduct, pre: string, post: string): AlgoliaHit {
  const { name_highlight, name_html: _html, ...fields } = product;
  const plain = (value: string): HighlightResult => ({
    value,
    matchLevel: "none",
    matchedWords: [],
  });
  return {
    ...fields,
    objectID: product.source_id,
    _highlightResult: {
      name: highlighted(product.name, name_highlight ?? [], pre, post),
      vendor: plain(product.vendor),
      sku: plain(product.sku),
    },
  };
}

/** The merchandising rules' redirect and banners, as Algolia's rules' custom data. */
function userDataOf(answer: SearchResponse): Record<string, unknown>[] {
  const data: Record<string, unknown>[] = [];
  if (answer.redirect !== undefined) data.push({ redirect: answer.redirect });
  // `banner`, `title`, `link`: the fields of Algolia's banner guide; the rest as Vitrina's.
  for (const b of answer.banners ?? [])
    data.push({ ...b, banner: b.image_url, title: b.alt, link: b.link ?? "" });
  return data;
}

export function algoliaResult(
  answer: SearchResponse,
  request: AlgoliaRequest,
  paths: CategoryPaths | null,
): AlgoliaResult {
  const p = request.params ?? {};
  const hitsPerPage = p.hitsPerPage ?? 20;
  const pre = p.highlightPreTag ?? "<em>";
  const post = p.highlightPostTag ?? "</em>";
  const asked = list(p.facets);
  const every = asked.includes("*");
  const facets: AlgoliaResult["facets"] = {};
  const stats: AlgoliaResult["facets_stats"] = {};
  const numeric = new Map(answer.stats.attributes.map((a) => [a.id, a]));
  for (const filter of answer.filters) {
    if (!every && !asked.includes(filter.name)) continue;
    facets[filter.name] = Object.fromEntries(filter.values.map((v) => [v.name, v.total]));
    const bounds = numeric.get(filter.id);
    if (bounds) stats[filter.name] = { min: bounds.min, max: bounds.max };
  }
  if (every || asked.includes("price")) {
    // The helper attaches a facet's stats only to a facet it got: the price's values are none.
    facets.price = {};
    if (answer.stats.price) stats.price = { ...answer.stats.price };
  }
  const levels = every && paths !== null ? paths.levels() : 0;
  const hierarchical = [
    ...asked,
    ...Array.from({ length: levels }, (_, n) => `${EVERY_LEVEL}${n}`),
  ];
  for (const attribute of hierarchical) {
    const level = levelOf(attribute);
    if (level !== null && paths !== null)
      facets[attribute] = paths.countsAt(level, answer.categories);
  }
  const result: AlgoliaResult = {
    hits:
      hitsPerPage === 0
        ? []
        : answer.products.groups.flatMap((g) => g.items.map((item) => hitOf(item, pre, post))),
    nbHits: answer.total,
    page: Math.max(answer.pagination.current_page - 1, 0),
    nbPages: answer.pagination.total_pages,
    hitsPerPage,
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
    query: p.query ?? "",
    params: "",
    index: request.indexName,
    facets,
    facets_stats: stats,
    corrected_query: answer.corrected_query,
    ignored_words: answer.ignored_words,
  };
  // The store's attributes, heaviest first, for dynamicWidgets: a page need not name them.
  if (asked.length > 0)
    result.renderingContent = {
      facetOrdering: { facets: { order: answer.filters.map((f) => f.name) } },
    };
  // Vitrina counts clicks per query: the query is the id the insights events carry back.
  if (result.query.trim() !== "") result.queryID = result.query;
  const userData = userDataOf(answer);
  if (userData.length > 0) result.userData = userData;
  return result;
}
