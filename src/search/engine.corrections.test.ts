import { describe, expect, test } from "bun:test";
import {
  CATEGORIES,
  category,
  PRODUCTS,
  params,
  product,
} from "../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../http/search/search-answer.ts";
import type { SearchResponse } from "../model/search.ts";
import { buildSnapshot } from "./engine.ts";

// How shoppers really type (issue 15, points 1 and 2), on the engine's hand-made catalog and
// a small one of brands whose Cyrillic spelling is no transliteration:
//  1. a Latin brand or model word typed in Cyrillic as it is said finds the Latin word
//     (sound key), an acronym by its letters' names;
//  2. two errors at once: a typo in a wrong-layout or transliterated word, doubled or dropped
//     letters with a typo, two words without the space (a model word too);
//  3. words in no product, and none of their readings, still find nothing.

const snap = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

const brand = (id: number, vendor: string, uk: string) =>
  product(id, {
    category: "50",
    code: `B-${id}`,
    vendor,
    updatedAt: id,
    translations: { uk: { name: uk } },
  });
const brands = buildSnapshot({
  categories: [category(5, 50, { uk: "Різне" })],
  products: [
    brand(1, "Acer", "Ноутбук Acer Aspire 7"),
    brand(2, "Huawei", "Смартфон Huawei Nova 12"),
    brand(3, "Puma", "Кросівки Puma Suede Classic"),
    brand(4, "Logitech", "Миша Logitech MX Master 3S"),
    brand(5, "Google", "Смартфон Google Pixel 8"),
    brand(6, "Nike", "Кросівки Nike Air Force 1"),
    brand(7, "Nokia", "Телефон Nokia 3310"),
    brand(8, "Lavazza", "Кава мелена Lavazza Oro"),
    brand(9, "Галичина", "Молоко Галичина 2,5%"),
    brand(10, "Tesla", "Зварювальний апарат Tesla MMA 200"),
    brand(11, "Columbia", "Куртка чоловіча Columbia Ascender"),
  ],
});

const ids = (r: SearchResponse) => r.products.groups.flatMap((g) => g.items.map((i) => i.id));
const answer = (from: typeof snap, text: string, more: Parameters<typeof params>[0] = {}) => {
  const r = answerSearch(from, params({ q: text, group_by_category: false, ...more }));
  return [r.corrected_query, ids(r)];
};

describe("brands and product words across scripts", () => {
  test("a Latin brand typed in Cyrillic as it is said", () => {
    expect(answer(brands, "ейсер")).toEqual(["acer", [1]]);
    expect(answer(brands, "хуавей")).toEqual(["huawei", [2]]);
    expect(answer(brands, "пума")).toEqual(["puma", [3]]);
    expect(answer(brands, "логітек")).toEqual(["logitech", [4]]);
    expect(answer(brands, "гугл піксель")).toEqual(["google pixel", [5]]);
    expect(answer(brands, "найк")).toEqual(["nike", [6]]);
    expect(answer(brands, "кросівки найк")).toEqual(["кросівки nike", [6]]);
    expect(answer(brands, "лавацца")).toEqual(["lavazza", [8]]);
    expect(answer(snap, "епл")).toEqual(["apple", [8, 5]]);
    expect(answer(snap, "эпл")).toEqual(["apple", [8, 5]]);
    expect(answer(snap, "айфон")).toEqual(["iphone", [5]]);
    expect(answer(snap, "макбук", { show_unavailable: true })).toEqual(["macbook", [3]]);
    expect(answer(snap, "сяомі")).toEqual(["xiaomi", [6]]);
    expect(answer(snap, "ксиаоми")).toEqual(["xiaomi", [6]]);
  });

  test("an acronym by its letters' names", () => {
    expect(answer(snap, "джейбіел")).toEqual(["jbl", [9]]);
    expect(answer(snap, "навушники джейбіел")).toEqual(["навушники jbl", [9]]);
  });

  test("a Cyrillic word typed in Latin, a Latin one typed in Cyrillic", () => {
    expect(answer(snap, "noutbuk")).toEqual(["ноутбук", [2, 1]]);
    expect(answer(snap, "самсунг")).toEqual(["samsung", [4]]);
  });
});

describe("two errors at once", () => {
  test("a typo inside a wrong-layout word", () => {
    // "навушники" on the Latin layout, with т for е.
    expect(answer(snap, "yfdtiybrb")).toEqual(["навушники", [9, 8, 7]]);
    // "samsung" on the Cyrillic layout, with one key missed.
    expect(answer(snap, "ыфьгтп")).toEqual(["samsung", [4]]);
  });

  test("a typo inside a transliterated word", () => {
    expect(answer(snap, "noutbyk")).toEqual(["ноутбук", [2, 1]]);
    expect(answer(snap, "navushnyky")).toEqual(["навушники", [9, 8, 7]]);
    expect(answer(snap, "самсугн")).toEqual(["samsung", [4]]);
  });

  test("doubled or dropped letters with a typo", () => {
    // Doubled Cyrillic letters meet at the stem key (analysis/uk-ru-fold.ts, as акумулятор and
    // аккумулятор do): found with no correction.
    expect(answer(snap, "ноутббукк")).toEqual(["", [2, 1]]);
    expect(answer(snap, "smartfonn")).toEqual(["смартфон", [6, 5, 4, 10]]);
    expect(answer(snap, "навушнк")).toEqual(["навушники", [9, 8, 7]]);
  });

  test("two words without the space, a model word too", () => {
    expect(answer(snap, "redminote13")).toEqual(["redmi note 13", [6]]);
    expect(answer(snap, "навушникиsony")).toEqual(["навушники sony", [7]]);
    expect(answer(snap, "ноутбукасус")).toEqual(["ноутбук asus", [2]]);
    // Split, the two words are in no product together: the first word whose absence lets the
    // rest match is dropped (query/plan.ts), so the milk is found.
    expect(answer(brands, "кавамолоко")).toEqual(["кава молоко", [9]]);
  });
});

describe("words in no product", () => {
  test("an ordinary word is not taken for a brand it sounds or is spelled like", () => {
    // "новий" (new) sounds like Nova and is one edit from it in transliteration.
    expect(answer(brands, "новий")).toEqual(["", []]);
    expect(answer(brands, "новий смартфон")).toEqual(["", [5, 2]]);
    // "тепла" (warm) is one edit from Tesla in transliteration: a form of an adjective of the
    // Hunspell dictionaries (analysis/adjective-forms.ts), so it means itself.
    expect(answer(brands, "тепла")).toEqual(["", []]);
    expect(answer(brands, "тепла куртка")).toEqual(["", [11]]);
    expect(answer(brands, "теплая куртка")).toEqual(["", [11]]);
    // The brand itself, said or transliterated, still finds it.
    expect(answer(brands, "тесла")).toEqual(["tesla", [10]]);
    expect(answer(brands, "тессла")).toEqual(["tesla", [10]]);
  });

  test("find nothing, and are not corrected", () => {
    for (const text of ["tiooafo", "хяцува", "ифтащт", "qwzxqwzx"]) {
      expect(answer(snap, text)).toEqual(["", []]);
      expect(answer(brands, text)).toEqual(["", []]);
    }
  });
});
