// Properties of the search engine facade, checked on the hand-made catalog of
// test/fixtures/engine-catalog.ts with exact expected answers (whole objects):
//  1. grouped layout: one group per category, groups and items by rank, unavailable hidden,
//     categories with totals, pagination of type "categories"
//  2. show_unavailable: unavailable products included, ranked after available ones
//  3. ranking ties go to the newest updated_at; exact words before stems
//  4. per_category_limit, including -1 (no limit)
//  5. grouped pagination: category_page_size and page over groups
//  6. flat layout: one group without category info, paged by product_page_size
//  7. single category (category_id): one group, total of that category, all categories listed
//  8. filters: value ids stable (hash of language and name), OR within an attribute, AND across,
//     disjunctive counts; filters [] and filters_enabled false when show_filters=false
//  9. price bounds on discounted_price, inclusive; a product without prices costs 0
// 10. wid: that warehouse's price and availability; no entry there = unavailable, unless the
//     product has no warehouse data (its own); an unknown wid is ignored
// 11. language: display fields in the language, fallback uk then the first translation;
//     text of every translation is searchable whatever the language
// 12. stems: a plural finds the singular, a word form in a description finds its product
// 13. prefix of the last word (as-you-type); a one-letter query completes opening words only
// 14. typos: tolerated without correction; corrected (corrected_query) with corrections on
// 15. SKU: exact code, with or without punctuation and spaces
// 16. wrong keyboard layout and transliteration are corrected
// 17. suggestions only with use_corrections=false and use_suggestions=true; popular first
// 18. only when nothing matches every word: words found nowhere are dropped, then the last
// 19. a category whose own name matches is listed even with 0 products
// 20. the empty data set (emptyAnswer) and queries without words: no result, the empty data set
// 21. patchSnapshot: the old snapshot answers as before, the new one reflects the patch
//     (updated, added products; renamed category); snapshotStats counts tombstones

import { describe, expect, test } from "bun:test";
import {
  CATEGORIES,
  category,
  PRODUCTS,
  params,
  product,
} from "../../test/fixtures/engine-catalog.ts";
import { answerSearch, emptyAnswer, searchRequest } from "../http/search/search-answer.ts";
import type { SearchParams, SearchProduct, SearchResponse } from "../model/search.ts";
import { buildSnapshot, patchSnapshot, search, snapshotStats } from "./engine.ts";
import { attributeId, valueId } from "./index/hash-ids.ts";

const snap = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

/** The expected item of product `id` in uk, as the fixture defines it. */
const ITEMS: Record<number, SearchProduct> = {};
const item = (
  id: number,
  categoryId: number,
  sku: string,
  vendor: string,
  name: string,
  price: number,
  discounted: number,
  extra: Partial<SearchProduct> = {},
): void => {
  ITEMS[id] = {
    id,
    source_id: `p${id}`,
    category_id: categoryId,
    sku,
    vendor,
    name,
    url: `https://shop.example/uk/p/${id}`,
    price,
    discounted_price: discounted,
    currency: "UAH",
    picture_url: `https://img.example/${id}.jpg`,
    availability: true,
    labels: [],
    ...extra,
  };
};
item(1, 1, "LN-IP5-15", "Lenovo", "Ноутбук Lenovo IdeaPad 5", 28000, 25000);
item(2, 1, "X515EA", "ASUS", "Ноутбук ASUS VivoBook 15", 20000, 20000);
item(3, 1, "MBA-M2", "Apple", "Ноутбук Apple MacBook Air M2", 45000, 45000, {
  availability: false,
});
item(4, 2, "SM-A556B", "Samsung", "Смартфон Samsung Galaxy A55", 17000, 15000, {
  labels: [{ name: "Хіт", color: "#ff0000" }],
});
item(5, 2, "IP15-128", "Apple", "Смартфон Apple iPhone 15", 40000, 40000);
item(6, 2, "RN13", "Xiaomi", "Смартфон Xiaomi Redmi Note 13", 9000, 9000, {
  url: "https://shop.example/ru/p/6",
});
item(7, 3, "WH-1000XM5", "Sony", "Навушники Sony WH-1000XM5", 14000, 14000);
item(8, 3, "APP2", "Apple", "Навушники Apple AirPods Pro 2", 11000, 11000);
item(9, 3, "JBL-T510", "JBL", "Навушники JBL Tune 510BT", 1500, 1500);
item(10, 2, "CASE-1", "", "Чохол для смартфона", 0, 0);
const it = (id: number, changes: Partial<SearchProduct> = {}): SearchProduct => ({
  ...(ITEMS[id] as SearchProduct),
  ...changes,
});

