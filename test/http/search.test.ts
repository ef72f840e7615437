// Search over real HTTP on a small hand-made catalog (specification 2.7, 4.3; PRODUCT.md
// "Search"), exact results. Properties checked:
//  1. grouped layout: groups by category, per_category_limit (incl. -1), pagination of categories
//  2. single-category layout: one group, products paged by product_page_size
//  3. flat layout: one group without category info, products paged
//  4. unavailable products hidden unless show_unavailable; available rank first
//  5. price_from / price_to bound discounted_price, inclusive; price = old_price ?? new_price
//  6. filters: values OR-ed within an attribute, AND-ed across; counts are disjunctive
//  7. language with fallback to uk for names, urls and category names
//  8. stems, as-you-type prefixes, typos, SKU with and without punctuation, synonyms, keywords
//  9. wrong keyboard layout and transliteration are corrected (corrected_query)
// 10. suggestions only with use_corrections=false and use_suggestions=true
// 11. wid: the warehouse's price and availability; a product without warehouse data keeps its
//     own; a wid that is no warehouse of the domain is ignored
// 12. categories whose own name matches are listed even with no matching product
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CATEGORIES as CATS, PRODUCTS as ITEMS } from "../fixtures/small-catalog.ts";
import {
  CATEGORIES,
  createDomain,
  PRODUCTS,
  post,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
const BLACK = 1157301185511951;
const WHITE = 4784220522747771;
const GB128 = 402223664917464;
const COLOR = 1648635615845352;
const MEMORY = 5448254655712742;

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  expect((await post(service, CATEGORIES, shop.secret_token, CATS)).status).toBe(200);
  // One item per batch, a millisecond apart: ties in rank go to the newest update.
  for (const item of ITEMS) {
    expect((await post(service, PRODUCTS, shop.secret_token, [item])).status).toBe(201);
    await Bun.sleep(2);
  }
  const deadline = Date.now() + 5000;
  while ((await search("q=чохол")).total < 2 && Date.now() < deadline) await Bun.sleep(10);
});
afterAll(() => service[Symbol.asyncDispose]());

async function search(query: string): Promise<any> {
  const r = await fetch(`${service.url}/api/v2/search/?token=${shop.search_token}&${query}`);
  expect(r.status).toBe(200);
  return r.json();
}

/** The parts of an answer most tests compare: categories, groups with items, pagination. */
async function shape(query: string) {
  const b = await search(query);
  return {
    total: b.total,
    corrected: b.corrected_query,
    categories: b.categories.map((c: any) => `${c.source_id} ${c.name} ${c.total}`),
    groups: b.products.groups.map((g: any) => [
      `${g.source_category_id}|${g.category_name}`,
      ...g.items.map(
        (i: any) =>
          `${i.source_id} ${i.price}/${i.discounted_price}${i.availability ? "" : " n/a"}`,
      ),
    ]),
    page: [
      b.pagination.type,
      b.pagination.current_page,
      b.pagination.page_size,
      b.pagination.total_items,
      b.pagination.total_pages,
      b.pagination.has_next,
      b.pagination.has_previous,
    ],
  };
}

describe("layouts and pagination", () => {
  test("grouped: one group per category, newest first on ties", async () => {
    expect(await shape("q=навушники")).toEqual({
      total: 2,
      corrected: "",
      categories: ["1 Навушники 2"],
      groups: [["1|Навушники", "h2 1999/1999", "h1 13999/11999"]],
      page: ["categories", 1, 10, 1, 1, false, false],
    });
  });

  test("grouped: groups ordered by their best product, categories paged", async () => {
    expect(await shape("q=samsung&category_page_size=1&per_category_limit=1")).toEqual({
      total: 3,
      corrected: "",
      categories: ["3 Чохли 1", "2 Смартфони 2"],
      groups: [["3|Чохли", "c1 399/399"]],
      page: ["categories", 1, 1, 2, 2, true, false],
    });
    expect(
      (await shape("q=samsung&category_page_size=1&per_category_limit=1&page=2")).groups,
    ).toEqual([["2|Смартфони", "s2 32999/32999"]]);
  });

  test("per_category_limit -1 is unlimited", async () => {
    expect((await shape("q=смартфон&per_category_limit=-1")).groups).toEqual([
      ["2|Смартфони", "s3 38999/38999", "s2 32999/32999", "s1 17999/15999"],
    ]);
    expect((await shape("q=смартфон&per_category_limit=2")).groups).toEqual([
      ["2|Смартфони", "s3 38999/38999", "s2 32999/32999"],
    ]);
  });

  test("single category: one group, products paged", async () => {
    expect(await shape("q=смартфон&category_id=2&product_page_size=2&page=2")).toEqual({
      total: 3,
      corrected: "",
      categories: ["2 Смартфони 3"],
      groups: [["2|Смартфони", "s1 17999/15999"]],
      page: ["products", 2, 2, 3, 2, false, true],
    });
  });

  test("flat: one group without category info", async () => {
    expect(await shape("q=samsung&group_by_category=false&product_page_size=2")).toEqual({
      total: 3,
      corrected: "",
      categories: ["3 Чохли 1", "2 Смартфони 2"],
      groups: [["|", "c1 399/399", "s2 32999/32999"]],
      page: ["products", 1, 2, 3, 2, true, false],
    });
  });
});

