import { describe, expect, test } from "bun:test";
import { category, params, product } from "../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../http/search/search-answer.ts";
import type { Language } from "../model/records.ts";
import type { SearchResponse } from "../model/search.ts";
import { buildSnapshot } from "./engine.ts";

// Catalogs nobody here generated (issue 21, points 2 and 3), as real Ukrainian shop feeds write
// them:
//  1. a brand in Cyrillic finds its products where the catalog writes it only in Latin, with
//     no vendor given and wherever the name puts it;
//  2. Ukrainian query words find products named only in Russian, Russian ones products named
//     only in Ukrainian, in every form the stemmers know;
//  3. words in no product still find nothing.

const ids = (r: SearchResponse) => r.products.groups.flatMap((g) => g.items.map((i) => i.id));
const answer = (from: ReturnType<typeof buildSnapshot>, text: string) => {
  const r = answerSearch(from, params({ q: text, group_by_category: false }));
  return [r.corrected_query, ids(r)];
};

const named = (id: number, language: Language, name: string, description?: string) =>
  product(id, {
    category: "50",
    code: `P-${id}`,
    updatedAt: id,
    translations: { [language]: { name, description } },
  });

describe("brands in Cyrillic on a catalog that writes them in Latin only", () => {
  const shop = buildSnapshot({
    categories: [category(5, 50, { uk: "Смартфони та годинники" })],
    products: [
      named(1, "uk", "Протиударний захищений смартфон Blackview BV9300 Pro 12/256GB Black"),
      named(2, "uk", "Мобільний телефон Doogee S88 Plus 8/128GB"),
      named(3, "uk", "Захищений смартфон з тепловізором Ulefone Armor 22 8/256Gb"),
      named(4, "uk", "Чоловічий наручний годинник Casio G-Shock GA-2100"),
      named(5, "uk", "Годинник наручний чоловічий механічний Invicta Pro Diver 8926OB"),
      named(6, "uk", "Смартфон Samsung Galaxy A55 8/256GB", "Великий екран, касета, дужка"),
    ],
  });

  test("the brand said, wherever the name puts it, with no vendor", () => {
    expect(answer(shop, "блеквью")).toEqual(["blackview", [1]]);
    expect(answer(shop, "дуджі")).toEqual(["doogee", [2]]);
    expect(answer(shop, "улефон")).toEqual(["ulefone", [3]]);
    expect(answer(shop, "касіо")).toEqual(["casio", [4]]);
    expect(answer(shop, "інвікта")).toEqual(["invicta", [5]]);
    expect(answer(shop, "смартфон блеквью")).toEqual(["смартфон blackview", [1]]);
  });

  test("words in no product find nothing", () => {
    for (const text of ["блекхоук", "жвопрст", "кварцикс"]) {
      expect([text, answer(shop, text)]).toEqual([text, ["", []]]);
    }
  });
});

describe("Ukrainian and Russian meet", () => {
  const bag = (id: number, language: Language, name: string) => named(id, language, name);
  // A Russian-only store and a Ukrainian-only one.
  const russian = buildSnapshot({
    categories: [category(5, 50, { ru: "Разное" })],
    products: [
      bag(1, "ru", "Женская кожаная сумка через плечо"),
      bag(2, "ru", "Сумка кожаная женская"),
      bag(3, "ru", "Тапочки женские домашние"),
      bag(4, "ru", "Часы мужские наручные Invicta Pro Diver"),
      bag(5, "ru", "Смартфон с тепловизором Ulefone Armor 9"),
      bag(6, "ru", "Смартфон Blackview BV9300 тепловизор"),
      bag(7, "ru", "Кошелек мужской кожаный"),
    ],
  });
  const ukrainian = buildSnapshot({
    categories: [category(5, 50, { uk: "Різне" })],
    products: [
      bag(1, "uk", "Жіноча шкіряна сумка через плече"),
      bag(2, "uk", "Сумка шкіряна жіноча"),
      bag(3, "uk", "Капці жіночі домашні"),
      bag(4, "uk", "Годинник чоловічий наручний Invicta Pro Diver"),
      bag(5, "uk", "Смартфон з тепловізором Ulefone Armor 9"),
      bag(6, "uk", "Смартфон Blackview BV9300 тепловізор"),
      bag(7, "uk", "Гаманець чоловічий шкіряний"),
    ],
  });

  test("Ukrainian words over Russian names, in every form", () => {
    expect(answer(russian, "жіноча сумка")).toEqual(["", [1, 2]]);
    expect(answer(russian, "жіноча шкіряна сумка")).toEqual(["", [1, 2]]);
    expect(answer(russian, "шкіряні")).toEqual(["", [7, 2, 1]]);
    expect(answer(russian, "жіночі")).toEqual(["", [3, 2, 1]]);
    expect(answer(russian, "чоловічий годинник invicta")).toEqual(["", [4]]);
    expect(answer(russian, "годинники")).toEqual(["", [4]]);
    expect(answer(russian, "смартфон тепловізором")).toEqual(["", [5, 6]]);
    expect(answer(russian, "тепловізори")).toEqual(["", [6, 5]]);
  });

  test("Russian words over Ukrainian names, in every form", () => {
    expect(answer(ukrainian, "женская сумка")).toEqual(["", [1, 2]]);
    expect(answer(ukrainian, "кожаные сумки женские")).toEqual(["", [2, 1]]);
    expect(answer(ukrainian, "часы мужские invicta")).toEqual(["", [4]]);
    expect(answer(ukrainian, "мужской")).toEqual(["", [7, 4]]);
    expect(answer(ukrainian, "смартфон с тепловизором")).toEqual(["", [6, 5]]);
  });

  test("Russian names sent as the uk translation: a word with ы э ъ is stemmed as Russian", () => {
    const mislabelled = buildSnapshot({
      categories: [category(5, 50, { uk: "Разное" })],
      products: [bag(1, "uk", "Кожаные перчатки"), bag(2, "uk", "Перчатки вязаные")],
    });
    expect(answer(mislabelled, "шкіряні")).toEqual(["", [1]]);
    expect(answer(mislabelled, "шкіряна")).toEqual(["", [1]]);
  });

  test("Russian names sent as the uk translation: a Russian-only ending tells Russian too", () => {
    const mislabelled = buildSnapshot({
      categories: [category(5, 50, { uk: "Разное" })],
      products: [bag(1, "uk", "Кожаная сумка женская"), bag(2, "uk", "Сумка дорожная")],
    });
    expect(answer(mislabelled, "шкіряні")).toEqual(["", [1]]);
    expect(answer(mislabelled, "шкіряна жіноча")).toEqual(["", [1]]);
    expect(answer(mislabelled, "кожаные")).toEqual(["", [1]]);
  });

  test("words in no product still find nothing", () => {
    for (const snap of [russian, ukrainian]) {
      for (const text of ["жвопрст", "кварцикс", "шкрябатор"]) {
        expect([text, answer(snap, text)]).toEqual([text, ["", []]]);
      }
    }
  });
});
