// Import items -> the records the store would hold (src/model/records.ts), without a store:
// what the benchmarks feed straight into the engine. Mirrors the store's normalisation:
// ids 1..n in order, availability as given (true when absent) or the OR of the warehouses,
// labels as {name, color}, every absent optional field null or [].

import type { Catalog, CategoryItem, LabelItem, ProductItem } from "../src/catalog/types.ts";
import type { CategoryRecord, Label, ProductRecord } from "../src/model/records.ts";

/** A fixed clock, so that "ties by newest update" are deterministic: later items are newer. */
const EPOCH = Date.UTC(2024, 0, 1);

export function toCategoryRecord(item: CategoryItem, id: number): CategoryRecord {
  return {
    id,
    source_category_id: item.source_category_id,
    translations: item.translations.map((t) => ({
      language: t.language,
      name: t.name,
      url: t.url ?? null,
      synonyms: t.synonyms ?? [],
      keywords: t.keywords ?? [],
    })),
    updated_at: EPOCH + id,
  };
}

export function toProductRecord(item: ProductItem, id: number): ProductRecord {
  const warehouses = (item.warehouses ?? []).map((w) => ({
    external_id: w.external_id,
    available: w.available ?? false,
    quantity: w.quantity ?? 0,
    new_price: w.new_price ?? null,
    old_price: w.old_price ?? null,
    currency_code: w.currency_code ?? null,
  }));
  return {
    id,
    source_id: item.source_id,
    code: item.code,
    source_category_id: item.source_category_id,
    currency_code: item.currency_code,
    new_price: item.new_price ?? null,
    old_price: item.old_price ?? null,
    picture: item.picture ?? null,
    availability: warehouses.length
      ? warehouses.some((w) => w.available)
      : (item.availability ?? true),
    vendor: item.vendor ?? null,
    group_id: item.group_id ?? null,
    is_main: item.is_main ?? null,
    translations: item.translations.map((t) => ({
      language: t.language,
      name: t.name,
      url: t.url,
      description: t.description ?? null,
      labels: (t.labels ?? []).map(toLabel),
      keywords: t.keywords ?? [],
      synonyms: t.synonyms ?? [],
      params: (t.params ?? []).map((p) => ({
        name: p.name,
        value: p.value,
        is_filter: p.is_filter ?? false,
        is_variation: p.is_variation ?? false,
        color: p.color ?? null,
        swatch_image: p.swatch_image ?? null,
      })),
    })),
    warehouses,
    updated_at: EPOCH + id,
  };
}

const toLabel = (label: LabelItem): Label =>
  typeof label === "string" ? { name: label, color: "" } : { name: label.name, color: label.color };

export function toRecords(catalog: Catalog): {
  products: ProductRecord[];
  categories: CategoryRecord[];
} {
  return {
    categories: catalog.categories.map((c, i) => toCategoryRecord(c, i + 1)),
    products: catalog.products.map((p, i) => toProductRecord(p, i + 1)),
  };
}
