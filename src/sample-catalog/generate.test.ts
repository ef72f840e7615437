import { describe, expect, test } from "bun:test";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { CategoryItem, ProductItem } from "../model/import.ts";
import { demoCatalog } from "./demo.ts";
import { generateCatalog, generateCategories, generateProducts } from "./generate.ts";
import { TREE } from "./tree.ts";

// Properties checked:
// 1. every generated item passes the import schemas (the generator speaks the wire format);
// 2. the tree has at least 200 categories with unique positive ids; products sit in leaves;
// 3. generation is deterministic, and a slice equals the same range of a whole run;
// 4. prices, availability and warehouses follow the rules of specification 2.1 and 2.4;
// 5. the shares the catalog promises (unavailable, warehouses, discounts, en) hold roughly.

const catalog = generateCatalog({ seed: 7, products: 3000 });
const checkProduct = TypeCompiler.Compile(ProductItem);
const checkCategory = TypeCompiler.Compile(CategoryItem);

describe("generateCatalog", () => {
  test("items pass the import schemas", () => {
    const badProducts = catalog.products.filter((p) => !checkProduct.Check(p));
    const badCategories = catalog.categories.filter((c) => !checkCategory.Check(c));
    expect({ badProducts: badProducts.length, badCategories: badCategories.length }).toEqual({
      badProducts: 0,
      badCategories: 0,
    });
  });

  test("the generator's item types are the wire types", () => {
    // Compile-time: assignable to the schema types of src/model/import.ts.
    const products: ProductItem[] = catalog.products;
    const categories: CategoryItem[] = catalog.categories;
    expect(products.length + categories.length).toBeGreaterThan(0);
  });

  test("a tree of at least 200 categories; products only in leaves", () => {
    const ids = catalog.categories.map((c) => c.source_category_id);
    expect(ids.length).toBeGreaterThanOrEqual(200);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    const leaves = new Set(TREE.kinds.map((k) => String(k.categoryId)));
    expect(catalog.products.every((p) => leaves.has(p.source_category_id))).toBe(true);
    const sourceIds = new Set(catalog.products.map((p) => p.source_id));
    expect(sourceIds.size).toBe(catalog.products.length);
  });

  test("deterministic, and slices agree with the whole", () => {
    const again = generateCatalog({ seed: 7, products: 3000 });
    expect(again).toEqual(catalog);
    const slice = Array.from(generateProducts(7, 10, 1234));
    expect(slice).toEqual(catalog.products.slice(1234, 1244));
    const other = Array.from(generateProducts(8, 10, 1234));
    expect(other).not.toEqual(slice);
  });

  test("prices, availability and warehouses are consistent", () => {
    for (const p of catalog.products) {
      expect(p.new_price).toBeGreaterThan(0);
      if (p.old_price !== undefined) expect(p.old_price).toBeGreaterThanOrEqual(p.new_price ?? 0);
      const languages = p.translations.map((t) => t.language);
      expect(languages.slice(0, 2)).toEqual(["uk", "ru"]);
      if (p.warehouses) {
        const anyAvailable = p.warehouses.some((w) => w.available);
        expect(p.availability ?? true).toBe(anyAvailable);
      }
      if (p.group_id) expect(typeof p.is_main).toBe("boolean");
    }
  });

  test("the promised shares hold roughly", () => {
    const n = catalog.products.length;
    const share = (f: (p: (typeof catalog.products)[number]) => boolean) =>
      catalog.products.filter(f).length / n;
    const shares = {
      unavailable: share((p) => p.availability === false),
      warehouses: share((p) => p.warehouses !== undefined),
      discounted: share((p) => p.old_price !== undefined),
      english: share((p) => p.translations.length === 3),
      grouped: share((p) => p.group_id !== undefined),
    };
    expect(shares.unavailable).toBeGreaterThan(0.07);
    expect(shares.unavailable).toBeLessThan(0.13);
    expect(shares.warehouses).toBeGreaterThan(0.25);
    expect(shares.warehouses).toBeLessThan(0.35);
    expect(shares.discounted).toBeGreaterThan(0.25);
    expect(shares.discounted).toBeLessThan(0.35);
    expect(shares.english).toBeGreaterThan(0.45);
    expect(shares.english).toBeLessThan(0.55);
    expect(shares.grouped).toBeGreaterThan(0.005);
    expect(shares.grouped).toBeLessThan(0.06);
  });

  test("categories carry uk, ru and en", () => {
    for (const c of generateCategories())
      expect(c.translations.map((t) => t.language)).toEqual(["uk", "ru", "en"]);
  });

  test("the demo catalog is fixed", () => {
    const demo = demoCatalog();
    expect(demo.products.length).toBe(300);
    expect(demo.products[0]).toEqual(demoCatalog().products[0]);
    // Its categories are a tree: departments at the top, each kind under its group.
    const parents = new Map(demo.categories.map((c) => [c.source_category_id, c.parent_id]));
    expect([1, 2, 3].map((id) => parents.get(id))).toEqual([undefined, 1, 2]);
    expect(demo.categories.filter((c) => c.parent_id === undefined).length).toBe(13);
  });
});
