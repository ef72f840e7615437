// Hotline's `stock` (docs/FEEDS.md, Fields). Properties checked:
//  1. a count, bare or with a sign or unit, is availability above 0; words of none are false,
//     other words (in stock, on order, days to deliver) true; no `stock` says nothing
//  2. stock sets availability only: the product item carries no count and no warehouse
import { expect, test } from "bun:test";
import { hotline } from "../../test/fixtures/feeds/feed-generators.ts";
import { stockAvailable } from "./hotline-dialect.ts";
import { importFeed } from "./import-feed.ts";

test("1. a count, words of none, other words", () => {
  const cases = [
    "12",
    "0",
    "0 шт",
    "5 шт.",
    "> 10",
    "-1",
    "В наявності",
    "Під замовлення",
    "2-3 дні",
    "Немає в наявності",
    "Нет в наличии",
    "Закінчився",
    "out of stock",
    "false",
  ];
  expect(cases.map((c) => [c, stockAvailable(c)])).toEqual([
    ["12", true],
    ["0", false],
    ["0 шт", false],
    ["5 шт.", true],
    ["> 10", true],
    ["-1", false],
    ["В наявності", true],
    ["Під замовлення", true],
    ["2-3 дні", true],
    ["Немає в наявності", false],
    ["Нет в наличии", false],
    ["Закінчився", false],
    ["out of stock", false],
    ["false", false],
  ]);
  expect(stockAvailable(null)).toBeNull();
});

async function* bytesOf(text: string) {
  yield new TextEncoder().encode(text);
}

test("2. stock sets availability only", async () => {
  const products: Record<string, unknown>[] = [];
  const feed = hotline([{ id: "1", category: "2" }]).replace(
    /<stock>[^<]*<\/stock>/,
    "<stock>7</stock>",
  );
  await importFeed(
    bytesOf(feed),
    {
      categories: async (items) => items.map(() => ({ status: 201 as const })),
      products: async (batch) => {
        products.push(...JSON.parse(new TextDecoder().decode(batch.body)));
        return batch.ids.map(() => ({ status: 201 as const }));
      },
      reindex: async () => {},
    },
    { format: "auto", dryRun: false, limits: { maxItems: 100, maxBytes: 1 << 20 } },
  );
  expect(products).toHaveLength(1);
  expect(products[0]?.availability).toBe(true);
  expect(Object.keys(products[0] ?? {}).filter((k) => /stock|quantity|warehouse/.test(k))).toEqual(
    [],
  );
});
