// The catalogs a benchmark can run on, by name (`--catalog project|feed`): the project's own
// generator (src/sample-catalog/generate.ts) and the feed catalog made differently (feed-catalog.ts).
// One small shape for both, so that a benchmark changes nothing but where its items come from.

import { generateCatalog, generateProducts } from "../../src/sample-catalog/generate.ts";
import type { Catalog, CategoryItem, ProductItem } from "../../src/sample-catalog/types.ts";
import { categories, type FeedStore, feedCatalog, products } from "./feed-catalog.ts";

export type CatalogName = "project" | "feed";
export const CATALOG_NAMES: readonly CatalogName[] = ["project", "feed"];

export interface CatalogSource {
  name: CatalogName;
  categories(): CategoryItem[];
  /** Products [start, start + count) of the catalog of `seed`, one at a time. */
  products(seed: number, count: number, start?: number): Generator<ProductItem>;
  /** Both, whole. */
  catalog(seed: number, products: number): Catalog;
}

export const PROJECT_CATALOG: CatalogSource = {
  name: "project",
  categories: () => generateCatalog({ seed: 0, products: 0 }).categories,
  products: (seed, count, start = 0) => generateProducts(seed, count, start),
  catalog: (seed, count) => generateCatalog({ seed, products: count }),
};

/** The feed catalog; its store option defaults to mixed (uk and ru, ru only, uk only). */
export function feedSource(store: FeedStore = "mixed"): CatalogSource {
  return {
    name: "feed",
    categories: () => categories({ store }),
    products: (seed, count, start = 0) => products(seed, count, start, { store }),
    catalog: (seed, count) => feedCatalog({ seed, products: count, store }),
  };
}

export function catalogSource(name: CatalogName): CatalogSource {
  return name === "feed" ? feedSource() : PROJECT_CATALOG;
}

/** The value of a `--catalog` flag, or null when it names no catalog. */
export function catalogNamed(value: string): CatalogName | null {
  return (CATALOG_NAMES as readonly string[]).includes(value) ? (value as CatalogName) : null;
}
