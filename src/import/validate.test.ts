// Pure validation of import items (specification 2.1-2.5, 4.1 rule 4, 4.2).
//  1. a valid item becomes a normalised draft: absent top-level optionals undefined, null ones
//     null (an update keeps the one, clears the other), nested ones null or [], labels as objects
//  2. every failing field is reported with its dotted path, one list of messages per field
//  3. nullable optionals accept null; booleans where strings belong are type errors
//  4. (availability is derived in src/rules/: rules.test.ts)
//  5. every stored string is well-formed Unicode, at every depth (a lone surrogate is an error)
//  6. every text field and array has a maximum; lengths count characters (code points)
//  7. ids and codes typed as strings accept safe integers, stored as their decimal string
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
        source_id: false,
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

  test("a lone surrogate is an error at every depth", () => {
    const bad = "q\ud801";
    expect(
      validateProduct({
        ...valid,
        source_id: bad,
        code: bad,
        vendor: bad,
        group_id: bad,
        translations: [
          {
            language: "en",
            name: bad,
            url: `http://x/${bad}`,
            description: bad,
            labels: [bad, { name: bad }],
            keywords: [bad],
            synonyms: ["\udc00"],
            params: [{ name: bad, value: bad, swatch_image: `https://x/${bad}` }],
          },
        ],
        warehouses: [{ external_id: bad }],
      }),
    ).toEqual({
      ok: false,
      errors: Object.fromEntries(
        [
          "source_id",
          "code",
          "vendor",
          "group_id",
          "translations.0.name",
          "translations.0.url",
          "translations.0.description",
          "translations.0.labels.0",
          "translations.0.labels.1.name",
          "translations.0.keywords.0",
          "translations.0.synonyms.0",
          "translations.0.params.0.name",
          "translations.0.params.0.value",
          "translations.0.params.0.swatch_image",
          "warehouses.0.external_id",
        ].map((field) => [field, ["Enter valid Unicode text."]]),
      ),
    });
  });

  test("maximums: characters, not UTF-16 units; elements of arrays", () => {
    const emoji = (n: number) => "😀".repeat(n);
    const ok = validateProduct({ ...valid, vendor: emoji(255), code: emoji(255) });
    expect(ok.ok && [ok.value.vendor, ok.value.code]).toEqual([emoji(255), emoji(255)]);
    expect(
      validateProduct({
        ...valid,
        source_id: "x".repeat(256),
        vendor: emoji(256),
        new_price: 1e13,
        translations: [
          {
            language: "en",
            name: emoji(501),
            url: `http://x/${"u".repeat(2048)}`,
            description: "d".repeat(20_001),
            labels: Array(51).fill("l"),
            keywords: Array(101).fill("k"),
            synonyms: ["s".repeat(101)],
            params: Array(201).fill({ name: "n", value: "v" }),
          },
        ],
        warehouses: Array.from({ length: 1001 }, (_, i) => ({ external_id: i, quantity: 1e10 })),
      }),
    ).toEqual({
      ok: false,
      errors: {
        source_id: ["Ensure this field has no more than 255 characters."],
        vendor: ["Ensure this field has no more than 255 characters."],
        new_price: ["Ensure this value is less than or equal to 1000000000000."],
        "translations.0.name": ["Ensure this field has no more than 500 characters."],
        "translations.0.url": ["Ensure this field has no more than 2048 characters."],
        "translations.0.description": ["Ensure this field has no more than 20000 characters."],
        "translations.0.labels": ["Ensure this field has no more than 50 elements."],
        "translations.0.keywords": ["Ensure this field has no more than 100 elements."],
        "translations.0.synonyms.0": ["Ensure this field has no more than 100 characters."],
        "translations.0.params": ["Ensure this field has no more than 200 elements."],
        warehouses: ["Ensure this field has no more than 1000 elements."],
        ...Object.fromEntries(
          Array.from({ length: 1001 }, (_, i) => [
            `warehouses.${i}.quantity`,
            ["Ensure this value is less than or equal to 1000000000."],
          ]),
        ),
      },
    });
  });

  test("integers for string ids and codes, stored as decimal strings", () => {
    const r = validateProduct({
      ...valid,
      source_id: 123,
      code: 456,
      group_id: 9,
      warehouses: [{ external_id: 7 }],
    });
    expect(
      r.ok && [r.value.source_id, r.value.code, r.value.group_id, r.value.warehouses?.[0]],
    ).toEqual([
      "123",
      "456",
      "9",
      {
        external_id: "7",
        available: false,
        quantity: 0,
        new_price: null,
        old_price: null,
        currency_code: null,
      },
    ]);
    expect(
      validateProduct({
        ...valid,
        source_id: true,
        code: [1],
        group_id: {},
        warehouses: [{ external_id: 7 }, { external_id: "7" }, { external_id: 2 ** 60 }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        source_id: ["Not a valid string."],
        code: ["Not a valid string."],
        group_id: ["Not a valid string."],
        "warehouses.1.external_id": ['Duplicate warehouse "7".'],
        "warehouses.2.external_id": [
          "Ensure this value is less than or equal to 9007199254740991.",
        ],
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
  test("well-formed and bounded text", () => {
    expect(
      validateCategory({
        source_category_id: 1,
        translations: [
          { language: "uk", name: "\ud800", synonyms: Array(101).fill("s"), keywords: ["k\udfff"] },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: {
        "translations.0.name": ["Enter valid Unicode text."],
        "translations.0.synonyms": ["Ensure this field has no more than 100 elements."],
        "translations.0.keywords.0": ["Enter valid Unicode text."],
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
