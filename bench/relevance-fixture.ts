// The relevance sets' catalogs and queries (test/fixtures/relevance/): each catalog is stored as
// its generator spec (seed and size) and regenerated, the judged queries as JSON. Two catalogs:
// the project's own (src/sample-catalog) and a second one made differently (bench/catalogs/
// feed-catalog.ts), each with its own judged queries.

import { readFileSync } from "node:fs";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import type { Catalog } from "../src/sample-catalog/types.ts";
import { type FeedStore, feedCatalog } from "./catalogs/feed-catalog.ts";
import { CATALOG_NAMES, type CatalogName } from "./catalogs/index.ts";

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
  // Issue 21: what the shopper meant, on both catalogs.
  "dropped-word",
  "uk-ru",
  "cyrillic-brand",
  "code-any-shape",
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface JudgedQuery {
  q: string;
  class: QueryClass;
  /** Absent means uk. */
  language?: "ru" | "en";
  /** source_ids of the products a good search returns in its top 10. */
  relevant: string[];
  /**
   * The top 10 must hold nothing else (a code that no product has: its codes one edit away, or
   * nothing at all when `relevant` is empty); any other product scores the query 0.
   */
  exclusive?: true;
}

export interface CatalogSpec {
  seed: number;
  products: number;
  /** The feed catalog's store option (bench/catalogs/feed-catalog.ts). */
  store?: FeedStore;
}

/** The judged sets: the project's catalog and the feed catalog. */
export { CATALOG_NAMES, type CatalogName };

/** The classes judged on the feed catalog: those whose rules read its data. */
export const FEED_QUERY_CLASSES: readonly QueryClass[] = [
  "exact-name",
  "typo",
  "wrong-layout",
  "transliteration",
  "sku",
  "model-code",
  "attribute-value",
  "multi-word",
  "prefix",
  "dropped-word",
  "uk-ru",
  "cyrillic-brand",
  "code-any-shape",
];

export const CLASSES_OF: Record<CatalogName, readonly QueryClass[]> = {
  project: QUERY_CLASSES,
  feed: FEED_QUERY_CLASSES,
};

export const FIXTURE_DIR = `${import.meta.dir}/../test/fixtures/relevance`;
export const CATALOG_FILE = `${FIXTURE_DIR}/catalog.json`;
export const QUERIES_FILE = `${FIXTURE_DIR}/queries.json`;
export const FEED_CATALOG_FILE = `${FIXTURE_DIR}/feed-catalog.json`;
export const FEED_QUERIES_FILE = `${FIXTURE_DIR}/feed-queries.json`;

const FILES: Record<CatalogName, { catalog: string; queries: string }> = {
  project: { catalog: CATALOG_FILE, queries: QUERIES_FILE },
  feed: { catalog: FEED_CATALOG_FILE, queries: FEED_QUERIES_FILE },
};

export function loadCatalogSpec(name: CatalogName = "project"): CatalogSpec {
  return JSON.parse(readFileSync(FILES[name].catalog, "utf8")) as CatalogSpec;
}

export function loadQueries(name: CatalogName = "project"): JudgedQuery[] {
  return JSON.parse(readFileSync(FILES[name].queries, "utf8")) as JudgedQuery[];
}

export function relevanceCatalog(spec: CatalogSpec, name: CatalogName = "project"): Catalog {
  return name === "feed"
    ? feedCatalog({ seed: spec.seed, products: spec.products, store: spec.store ?? "mixed" })
    : generateCatalog({ seed: spec.seed, products: spec.products });
}
