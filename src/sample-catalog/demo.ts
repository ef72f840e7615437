// The catalog behind `vitrina serve --demo` and the /demo storefront: small enough to import
// at start-up in a blink, varied enough to show every category department and feature.

import { generateCatalog } from "./generate.ts";
import type { Catalog } from "./types.ts";

export const DEMO_SEED = 20240824;
export const DEMO_PRODUCTS = 300;

/** A demo product's picture, drawn per category by the server (src/http/pages/demo-pictures.ts). */
const demoPictureUrl = (base: string, categoryId: string) => `${base}/demo-img/c${categoryId}.svg`;

/**
 * The demo catalog; with `pictureBase` (the running server's URL) its pictures are the ones
 * that server draws (/demo-img/), not the sample image host, which does not exist.
 */
export function demoCatalog(pictureBase?: string): Catalog {
  const catalog = generateCatalog({ seed: DEMO_SEED, products: DEMO_PRODUCTS });
  if (pictureBase === undefined) return catalog;
  for (const item of catalog.products)
    if (item.picture) item.picture = demoPictureUrl(pictureBase, item.source_category_id);
  return catalog;
}
