// Where the mixed-load benchmark's catalogs come from (issue 20, point 6: measured on more than
// the project's own generator). A source makes the categories, any slice of the products of a
// seed (a million-product catalog is never held whole), and says what a shopper types to find
// one product. `project` is src/catalog; `feed` is a catalog made differently
// (bench/catalogs/feed-catalog.ts, written apart), wired here once that module exists.

import { generateCategories, generateProducts } from "../../src/catalog/generate.ts";
import type { Catalog, ProductItem } from "../../src/catalog/types.ts";
import type { CatalogMaker } from "../suite/run.ts";

export const CATALOG_NAMES = ["project", "feed"] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

export interface CatalogSource extends CatalogMaker {
  readonly name: CatalogName;
  /** The query that finds `product` among the first answers: its code, as typed. */
  codeQuery(product: ProductItem): string;
}

const project: CatalogSource = {
  name: "project",
  categories: generateCategories,
  products: generateProducts,
  codeQuery: (product) => product.code,
};

/** The source of `name`; throws for one not wired yet. */
export function catalogSource(name: CatalogName): CatalogSource {
  if (name === "project") return project;
  throw new Error(
    "--catalog feed: bench/catalogs/feed-catalog.ts is not wired into bench/mixed-load/catalog-source.ts yet",
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
