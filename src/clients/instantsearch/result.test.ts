// Vitrina's answer as the result InstantSearch reads (docs/INSTANTSEARCH.md):
//  1. hits: every product of the flat list with objectID (its source_id) and _highlightResult
//     (the name's matched ranges between the request's tags, Algolia's <em> by default); none
//     for a counts-only query (hitsPerPage 0)
//  2. nbHits, page (0-based), nbPages, hitsPerPage, query, index; queryID is the query (none
//     without one)
//  3. facets: the asked attributes' values and counts ('*' all), numeric attributes' and the
//     price's facets_stats; a hierarchical level's paths, each counting its categories' products
//     at any depth (every level as `categories.lvlN` for '*'); the attributes in Vitrina's
//     order as renderingContent (dynamicWidgets)
//  4. corrected_query and ignored_words as they are; the rules' redirect and banners as
//     userData, none without them
import { expect, test } from "bun:test";
import type { SearchResponse } from "../../model/search.ts";
import { CategoryPaths } from "./category-paths.ts";
import { algoliaResult, highlighted } from "./result.ts";

const product = (source: string, name: string, ranges: [number, number][]) => ({
  id: Number(source),
  source_id: source,
  category_id: 3,
  sku: `SKU-${source}`,
  vendor: "LG",
  name,
  url: `https://shop.example/p/${source}`,
  price: 100,
  discounted_price: 90,
  currency: "UAH",
  picture_url: "",
  availability: true,
  labels: [],
  name_highlight: ranges,
});

const ANSWER: SearchResponse = {
  total: 12,
  query: "телевізор lg",
  corrected_query: "",
  ignored_words: ["oled"],
  suggestions: [],
  filters_enabled: true,
  filters: [
    { id: 11, name: "Колір", values: [{ id: 101, name: "Чорний", total: 7 }] },
    { id: 12, name: "Діагональ", values: [{ id: 201, name: '55"', total: 5 }] },
  ],
  categories: [
    { id: 3, source_id: "3", name: "OLED", url: "", total: 5 },
    { id: 4, source_id: "4", name: "LED", url: "", total: 6 },
    { id: 5, source_id: "5", name: "Кабелі", url: "", total: 1 },
  ],
  products: {
    groups: [
      {
        source_category_id: "",
        category_name: "",
        category_url: "",
        items: [
          product("7", "Телевізор LG OLED55", [
            [0, 9],
            [10, 12],
          ]),
          product("8", "LG", [[0, 2]]),
        ],
      },
    ],
  },
  pagination: {
    type: "products",
    current_page: 2,
    page_size: 2,
    total_items: 12,
    total_pages: 6,
    has_next: true,
    has_previous: true,
  },
  stats: { price: { min: 90, max: 5000 }, attributes: [{ id: 12, min: 43, max: 65, unit: '"' }] },
  redirect: "https://shop.example/tv/",
  banners: [
    {
      image_url: "https://shop.example/b.jpg",
      link: "https://shop.example/sale/",
      alt: "Sale",
      position: "top",
    },
  ],
};

const paths = new CategoryPaths([
  { id: 1, source_id: "1", name: "Електроніка", url: "", parent_id: null, depth: 0 },
  { id: 2, source_id: "2", name: "Телевізори", url: "", parent_id: "1", depth: 1 },
  { id: 3, source_id: "3", name: "OLED", url: "", parent_id: "2", depth: 2 },
  { id: 4, source_id: "4", name: "LED", url: "", parent_id: "2", depth: 2 },
  { id: 5, source_id: "5", name: "Кабелі", url: "", parent_id: "1", depth: 1 },
]);

test("1-2. hits and pages", () => {
  const r = algoliaResult(
    ANSWER,
    {
      indexName: "products_price_asc",
      params: {
        query: "телевізор lg",
        page: 1,
        hitsPerPage: 2,
        highlightPreTag: "<b>",
        highlightPostTag: "</b>",
      },
    },
    null,
  );
  const { name_highlight: _ranges, ...fields } = product("7", "Телевізор LG OLED55", []);
  expect(r.hits[0]).toEqual({
    ...fields,
    objectID: "7",
    _highlightResult: {
      name: {
        value: "<b>Телевізор</b> <b>LG</b> OLED55",
        matchLevel: "full",
        matchedWords: ["телевізор", "lg"],
        fullyHighlighted: false,
      },
      vendor: { value: "LG", matchLevel: "none", matchedWords: [] },
      sku: { value: "SKU-7", matchLevel: "none", matchedWords: [] },
    },
  });
  expect(r.hits.map((h) => h._highlightResult.name?.fullyHighlighted)).toEqual([false, true]);
  expect({ ...r, hits: r.hits.length, facets: {}, facets_stats: {}, userData: [] }).toEqual({
    hits: 2,
    nbHits: 12,
    page: 1,
    nbPages: 6,
    hitsPerPage: 2,
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
    query: "телевізор lg",
    params: "",
    index: "products_price_asc",
    queryID: "телевізор lg",
    facets: {},
    facets_stats: {},
    userData: [],
    corrected_query: "",
    ignored_words: ["oled"],
  });
  const counts = algoliaResult(ANSWER, { indexName: "p", params: { hitsPerPage: 0 } }, null);
  expect([counts.hits, counts.queryID]).toEqual([[], undefined]);
  expect(highlighted("tv", [], "<em>", "</em>")).toEqual({
    value: "tv",
    matchLevel: "none",
    matchedWords: [],
    fullyHighlighted: false,
  });
});

test("3. facets, their stats, the hierarchical levels", () => {
  const asked = (facets: string[]) =>
    algoliaResult(ANSWER, { indexName: "products", params: { query: "tv", facets } }, paths);
  const r = asked(["Колір", "Діагональ", "price", "categories.lvl0", "categories.lvl1", "Вага"]);
  expect([r.facets, r.facets_stats]).toEqual([
    {
      Колір: { Чорний: 7 },
      Діагональ: { '55"': 5 },
      price: {},
      "categories.lvl0": { Електроніка: 12 },
      "categories.lvl1": { "Електроніка > Телевізори": 11, "Електроніка > Кабелі": 1 },
    },
    { Діагональ: { min: 43, max: 65 }, price: { min: 90, max: 5000 } },
  ]);
  // Every facet: the levels too, as categories.lvlN (dynamicWidgets names none).
  expect(Object.keys(asked(["*"]).facets)).toEqual([
    "Колір",
    "Діагональ",
    "price",
    "categories.lvl0",
    "categories.lvl1",
    "categories.lvl2",
  ]);
  expect(asked(["*"]).renderingContent).toEqual({
    facetOrdering: { facets: { order: ["Колір", "Діагональ"] } },
  });
  expect(asked(["categories.lvl2"]).facets).toEqual({
    "categories.lvl2": {
      "Електроніка > Телевізори > OLED": 5,
      "Електроніка > Телевізори > LED": 6,
    },
  });
});

test("4. userData: the redirect and the banners", () => {
  const r = algoliaResult(ANSWER, { indexName: "products", params: { query: "tv" } }, null);
  expect(r.userData).toEqual([
    { redirect: "https://shop.example/tv/" },
    {
      image_url: "https://shop.example/b.jpg",
      link: "https://shop.example/sale/",
      alt: "Sale",
      position: "top",
      banner: "https://shop.example/b.jpg",
      title: "Sale",
    },
  ]);
  const plain = { ...ANSWER, redirect: undefined, banners: undefined };
  delete plain.redirect;
  delete plain.banners;
  expect("userData" in algoliaResult(plain, { indexName: "p", params: {} }, null)).toBe(false);
});
