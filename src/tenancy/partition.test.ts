// Partitioning by domain name. Properties checked:
//  1. stable: fixed names map to fixed partitions (a change here re-routes every deployment)
//  2. every partition in [0, N), and roughly even over many names
//  3. consistent: from N to N+1 partitions a domain either stays or moves to partition N
import { expect, test } from "bun:test";
import { fnv1a64, partitionOf, serves } from "./partition.ts";

test("1. stable hash and partitions", () => {
  // FNV-1a 64 test vectors (from the reference implementation's test suite).
  expect(fnv1a64("")).toBe(0xcbf29ce484222325n);
  expect(fnv1a64("a")).toBe(0xaf63dc4c8601ec8cn);
  expect(fnv1a64("foobar")).toBe(0x85944171f73967e8n);
  expect(["shop-a", "shop-b", "shop-c", "shop-d", "shop-e"].map((n) => partitionOf(n, 3))).toEqual([
    1, 1, 0, 1, 1,
  ]);
  expect(partitionOf("anything", 1)).toBe(0);
  expect(serves(null, { name: "x" })).toBe(true);
});

test("2. in range and roughly even", () => {
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < 4000; i++) {
    const p = partitionOf(`shop-${i}`, 4);
    expect(p >= 0 && p < 4).toBe(true);
    counts[p] = (counts[p] ?? 0) + 1;
  }
  for (const c of counts) expect(c).toBeGreaterThan(800);
});

test("3. consistent when partitions are added", () => {
  for (let i = 0; i < 2000; i++) {
    const before = partitionOf(`shop-${i}`, 5);
    const after = partitionOf(`shop-${i}`, 6);
    expect(after === before || after === 5).toBe(true);
  }
});
