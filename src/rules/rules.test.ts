// The batch rules alone, without a store (the stores' contract suite and the HTTP tests check
// them again through both stores). Properties checked:
//  1. deriveAvailability: the OR of the warehouses, else the given value, else in stock
//  2. merge: translations replaced in place per language, new languages appended, others kept
//  3. plan: a source_id repeated in a batch merges with the version written earlier in it and
//     keeps its (provisional) id; statuses 201 then 200; warehouses listed once
//  4. plan: an unknown or malformed category refuses the item and the log entry; each category
//     and each source_id is looked up at most once
//  5. categories: a repeated source id keeps the id of its first item, 201 then 200
//  6. categories: parent_id absent keeps the stored (or earlier written) parent, null clears
//     it, an unknown parent is taken; a parent that closes a cycle, through the store or the
//     batch, fails the item on parent_id and the log entry
//  7. skipUnchanged: an item that would change nothing but the times is the stored record,
//     `unchanged`; a changed price, availability or text is written; assumeCategories are
//     taken as existing
import { expect, test } from "bun:test";
import type { ProductDraft } from "../model/drafts.ts";
import type { ProductRecord, ProductTranslation } from "../model/records.ts";
import { deriveAvailability, mergeProduct } from "./merge-product.ts";
import { planCategoryBatch } from "./plan-category-batch.ts";
import { planProductBatch } from "./plan-product-batch.ts";

const tr = (language: "uk" | "ru" | "en", name: string): ProductTranslation => ({
  language,
  name,
  url: `https://s.example/${language}`,
  description: null,
  labels: [],
  keywords: [],
  synonyms: [],
  params: [],
});
const stock = (external_id: string, available: boolean) => ({
  external_id,
  available,
  quantity: 0,
  new_price: null,
  old_price: null,
  currency_code: null,
});
const draft = (sourceId: string, extra: Partial<ProductDraft> = {}): ProductDraft => ({
  source_id: sourceId,
  code: `SKU-${sourceId}`,
  source_category_id: "1",
  currency_code: "UAH",
  translations: [tr("uk", sourceId)],
  new_price: undefined,
  old_price: undefined,
  picture: undefined,
  availability: undefined,
  vendor: undefined,
  group_id: undefined,
  is_main: undefined,
  warehouses: undefined,
  ...extra,
});

test("1. deriveAvailability", () => {
  expect([
    deriveAvailability(null, []),
    deriveAvailability(false, []),
    deriveAvailability(false, [stock("w", false), stock("w2", true)]),
    deriveAvailability(true, [stock("w", false)]),
  ]).toEqual([true, false, true, false]);
});

test("2. translations are merged per language, in the stored order", () => {
  const stored = mergeProduct(
    draft("a", { translations: [tr("ru", "ru1"), tr("uk", "uk1")] }),
    null,
    {
      newId: 7,
      now: 1,
    },
  );
  if (!stored.ok) throw new Error("merge failed");
  const merged = mergeProduct(
    draft("a", { translations: [tr("en", "en2"), tr("uk", "uk2")] }),
    stored.record,
    { newId: 0, now: 2 },
  );
  expect(merged.ok && merged.record.translations.map((t) => t.name)).toEqual(["ru1", "uk2", "en2"]);
});

test("3. a source_id repeated in a batch merges with its earlier version", () => {
  const merged = mergeProduct(draft("s"), null, { newId: 40, now: 1 });
  if (!merged.ok) throw new Error("merge failed");
  const storedS: ProductRecord = merged.record;
  let next = 0;
  const asked: string[] = [];
  const plan = planProductBatch(
    [
      draft("n", { vendor: "Sony", warehouses: [stock("kyiv", true)] }),
      draft("n", { new_price: 5 }),
      null,
      draft("s", { warehouses: [stock("kyiv", false), stock("lviv", true)] }),
    ],
    {
      product: (sid) => {
        asked.push(sid);
        return sid === "s" ? storedS : null;
      },
      category: () => true,
    },
    { log: true, now: 9, newId: () => --next },
  );
  expect(asked).toEqual(["n", "s"]);
  expect(
    plan.items.map((i) => i && (i.ok ? [i.status, i.record.id, i.record.vendor] : i.errors)),
  ).toEqual([[201, -1, "Sony"], [200, -1, "Sony"], null, [200, 40, null]]);
  expect(plan.log).toBe(true);
  expect(plan.warehouses).toEqual(["kyiv", "lviv"]);
});

