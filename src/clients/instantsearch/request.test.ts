// InstantSearch's queries as Vitrina's search parameters (docs/INSTANTSEARCH.md, "What maps
// to what"):
//  1. query, page (0-based to 1-based), hitsPerPage, the index name's sort, highlight ranges,
//     one flat list; an empty query is a page of the store (browse=true)
//  2. facetFilters (conjunctive and disjunctive) become the value ids last answered for
//     their names; an exclusion has no equivalent and is left out; a name never answered
//     marks the query as unknown
//  3. numericFilters on price are price_from/price_to (strict bounds as inclusive, clamped to
//     Vitrina's range, plain decimals), on a numeric attribute `ranges` by its id
//  4. a hierarchical level's refinement is the category_id of its path; the deepest wins; a
//     path the tree does not have is unknown
//  5. InstantSearch's counts-only queries (analytics: false) are not counted (demo=true); the
//     insights user token is the shopper's uuid
//  6. the index names: a `_<sort>` suffix asks that sort, anything else is relevance
//  7. the client's copies of the server's bounds and sorts (it bundles no server code) are
//     the server's
import { describe, expect, test } from "bun:test";
import { OPTIONS } from "../../config.ts";
import { QUERY_LIMITS } from "../../http/search/parse-params.ts";
import { SORTS } from "../../model/search.ts";
import type { AlgoliaParams } from "./algolia-types.ts";
import { CategoryPaths, levelOf } from "./category-paths.ts";
import { FacetIds } from "./facet-ids.ts";
import { INDEX_SORTS, sortOfIndex } from "./index-names.ts";
import {
  decimal,
  MAX_PAGE_SIZE,
  MAX_PRICE,
  type MappingContext,
  searchParams,
  usesCategories,
} from "./request.ts";

const ids = new FacetIds();
ids.learn({
  filters: [
    {
      id: 11,
      name: "Колір",
      values: [
        { id: 101, name: "Чорний", total: 3 },
        { id: 102, name: "Білий", total: 1 },
      ],
    },
    { id: 12, name: "Діагональ", values: [{ id: 201, name: '55"', total: 2 }] },
  ],
} as never);
const paths = new CategoryPaths([
  { id: 1, source_id: "1", name: "Електроніка", url: "", parent_id: null, depth: 0 },
  { id: 2, source_id: "2", name: "Телевізори", url: "", parent_id: "1", depth: 1 },
  { id: 3, source_id: "3", name: "OLED", url: "", parent_id: "2", depth: 2 },
]);
const context: MappingContext = { token: "T", language: "en", ids, paths };

const mapped = (params: AlgoliaParams, indexName = "products") => {
  const m = searchParams({ indexName, params }, context);
  return { params: Object.fromEntries(m.params), unknown: m.unknown };
};

const BASE = {
  token: "T",
  language: "en",
  group_by_category: "false",
  highlight: "ranges",
  show_filters: "false",
};

describe("1. query, pages, sort", () => {
  test("a query", () => {
    expect(mapped({ query: "tv", page: 2, hitsPerPage: 8 }, "products_price_desc")).toEqual({
      params: { ...BASE, q: "tv", page: "3", product_page_size: "8", sort: "price_desc" },
      unknown: false,
    });
  });
  test("an empty query is the store's page; hitsPerPage 0 asks one product, at most 100", () => {
    expect(mapped({ hitsPerPage: 0, facets: ["Колір"] }).params).toEqual({
      ...BASE,
      q: "",
      browse: "true",
      page: "1",
      product_page_size: "1",
      show_filters: "true",
    });
    expect(mapped({ query: "tv", hitsPerPage: 500 }).params.product_page_size).toBe("100");
    expect(mapped({ query: "tv" }).params.product_page_size).toBe("20");
  });
});

