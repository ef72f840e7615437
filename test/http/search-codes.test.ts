// Code-shaped queries over real HTTP (PRODUCT.md "Search": a code matches exactly; issue 14
// point 4; search/query/code-query.ts), exact answers on a catalog of store SKUs, a model code
// that is also in a name, and a bare number. Properties checked:
//  1. a code that is no product's code, whose words match nothing together and whose letter
//     words are words of codes alone answers with the products whose code is one edit away,
//     or with the empty answer: never with the products that share its letter part ("sku")
//  2. a real code typed without its separators (glued, with a space, another joiner) finds its
//     product first
//  3. a code that is also a model word finds by name; a code being typed completes
//  4. a query of words, or a code-shaped model name (a letter word of product names: "sony"),
//     still drops a word found nowhere
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  CATEGORIES,
  category,
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

const item = (sourceId: string, code: string, name: string) =>
  product(sourceId, {
    code,
    translations: [{ language: "uk", name, url: `https://shop.example/p/${sourceId}` }],
  });

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  expect((await post(service, CATEGORIES, shop.secret_token, [category(1, "Дім")])).status).toBe(
    200,
  );
  const items = [
    item("1", "SKU-000101", "Чайник Bosch TWK"),
    item("2", "SKU-000102", "Чайник Tefal KO"),
    item("3", "SKU-000210", "Праска Philips Azur"),
    item("4", "WH-1000XM5", "Навушники Sony WH-1000XM5"),
    item("5", "17359070", "Крісло офісне Special4You"),
  ];
  // One item per batch: ties in rank go to the newest update, so the order is known.
  for (const one of items) {
    expect((await post(service, PRODUCTS, shop.secret_token, [one])).status).toBe(201);
    await Bun.sleep(2);
  }
  const deadline = Date.now() + 5000;
  while ((await skus("q=17359070")).length < 1 && Date.now() < deadline) await Bun.sleep(10);
});
afterAll(() => service[Symbol.asyncDispose]());

async function search(query: string): Promise<any> {
  const r = await fetch(`${service.url}/api/v2/search/?token=${shop.search_token}&${query}`);
  expect(r.status).toBe(200);
  return r.json();
}

/** The skus of a flat answer, in order. */
async function skus(query: string): Promise<string[]> {
  const body = await search(`${query}&group_by_category=false`);
  return body.products.groups[0].items.map((i: { sku: string }) => i.sku);
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe("1. a code that does not exist", () => {
  test("answers its nearest codes", async () => {
    expect(await search(q("SKU-000103"))).toEqual({
      stats: { price: { min: 100, max: 100 }, attributes: [] },
      total: 2,
      query: "SKU-000103",
      corrected_query: "",
      ignored_words: [],
      suggestions: [],
      filters_enabled: true,
      filters: [],
      categories: [
        { id: 1, source_id: "1", name: "Дім", url: "https://shop.example/c/1", total: 2 },
      ],
      products: {
        groups: [
          {
            source_category_id: "1",
            category_name: "Дім",
            category_url: "https://shop.example/c/1",
            items: [
              {
                id: 2,
                source_id: "2",
                category_id: 1,
                sku: "SKU-000102",
                vendor: "",
                name: "Чайник Tefal KO",
                url: "https://shop.example/p/2",
                price: 100,
                discounted_price: 100,
                currency: "UAH",
                picture_url: "",
                availability: true,
                labels: [],
              },
              {
                id: 1,
                source_id: "1",
                category_id: 1,
                sku: "SKU-000101",
                vendor: "",
                name: "Чайник Bosch TWK",
                url: "https://shop.example/p/1",
                price: 100,
                discounted_price: 100,
                currency: "UAH",
                picture_url: "",
                availability: true,
                labels: [],
              },
            ],
          },
        ],
      },
      pagination: {
        type: "categories",
        current_page: 1,
        page_size: 10,
        total_items: 1,
        total_pages: 1,
        has_next: false,
        has_previous: false,
      },
    });
    expect(await skus(q("sku000103"))).toEqual(["SKU-000102", "SKU-000101"]);
    expect(await skus(q("sku000120"))).toEqual(["SKU-000210", "SKU-000102"]);
    expect(await skus(q("17359071"))).toEqual(["17359070"]);
  });

  test("or nothing, not the products that share its letters", async () => {
    expect(await search(q("SKU-1234567"))).toEqual({
      stats: { price: null, attributes: [] },
      total: 0,
      query: "SKU-1234567",
      corrected_query: "",
      ignored_words: [],
      suggestions: [],
      filters_enabled: true,
      filters: [],
      categories: [],
      products: { groups: [] },
      pagination: {
        type: "categories",
        current_page: 1,
        page_size: 10,
        total_items: 0,
        total_pages: 0,
        has_next: false,
        has_previous: false,
      },
    });
    for (const code of ["sku-7506095", "sku722108", "SKU/1234567", "sku-a9999"])
      expect([code, await skus(q(code))]).toEqual([code, []]);
  });
});

test("2. a real code without its separators finds its product first", async () => {
  for (const code of ["sku000101", "SKU 000101", "sku/000101", "SKU000101 "])
    expect([code, await skus(q(code))]).toEqual([code, ["SKU-000101"]]);
});

test("3. a code that is also a model word finds by name; a code being typed completes", async () => {
  expect(await skus(q("wh-1000xm5"))).toEqual(["WH-1000XM5"]);
  expect(await skus(q("wh1000xm5"))).toEqual(["WH-1000XM5"]);
  expect(await skus(q("sku-0002"))).toEqual(["SKU-000210"]);
  expect(await skus(q("1735907"))).toEqual(["17359070"]);
});

test("4. a query of words, or a model name shaped like a code, still drops a word found nowhere", async () => {
  expect(await skus(q("чайник 9999"))).toEqual(["SKU-000102", "SKU-000101"]);
  expect(await skus(q("sony-9999"))).toEqual(["WH-1000XM5"]);
  expect(await skus(q("Tefal-KO5"))).toEqual(["SKU-000102"]);
});