describe("availability, prices, warehouses", () => {
  test("unavailable hidden by default, last when shown", async () => {
    expect((await shape("q=навушники&show_unavailable=true")).groups).toEqual([
      ["1|Навушники", "h2 1999/1999", "h1 13999/11999", "h3 1499/1499 n/a"],
    ]);
  });

  test("price bounds are inclusive on discounted_price", async () => {
    expect((await shape("q=смартфон&price_from=15999&price_to=32999")).groups).toEqual([
      ["2|Смартфони", "s2 32999/32999", "s1 17999/15999"],
    ]);
  });

  test("wid: the warehouse's price and availability; no warehouse data keeps its own", async () => {
    // h1 is at kyiv-1 with a price of its own there; h2 and h3 carry no warehouse data.
    expect((await shape("q=навушники&wid=kyiv-1&show_unavailable=true")).groups).toEqual([
      ["1|Навушники", "h2 1999/1999", "h1 11499/11499", "h3 1499/1499 n/a"],
    ]);
    // h1 is not available at lviv-1: hidden; h2 keeps its own availability.
    expect((await shape("q=навушники&wid=lviv-1")).groups).toEqual([
      ["1|Навушники", "h2 1999/1999"],
    ]);
  });

  test("a wid that is no warehouse of the domain is ignored: the whole body without it", async () => {
    const body = await search("q=навушники&wid=odesa-9&show_unavailable=true&show_filters=false");
    const item = (id: string, name: string, price: number, discounted: number) => ({
      id: Number(id.slice(1)),
      source_id: id,
      category_id: 1,
      sku: id === "h1" ? "WH-1000XM5" : `CODE-${id}`,
      vendor: id === "h3" ? "JBL" : "Sony",
      name,
      url: `https://shop.example/uk/p/${id}`,
      price,
      discounted_price: discounted,
      currency: "UAH",
      picture_url: "",
      availability: id !== "h3",
      labels:
        id === "h1"
          ? [
              { name: "Хіт", color: "#FF0000" },
              { name: "Новинка", color: "" },
            ]
          : [],
    });
    expect(body).toEqual({
      stats: { price: { min: 1499, max: 11999 }, attributes: [] },
      total: 3,
      query: "навушники",
      corrected_query: "",
      ignored_words: [],
      suggestions: [],
      filters_enabled: false,
      filters: [],
      categories: [
        {
          id: 1,
          source_id: "1",
          name: "Навушники",
          url: "https://shop.example/uk/c/1",
          total: 3,
        },
      ],
      products: {
        groups: [
          {
            source_category_id: "1",
            category_name: "Навушники",
            category_url: "https://shop.example/uk/c/1",
            items: [
              item("h2", "Навушники Sony WH-CH520", 1999, 1999),
              item("h1", "Навушники Sony WH-1000XM5", 13999, 11999),
              item("h3", "Навушники JBL Tune 510BT", 1499, 1499),
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
    expect(await search("q=навушники&show_unavailable=true&show_filters=false")).toEqual(body);
  });

  test("a category whose name matches is listed with total 0", async () => {
    expect(await shape("q=навушники&price_from=100000")).toEqual({
      total: 0,
      corrected: "",
      categories: ["1 Навушники 0"],
      groups: [],
      page: ["categories", 1, 10, 0, 0, false, false],
    });
  });
});

describe("filters", () => {
  test("the whole answer with a filter: disjunctive counts, swatches, labels", async () => {
    const b = await search(`q=смартфон&filters=${BLACK}`);
    expect(b).toEqual({
      stats: {
        price: { min: 15999, max: 38999 },
        attributes: [{ id: MEMORY, min: 128, max: 128, unit: "ГБ" }],
      },
      total: 2,
      query: "смартфон",
      corrected_query: "",
      ignored_words: [],
      suggestions: [],
      filters_enabled: true,
      filters: [
        {
          id: COLOR,
          name: "Колір",
          values: [
            { id: BLACK, name: "Чорний", total: 2, color: "#000000" },
            { id: WHITE, name: "Білий", total: 1, color: "#FFFFFF" },
          ],
        },
        { id: MEMORY, name: "Пам'ять", values: [{ id: GB128, name: "128 ГБ", total: 2 }] },
      ],
      categories: [
        {
          id: expect.any(Number),
          source_id: "2",
          name: "Смартфони",
          url: "https://shop.example/uk/c/2",
          total: 2,
        },
      ],
      products: {
        groups: [
          {
            source_category_id: "2",
            category_name: "Смартфони",
            category_url: "https://shop.example/uk/c/2",
            items: [
              {
                id: expect.any(Number),
                source_id: "s3",
                category_id: b.categories[0].id,
                sku: "MTP03",
                vendor: "Apple",
                name: "Смартфон Apple iPhone 15",
                url: "https://shop.example/uk/p/s3",
                price: 38999,
                discounted_price: 38999,
                currency: "UAH",
                picture_url: "",
                availability: true,
                labels: [],
              },
              {
                id: expect.any(Number),
                source_id: "s1",
                category_id: b.categories[0].id,
                sku: "SM-A556",
                vendor: "Samsung",
                name: "Смартфон Samsung Galaxy A55",
                url: "https://shop.example/uk/p/s1",
                price: 17999,
                discounted_price: 15999,
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
  });

  test("values of one attribute OR-ed, attributes AND-ed", async () => {
    expect((await shape(`q=смартфон&filters=${BLACK},${WHITE}`)).total).toBe(3);
    expect((await shape(`q=смартфон&filters=${WHITE},${GB128}`)).total).toBe(0);
  });

  test("show_filters=false: no filters", async () => {
    const b = await search("q=смартфон&show_filters=false");
    expect([b.filters_enabled, b.filters]).toEqual([false, []]);
  });

  test("labels with colours", async () => {
    const b = await search("q=wh-1000xm5");
    expect(b.products.groups[0].items[0].labels).toEqual([
      { name: "Хіт", color: "#FF0000" },
      { name: "Новинка", color: "" },
    ]);
  });
});

describe("language", () => {
  test("ru names and categories; products without ru fall back to uk", async () => {
    expect((await shape("q=наушники&language=ru&group_by_category=false")).categories).toEqual([
      "1 Наушники 2",
    ]);
    const b = await search("q=навушники&language=ru&group_by_category=false");
    expect(b.products.groups[0].items.map((i: any) => [i.name, i.url])).toEqual([
      ["Навушники Sony WH-CH520", "https://shop.example/uk/p/h2"],
      ["Наушники Sony WH-1000XM5", "https://shop.example/ru/p/h1"],
    ]);
  });

  test("en category missing: falls back to uk", async () => {
    expect((await shape("q=смартфон&language=en")).categories).toEqual(["2 Смартфони 3"]);
  });
});

describe("text matching", () => {
  const found = async (q: string) =>
    (await shape(`q=${encodeURIComponent(q)}&group_by_category=false`)).groups[0]
      ?.slice(1)
      .map((s: string) => s.split(" ")[0]);
  test("stems and plurals, prefixes, typos", async () => {
    expect(await found("смартфони")).toEqual(["s3", "s2", "s1"]);
    expect(await found("навушн")).toEqual(["h2", "h1"]);
    expect(await found("samsung galaxy a5")).toEqual(["c1", "s1"]);
    expect((await shape("q=смартфно")).corrected).toBe("смартфон");
  });

  test("SKU and model codes, with or without punctuation", async () => {
    expect(await found("WH1000XM5")).toEqual(["h1"]);
    expect(await found("wh-1000xm5")).toEqual(["h1"]);
    expect(await found("SM-A556")).toEqual(["s1"]);
  });

  test("category synonyms and keywords", async () => {
    expect(await found("мобільні телефони")).toEqual(["s3", "s2", "s1"]);
    expect(await found("кейс")).toEqual(["c2", "c1"]);
  });

  test("wrong layout and transliteration are corrected", async () => {
    for (const q of ["cvfhnajy", "smartfon"]) {
      const s = await shape(`q=${q}&group_by_category=false`);
      expect([q, s.corrected, s.total]).toEqual([q, "смартфон", 3]);
    }
  });

  test("suggestions only when corrections are off", async () => {
    expect(
      (await search("q=samsu&use_corrections=false&use_suggestions=true")).suggestions,
    ).toEqual(["samsung"]);
    expect((await search("q=samsu&use_suggestions=true")).suggestions).toEqual([]);
  });
});