describe("2. facet filters", () => {
  test("names become the ids last answered", () => {
    expect(
      mapped({ query: "tv", facetFilters: [["Колір:Чорний", "Колір:Білий"], 'Діагональ:55"'] }),
    ).toEqual({
      params: { ...BASE, q: "tv", page: "1", product_page_size: "20", filters: "101,102,201" },
      unknown: false,
    });
    expect(mapped({ query: "tv", facetFilters: "Колір:Білий" }).params.filters).toBe("102");
  });
  test("an exclusion is left out; an unknown name marks the query", () => {
    expect(mapped({ query: "tv", facetFilters: ["Колір:-Чорний"] })).toEqual({
      params: { ...BASE, q: "tv", page: "1", product_page_size: "20" },
      unknown: false,
    });
    expect(mapped({ query: "tv", facetFilters: [["Колір:Синій", "Колір:Білий"]] })).toEqual({
      params: { ...BASE, q: "tv", page: "1", product_page_size: "20", filters: "102" },
      unknown: true,
    });
  });
});

describe("3. numeric filters", () => {
  test("price, and a numeric attribute by its id", () => {
    expect(
      mapped({ query: "tv", numericFilters: ["price>=100", "price<=999.5", "Діагональ>40"] }),
    ).toEqual({
      params: {
        ...BASE,
        q: "tv",
        page: "1",
        product_page_size: "20",
        price_from: "100",
        price_to: "999.5",
        ranges: "12:40:",
      },
      unknown: false,
    });
    expect(mapped({ query: "tv", numericFilters: "price=50" }).params).toMatchObject({
      price_from: "50",
      price_to: "50",
    });
    expect(
      mapped({ query: "tv", numericFilters: [["price>=-5"], "price<=1e15"] }).params,
    ).toMatchObject({ price_from: "0", price_to: "1000000000000" });
    expect(mapped({ query: "tv", numericFilters: ["Вага<=2"] }).unknown).toBe(true);
    expect([decimal(0.0000001), decimal(12.25), decimal(3)]).toEqual(["0", "12.25", "3"]);
  });
});

describe("4. the hierarchical menu", () => {
  test("the deepest level's path is the category", () => {
    const p = mapped({
      query: "",
      facets: ["categories.lvl0", "categories.lvl1"],
      facetFilters: [["categories.lvl0:Електроніка"], ["categories.lvl1:Електроніка > Телевізори"]],
    });
    expect(p).toEqual({
      params: {
        ...BASE,
        q: "",
        browse: "true",
        page: "1",
        product_page_size: "20",
        show_filters: "true",
        category_id: "2",
      },
      unknown: false,
    });
    expect(mapped({ facetFilters: ["categories.lvl1:Електроніка > Радіо"] }).unknown).toBe(true);
  });
  test("which queries need the tree", () => {
    expect(levelOf("categories.lvl2")).toBe(2);
    expect(levelOf("Колір")).toBe(null);
    const uses = (params: AlgoliaParams) => usesCategories({ indexName: "products", params });
    expect(uses({ facets: "hierarchicalCategories.lvl0" })).toBe(true);
    expect(uses({ facets: ["*"] })).toBe(true);
    expect(uses({ facetFilters: [["categories.lvl0:Електроніка"]] })).toBe(true);
    expect(uses({ facets: ["Колір"], facetFilters: ["Колір:Білий"] })).toBe(false);
  });
});

test("5. counts-only queries and the user token", () => {
  const p = mapped({ query: "tv", analytics: false, userToken: "anonymous-1" }).params;
  expect([p.demo, p.uuid]).toEqual(["true", "anonymous-1"]);
  expect(mapped({ query: "tv" }).params.demo).toBe(undefined);
});

test("6. index names", () => {
  expect(
    ["products", "products_price_asc", "shop_newest", "x_discount", "p_popular", "popular"].map(
      sortOfIndex,
    ),
  ).toEqual(["relevance", "price_asc", "newest", "discount", "popular", "relevance"]);
});

test("7. the server's bounds and sorts", () => {
  expect([MAX_PAGE_SIZE, MAX_PRICE, INDEX_SORTS]).toEqual([
    Number(OPTIONS.maxPageSize.default),
    QUERY_LIMITS.price,
    SORTS.filter((s) => s !== "relevance"),
  ]);
});
