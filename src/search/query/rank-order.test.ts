// rankOrder (the listings' radix sort) orders hits as a stable sort by compareHits does, on the
// inputs its shortcuts take: keys already in order or strictly against it (an import's ids in
// doc order, newest first), relevance decided by the tier and availability (no words), sort keys
// in whole cents (prices) or not (discounts), ids past 2^32, ties on every key.
import { expect, test } from "bun:test";
import { Rng } from "../../sample-catalog/prng.ts";
import { compareHits, type Hits } from "./rank.ts";
import { rankOrder } from "./rank-order.ts";

type Sorted = Hits & { readonly sortKey: Float64Array };

function hitsOf(rng: Rng, n: number, kind: number): Sorted {
  const relevance = new Uint32Array(n);
  const sortKey = new Float64Array(n);
  const productId = new Float64Array(n);
  for (let h = 0; h < n; h++) {
    const available = rng.next() < 0.8 ? 1 : 0;
    const tier = Math.floor(rng.next() * 3) << 16;
    // Kinds 0-3: no words (the bits below the tier but availability's the same for every hit).
    relevance[h] = kind < 4 ? tier | 0b1110 | available : Math.floor(rng.next() * 2 ** 32) >>> 0;
    const cents = Math.round(rng.next() * 2e5 - 1e5) / 100;
    sortKey[h] = [cents, -cents, Math.floor(rng.next() * 4), rng.next() - 0.5, -(h + 1)][
      kind % 5
    ] as number;
    productId[h] = [h + 1, n - h, Math.floor(rng.next() * 30), 2 ** 40 + h][kind % 4] as number;
  }
  return {
    count: n,
    relevance,
    sortKey,
    productId,
    updatedAt: new Float64Array(n),
  } as Sorted;
}

test("rankOrder is a stable sort by compareHits", () => {
  const rng = new Rng(3);
  let orders = 0;
  for (let t = 0; t < 400; t++) {
    const n = 1 + Math.floor(rng.next() * (t % 20 === 0 ? 3000 : 50));
    const hits = hitsOf(rng, n, t % 10);
    const expected = Array.from({ length: n }, (_, h) => h).sort((a, b) => compareHits(hits, a, b));
    expect(Array.from(rankOrder(hits))).toEqual(expected);
    orders += expected.some((h, i) => h !== i) ? 1 : 0;
  }
  // Most inputs are not in order already.
  expect(orders).toBeGreaterThan(300);
});
