// Vitrina's InstantSearch client (src/clients/instantsearch/) against a running service, the
// requests InstantSearch's helper sends (docs/INSTANTSEARCH.md), both stores:
//  1. a refinement before any answer (from the page's URL): its value id is learned first
//     (one search without refinements, not counted: demo=true), then the refined search; a name Vitrina does not
//     have is left out; the next refinement of a known name costs no extra search
//  2. one request's queries: the same search is sent once; a counts-only query (not counted:
//     demo=true) is answered with no hits, its facet's counts those of the main query (Vitrina counts a facet with
//     every refinement but its own)
//  3. a numeric attribute's range (`ranges` by the attribute's id) and the price; facets_stats
//  4. the hierarchical menu over the tree of GET /api/v2/search/categories/ (asked once):
//     each level's paths counting their categories' products at any depth; a refined path
//     is a category page (browse=true, category_id) without a query
//  5. a merchandising rule's redirect and banner in userData
//  6. refinementList's search for facet values
//  7. a refused search rejects with Vitrina's detail
import { afterAll, beforeAll, expect, test } from "bun:test";
import { vitrinaSearchClient } from "../../src/clients/instantsearch/index.ts";
import {
  ADMIN_KEY,
  CATEGORIES,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;

const category = (id: number, name: string, parent?: number) => ({
  source_category_id: id,
  ...(parent === undefined ? {} : { parent_id: parent }),
  translations: [{ language: "uk", name, url: `https://shop.example/c/${id}` }],
});
const tv = (id: string, cat: string, colour: string, inches: number, price: number) =>
  product(id, {
    source_category_id: cat,
    new_price: price,
    vendor: "LG",
    translations: [
      {
        language: "uk",
        name: `Телевізор LG ${id}`,
        url: `https://shop.example/p/${id}`,
        params: [
          { name: "Колір", value: colour, is_filter: true },
          { name: "Діагональ", value: `${inches}"`, is_filter: true },
        ],
      },
    ],
  });

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  const categories = await post(service, CATEGORIES, shop.secret_token, [
    category(1, "Електроніка"),
    category(2, "Телевізори", 1),
    category(3, "OLED", 2),
    category(4, "Кабелі", 1),
  ]);
  expect(categories.status).toBe(200);
  const products = await post(service, PRODUCTS, shop.secret_token, [
    tv("1", "3", "Чорний", 55, 30000),
    tv("2", "3", "Білий", 65, 50000),
    tv("3", "2", "Чорний", 43, 12000),
    tv("4", "2", "Сірий", 50, 18000),
    product("5", {
      source_category_id: "4",
      translations: [
        { language: "uk", name: "Кабель HDMI для телевізора", url: "https://shop.example/p/5" },
      ],
    }),
  ]);
  expect(products.status).toBe(201);
  const rules = await fetch(`${service.url}/api/v2/admin/domains/${shopName()}/rules/`, {
    method: "PUT",
    headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
    body: JSON.stringify({
      rules: [
        { query: { match: "exact", text: "доставка" }, redirect: "https://shop.example/delivery/" },
        {
          query: { match: "contains", text: "телевізор" },
          banner: { image_url: "https://shop.example/b.jpg", alt: "TV week", position: "top" },
        },
      ],
    }),
  });
  expect(rules.status).toBe(200);
  for (let i = 0; i < 150; i++) {
    const r = await fetch(`${service.url}/api/v2/search/?q=телевізор&token=${shop.search_token}`);
    if (((await r.json()) as any).total === 5) break;
    await Bun.sleep(100);
  }
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

function shopName(): string {
  return (shop as unknown as { name: string }).name;
}

/** The client, and the Vitrina paths it asked since the last look. */
function counted() {
  const asked: string[] = [];
  const plain = globalThis.fetch;
  const client = vitrinaSearchClient({ host: service.url, token: shop.search_token });
  const seen = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const marks = ["filters", "demo"].filter((k) => url.searchParams.has(k));
    asked.push([url.pathname, ...marks].join("+"));
    return plain(input, init);
  };
  return {
    search: async (requests: any[]) => {
      globalThis.fetch = Object.assign(seen, { preconnect: plain.preconnect });
      try {
        return (await client.search(requests)).results as any[];
      } finally {
        globalThis.fetch = plain;
      }
    },
    facetValues: (requests: any[]) => client.searchForFacetValues(requests),
    asked: () => asked.splice(0),
  };
}

const names = (r: any) => r.hits.map((h: any) => h.name);

test("1. a refinement before any answer: its id is learned first", async () => {
  const c = counted();
  const [r] = await c.search([
    {
      indexName: "products",
      params: { query: "телевізор", facets: ["Колір"], facetFilters: [["Колір:Чорний"]] },
    },
  ]);
  expect(c.asked()).toEqual(["/api/v2/search/+demo", "/api/v2/search/+filters"]);
  expect(names(r).toSorted()).toEqual(["Телевізор LG 1", "Телевізор LG 3"]);
  expect([r.nbHits, r.facets]).toEqual([2, { Колір: { Чорний: 2, Білий: 1, Сірий: 1 } }]);
  const [known] = await c.search([
    {
      indexName: "products",
      params: {
        query: "телевізор",
        facets: ["Колір"],
        facetFilters: [["Колір:Білий", "Колір:Рожевий"]],
      },
    },
  ]);
  // Рожевий is no colour of the store: learned in vain, then left out.
  expect(c.asked()).toEqual(["/api/v2/search/+demo", "/api/v2/search/+filters"]);
  expect(names(known)).toEqual(["Телевізор LG 2"]);
  const [again] = await c.search([
    { indexName: "products", params: { query: "телевізор", facetFilters: [["Колір:Сірий"]] } },
  ]);
  expect([c.asked(), names(again)]).toEqual([["/api/v2/search/+filters"], ["Телевізор LG 4"]]);
});

