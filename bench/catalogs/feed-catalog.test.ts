// The second catalog (feed-catalog.ts):
//  1. deterministic: the same seed gives the same products, whole or in slices
//  2. every item passes the import's validation (categories too), in each store option
//  3. the store options: names in uk only, ru only, or both and either
//  4. what it is made of: Latin-only brands, several code shapes, products with and without
//     warehouses, unique store SKUs; nothing of src/sample-catalog's word lists
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { toRecords } from "../records.ts";
import { categories, feedCatalog, products } from "./feed-catalog.ts";

test("1. deterministic, whole or in slices", () => {
  const whole = [...products(7, 300)];
  expect([...products(7, 300)]).toEqual(whole);
  expect([...products(7, 100, 200)]).toEqual(whole.slice(200));
  expect([...products(8, 5)]).not.toEqual(whole.slice(0, 5));
});

test("2. every item passes the import's validation", () => {
  for (const store of ["mixed", "uk", "ru"] as const) {
    const records = toRecords(feedCatalog({ seed: 3, products: 2000, store }));
    expect(records.products.length).toBe(2000);
    expect(records.categories.length).toBe(categories().length);
  }
});

test("3. the store options", () => {
  const languages = (store: "mixed" | "uk" | "ru") =>
    new Set(
      [...products(5, 500, 0, { store })].map((p) =>
        p.translations.map((t) => t.language).join("+"),
      ),
    );
  expect([...languages("uk")]).toEqual(["uk"]);
  expect([...languages("ru")]).toEqual(["ru"]);
  expect([...languages("mixed")].sort()).toEqual(["ru", "uk", "uk+ru"]);
  expect(categories({ store: "ru" })[0]?.translations.map((t) => t.language)).toEqual(["ru"]);
});

test("4. what it is made of", () => {
  const items = [...products(1, 5000)];
  expect(items.every((p) => /^[\x20-\x7e]+$/.test(p.vendor ?? ""))).toBe(true);
  const shape = (code: string) =>
    /^SKU-\d{6,7}$/.test(code)
      ? "sku"
      : /^\d{13}$/.test(code)
        ? "ean13"
        : /^\d{8}$/.test(code)
          ? "number8"
          : /^[A-Z]\d{4}\/[A-Z]$/.test(code)
            ? "slash"
            : /^[A-Z]{2}\.\d{3}\.\d{2}$/.test(code)
              ? "dotted"
              : /^[A-Z0-9]+-[A-Z]{2}\d$/.test(code)
                ? "part"
                : code;
  expect([...new Set(items.map((p) => shape(p.code)))].sort()).toEqual([
    "dotted",
    "ean13",
    "number8",
    "part",
    "sku",
    "slash",
  ]);
  const skus = items.filter((p) => p.code.startsWith("SKU-")).map((p) => p.code);
  expect(new Set(skus).size).toBe(skus.length);
  const withWarehouses = items.filter((p) => p.warehouses).length / items.length;
  expect(withWarehouses).toBeGreaterThan(0.25);
  expect(withWarehouses).toBeLessThan(0.45);
  for (const file of ["feed-catalog.ts", "feed-vocabulary.ts"])
    expect(readFileSync(`${import.meta.dir}/${file}`, "utf8")).not.toMatch(
      /from "[^"]*src\/catalog\/(taxonomy|vocabulary|params|tree|generate|demo)/,
    );
});
