// A query word that matches products through their category's name, exact answers whichever
// way the match reads it (match.ts): by the candidates' categories when they are fewer than
// the category's products, by the category's products otherwise, in the base segment and in
// a segment a patch added.
//  1. few candidates: "gucci жіночі" keeps the two Gucci bags, not the Gucci backpacks
//  2. many candidates: "modena жіночі" keeps the Modena bags of the women's category, not the
//     Modena wallets nor the women's perfumes
//  3. after patches, new bags (in other segments) are found as the others are
import { expect, test } from "bun:test";
import { category, params, product } from "../../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../../http/search/search-answer.ts";
import type { ProductRecord } from "../../model/records.ts";
import { buildSnapshot, patchSnapshot, type Snapshot } from "../engine.ts";

const item = (id: number, cat: number, name: string, vendor: string | null = null): ProductRecord =>
  product(id, {
    category: String(cat),
    code: `X-${id}`,
    vendor,
    newPrice: 1000,
    updatedAt: id,
    translations: { uk: { name } },
  });

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
// p1-p30 women's bags (p1, p2 by Gucci, the others Modena), p31-p32 Gucci backpacks, p33-p35
// Modena wallets, p36-p45 women's perfumes.
const PRODUCTS = [
  item(1, 1, "Сумка Gucci Marmont", "Gucci"),
  item(2, 1, "Сумка Gucci Ophidia", "Gucci"),
  ...range(3, 30).map((id) => item(id, 1, `Сумка Modena ${id}`)),
  item(31, 2, "Рюкзак Gucci Ophidia", "Gucci"),
  item(32, 2, "Рюкзак Gucci Jumbo", "Gucci"),
  ...range(33, 35).map((id) => item(id, 3, `Гаманець Modena ${id}`)),
  ...range(36, 45).map((id) => item(id, 4, `Парфуми жіночі Aroma ${id}`)),
];
const CATEGORIES = [
  category(1, 1, { uk: "Жіночі сумки" }),
  category(2, 2, { uk: "Рюкзаки" }),
  category(3, 3, { uk: "Гаманці" }),
  category(4, 4, { uk: "Парфумерія" }),
];

/** The source ids of a flat search's items, sorted, and its total. */
const answer = (snap: Snapshot, q: string) => {
  const r = answerSearch(snap, params({ q, group_by_category: false, product_page_size: 40 }));
  const ids = r.products.groups.flatMap((g) => g.items.map((i) => i.source_id));
  return { total: r.total, ids: ids.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))) };
};

const base = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

test("1. few candidates: the category word keeps the Gucci bags, not the backpacks", () => {
  expect(answer(base, "gucci жіночі")).toEqual({ total: 2, ids: ["p1", "p2"] });
});

test("2. many candidates: the Modena bags, not the Modena wallets nor the perfumes", () => {
  const bags = range(3, 30).map((id) => `p${id}`);
  expect(answer(base, "modena жіночі")).toEqual({ total: 28, ids: bags });
});

test("3. a patch's new bags, in segments of their own, are found as the others", () => {
  const patched = patchSnapshot(base, { products: [item(46, 1, "Сумка Gucci Dionysus", "Gucci")] });
  expect(patched.segments.length).toBe(2);
  expect(answer(patched, "gucci жіночі")).toEqual({ total: 3, ids: ["p1", "p2", "p46"] });
  const again = patchSnapshot(patched, { products: [item(47, 1, "Сумка Modena Nuovo")] });
  const bags = [...range(3, 30), 47].map((id) => `p${id}`);
  expect(answer(again, "modena жіночі")).toEqual({ total: 29, ids: bags });
});
