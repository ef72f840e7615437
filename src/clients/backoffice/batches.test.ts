// batches.ts: items cut into bulk requests. Properties checked:
//  1. a batch holds at most maxItems items and, as a JSON array, at most maxBytes bytes, counted
//     in UTF-8 (a Cyrillic letter is two); an item larger than maxBytes is a batch of its own
//  2. for any items and limits, the batches hold every item once, in order, each within the
//     limits but for a lone oversized item, and no two neighbours would have fit in one
import { expect, test } from "bun:test";
import fc from "fast-check";
import { type BatchLimits, batches } from "./batches.ts";

const cut = async (items: string[], limits: BatchLimits) => {
  const out: string[][] = [];
  for await (const b of batches(items, (s) => JSON.stringify(s), limits)) out.push(b.items);
  return out;
};
const bytesOf = (items: string[]) => Buffer.byteLength(JSON.stringify(items));

test("1. by items, by UTF-8 bytes, an oversized item alone", async () => {
  expect(await cut(["a", "b", "c", "d", "e"], { maxItems: 2, maxBytes: 1000 })).toEqual([
    ["a", "b"],
    ["c", "d"],
    ["e"],
  ]);
  // ["aaaa"] is 8 bytes, ["aaaa","bbbb"] 15; ["яя"] is 8 bytes too (4 characters).
  expect(await cut(["aaaa", "bbbb", "cccc"], { maxItems: 10, maxBytes: 15 })).toEqual([
    ["aaaa", "bbbb"],
    ["cccc"],
  ]);
  expect(await cut(["яя", "яя", "яя"], { maxItems: 10, maxBytes: 14 })).toEqual([
    ["яя"],
    ["яя"],
    ["яя"],
  ]);
  expect(await cut(["a", "x".repeat(50), "b"], { maxItems: 10, maxBytes: 20 })).toEqual([
    ["a"],
    ["x".repeat(50)],
    ["b"],
  ]);
  expect(await cut([], { maxItems: 1, maxBytes: 2 })).toEqual([]);
});

test("2. every item once, in order, each batch within the limits and full", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.string({ unit: "grapheme", maxLength: 12 }), { maxLength: 40 }),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 2, max: 80 }),
      async (items, maxItems, maxBytes) => {
        const out = await cut(items, { maxItems, maxBytes });
        expect(out.flat()).toEqual(items);
        for (const [i, b] of out.entries()) {
          expect(b.length).toBeGreaterThan(0);
          expect(b.length).toBeLessThanOrEqual(maxItems);
          if (b.length > 1) expect(bytesOf(b)).toBeLessThanOrEqual(maxBytes);
          const next = out[i + 1];
          if (next && b.length < maxItems)
            expect(bytesOf([...b, next[0] as string])).toBeGreaterThan(maxBytes);
        }
      },
    ),
  );
});
