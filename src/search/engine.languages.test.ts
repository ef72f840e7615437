import { describe, expect, test } from "bun:test";
import { category, params, product } from "../../test/fixtures/engine-catalog.ts";
import type { Language } from "../model/records.ts";
import type { SearchResponse } from "../model/search.ts";
import { buildSnapshot, search } from "./engine.ts";

// Catalogs nobody here generated (issue 21, points 2 and 3), as real Ukrainian shop feeds write
// them:
//  1. a brand in Cyrillic finds its products where the catalog writes it only in Latin, with
//     no vendor given and wherever the name puts it;
//  2. Ukrainian query words find products named only in Russian, Russian ones products named
//     only in Ukrainian, in every form the stemmers know;
//  3. words in no product still find nothing.

const ids = (r: SearchResponse) => r.products.groups.flatMap((g) => g.items.map((i) => i.id));
const answer = (from: ReturnType<typeof buildSnapshot>, text: string) => {
  const r = search(from, params({ q: text, group_by_category: false }));
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
