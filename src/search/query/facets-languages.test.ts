// One attribute across languages (index/facet-registry.ts, query/facets.ts):
//  1. a product with uk alone counts under the en values its uk ones are, even when the product
//     that teaches it comes in a later patch; a selected en value finds it
//  2. one product whose params are out of order folds no two attributes into one: the first
//     link of a language wins
//  3. translations with different counts of filter params link only the values of the same text
//     found once in each (a brand, a number)
//  4. a uk value no product translates is listed, under its own id, in the en attribute
import { expect, test } from "bun:test";
import { category, param, params, product } from "../../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../../http/search/search-answer.ts";
import type { Language } from "../../model/records.ts";
import { buildSnapshot, patchSnapshot } from "../engine.ts";
import { attributeId, valueId } from "../index/hash-ids.ts";

type P = ReturnType<typeof param>;
const phone = (id: number, translations: Partial<Record<Language, P[]>>) =>
  product(id, {
    category: "1",
    code: `C${id}`,
    vendor: "Nova",
    updatedAt: id,
    translations: Object.fromEntries(
      Object.entries(translations).map(([l, ps]) => [l, { name: `Phone ${id}`, params: ps }]),
    ),
  });
const categories = [category(1, 1, { uk: "Телефони" })];
const filtersOf = (
  snap: ReturnType<typeof buildSnapshot>,
  language: Language,
  filters: number[] = [],
) => answerSearch(snap, params({ q: "nova", language, filters }));
const names = (facets: { name: string; values: { name: string; total: number }[] }[]) =>
  facets.map((f) => [f.name, f.values.map((v) => `${v.name}:${v.total}`)]);

const EN_COLOR = attributeId("en", "Color");

test("1. uk alone counts under en, whichever patch teaches it; an en id selects it", () => {
  let snap = buildSnapshot({
    products: [phone(1, { uk: [param("Колір", "Чорний")] })],
    categories,
  });
  expect(names(filtersOf(snap, "en").filters)).toEqual([["Колір", ["Чорний:1"]]]);
  snap = patchSnapshot(snap, {
    products: [phone(2, { uk: [param("Колір", "Чорний")], en: [param("Color", "Black")] })],
  });
  const en = filtersOf(snap, "en");
  expect(en.filters).toEqual([
    {
      id: EN_COLOR,
      name: "Color",
      values: [{ id: valueId(EN_COLOR, "Black"), name: "Black", total: 2 }],
    },
  ]);
  expect(filtersOf(snap, "en", [valueId(EN_COLOR, "Black")]).total).toBe(2);
  expect(names(filtersOf(snap, "uk").filters)).toEqual([["Колір", ["Чорний:2"]]]);
});

test("2. params out of order fold no two attributes: the first link wins", () => {
  const snap = buildSnapshot({
    products: [
      phone(1, {
        uk: [param("Колір", "Чорний"), param("Розмір", "M")],
        en: [param("Color", "Black"), param("Size", "M")],
      }),
      // Out of step: Колір beside Size.
      phone(2, {
        uk: [param("Колір", "Чорний"), param("Розмір", "L")],
        en: [param("Size", "L"), param("Color", "Black")],
      }),
    ],
    categories,
  });
  expect(names(filtersOf(snap, "en").filters)).toEqual([
    ["Color", ["Black:2"]],
    ["Size", ["L:1", "M:1"]],
  ]);
  expect(names(filtersOf(snap, "uk").filters)).toEqual([
    ["Колір", ["Чорний:2"]],
    ["Розмір", ["L:1", "M:1"]],
  ]);
});

test("3. different counts link only the same text found once in each", () => {
  const snap = buildSnapshot({
    products: [
      phone(1, {
        uk: [param("Колір", "Чорний"), param("Бренд", "Nova"), param("Ядра", "8")],
        en: [param("Brand", "Nova"), param("Cores", "8")],
      }),
      phone(2, { uk: [param("Бренд", "Nova"), param("Ядра", "8")] }),
    ],
    categories,
  });
  expect(names(filtersOf(snap, "en").filters)).toEqual([
    ["Brand", ["Nova:2"]],
    ["Cores", ["8:2"]],
  ]);
  expect(names(filtersOf(snap, "uk").filters)).toEqual([
    ["Бренд", ["Nova:2"]],
    ["Ядра", ["8:2"]],
    ["Колір", ["Чорний:1"]],
  ]);
});

test("4. an untranslated uk value sits under the en attribute with its own id", () => {
  const snap = buildSnapshot({
    products: [
      phone(1, { uk: [param("Колір", "Чорний")], en: [param("Color", "Black")] }),
      phone(2, { uk: [param("Колір", "Бежевий")] }),
    ],
    categories,
  });
  const beige = valueId(attributeId("uk", "Колір"), "Бежевий");
  expect(filtersOf(snap, "en").filters).toEqual([
    {
      id: EN_COLOR,
      name: "Color",
      values: [
        { id: beige, name: "Бежевий", total: 1 },
        { id: valueId(EN_COLOR, "Black"), name: "Black", total: 1 },
      ],
    },
  ]);
  const selected = filtersOf(snap, "en", [beige]);
  expect(selected.total).toBe(1);
  expect(selected.filters[0]?.values.map((v) => v.total)).toEqual([1, 1]);
});
