// Where the mixed-load benchmark's catalogs come from (issue 20, point 6: measured on more than
// the project's own generator). A source makes the categories, any slice of the products of a
// seed (a million-product catalog is never held whole), and says what a shopper types to find
// one product. `project` is src/catalog; `feed`, a catalog made differently, comes with
// bench/catalogs/ (branch p10-catalog, the same source shape): once merged, catalogSource
// takes its source, and the two importCatalog calls of bench/mixed-load.ts pass `catalog`.

import { generateCatalog, generateProducts } from "../../src/catalog/generate.ts";
import type { Catalog, CategoryItem, ProductItem } from "../../src/catalog/types.ts";
import { ConfigError } from "../../src/config.ts";

export const CATALOG_NAMES = ["project", "feed"] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

export interface CatalogSource {
  readonly name: CatalogName;
  categories(): CategoryItem[];
  /** Products [start, start + count) of the catalog of `seed`, one at a time. */
  products(seed: number, count: number, start?: number): Generator<ProductItem>;
  /** The query that finds `product` among the first answers: its code, as typed. */
  codeQuery(product: ProductItem): string;
}

const project: CatalogSource = {
  name: "project",
  categories: () => generateCatalog({ seed: 0, products: 0 }).categories,
  products: (seed, count, start = 0) => generateProducts(seed, count, start),
  codeQuery: (product) => product.code,
};

/** The source of `name`; a ConfigError for one not wired yet (the command's usage follows). */
export function catalogSource(name: CatalogName): CatalogSource {
  if (name === "project") return project;
  throw new ConfigError(
    "--catalog feed: bench/catalogs/ (branch p10-catalog) is not merged into this one yet",
  );
}

/** The first `products` products (at most `cap`) with the categories: what query lists are drawn from. */
export function sampleCatalog(source: CatalogSource, seed: number, products: number, cap = 20_000) {
  const sample: Catalog = {
    categories: source.categories(),
    products: [...source.products(seed, Math.min(products, cap))],
  };
  return sample;
}
