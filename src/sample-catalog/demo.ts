// The catalog behind `vitrina serve --demo` and the /demo storefront: small enough to import
// at start-up in a blink, varied enough to show every category department and feature.

import { generateCatalog } from "./generate.ts";
import type { Catalog } from "./types.ts";

export const DEMO_SEED = 20240824;
export const DEMO_PRODUCTS = 300;

export function demoCatalog(): Catalog {
  return generateCatalog({ seed: DEMO_SEED, products: DEMO_PRODUCTS });
}
