// The relevance set's catalog and queries (test/fixtures/relevance/): the catalog is stored as
// its generator spec (seed and size) and regenerated, the judged queries as JSON.

import { readFileSync } from "node:fs";
import { generateCatalog } from "../src/catalog/generate.ts";
import type { Catalog } from "../src/catalog/types.ts";

export const QUERY_CLASSES = [
  "exact-name",
  "plural-or-case",
  "typo",
  "wrong-layout",
  "transliteration",
  "sku",
  "model-code",
  "vendor",
  "synonym",
  "attribute-value",
  "multi-word",
  "prefix",
  // Issue 15: the way shoppers really type.
  "brand-cyrillic",
  "two-errors",
  "mixed-script",
  "units",
  "natural-phrase",
  "spelling-variants",
  "product-type",
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface JudgedQuery {
  q: string;
  class: QueryClass;
  /** Absent means uk. */
  language?: "ru" | "en";
  /** source_ids of the products a good search returns in its top 10. */
  relevant: string[];
}

export interface CatalogSpec {
  seed: number;
  products: number;
}

export const FIXTURE_DIR = `${import.meta.dir}/../test/fixtures/relevance`;
export const CATALOG_FILE = `${FIXTURE_DIR}/catalog.json`;
export const QUERIES_FILE = `${FIXTURE_DIR}/queries.json`;

export function loadCatalogSpec(): CatalogSpec {
  return JSON.parse(readFileSync(CATALOG_FILE, "utf8")) as CatalogSpec;
}

export function loadQueries(): JudgedQuery[] {
  return JSON.parse(readFileSync(QUERIES_FILE, "utf8")) as JudgedQuery[];
}

export function relevanceCatalog(spec: CatalogSpec): Catalog {
  return generateCatalog({ seed: spec.seed, products: spec.products });
}
