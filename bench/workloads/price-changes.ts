// The changes of the mixed-load benchmark's price stream (issue 20, point 1): change number n
// is a full, valid product item of an existing product (every required field, as the
// specification asks of an update) with a new price, old price, availability and warehouse
// stock. Pure: change n is the same whatever client sends it, so a probe knows what a search
// answer must show once the change is acknowledged.

import type { ProductItem, WarehouseItem } from "../../src/sample-catalog/types.ts";

/** A product item as an update sends it: `old_price: null` clears the stored old price. */
export type ChangeItem = Omit<ProductItem, "old_price"> & { old_price: number | null };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A step through the catalog coprime with its size, near its golden section: consecutive
 * changes land far apart (not on one segment's neighbours), and every product is changed once
 * per pass.
 */
export function strideOf(products: number): number {
  let stride = Math.max(1, Math.round(products * 0.618));
  while (gcd(stride, products) !== 1) stride++;
  return stride;
}

/** Which product change `n` changes, and in which pass over the catalog. */
export function changeTarget(n: number, products: number, stride = strideOf(products)) {
  return { index: (n * stride) % products, pass: Math.floor(n / products) };
}

const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * The price of `product` after its change of pass `pass`: 85-100% of the generated price, its
 * cents the pass (1-99), so that consecutive passes never show the same price.
 */
export function priceAt(product: ProductItem, pass: number): number {
  const whole = Math.max(1, Math.floor((product.new_price ?? 100) * (0.85 + (pass % 4) * 0.05)));
  return cents(whole + ((pass % 99) + 1) / 100);
}

/** The warehouses of pass `pass`: the same external ids, other stock and prices. */
function warehousesAt(warehouses: readonly WarehouseItem[], price: number, pass: number) {
  return warehouses.map((w, i): WarehouseItem => {
    const quantity = (pass * 7 + i * 13) % 41;
    const out: WarehouseItem = { external_id: w.external_id, available: quantity > 0, quantity };
    if (w.new_price !== undefined) out.new_price = cents(price * (0.97 + ((pass + i) % 7) / 100));
    return out;
  });
}

/**
 * `product` (as generated) changed for pass `pass`: a new price; an old price above it on odd
 * passes and cleared on even ones (the import refuses a new price above a kept old price);
 * availability off every third pass, or, with warehouses, theirs (a product is in stock when a
 * warehouse is, specification 2.4).
 */
export function changeOf(product: ProductItem, pass: number): ChangeItem {
  const price = priceAt(product, pass);
  const out: ChangeItem = {
    ...product,
    new_price: price,
    old_price: pass % 2 ? cents(price * 1.25) : null,
    availability: pass % 3 !== 2,
  };
  if (product.warehouses) {
    out.warehouses = warehousesAt(product.warehouses, price, pass);
    out.availability = out.warehouses.some((w) => w.available);
  }
  return out;
}
