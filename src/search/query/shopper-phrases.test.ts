// How shoppers phrase a query (issue 15, points 4 and 6), exact answers on a small catalog:
//  1. mixed languages: an English colour with a Latin model name finds the model whose colour
//     the shop wrote only in Ukrainian, the one in stock first, and not its grey sibling
//  2. natural phrases: a word that agrees with nothing else is dropped, not the product type;
//     a phrase asking for a jacket never answers perfume
//  3. the product type first: "чай" and "tea" rank the tea before the teapot and the
//     tea-scented candle
//  4. a gender word matches the attribute value the name lacks
//  5. a brand written without its punctuation is the brand
//  6. words in no product still find nothing
import { expect, test } from "bun:test";
import { category, param, params, product } from "../../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../../http/search/search-answer.ts";
import type { Language } from "../../model/records.ts";
import { buildSnapshot } from "../engine.ts";

const colour = (value: string) => param("Колір", value);
const PRODUCTS = [
  product(1, {
    category: "1",
    code: "RP-1",
    vendor: "Xiaomi",
    newPrice: 9000,
    updatedAt: 1,
    translations: { uk: { name: "Планшет Xiaomi Redmi Pad SE", params: [colour("Синій")] } },
  }),
  product(2, {
    category: "1",
    code: "RP-2",
    vendor: "Xiaomi",
    newPrice: 9000,
    available: false,
    updatedAt: 2,
    translations: { uk: { name: "Планшет Xiaomi Redmi Pad SE", params: [colour("Синій")] } },
  }),
  product(3, {
    category: "1",
    code: "RP-3",
    vendor: "Xiaomi",
    newPrice: 9000,
    updatedAt: 3,
    translations: { uk: { name: "Планшет Xiaomi Redmi Pad SE", params: [colour("Сірий")] } },
  }),
  product(4, {
    category: "2",
    code: "JK-1",
    vendor: "Columbia",
    newPrice: 5000,
    updatedAt: 4,
    translations: {
      uk: { name: "Куртка Columbia Bugaboo", params: [param("Сезон", "Зимові"), colour("Чорний")] },
    },
  }),
  product(5, {
    category: "3",
    code: "PF-1",
    vendor: "Tease",
    newPrice: 1500,
    updatedAt: 5,
    translations: { uk: { name: "Парфуми Тепла зимова ніч" } },
  }),
  product(6, {
    category: "4",
    code: "TE-1",
    vendor: "Ahmad Tea",
    newPrice: 200,
    updatedAt: 6,
    translations: { uk: { name: "Чай Ahmad Earl Grey" }, en: { name: "Ahmad Earl Grey tea" } },
  }),
  product(7, {
    category: "5",
    code: "TP-1",
    vendor: "Bergner",
    newPrice: 600,
    updatedAt: 7,
    translations: { uk: { name: "Заварник для чаю Bergner" }, en: { name: "Bergner teapot" } },
  }),
  product(8, {
    category: "6",
    code: "CN-1",
    vendor: "Yankee",
    newPrice: 400,
    updatedAt: 8,
    translations: {
      uk: { name: "Свічка ароматична Зелений чай" },
      en: { name: "Green tea scented candle" },
    },
  }),
  product(9, {
    category: "7",
    code: "BT-1",
    vendor: "Timberland",
    newPrice: 7000,
    updatedAt: 9,
    translations: {
      uk: { name: "Черевики Timberland 6 Inch", params: [param("Стать", "Чоловічий")] },
    },
  }),
  product(10, {
    category: "7",
    code: "BT-2",
    vendor: "Timberland",
    newPrice: 7000,
    updatedAt: 10,
    translations: {
      uk: { name: "Черевики Timberland Kinsley", params: [param("Стать", "Жіночий")] },
    },
  }),
  product(11, {
    category: "8",
    code: "BO-1",
    vendor: "Bang & Olufsen",
    newPrice: 20000,
    updatedAt: 11,
    translations: { uk: { name: "Навушники Bang & Olufsen Beoplay H95" } },
  }),
  product(12, {
    category: "9",
    code: "JJ-1",
    vendor: "Johnson's",
    newPrice: 150,
    updatedAt: 12,
    translations: { uk: { name: "Шампунь дитячий Johnson's Baby" } },
  }),
];
const CATEGORIES = [
  category(1, 1, { uk: "Планшети", en: "Tablets" }),
  category(2, 2, { uk: "Куртки", en: "Jackets" }),
  category(3, 3, { uk: "Парфуми", en: "Perfume" }),
  category(4, 4, { uk: "Чай", en: "Tea" }),
  category(5, 5, { uk: "Посуд", en: "Cookware" }),
  category(6, 6, { uk: "Свічки", en: "Candles" }),
  category(7, 7, { uk: "Взуття", en: "Shoes" }),
  category(8, 8, { uk: "Навушники", en: "Headphones" }),
  category(9, 9, { uk: "Догляд за дітьми", en: "Baby care" }),
];
const snap = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

/** The source ids of a flat search's items, unavailable ones included, in order. */
const ids = (q: string, language: Language = "uk") =>
  answerSearch(
    snap,
    params({ q, language, group_by_category: false, show_unavailable: true }),
  ).products.groups.flatMap((g) => g.items.map((i) => i.source_id));

test("1. an English colour with a Latin model name: that colour, the one in stock first", () => {
  expect(ids("blue xiaomi redmi pad se")).toEqual(["p1", "p2"]);
  expect(ids("redmi pad se синій")).toEqual(["p1", "p2"]);
  expect(ids("grey redmi pad")).toEqual(["p3"]);
});

test("2. a natural phrase: the word that agrees with nothing goes, the product type stays", () => {
  expect(ids("тепла зимова куртка")).toEqual(["p4"]);
  expect(ids("warm winter jacket")).toEqual(["p4"]);
  expect(ids("стильний синій планшет xiaomi")).toEqual(["p1", "p2"]);
});

test("3. the product type first: the tea before the teapot and the tea-scented candle", () => {
  expect(ids("чай")[0]).toBe("p6");
  expect(ids("tea", "en")[0]).toBe("p6");
});

test("4. a gender word matches the attribute value the name lacks", () => {
  expect(ids("черевики чоловічі")).toEqual(["p9"]);
  expect(ids("mens boots timberland", "en")).toEqual(["p9"]);
});

test("5. a brand without its punctuation is the brand", () => {
  expect(ids("bang olufsen")).toEqual(["p11"]);
  expect(ids("johnsons")).toEqual(["p12"]);
});

test("6. words in no product find nothing", () => {
  expect(ids("ґлорп")).toEqual([]);
  expect(ids("ґлорп фризбалоу")).toEqual([]);
});
