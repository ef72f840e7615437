// Pure validation of import items (specification 2.1-2.5, 4.1 rule 4, 4.2).
//  1. a valid item becomes a normalised draft: absent top-level optionals undefined, null ones
//     null (an update keeps the one, clears the other), nested ones null or [], labels as objects
//  2. every failing field is reported with its dotted path, one list of messages per field
//  3. nullable optionals accept null; numbers where strings belong are type errors
import { describe, expect, test } from "bun:test";
import { validateCategory } from "./validate-category.ts";
import { validateProduct } from "./validate-product.ts";

const valid = {
  source_id: "1",
  code: "A-1",
  source_category_id: 5,
  currency_code: "USD",
  translations: [{ language: "en", name: "Phone", url: "http://s.example/1", labels: ["New"] }],
};

describe("validateProduct", () => {
  test("a valid item becomes a draft", () => {
    expect(validateProduct(valid)).toEqual({
      ok: true,
      value: {
        source_id: "1",
        code: "A-1",
        source_category_id: "5",
        currency_code: "USD",
        new_price: undefined,
        old_price: undefined,
        picture: undefined,
        availability: undefined,
        vendor: undefined,
        group_id: undefined,
        is_main: undefined,
        translations: [
          {
            language: "en",
            name: "Phone",
            url: "http://s.example/1",
            description: null,
            labels: [{ name: "New", color: "" }],
            keywords: [],
            synonyms: [],
            params: [],
          },
        ],
        warehouses: undefined,
      },
    });
  });

  test("null top-level optionals stay null; null warehouses are none", () => {
    const nulls = { new_price: null, old_price: null, picture: null, availability: null };
    const more = { vendor: null, group_id: null, is_main: null, warehouses: null };
    const v = validateProduct({ ...valid, ...nulls, ...more });
    expect(v.ok && { ...v.value, translations: [] }).toEqual({
      source_id: "1",
      code: "A-1",
      source_category_id: "5",
      currency_code: "USD",
      ...nulls,
      ...more,
      translations: [],
      warehouses: [],
    });
  });

  test("type errors and nested paths", () => {
    expect(
      validateProduct({
        ...valid,
        source_id: 7,
        availability: "yes",
        translations: [
          {
            language: "en",
            name: "x",
            url: "https://x",
            params: [{ name: "c", value: "r", color: "red" }],
          },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: {
        source_id: ["Not a valid string."],
        availability: ["Must be a valid boolean."],
        "translations.0.params.0.color": ["Enter a valid hex color in the form #RRGGBB."],
      },
    });
  });

  test("not an object", () => {
    expect(validateProduct([])).toEqual({
      ok: false,
      errors: { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] },
    });
  });
});

describe("validateCategory", () => {
  test("digits in a string are a valid id", () => {
    expect(
      validateCategory({
        source_category_id: "42",
        translations: [{ language: "ru", name: "Телефоны" }],
      }),
    ).toEqual({
      ok: true,
      value: {
        source_category_id: 42,
        translations: [{ language: "ru", name: "Телефоны", url: null, synonyms: [], keywords: [] }],
      },
    });
  });
  test("zero is not positive", () => {
    expect(
      validateCategory({ source_category_id: 0, translations: [{ language: "uk", name: "x" }] }),
    ).toEqual({
      ok: false,
      errors: { source_category_id: ["Ensure this value is greater than or equal to 1."] },
    });
  });
});