const CAT = {
  laptops: { id: 1, source_id: "10", name: "Ноутбуки", url: "https://shop.example/uk/c/10" },
  phones: { id: 2, source_id: "20", name: "Смартфони", url: "https://shop.example/uk/c/20" },
  headphones: { id: 3, source_id: "30", name: "Навушники", url: "https://shop.example/uk/c/30" },
  tablets: { id: 4, source_id: "40", name: "Планшети", url: "https://shop.example/uk/c/40" },
};
type Cat = (typeof CAT)[keyof typeof CAT];
const listed = (c: Cat, total: number) => ({ ...c, total });
const group = (c: Cat, items: SearchProduct[]) => ({
  source_category_id: c.source_id,
  category_name: c.name,
  category_url: c.url,
  items,
});
const flat = (items: SearchProduct[]) => ({
  source_category_id: "",
  category_name: "",
  category_url: "",
  items,
});
const pages = (
  type: "products" | "categories",
  page: number,
  size: number,
  items: number,
): SearchResponse["pagination"] => {
  const total = Math.ceil(items / size);
  return {
    type,
    current_page: page,
    page_size: size,
    total_items: items,
    total_pages: total,
    has_next: page < total,
    has_previous: page > 1,
  };
};
const answer = (
  parts: Partial<SearchResponse> & Pick<SearchResponse, "query">,
): SearchResponse => ({
  total: 0,
  corrected_query: "",
  ignored_words: [],
  suggestions: [],
  filters_enabled: false,
  filters: [],
  categories: [],
  products: { groups: [] },
  pagination: pages("categories", 1, 10, 0),
  stats: { price: null, attributes: [] },
  ...parts,
});
/** Params without the filter list, which most properties do not look at. */
const q = (text: string, more: Parameters<typeof params>[0] = {}) =>
  params({ q: text, show_filters: false, ...more });

const COLOUR = 1648635615845352;
const GREY = 8511556655354663;
const BLACK = 1157301185511951;
const RAM = 5123199610439259;
const GB8 = 3098308454431985;
const GB16 = 7235951167913295;

