// What a probe takes for a change shown (bench/workloads/thread-probes.ts), without a server:
//  1. the product, by source_id, in any group of the answer; at one of the prices when given
//  2. an acknowledged change is shown at its own price or at a later pass's (a later change of
//     the same product may overtake the probe), never at an earlier one
import { expect, test } from "bun:test";
import { generateProducts } from "../../src/sample-catalog/generate.ts";
import type { ProductItem } from "../../src/sample-catalog/types.ts";
import { priceAt } from "./price-changes.ts";
import { showsProduct, wantedChange } from "./thread-probes.ts";

const answer = (items: { source_id: string; discounted_price: number }[]) =>
  JSON.stringify({ products: { groups: [{ items: [] }, { items }] } });

test("1. the product by source_id, at one of the prices when given", () => {
  const body = answer([{ source_id: "7", discounted_price: 12.5 }]);
  expect([
    showsProduct(body, "7"),
    showsProduct(body, "8"),
    showsProduct(body, "7", [12.5, 13]),
    showsProduct(body, "7", [13]),
  ]).toEqual([true, false, true, false]);
});

test("2. a change is shown at its pass's price or a later one's", () => {
  const product = generateProducts(1, 1).next().value as ProductItem;
  const wanted = wantedChange({ product, pass: 4, ackedAt: 0 }, "/p");
  const at = (pass: number) =>
    wanted.shows(
      answer([{ source_id: product.source_id, discounted_price: priceAt(product, pass) }]),
    );
  expect([at(3), at(4), at(5), at(6)]).toEqual([false, true, true, true]);
});
