// Import items -> the records the store would hold, without a store: what the benchmarks feed
// straight into the engine. It runs the import's own validation and merge, so the records are
// exactly those of a first import (ids 1..n in order).

import { validateCategory } from "../src/import/validate-category.ts";
import { validateProduct } from "../src/import/validate-product.ts";
import type { CategoryRecord, ProductRecord } from "../src/model/records.ts";
import { mergeProduct } from "../src/rules/merge-product.ts";
import type { Catalog, CategoryItem, ProductItem } from "../src/sample-catalog/types.ts";

/** A fixed clock, so that "ties by newest update" are deterministic: later items are newer. */
const EPOCH = Date.UTC(2024, 0, 1);

export function toCategoryRecord(item: CategoryItem, id: number): CategoryRecord {
  const v = validateCategory(item);
  if (!v.ok)
    throw new Error(`invalid category ${item.source_category_id}: ${JSON.stringify(v.errors)}`);
  return { id, ...v.value, updated_at: EPOCH + id };
}

export function toProductRecord(item: ProductItem, id: number): ProductRecord {
  const v = validateProduct(item);
  if (!v.ok) throw new Error(`invalid product ${item.source_id}: ${JSON.stringify(v.errors)}`);
  const merged = mergeProduct(v.value, null, { newId: id, now: EPOCH + id });
  if (!merged.ok) throw new Error(`product ${item.source_id}: ${JSON.stringify(merged.errors)}`);
  return merged.record;
}

export function toRecords(catalog: Catalog): {
  products: ProductRecord[];
  categories: CategoryRecord[];
} {
  return {
    categories: catalog.categories.map((c, i) => toCategoryRecord(c, i + 1)),
    products: catalog.products.map((p, i) => toProductRecord(p, i + 1)),
  };
}
