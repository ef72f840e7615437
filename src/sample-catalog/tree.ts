// The generated store's category tree, assembled once from the department files.

import { buildTaxonomy } from "./taxonomy.ts";
import { APPLIANCES } from "./taxonomy-appliances.ts";
import { ELECTRONICS } from "./taxonomy-electronics.ts";
import { CLOTHING, SHOES } from "./taxonomy-fashion.ts";
import { HOME, RENOVATION } from "./taxonomy-home.ts";
import { KIDS } from "./taxonomy-kids.ts";
import { BEAUTY, SPORT } from "./taxonomy-leisure.ts";
import { GROCERIES, PETS } from "./taxonomy-pets-food.ts";
import { AUTO, TOOLS } from "./taxonomy-tools-auto.ts";

export const TREE = buildTaxonomy([
  ELECTRONICS,
  APPLIANCES,
  CLOTHING,
  SHOES,
  HOME,
  KIDS,
  SPORT,
  BEAUTY,
  TOOLS,
  AUTO,
  PETS,
  GROCERIES,
  RENOVATION,
]);
