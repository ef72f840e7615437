// The price stream's changes (issue 20, point 1), checked without a server:
//  1. every change is a valid product item (the import's own validation): every required
//     field, an old price cleared or not below the new one, warehouses without duplicates
//  2. a change keeps the product's identity, category, names and warehouse ids, and moves its
//     price, old price, availability and stock; availability follows the warehouses
//  3. consecutive passes never show the same price (a probe tells them apart)
//  4. one pass over the catalog changes every product once
import { expect, test } from "bun:test";
import { validateProduct } from "../../src/import/validate-product.ts";
import { generateProducts } from "../../src/sample-catalog/generate.ts";
import { changeOf, changeTarget, priceAt, strideOf } from "./price-changes.ts";

const products = [...generateProducts(3, 400)];

test("1. every change passes the import's validation", () => {
  const failed = products.flatMap((p) =>
    [0, 1, 2, 3, 4, 5].flatMap((pass) => {
      const v = validateProduct(changeOf(p, pass));
      return v.ok ? [] : [{ source_id: p.source_id, pass, errors: v.errors }];
    }),
  );
  expect(failed).toEqual([]);
});

test("2. a change keeps what identifies the product and moves its price and stock", () => {
  const withStock = products.find((p) => p.warehouses?.length) ?? products[0];
  if (!withStock?.warehouses) throw new Error("no generated product with warehouses");
  const changed = changeOf(withStock, 3);
  const { new_price, old_price, availability, warehouses, ...kept } = changed;
  const {
    new_price: _n,
    old_price: _o,
    availability: _a,
    warehouses: generated,
    ...same
  } = withStock;
  expect(kept).toEqual(same);
  expect([new_price, old_price]).toEqual([
    priceAt(withStock, 3),
    Math.round(priceAt(withStock, 3) * 125) / 100,
  ]);
  expect(warehouses?.map((w) => w.external_id)).toEqual(generated?.map((w) => w.external_id));
  expect(availability).toBe(warehouses?.some((w) => w.available) ?? false);
  expect(changeOf(withStock, 4).old_price).toBeNull();
});

test("3. consecutive passes show other prices", () => {
  const same = products.filter((p) =>
    [0, 1, 2, 3, 98, 99].some((pass) => priceAt(p, pass) === priceAt(p, pass + 1)),
  );
  expect(same).toEqual([]);
});

test("4. a pass changes every product once", () => {
  for (const n of [1000, 1024, 2, 97]) {
    const stride = strideOf(n);
    const hit = new Set(Array.from({ length: n }, (_, k) => changeTarget(k, n, stride).index));
    expect([hit.size, changeTarget(n, n, stride).pass]).toEqual([n, 1]);
  }
});
