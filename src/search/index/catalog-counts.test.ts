// catalogCounts (the admin page's catalog figures) over a snapshot and its patches:
//  1. products, categories, unavailable products and the warehouses their stock names
//  2. a patched product counts once (its old version is a tombstone), with its new
//     availability, and a warehouse no live product names any more is not counted
import { expect, test } from "bun:test";
import { category, product } from "../../../test/fixtures/engine-catalog.ts";
import type { WarehouseStock } from "../../model/records.ts";
import { buildSnapshot, catalogCounts, patchSnapshot } from "../engine.ts";

const stock = (external_id: string, available = true): WarehouseStock => ({
  external_id,
  available,
  quantity: 1,
  new_price: null,
  old_price: null,
  currency_code: null,
});
const item = (id: number, available: boolean, warehouses: WarehouseStock[] = []) =>
  product(id, {
    category: "10",
    code: `C-${id}`,
    updatedAt: id,
    available,
    warehouses,
    translations: { uk: { name: `Товар ${id}` } },
  });

test("1. products, categories, unavailable, warehouses", () => {
  const snap = buildSnapshot({
    products: [item(1, true, [stock("kyiv")]), item(2, false, [stock("lviv")]), item(3, false)],
    categories: [category(1, 10, { uk: "Аудіо" }), category(2, 20, { uk: "Відео" })],
  });
  expect(catalogCounts(snap)).toEqual({
    categories: 2,
    products: 3,
    unavailable: 2,
    warehouses: 2,
  });
});

test("2. a patched product counts once, with its new state", () => {
  const snap = buildSnapshot({
    products: [item(1, true, [stock("kyiv")]), item(2, false, [stock("lviv")])],
    categories: [category(1, 10, { uk: "Аудіо" })],
  });
  const next = patchSnapshot(snap, { products: [item(2, true, [stock("kyiv")]), item(4, true)] });
  expect(catalogCounts(next)).toEqual({
    categories: 1,
    products: 3,
    unavailable: 0,
    warehouses: 1,
  });
  // The old snapshot is unchanged.
  expect(catalogCounts(snap)).toEqual({
    categories: 1,
    products: 2,
    unavailable: 1,
    warehouses: 2,
  });
});