describe("layouts", () => {
  test("1. grouped: groups by category, unavailable hidden, categories and pagination", () => {
    expect(answerSearch(snap, q("ноутбук"))).toEqual(
      answer({
        stats: { price: { min: 20000, max: 25000 }, attributes: [] },
        query: "ноутбук",
        total: 2,
        categories: [listed(CAT.laptops, 2)],
        products: { groups: [group(CAT.laptops, [it(2), it(1)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
  });

  test("2. show_unavailable ranks unavailable products after available ones", () => {
    expect(answerSearch(snap, q("ноутбук", { show_unavailable: true }))).toEqual(
      answer({
        stats: { price: { min: 20000, max: 45000 }, attributes: [] },
        query: "ноутбук",
        total: 3,
        categories: [listed(CAT.laptops, 3)],
        products: { groups: [group(CAT.laptops, [it(2), it(1), it(3)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
  });

  test("3. ties go to the newest; exact words rank before stems", () => {
    // All three have "смартфон"; the case (newest) only has the form "смартфона".
    expect(answerSearch(snap, q("смартфон", { group_by_category: false }))).toEqual(
      answer({
        stats: { price: { min: 0, max: 40000 }, attributes: [] },
        query: "смартфон",
        total: 4,
        categories: [listed(CAT.phones, 4)],
        products: { groups: [flat([it(6), it(5), it(4), it(10)])] },
        pagination: pages("products", 1, 10, 4),
      }),
    );
  });

  test("4. per_category_limit caps each group; -1 means no limit", () => {
    const expected = (items: SearchProduct[]) =>
      answer({
        query: "навушники",
        total: 3,
        categories: [listed(CAT.headphones, 3)],
        products: { groups: [group(CAT.headphones, items)] },
        pagination: pages("categories", 1, 10, 1),
        stats: { price: { min: 1500, max: 14000 }, attributes: [] },
      });
    expect(answerSearch(snap, q("навушники", { per_category_limit: 2 }))).toEqual(
      expected([it(9), it(8)]),
    );
    expect(answerSearch(snap, q("навушники", { per_category_limit: -1 }))).toEqual(
      expected([it(9), it(8), it(7)]),
    );
  });

  test("5. grouped pagination pages the groups, ordered by their best product", () => {
    const all = [listed(CAT.headphones, 1), listed(CAT.phones, 1), listed(CAT.laptops, 1)];
    expect(answerSearch(snap, q("apple", { show_unavailable: true }))).toEqual(
      answer({
        stats: { price: { min: 11000, max: 45000 }, attributes: [] },
        query: "apple",
        total: 3,
        categories: all,
        products: {
          groups: [
            group(CAT.headphones, [it(8)]),
            group(CAT.phones, [it(5)]),
            group(CAT.laptops, [it(3)]),
          ],
        },
        pagination: pages("categories", 1, 10, 3),
      }),
    );
    expect(
      answerSearch(snap, q("apple", { show_unavailable: true, category_page_size: 2, page: 2 })),
    ).toEqual(
      answer({
        stats: { price: { min: 11000, max: 45000 }, attributes: [] },
        query: "apple",
        total: 3,
        categories: all,
        products: { groups: [group(CAT.laptops, [it(3)])] },
        pagination: pages("categories", 2, 2, 3),
      }),
    );
  });

  test("6. flat: one group without category info, paged by product_page_size", () => {
    const flatParams = { group_by_category: false, product_page_size: 2 };
    const categories = [listed(CAT.headphones, 1), listed(CAT.phones, 1)];
    expect(answerSearch(snap, q("apple", { ...flatParams, page: 1 }))).toEqual(
      answer({
        stats: { price: { min: 11000, max: 40000 }, attributes: [] },
        query: "apple",
        total: 2,
        categories,
        products: { groups: [flat([it(8), it(5)])] },
        pagination: pages("products", 1, 2, 2),
      }),
    );
    expect(
      answerSearch(snap, q("apple", { ...flatParams, product_page_size: 1, page: 2 })),
    ).toEqual(
      answer({
        stats: { price: { min: 11000, max: 40000 }, attributes: [] },
        query: "apple",
        total: 2,
        categories,
        products: { groups: [flat([it(5)])] },
        pagination: pages("products", 2, 1, 2),
      }),
    );
    expect(answerSearch(snap, q("apple", { ...flatParams, page: 3 }))).toEqual(
      answer({
        stats: { price: { min: 11000, max: 40000 }, attributes: [] },
        query: "apple",
        total: 2,
        categories,
        products: { groups: [flat([])] },
        pagination: pages("products", 3, 2, 2),
      }),
    );
  });

  test("7. single category: one group of that category, every category still listed", () => {
    expect(answerSearch(snap, q("apple", { category_id: "30", product_page_size: 5 }))).toEqual(
      answer({
        stats: { price: { min: 11000, max: 11000 }, attributes: [] },
        query: "apple",
        total: 1,
        categories: [listed(CAT.headphones, 1), listed(CAT.phones, 1)],
        products: { groups: [group(CAT.headphones, [it(8)])] },
        pagination: pages("products", 1, 5, 1),
      }),
    );
  });
});

describe("filters", () => {
  test("8a. ids are stable hashes of (language, name) and (attribute, value)", () => {
    expect([attributeId("uk", "Колір"), attributeId("uk", "RAM")]).toEqual([COLOUR, RAM]);
    expect(valueId(COLOUR, "Сірий")).toBe(GREY);
    expect(valueId(RAM, "8 GB")).toBe(GB8);
  });

  const laptops = (filters: number[]) =>
    answerSearch(snap, params({ q: "ноутбук", show_unavailable: true, filters }));
  const colour = (grey: number, black: number) => ({
    id: COLOUR,
    name: "Колір",
    values: [
      { id: GREY, name: "Сірий", total: grey, color: "#808080" },
      { id: BLACK, name: "Чорний", total: black, color: "#000000" },
    ],
  });
  const ram = (gb8: number, gb16: number) => ({
    id: RAM,
    name: "RAM",
    values: [
      { id: GB8, name: "8 GB", total: gb8 },
      { id: GB16, name: "16 GB", total: gb16 },
    ],
  });

  test("8b. no selection: counts of the matching products", () => {
    expect(laptops([]).filters).toEqual([colour(2, 1), ram(2, 1)]);
  });

  test("8c. one value: its attribute keeps counts without its own selection", () => {
    expect(laptops([GREY])).toEqual(
      answer({
        stats: {
          price: { min: 25000, max: 45000 },
          attributes: [{ id: RAM, min: 8, max: 16, unit: "GB" }],
        },
        query: "ноутбук",
        total: 2,
        filters_enabled: true,
        filters: [colour(2, 1), ram(1, 1)],
        categories: [listed(CAT.laptops, 2)],
        products: { groups: [group(CAT.laptops, [it(1), it(3)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
  });

  test("8d. values of one attribute OR-ed, attributes AND-ed", () => {
    expect(laptops([GREY, BLACK]).total).toBe(3);
    expect(laptops([GREY, GB8])).toEqual(
      answer({
        stats: {
          price: { min: 45000, max: 45000 },
          attributes: [{ id: RAM, min: 8, max: 16, unit: "GB" }],
        },
        query: "ноутбук",
        total: 1,
        filters_enabled: true,
        filters: [colour(1, 1), ram(1, 1)],
        categories: [listed(CAT.laptops, 1)],
        products: { groups: [group(CAT.laptops, [it(3)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
  });

  test("8e. filters in the requested language, one per attribute, with the uk fallback", () => {
    const ru = answerSearch(snap, params({ q: "смартфон", language: "ru" }));
    // The iPhone has only a uk translation: its "Колір: Чорний" is "Цвет: Черный", which the
    // products in uk and ru teach (their params in the same order).
    expect(ru.filters).toEqual([
      {
        id: attributeId("ru", "Цвет"),
        name: "Цвет",
        values: [
          {
            id: valueId(attributeId("ru", "Цвет"), "Черный"),
            name: "Черный",
            total: 2,
            color: "#000000",
          },
          {
            id: valueId(attributeId("ru", "Цвет"), "Синий"),
            name: "Синий",
            total: 1,
            color: "#0000ff",
          },
        ],
      },
    ]);
    // The uk id selects the iPhone in a ru answer, and the ru id the products with uk alone.
    const byUk = answerSearch(snap, params({ q: "смартфон", language: "ru", filters: [BLACK] }));
    const ruBlack = valueId(attributeId("ru", "Цвет"), "Черный");
    const byRu = answerSearch(snap, params({ q: "смартфон", language: "ru", filters: [ruBlack] }));
    expect(byUk.total).toBe(2);
    expect(byRu).toEqual(byUk);
  });
});

describe("prices, availability, warehouses", () => {
  test("9. price_from and price_to bound discounted_price inclusively", () => {
    expect(answerSearch(snap, q("навушники", { price_from: 1500, price_to: 11000 }))).toEqual(
      answer({
        stats: { price: { min: 1500, max: 14000 }, attributes: [] },
        query: "навушники",
        total: 2,
        categories: [listed(CAT.headphones, 2)],
        products: { groups: [group(CAT.headphones, [it(9), it(8)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
    // The case has no price: it costs 0.
    expect(answerSearch(snap, q("чохол", { price_from: 1 })).total).toBe(0);
    expect(answerSearch(snap, q("чохол", { price_to: 0 })).total).toBe(1);
  });

  test("10. wid: the warehouse's price and availability; no entry there = unavailable", () => {
    // 9 and 7 carry no warehouse data: their own price and availability (PRODUCT.md).
    expect(answerSearch(snap, q("навушники", { wid: "kyiv", show_unavailable: true }))).toEqual(
      answer({
        stats: { price: { min: 1500, max: 14000 }, attributes: [] },
        query: "навушники",
        total: 3,
        categories: [listed(CAT.headphones, 3)],
        products: {
          groups: [
            group(CAT.headphones, [it(9), it(8, { price: 10500, discounted_price: 10500 }), it(7)]),
          ],
        },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
    // 8 is unavailable at lviv and hidden; 9 and 7 have no warehouse data and are shown.
    expect(answerSearch(snap, q("навушники", { wid: "lviv" }))).toEqual(
      answer({
        stats: { price: { min: 1500, max: 14000 }, attributes: [] },
        query: "навушники",
        total: 2,
        categories: [listed(CAT.headphones, 2)],
        products: { groups: [group(CAT.headphones, [it(9), it(7)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
    // A wid that is no warehouse of the domain is ignored: the answer without wid.
    expect(answerSearch(snap, q("навушники", { wid: "odesa" }))).toEqual(
      answerSearch(snap, q("навушники", {})),
    );
  });
});

describe("language", () => {
  test("11a. display fields in the language, fallback uk, then the first translation", () => {
    const ru = answerSearch(snap, q("смартфон", { language: "ru", per_category_limit: -1 }));
    const ruUrl = (id: number) => `https://shop.example/ru/p/${id}`;
    expect(ru.categories).toEqual([
      { ...CAT.phones, name: "Смартфоны", url: "https://shop.example/ru/c/20", total: 4 },
    ]);
    expect(ru.products.groups[0]?.items).toEqual([
      it(6, { name: "Смартфон Xiaomi Redmi Note 13", url: ruUrl(6) }),
      it(5),
      it(4, { name: "Смартфон Samsung Galaxy A55", url: ruUrl(4), labels: [] }),
      it(10),
    ]);
    const en = answerSearch(snap, q("xiaomi", { language: "en" }));
    expect(en.products.groups[0]?.items).toEqual([
      it(6, { name: "Xiaomi Redmi Note 13 smartphone", url: "https://shop.example/en/p/6" }),
    ]);
    expect(en.products.groups[0]?.category_name).toBe("Smartphones");
  });

  test("11b. every translation is searchable whatever the language", () => {
    // "наушники" is the ru name of the Sony and of the category; language stays uk.
    expect(answerSearch(snap, q("наушники"))).toEqual(
      answer({
        stats: { price: { min: 1500, max: 14000 }, attributes: [] },
        query: "наушники",
        total: 3,
        categories: [listed(CAT.headphones, 3)],
        products: { groups: [group(CAT.headphones, [it(7), it(9), it(8)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
  });
});

describe("matching", () => {
  const ids = (r: SearchResponse) => r.products.groups.flatMap((g) => g.items.map((i) => i.id));
  const flatIds = (text: string, more: Parameters<typeof params>[0] = {}) =>
    ids(answerSearch(snap, q(text, { group_by_category: false, ...more })));

  test("12. stems: plurals and other word forms", () => {
    expect(flatIds("смартфони")).toEqual([10, 6, 5, 4]);
    expect(flatIds("ноутбуки")).toEqual([2, 1]);
    expect(flatIds("мікрофонами")).toEqual([9]);
  });

  test("13. the last word matches as a prefix while typed", () => {
    expect(flatIds("навуш")).toEqual([9, 8, 7]);
    expect(flatIds("samsung gal")).toEqual([4]);
    expect(flatIds("смартфон sams")).toEqual([4]);
    // One letter alone completes only the first two words of a field (type, brand).
    expect(flatIds("н")).toEqual([9, 8, 7, 2, 1]);
    expect(flatIds("s")).toEqual([7, 4, 10, 6, 5]);
  });

  test("14. typos: tolerated as typed, corrected when corrections are on", () => {
    const off = answerSearch(
      snap,
      q("навушнки", { use_corrections: false, group_by_category: false }),
    );
    expect([off.corrected_query, ids(off)]).toEqual(["", [9, 8, 7]]);
    const on = answerSearch(snap, q("навушнки", { group_by_category: false }));
    expect([on.corrected_query, ids(on)]).toEqual(["навушники", [9, 8, 7]]);
    expect(answerSearch(snap, q("самсунг galaxy")).corrected_query).toBe("samsung galaxy");
  });

  test("15. SKU: the exact code, with or without punctuation", () => {
    for (const text of ["WH-1000XM5", "wh1000xm5", "wh 1000 xm5"])
      expect(flatIds(text)).toEqual([7]);
    expect(flatIds("SM-A556B")).toEqual([4]);
    expect(flatIds("sma556b")).toEqual([4]);
    expect(flatIds("X515EA")).toEqual([2]);
  });

  test("16. wrong keyboard layout and transliteration", () => {
    const layout = answerSearch(snap, q("yfdeiybrb", { group_by_category: false }));
    expect([layout.corrected_query, ids(layout)]).toEqual(["навушники", [9, 8, 7]]);
    const latin = answerSearch(snap, q("ыфьыгтп", { group_by_category: false }));
    expect([latin.corrected_query, ids(latin)]).toEqual(["samsung", [4]]);
    const translit = answerSearch(snap, q("noutbuk", { group_by_category: false }));
    expect([translit.corrected_query, ids(translit)]).toEqual(["ноутбук", [2, 1]]);
  });

  test("17. suggestions only without corrections; popular queries first", () => {
    const popular = ["смартфон samsung", "Смарт годинник", "чохол"];
    expect(
      answerSearch(snap, q("смарт", { use_corrections: false, use_suggestions: true }), popular)
        .suggestions,
    ).toEqual(["смартфон samsung", "смарт годинник", "смартфон", "смартфона"]);
    expect(answerSearch(snap, q("смарт", { use_suggestions: true }), popular).suggestions).toEqual(
      [],
    );
    expect(answerSearch(snap, q("смарт", { use_corrections: false }), popular).suggestions).toEqual(
      [],
    );
  });

  test("18. the last word is dropped only when nothing matches every word", () => {
    expect(flatIds("ноутбук фіолетовий", { use_corrections: false })).toEqual([2, 1]);
    expect(flatIds("ноутбук lenovo")).toEqual([1]);
    // A word found nowhere goes first, whatever its place.
    expect(flatIds("смартфон qwzx samsung", { use_corrections: false })).toEqual([4]);
  });

  test("19. a category whose own name matches is listed with 0 products", () => {
    expect(answerSearch(snap, q("планшети"))).toEqual(
      answer({ query: "планшети", categories: [listed(CAT.tablets, 0)] }),
    );
  });

  test("20. the empty data set", () => {
    const empty = (p: Partial<SearchParams>) => emptyAnswer(searchRequest(params(p)), false);
    expect(empty({ q: "x", page: 3, category_page_size: 5 })).toEqual(
      answer({ query: "x", pagination: pages("categories", 1, 5, 0) }),
    );
    expect(empty({ q: "", group_by_category: false, product_page_size: 20 })).toEqual(
      answer({ query: "", pagination: pages("products", 1, 20, 0) }),
    );
    expect(search(snap, searchRequest(params({ q: " ,. " })))).toBeNull();
    expect(answerSearch(snap, params({ q: " ,. " }))).toEqual(
      answer({ query: " ,. ", filters_enabled: true }),
    );
  });
});

describe("patches", () => {
  test("21. copy-on-write: the old snapshot is unchanged, the new one reflects the patch", () => {
    const before = answerSearch(snap, q("ноутбук"));
    const next = patchSnapshot(snap, {
      products: [
        product(2, {
          category: "10",
          code: "X515EA",
          vendor: "ASUS",
          newPrice: 18000,
          updatedAt: 20000,
          translations: { uk: { name: "Ноутбук ASUS ZenBook 14" } },
        }),
        product(11, {
          category: "40",
          code: "TAB-1",
          vendor: "Lenovo",
          newPrice: 7000,
          updatedAt: 21000,
          translations: { uk: { name: "Планшет Lenovo Tab" } },
        }),
      ],
      categories: [category(3, 30, { uk: "Гарнітури" })],
    });
    expect(answerSearch(snap, q("ноутбук"))).toEqual(before);
    expect(answerSearch(snap, q("гарнітури")).total).toBe(0);
    expect(snapshotStats(snap)).toEqual({ products: 10, categories: 4, terms: 84, tombstones: 0 });

    expect(answerSearch(next, q("ноутбук")).products.groups).toEqual([
      group(CAT.laptops, [
        it(2, { name: "Ноутбук ASUS ZenBook 14", price: 18000, discounted_price: 18000 }),
        it(1),
      ]),
    ]);
    expect(answerSearch(next, q("vivobook")).total).toBe(0);
    expect(answerSearch(snap, q("vivobook")).total).toBe(1);
    const headphones = { ...CAT.headphones, name: "Гарнітури" };
    expect(answerSearch(next, q("гарнітури", { per_category_limit: -1 }))).toEqual(
      answer({
        stats: { price: { min: 1500, max: 14000 }, attributes: [] },
        query: "гарнітури",
        total: 3,
        categories: [listed(headphones, 3)],
        products: { groups: [group(headphones, [it(9), it(8), it(7)])] },
        pagination: pages("categories", 1, 10, 1),
      }),
    );
    expect(answerSearch(next, q("планшет")).categories).toEqual([listed(CAT.tablets, 1)]);
    expect(snapshotStats(next)).toMatchObject({ products: 11, categories: 4, tombstones: 1 });
  });
});
