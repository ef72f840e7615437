// Properties of patched snapshots against rebuilt ones, on a generated catalog:
//  1. after a series of patches (updates, new products, category renames) that merge segments
//     of every tier, every answer equals the answer of a snapshot built from scratch from the
//     same records, filters selected or not
//  2. every intermediate snapshot keeps answering as it did when it was made (copy-on-write)
//  3. a patch given in parts (startProductPatch, as the indexer gives it between searches)
//     answers as the same patch given whole, and the snapshot it started from answers as
//     before until and after it finishes
//  4. a patch finished without its merges answers the same, and settleSnapshot then merges it
//     into the segments the merged patch has
//  5. products removed (deleted from the store) answer as a rebuild without them: searches,
//     filters, category pages, suggestions; the snapshot they were removed from as before

import { describe, expect, test } from "bun:test";
import { params } from "../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../http/search/search-answer.ts";
import { validateCategory } from "../import/validate-category.ts";
import { validateProduct } from "../import/validate-product.ts";
import type { CategoryRecord, ProductRecord } from "../model/records.ts";
import { mergeProduct } from "../rules/merge-product.ts";
import { categoryRecord } from "../rules/plan-category-batch.ts";
import { generateCategories, generateProduct } from "../sample-catalog/generate.ts";
import {
  buildSnapshot,
  patchSnapshot,
  removeProducts,
  type Snapshot,
  settleSnapshot,
  snapshotStats,
  startProductPatch,
} from "./engine.ts";

const categories: CategoryRecord[] = generateCategories().map((item, i) => {
  const v = validateCategory(item);
  if (!v.ok) throw new Error("invalid generated category");
  return categoryRecord(v.value, i + 1, 1);
});

function record(index: number, now: number): ProductRecord {
  const v = validateProduct(generateProduct(7, index).item);
  if (!v.ok) throw new Error("invalid generated product");
  const merged = mergeProduct(v.value, null, { newId: index + 1, now });
  if (!merged.ok) throw new Error("generated product does not merge");
  return merged.record;
}

const QUERIES = [
  "смартфон",
  "ноут",
  "samsung",
  "чорний",
  "навушники бездротові",
  "к",
  "телевізор lg",
  "кросівки",
  "sku-0001",
];

function answers(snap: Snapshot): unknown[] {
  return QUERIES.flatMap((q) => {
    const all = answerSearch(snap, params({ q, show_unavailable: true, per_category_limit: -1 }));
    // A filter of the answer selected: counted and applied per value list in every segment.
    const selected = all.filters.flatMap((f) => f.values.slice(0, 1).map((v) => v.id));
    return [
      all,
      answerSearch(snap, params({ q, filters: selected.slice(0, 2) })),
      answerSearch(
        snap,
        params({ q, group_by_category: false, product_page_size: 50, language: "ru" }),
      ),
    ];
  });
}