test("2. a request's queries: one search each, the same one once", async () => {
  const c = counted();
  const main = {
    query: "телевізор",
    facets: ["Колір", "Діагональ"],
    facetFilters: [["Колір:Чорний"]],
  };
  await c.search([{ indexName: "products", params: main }]);
  c.asked();
  const results = await c.search([
    { indexName: "products", params: main },
    { indexName: "products", params: main },
    {
      indexName: "products",
      params: { query: "телевізор", facets: "Колір", hitsPerPage: 0, page: 0, analytics: false },
    },
  ]);
  expect(c.asked()).toEqual(["/api/v2/search/+filters", "/api/v2/search/+demo"]);
  const [first, second, counts] = results;
  expect(second).toEqual(first);
  expect(counts.hits).toEqual([]);
  expect(counts.facets.Колір).toEqual(first.facets.Колір);
  expect(first.facets.Діагональ).toEqual({ '55"': 1, '43"': 1 });
});

test("3. numeric filters: a numeric attribute's range, the price; their stats", async () => {
  const c = counted();
  const [r] = await c.search([
    {
      indexName: "products_price_desc",
      params: {
        query: "lg",
        facets: ["Діагональ", "price"],
        numericFilters: ["Діагональ>=50", "price<=40000"],
      },
    },
  ]);
  expect(names(r)).toEqual(["Телевізор LG 1", "Телевізор LG 4"]);
  // Each bound counted without its own: the diagonals within the price, the prices of the
  // diagonals.
  expect(r.facets_stats).toEqual({
    Діагональ: { min: 43, max: 55 },
    price: { min: 18000, max: 50000 },
  });
});

test("4. the hierarchical menu over the category tree", async () => {
  const c = counted();
  const attributes = ["categories.lvl0", "categories.lvl1", "categories.lvl2"];
  const [store] = await c.search([
    { indexName: "products", params: { query: "", facets: attributes.slice(0, 1) } },
  ]);
  expect(c.asked()).toEqual(["/api/v2/search/categories/", "/api/v2/search/"]);
  expect([store.nbHits, store.facets]).toEqual([5, { "categories.lvl0": { Електроніка: 5 } }]);
  const refined = [["categories.lvl1:Електроніка > Телевізори"]];
  const [tvs, parents] = await c.search([
    { indexName: "products", params: { query: "", facets: attributes, facetFilters: refined } },
    {
      indexName: "products",
      params: {
        query: "",
        facets: attributes.slice(0, 2),
        facetFilters: [["categories.lvl0:Електроніка"]],
        hitsPerPage: 0,
        analytics: false,
      },
    },
  ]);
  expect(c.asked()).toEqual(["/api/v2/search/", "/api/v2/search/+demo"]);
  expect(names(tvs).toSorted()).toEqual([1, 2, 3, 4].map((i) => `Телевізор LG ${i}`));
  expect(tvs.facets).toEqual({
    "categories.lvl0": { Електроніка: 4 },
    "categories.lvl1": { "Електроніка > Телевізори": 4 },
    "categories.lvl2": { "Електроніка > Телевізори > OLED": 2 },
  });
  expect(parents.facets).toEqual({
    "categories.lvl0": { Електроніка: 5 },
    "categories.lvl1": { "Електроніка > Телевізори": 4, "Електроніка > Кабелі": 1 },
  });
});

test("5. a rule's redirect and banner in userData", async () => {
  const c = counted();
  const [delivery, tvs] = await c.search([
    { indexName: "products", params: { query: "доставка" } },
    { indexName: "products", params: { query: "телевізор", hitsPerPage: 1 } },
  ]);
  expect(delivery.userData).toEqual([{ redirect: "https://shop.example/delivery/" }]);
  expect(tvs.userData).toEqual([
    {
      image_url: "https://shop.example/b.jpg",
      alt: "TV week",
      position: "top",
      banner: "https://shop.example/b.jpg",
      title: "TV week",
      link: "",
    },
  ]);
  expect([tvs.nbPages, tvs.hits.length]).toEqual([5, 1]);
});

test("6. search for facet values", async () => {
  const c = counted();
  expect(
    await c.facetValues([
      {
        indexName: "products",
        params: { query: "телевізор", facetName: "Колір", facetQuery: "ч" },
      },
    ]),
  ).toEqual([
    {
      facetHits: [{ value: "Чорний", highlighted: "<em>Ч</em>орний", count: 2 }],
      exhaustiveFacetsCount: true,
      processingTimeMS: 0,
    },
  ]);
});

test("7. a refused search rejects with Vitrina's detail", async () => {
  const c = counted();
  await expect(
    c.search([{ indexName: "products", params: { query: "tv", page: 5_000_000 } }]),
  ).rejects.toThrow("Vitrina answered 400: Invalid query parameters.");
});
