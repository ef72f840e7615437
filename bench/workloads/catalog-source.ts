// Where the mixed-load benchmark's catalogs come from (issue 20, point 6: measured on more than
// the project's own generator): test/fixtures/catalogs/'s sources (`project`, src/sample-catalog; `feed`, a
// catalog made differently), plus what a shopper types to find one product.

import type { Catalog, ProductItem } from "../../src/sample-catalog/types.ts";
import {
  CATALOG_NAMES,
  type CatalogName,
  type CatalogSource as Source,
  catalogSource as sourceNamed,
} from "../../test/fixtures/catalogs/index.ts";

export { CATALOG_NAMES, type CatalogName };

export interface CatalogSource extends Source {
  /** The query that finds `product` among the first answers: its code, as typed. */
  codeQuery(product: ProductItem): string;
}

export function catalogSource(name: CatalogName): CatalogSource {
  return { ...sourceNamed(name), codeQuery: (product) => product.code };
}

/** The first `products` products (at most `cap`) with the categories: what query lists are drawn from. */
export function sampleCatalog(source: CatalogSource, seed: number, products: number, cap = 20_000) {
  const sample: Catalog = {
    categories: source.categories(),
    products: [...source.products(seed, Math.min(products, cap))],
  };
  return sample;
}