describe("patched snapshots", () => {
  test("1-2. equal a rebuild, and old snapshots never change", () => {
    const size = 3000;
    const current = new Map<number, ProductRecord>();
    for (let i = 0; i < size; i++) current.set(i + 1, record(i, i));
    let cats = categories;
    let snap = buildSnapshot({ products: [...current.values()], categories: cats });
    const history: { snap: Snapshot; answers: unknown[] }[] = [];
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 24; round++) {
      const batch: ProductRecord[] = [];
      const n = round % 5 === 4 ? 700 : 60;
      for (let i = 0; i < n; i++) {
        // Mostly updates of existing products, some new ones past the end.
        const index = rnd() < 0.8 ? Math.floor(rnd() * size) : size + round * 1000 + i;
        const updated = record(index, 10_000 + round * 1000 + i);
        batch.push({
          ...updated,
          new_price: (updated.new_price ?? 1) + round,
          availability: rnd() < 0.7,
        });
      }
      const renamed: CategoryRecord[] = [];
      if (round % 6 === 5) {
        const c = cats[round % cats.length] as CategoryRecord;
        renamed.push({
          ...c,
          translations: c.translations.map((t) => ({ ...t, name: `${t.name} ${round}` })),
        });
        cats = cats.map((x) => (x.id === c.id ? (renamed[0] as CategoryRecord) : x));
      }
      for (const p of batch) current.set(p.id, p);
      if (round % 4 === 0) history.push({ snap, answers: answers(snap) });
      snap = patchSnapshot(snap, { products: batch, categories: renamed });
    }
    const rebuilt = buildSnapshot({ products: [...current.values()], categories: cats });
    expect(snapshotStats(snap).products).toBe(current.size);
    expect(answers(snap)).toEqual(answers(rebuilt));
    for (const h of history) expect(answers(h.snap)).toEqual(h.answers);
  }, 60_000);

  test("3. a patch in parts answers as the patch whole; its start answers as before", () => {
    const base = buildSnapshot({
      products: Array.from({ length: 2000 }, (_, i) => record(i, i)),
      categories,
    });
    const before = answers(base);
    // Updates of existing products and new ones, in parts of uneven sizes.
    const batch = Array.from({ length: 900 }, (_, i) =>
      record(i % 3 === 0 ? i : 5000 + i, 20_000 + i),
    ).map((p, i) => ({ ...p, new_price: (p.new_price ?? 1) + i }));
    const whole = patchSnapshot(base, { products: batch });
    const parts = startProductPatch(base, batch.length);
    for (const [from, to] of [
      [0, 1],
      [1, 250],
      [250, 700],
      [700, 900],
    ] as const) {
      parts.add(batch.slice(from, to));
      expect(answers(base)).toEqual(before);
    }
    const patched = parts.finish();
    expect(snapshotStats(patched)).toEqual(snapshotStats(whole));
    expect(answers(patched)).toEqual(answers(whole));
    expect(answers(base)).toEqual(before);
  }, 60_000);

  test("4. a patch finished unmerged answers the same; settled, it has the merged segments", () => {
    const base = buildSnapshot({
      products: Array.from({ length: 2000 }, (_, i) => record(i, i)),
      categories,
    });
    // Large enough to merge into the base.
    const batch = Array.from({ length: 1500 }, (_, i) => record(i * 2, 30_000 + i));
    const merged = patchSnapshot(base, { products: batch });
    const parts = startProductPatch(base, batch.length);
    parts.add(batch);
    const unmerged = parts.finish({ merge: false });
    expect([unmerged.segments.length, merged.segments.length]).toEqual([2, 1]);
    expect(answers(unmerged)).toEqual(answers(merged));
    const settled = settleSnapshot(unmerged);
    expect(settled.segments.map((s) => s.size)).toEqual(merged.segments.map((s) => s.size));
    expect(answers(settled)).toEqual(answers(merged));
    expect(settleSnapshot(settled)).toBe(settled);
  }, 60_000);

  test("5. removed products answer as a rebuild without them; the old snapshot as before", () => {
    const products = Array.from({ length: 2000 }, (_, i) => record(i, i));
    // A name word of one product alone: a suggestion while it is there.
    const zebra = products[7] as ProductRecord;
    products[7] = {
      ...zebra,
      translations: zebra.translations.map((t) => ({ ...t, name: `${t.name} Зебрафон` })),
    };
    const more = Array.from({ length: 300 }, (_, i) => record(3000 + i, 5000 + i));
    const base = patchSnapshot(buildSnapshot({ products, categories }), { products: more });
    const all = [...products, ...more];
    const gone = new Set(all.filter((p, i) => i % 9 === 0 || p.id === zebra.id).map((p) => p.id));
    const pages = (snap: Snapshot) => [
      ...answers(snap),
      answerSearch(snap, params({ browse: true, show_unavailable: true })),
      answerSearch(snap, params({ browse: true, category_id: String(categories[0]?.id) })),
      answerSearch(snap, params({ q: "зебраф", use_corrections: false, use_suggestions: true }))
        .suggestions,
    ];
    const before = pages(base);
    expect(before.at(-1)).toEqual(["зебрафон"]);
    const removed = removeProducts(base, gone);
    const rebuilt = buildSnapshot({ products: all.filter((p) => !gone.has(p.id)), categories });
    expect(snapshotStats(removed).products).toBe(all.length - gone.size);
    const after = pages(removed);
    expect(after.at(-1)).toEqual([]);
    expect(after).toEqual(pages(rebuilt));
    expect(pages(settleSnapshot(removed))).toEqual(after);
    expect(pages(base)).toEqual(before);
    // Ids it does not hold: the same snapshot.
    expect(removeProducts(removed, [...gone, 999_999])).toBe(removed);
  }, 60_000);
});
