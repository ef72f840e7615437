// The catalog behind `vitrina serve --demo` and the /demo storefront: small enough to import
// at start-up in a blink, varied enough to show every category department and feature.

import { generateCatalog } from "./generate.ts";
import { TREE } from "./tree.ts";
import type { Catalog } from "./types.ts";

export const DEMO_SEED = 20240824;
export const DEMO_PRODUCTS = 300;

/**
 * The demo catalog, its categories in their tree (`parent_id`, from the taxonomy's paths: a
 * department, its groups, their kinds), so that category pages and the InstantSearch
 * storefront's menu show departments; with `pictures`, its pictures and swatches are those the service draws at
 * that base URL (`picture(sourceId)`, `swatch(hex)` give their URLs), not the generator's host.
 */
export function demoCatalog(pictures?: {
  picture: (sourceId: string) => string;
  swatch: (hex: string) => string;
}): Catalog {
  const catalog = generateCatalog({ seed: DEMO_SEED, products: DEMO_PRODUCTS });
  const byPath = new Map(TREE.categories.map((node) => [node.path, node.id]));
  for (const [i, category] of catalog.categories.entries()) {
    const path = TREE.categories[i]?.path ?? "";
    const parent = byPath.get(path.slice(0, Math.max(path.lastIndexOf("/"), 0)));
    if (parent !== undefined) category.parent_id = parent;
  }
  if (pictures === undefined) return catalog;
  for (const product of catalog.products) {
    if (product.picture !== undefined) product.picture = pictures.picture(product.source_id);
    for (const t of product.translations)
      for (const param of t.params ?? [])
        if (param.swatch_image !== undefined && param.color !== undefined)
          param.swatch_image = pictures.swatch(param.color);
  }
  return catalog;
}