test("4. an unknown or malformed category refuses the item and the log entry", () => {
  const asked: number[] = [];
  const plan = planProductBatch(
    [
      draft("a", { source_category_id: "2" }),
      draft("b", { source_category_id: "2" }),
      draft("c", { source_category_id: "x1" }),
    ],
    {
      product: () => null,
      category: (id) => {
        asked.push(id);
        return false;
      },
    },
    { log: true, now: 1, newId: () => 1 },
  );
  expect(asked).toEqual([2]);
  expect(plan.log).toBe(false);
  expect(plan.items.map((i) => i?.ok === false && i.errors)).toEqual([
    { source_category_id: ['Category "2" does not exist in this domain.'] },
    { source_category_id: ['Category "2" does not exist in this domain.'] },
    { source_category_id: ['Category "x1" does not exist in this domain.'] },
  ]);
});

test("5. categories: a repeated source id keeps its first id", () => {
  let next = 10;
  const c = (id: number) => ({ source_category_id: id, translations: [], parent_id: undefined });
  const lookups = { id: (s: number) => (s === 2 ? 5 : null), parent: () => null };
  const plan = planCategoryBatch([c(1), c(2), c(1)], lookups, {
    log: false,
    now: 3,
    newId: () => ++next,
  });
  expect(plan.items.map((i) => i?.ok && [i.status, i.record.id])).toEqual([
    [201, 11],
    [200, 5],
    [200, 11],
  ]);
  expect(plan.log).toBe(false);
});

test("6. categories: parents kept, cleared, taken before they exist; a cycle is refused", () => {
  let next = 0;
  const c = (id: number, parent_id?: number | null) => ({
    source_category_id: id,
    translations: [],
    parent_id,
  });
  // Stored: 1 <- 2 (2's parent is 1), 3 top level.
  const stored = new Map([
    [1, { id: 1, parent: null }],
    [2, { id: 2, parent: 1 }],
    [3, { id: 3, parent: null }],
  ]);
  const lookups = {
    id: (s: number) => stored.get(s)?.id ?? null,
    parent: (s: number) => stored.get(s)?.parent ?? null,
  };
  const plan = planCategoryBatch(
    [c(2), c(3, 99), c(1, 2), c(99, 3), c(4, 2), c(4), c(2, null)],
    lookups,
    { log: true, now: 1, newId: () => 100 + ++next },
  );
  expect(
    plan.items.map((i) => (i?.ok ? [i.status, i.record.parent_id ?? null] : i?.errors)),
  ).toEqual([
    [200, 1],
    [200, 99],
    {
      parent_id: [
        "Category 2 is a descendant of category 1: a category cannot be its own ancestor.",
      ],
    },
    {
      parent_id: [
        "Category 3 is a descendant of category 99: a category cannot be its own ancestor.",
      ],
    },
    [201, 2],
    [200, 2],
    [200, null],
  ]);
  expect(plan.log).toBe(false);
  expect(plan.items.every((i) => !i?.ok || !("parent_id" in i.record) || i.record.parent_id)).toBe(
    true,
  );
});

test("7. skipUnchanged: the same item is the stored record, a changed one is written", () => {
  const first = mergeProduct(draft("a", { new_price: 10 }), null, { newId: 3, now: 1 });
  if (!first.ok) throw new Error("merge failed");
  const stored = first.record;
  const plan = planProductBatch(
    [
      draft("a", { new_price: 10 }),
      draft("a", { new_price: 11 }),
      draft("a", { new_price: 10, availability: false }),
      draft("a", { new_price: 10, translations: [tr("uk", "інше")] }),
      draft("b", { source_category_id: "9" }),
    ],
    { product: (sid) => (sid === "a" ? stored : null), category: (id) => id === 1 },
    { log: true, now: 5, newId: () => -1, skipUnchanged: true, assumeCategories: [9] },
  );
  expect(
    plan.items.map((i) => i?.ok && [i.status, i.unchanged ?? false, i.record.updated_at]),
  ).toEqual([
    [200, true, 1],
    [200, false, 5],
    [200, false, 5],
    [200, false, 5],
    [201, false, 5],
  ]);
});
