// The contract of PrimaryStore and ChangeLog, run against every implementation (the shape of
// Hono's router/common.case.test.ts: one case file, a small runner per implementation).
// Properties checked, each on a fresh store:
//  1. domains: ids from 1, duplicate names refused, tokens rotated, unknown names refused
//  2. category batches: 201 then 200 per item, same id, `json` is the stored record's JSON
// 2b. category parents: a parent not stored yet is taken, absence keeps it (also for a later
//     batch), null clears it, a cycle through the store is refused with the log entry
//  3. product batches: statuses, ids, category check, group_id immutability, warehouses kept
//     when absent, a source_id repeated within one batch, items refused, exactly as specified
//  4. the log: an entry only for a batch whose every item passed, with the ids in item order;
//     positions increase by one; read honours afterSeq and limit; reindex entries
//  5. waitFor wakes on an append and otherwise returns after its timeout
//  6. reads: getProducts in id order without repeats or unknown ids, allProducts, counts
// 6b. deleteProducts: the records go with one `deletes` entry of their ids; source ids the
//     domain lacks are skipped (none there: nothing written, seq 0); another domain's products
//     of the same source ids stay; a source id written again is a new product with a new id
// 6c. a feed's offer digests: kept with each item of a feed's write that is stored (written or
//     unchanged, the unchanged logging nothing), none of a dry run nor of a refused item;
//     dropped by any other write of the product (a batch without digests, a delete), per
//     domain, and gone with deleteDomain
//  7. domains are isolated from each other
//  8. analytics: day aggregates per query; top and zero-result queries over a period, ties by
//     bytes, with the last corrected query; per-day counts; days outside the period left out
//  9. analytics: popular queries need minShoppers distinct shoppers on one day, at most
//     MAX_SHOPPERS_KEPT kept per row; ranked by searches
// 10. analytics: pruning (SQLite) or expiry (Redis) of days past the retention
// 11. analytics: distinct queries of a domain and day capped, the day's total still exact
// 12. blocked suggestions: block, list by bytes, unblock, per domain
// 13. deleteDomain removes the domain's record, catalog, log and analytics, leaves the other
//     domains as they were, and refuses an unknown name; the name can be created again, empty,
//     with a new id
// 14. setDomainOrigins stores the list with the record (listed, kept by a rotation), an empty
//     list removes it, an unknown name is refused
// 15. registered feeds: the list replaced whole (the states of feeds no longer listed go with
//     it), runs newest first and trimmed to MAX_FEED_RUNS, a run's state set with it; the run
//     lock taken by one owner, extended by it, refused to another until released or expired;
//     per domain, and gone with deleteDomain
import { describe, expect, test } from "bun:test";
import { AppError } from "../../src/errors.ts";
import { validateCategory } from "../../src/import/validate-category.ts";
import { validateProduct } from "../../src/import/validate-product.ts";
import type { CategoryDraft, ProductDraft } from "../../src/model/drafts.ts";
import { type FeedRun, MAX_FEED_RUNS, type RegisteredFeed } from "../../src/model/feeds.ts";
import { categoryRecord } from "../../src/rules/plan-category-batch.ts";
import { MAX_QUERIES_PER_DAY, MAX_SHOPPERS_KEPT } from "../../src/store/search-aggregate.ts";
import type { ChangeLog, PrimaryStore, SearchEvent, WriteResult } from "../../src/store/store.ts";

export interface OpenedStore {
  store: PrimaryStore & ChangeLog;
  [Symbol.asyncDispose]: () => Promise<void>;
}

export function productDraft(sourceId: string, extra: Record<string, unknown> = {}): ProductDraft {
  const v = validateProduct({
    source_id: sourceId,
    code: `SKU-${sourceId}`,
    source_category_id: "1",
    currency_code: "UAH",
    new_price: 100,
    translations: [
      { language: "uk", name: `Товар ${sourceId}`, url: `https://s.example/${sourceId}` },
    ],
    ...extra,
  });
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.value;
}

export function categoryDraft(
  id: number,
  name = `Категорія ${id}`,
  extra: Record<string, unknown> = {},
): CategoryDraft {
  const v = validateCategory({
    source_category_id: id,
    translations: [{ language: "uk", name }],
    ...extra,
  });
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.value;
}

const wh = (id: string, quantity: number, available = quantity > 0) => ({
  external_id: id,
  available,
  quantity,
});
const stock = (id: string, quantity: number, available = quantity > 0) => ({
  ...wh(id, quantity, available),
  new_price: null,
  old_price: null,
  currency_code: null,
});

/** A result's observable parts: status, id, and the JSON checked against the record. */
function summary<T extends { id: number }>(r: WriteResult<T> | null) {
  if (r === null) return null;
  if (!r.ok) return { errors: r.errors };
  expect(JSON.parse(r.json)).toEqual(r.record);
  expect(r.json).toBe(JSON.stringify(r.record));
  return { status: r.status, id: r.record.id };
}

const tokens = (n: number) => ({ secret_token: `secret-${n}`, search_token: `search-${n}` });

export function runStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`${name}: store contract`, () => {
    test("1. domains", async () => {
      await using s = await open();
      const a = await s.store.createDomain("a-shop", tokens(1));
      expect(a).toEqual({ id: 1, name: "a-shop", ...tokens(1), created_at: expect.any(Number) });
      const b = await s.store.createDomain("b-shop", tokens(2));
      expect(b.id).toBe(2);
      expect(Object.keys(b)).toEqual(["id", "name", "secret_token", "search_token", "created_at"]);
      await expect(s.store.createDomain("a-shop", tokens(3))).rejects.toEqual(
        new AppError("domain_exists", { name: "a-shop" }),
      );
      // A rotation keeps the old search token with the end of its grace (issue 23, point 5).
      const retired = { retired_search_token: a.search_token, retired_search_until: 1_000 };
      const rotated = await s.store.setDomainTokens("a-shop", { ...tokens(4), ...retired });
      expect(rotated).toEqual({ ...a, ...tokens(4), ...retired });
      await expect(s.store.setDomainTokens("nope", { ...tokens(5), ...retired })).rejects.toEqual(
        new AppError("domain_not_found", { name: "nope" }),
      );
      expect(await s.store.listDomains()).toEqual([{ ...a, ...tokens(4), ...retired }, b]);
    });

    test("2. category batches", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const first = await s.store.writeCategories(
        d.id,
        [categoryDraft(10), null, categoryDraft(20), categoryDraft(10, "again")],
        { log: false },
      );
      expect(first.map(summary)).toEqual([
        { status: 201, id: 1 },
        null,
        { status: 201, id: 2 },
        { status: 200, id: 1 },
      ]);
      expect(first[0]?.ok && first[0].record).toEqual({
        ...categoryRecord(categoryDraft(10), 1, 0),
        updated_at: expect.any(Number),
      });
      expect(await s.store.head(d.id)).toBe(0);
      const second = await s.store.writeCategories(d.id, [categoryDraft(20), categoryDraft(30)], {
        log: true,
      });
      expect(second.map(summary)).toEqual([
        { status: 200, id: 2 },
        { status: 201, id: 3 },
      ]);
      expect(await s.store.read(d.id, 0, 10)).toEqual([
        { seq: 1, domain_id: d.id, kind: "categories", ids: [2, 3] },
      ]);
      const stored = await s.store.getCategories(d.id, [1, 2, 3]);
      expect(stored.map((c) => [c.id, c.source_category_id, c.translations[0]?.name])).toEqual([
        [1, 10, "again"],
        [2, 20, "Категорія 20"],
        [3, 30, "Категорія 30"],
      ]);
      expect(JSON.stringify(stored[2])).toBe(second[1]?.ok ? second[1].json : "");
    });

    test("2b. category parents", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const parentOf = async () =>
        (await s.store.allCategories(d.id))
          .map((c) => [c.source_category_id, c.parent_id ?? null])
          .sort((a, b) => (a[0] as number) - (b[0] as number));
      const child = (id: number, parent_id?: number | null) =>
        categoryDraft(id, `Категорія ${id}`, parent_id === undefined ? {} : { parent_id });
      await s.store.writeCategories(d.id, [child(2, 1), child(3, 2)], { log: true });
      await s.store.writeCategories(d.id, [child(1), child(3)], { log: true });
      expect(await parentOf()).toEqual([
        [1, null],
        [2, 1],
        [3, 2],
      ]);
      const cycle = await s.store.writeCategories(d.id, [child(4, 3), child(1, 3)], { log: true });
      expect(cycle.map((r) => (r?.ok ? r.status : r?.errors))).toEqual([
        201,
        {
          parent_id: [
            "Category 3 is a descendant of category 1: a category cannot be its own ancestor.",
          ],
        },
      ]);
      expect(await s.store.head(d.id)).toBe(2);
      const cleared = await s.store.writeCategories(d.id, [child(3, null)], { log: true });
      expect(cleared[0]?.ok && cleared[0].json).not.toContain("parent_id");
      expect(await parentOf()).toEqual([
        [1, null],
        [2, 1],
        [3, null],
        [4, 3],
      ]);
      // 3 is top level now: 1 under 3 closes no cycle.
      await s.store.writeCategories(d.id, [child(1, 4)], { log: true });
      expect((await parentOf())[0]).toEqual([1, 4]);
    });

    test("3. product batches", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      await s.store.writeCategories(d.id, [categoryDraft(1), categoryDraft(2)], { log: true });
      const created = await s.store.writeProducts(
        d.id,
        [
          productDraft("p1", { warehouses: [wh("w1", 3), wh("w2", 0)], group_id: "g" }),
          productDraft("p2", { source_category_id: "2", availability: false }),
          productDraft("p3", { source_category_id: "3" }),
          productDraft("p4", { source_category_id: "abc" }),
          null,
          productDraft("p5", { source_category_id: "02" }),
        ],
        { log: true },
      );
      expect(created.map(summary)).toEqual([
        { status: 201, id: 1 },
        { status: 201, id: 2 },
        { errors: { source_category_id: ['Category "3" does not exist in this domain.'] } },
        { errors: { source_category_id: ['Category "abc" does not exist in this domain.'] } },
        null,
        { errors: { source_category_id: ['Category "02" does not exist in this domain.'] } },
      ]);
      const p1 = created[0]?.ok ? created[0].record : null;
      expect(p1).toEqual({
        id: 1,
        source_id: "p1",
        code: "SKU-p1",
        source_category_id: "1",
        currency_code: "UAH",
        new_price: 100,
        old_price: null,
        picture: null,
        availability: true,
        vendor: null,
        group_id: "g",
        is_main: null,
        translations: [
          {
            language: "uk",
            name: "Товар p1",
            url: "https://s.example/p1",
            description: null,
            labels: [],
            keywords: [],
            synonyms: [],
            params: [],
          },
        ],
        warehouses: [stock("w1", 3), stock("w2", 0)],
        updated_at: expect.any(Number),
        content_updated_at: expect.any(Number),
      });
      // Refused items leave the batch out of the log (rule 8).
      expect(await s.store.head(d.id)).toBe(1);

      const updated = await s.store.writeProducts(
        d.id,
        [
          productDraft("p1", { new_price: 90 }), // warehouses absent: kept
          productDraft("p2", { group_id: "h" }), // a first group_id on an existing product
          productDraft("p1", { group_id: "x" }), // a different group_id
          productDraft("p6", { group_id: "k" }), // created here...
          productDraft("p6", { warehouses: [wh("w3", 0)] }), // ...and updated in the same batch
          productDraft("p6", { group_id: "other" }), // refused against the earlier item
          productDraft("p1", { group_id: "g", warehouses: [] }), // same group_id: fine
        ],
        { log: true },
      );
      const groupError = {
        errors: { group_id: ["This field cannot be changed after the product is created."] },
      };
      expect(updated.map(summary)).toEqual([
        { status: 200, id: 1 },
        groupError,
        groupError,
        { status: 201, id: 3 },
        { status: 200, id: 3 },
        groupError,
        { status: 200, id: 1 },
      ]);
      const records = updated.map((r) => (r?.ok ? r.record : null));
      expect(records[0]?.warehouses).toEqual([stock("w1", 3), stock("w2", 0)]);
      expect(records[0]?.new_price).toBe(90);
      expect([records[4]?.group_id, records[4]?.warehouses, records[4]?.availability]).toEqual([
        "k",
        [stock("w3", 0)],
        false,
      ]);
      expect(await s.store.head(d.id)).toBe(1);
      const all = await s.store.allProducts(d.id);
      expect(all.map((p) => [p.id, p.source_id, p.group_id, p.warehouses.length])).toEqual([
        [1, "p1", "g", 0],
        [2, "p2", null, 0],
        [3, "p6", "k", 1],
      ]);
      expect(await s.store.counts(d.id)).toEqual({ products: 3, categories: 2, warehouses: 3 });

      // A batch where every item passes is logged, ids in item order, repeats included.
      const logged = await s.store.writeProducts(
        d.id,
        [productDraft("p6"), productDraft("p7"), productDraft("p6")],
        { log: true },
      );
      expect(logged.map(summary)).toEqual([
        { status: 200, id: 3 },
        { status: 201, id: 4 },
        { status: 200, id: 3 },
      ]);
      // ...unless the caller already refused an item (log: false).
      await s.store.writeProducts(d.id, [productDraft("p8"), null], { log: false });
      // What a Redis entry carries beside (`written`) is Redis's own: log-carries-writes.test.ts.
      const entries = (await s.store.read(d.id, 1, 10)).map(({ written: _, ...entry }) => entry);
      expect(entries).toEqual([{ seq: 2, domain_id: d.id, kind: "products", ids: [3, 4, 3] }]);
      // An empty batch is a (harmless) empty entry, as an empty request is a success.
      expect(await s.store.writeProducts(d.id, [], { log: true })).toEqual([]);
      expect(await s.store.read(d.id, 2, 10)).toEqual([
        { seq: 3, domain_id: d.id, kind: "products", ids: [] },
      ]);
    });

    test("4. the log: positions, afterSeq, limit, reindex", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      expect([await s.store.head(d.id), await s.store.read(d.id, 0, 10)]).toEqual([0, []]);
      for (let i = 1; i <= 5; i++)
        await s.store.writeCategories(d.id, [categoryDraft(i)], { log: true });
      expect(await s.store.appendReindex(d.id)).toBe(6);
      expect(await s.store.head(d.id)).toBe(6);
      expect(await s.store.read(d.id, 2, 2)).toEqual([
        { seq: 3, domain_id: d.id, kind: "categories", ids: [3] },
        { seq: 4, domain_id: d.id, kind: "categories", ids: [4] },
      ]);
      expect(await s.store.read(d.id, 5, 10)).toEqual([
        { seq: 6, domain_id: d.id, kind: "reindex", ids: [] },
      ]);
      expect(await s.store.read(d.id, 6, 10)).toEqual([]);
    });

    test("5. waitFor: woken by an append, else its timeout", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      let t = performance.now();
      await s.store.waitFor(d.id, 0, 150);
      expect(performance.now() - t).toBeGreaterThanOrEqual(140);
      t = performance.now();
      const woken = s.store.waitFor(d.id, 0, 10_000);
      await s.store.writeCategories(d.id, [categoryDraft(1)], { log: true });
      await woken;
      expect(performance.now() - t).toBeLessThan(5_000);
      // Already past: no wait at all.
      t = performance.now();
      await s.store.waitFor(d.id, 0, 10_000);
      expect(performance.now() - t).toBeLessThan(5_000);
    });

    test("6. reads: by ids, all, counts", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      await s.store.writeCategories(d.id, [categoryDraft(1)], { log: true });
      await s.store.writeProducts(
        d.id,
        ["a", "b", "c", "d"].map((id) => productDraft(id)),
        { log: true },
      );
      const got = await s.store.getProducts(d.id, [4, 2, 99, 2]);
      expect(got.map((p) => [p.id, p.source_id])).toEqual([
        [2, "b"],
        [4, "d"],
      ]);
      expect(await s.store.getProducts(d.id, [])).toEqual([]);
      expect((await s.store.allProducts(d.id)).map((p) => p.source_id)).toEqual([
        "a",
        "b",
        "c",
        "d",
      ]);
      expect((await s.store.allCategories(d.id)).map((c) => c.source_category_id)).toEqual([1]);
    });

    test("6b. deleteProducts", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      for (const domain of [d, other]) {
        await s.store.writeCategories(domain.id, [categoryDraft(1)], { log: true });
        await s.store.writeProducts(
          domain.id,
          ["a", "b", "c", "d"].map((id) => productDraft(id, { warehouses: [wh("w1", 3)] })),
          { log: true },
        );
      }
      const ids = async (id: number) => (await s.store.allProducts(id)).map((p) => p.id);
      const [, , c, dId] = await ids(d.id);
      const head = await s.store.head(d.id);
      const done = await s.store.deleteProducts(d.id, ["d", "nope", "c", "c"]);
      expect(done.deleted.sort()).toEqual(["c", "d"]);
      const entries = await s.store.read(d.id, head, 10);
      expect(entries.map((e) => ({ ...e, ids: [...e.ids].sort((x, y) => x - y) }))).toEqual([
        { seq: done.seq, domain_id: d.id, kind: "deletes", ids: [c as number, dId as number] },
      ]);
      expect(await s.store.head(d.id)).toBe(done.seq);
      expect((await s.store.allProducts(d.id)).map((p) => p.source_id)).toEqual(["a", "b"]);
      expect(await s.store.getProducts(d.id, [c as number, dId as number])).toEqual([]);
      expect(await s.store.productsBySource(d.id, ["c", "d"])).toEqual([]);
      expect((await s.store.productSources(d.id)).sort()).toEqual(["a", "b"]);
      expect((await s.store.counts(d.id)).products).toBe(2);
      expect((await s.store.counts(other.id)).products).toBe(4);
      // None there: a no-op, no entry.
      expect(await s.store.deleteProducts(d.id, ["c", "nope"])).toEqual({ deleted: [], seq: 0 });
      expect(await s.store.deleteProducts(d.id, [])).toEqual({ deleted: [], seq: 0 });
      expect(await s.store.head(d.id)).toBe(done.seq);
      // Written again: created, with an id of its own.
      const again = await s.store.writeProducts(d.id, [productDraft("d")], { log: true });
      expect(again[0]?.ok && again[0].status).toBe(201);
      const newId = again[0]?.ok ? again[0].record.id : 0;
      expect(newId).toBeGreaterThan(Math.max(...(await ids(other.id)), dId as number));
      expect(again[0]?.ok && again[0].record.warehouses).toEqual([]);
    });

    test("6c. a feed's offer digests", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      for (const domain of [d, other])
        await s.store.writeCategories(domain.id, [categoryDraft(1)], { log: true });
      const feed = { log: true, skipUnchanged: true };
      const digests = async (id: number) => Object.fromEntries(await s.store.feedDigests(id));
      await s.store.writeProducts(
        d.id,
        ["a", "b", "c"].map((id) => productDraft(id)),
        {
          ...feed,
          dryRun: true,
          digests: ["da", "db", "dc"],
        },
      );
      expect(await digests(d.id)).toEqual({});
      const bad = productDraft("x", { source_category_id: "9" });
      await s.store.writeProducts(d.id, [...["a", "b", "c"].map((id) => productDraft(id)), bad], {
        ...feed,
        digests: ["da", "db", "dc", "dx"],
      });
      expect(await digests(d.id)).toEqual({ a: "da", b: "db", c: "dc" });
      await s.store.writeProducts(other.id, [productDraft("a")], { ...feed, digests: ["oa"] });
      // Unchanged items keep the digests they come with, and log nothing.
      const head = await s.store.head(d.id);
      const same = await s.store.writeProducts(d.id, [productDraft("a"), productDraft("b")], {
        ...feed,
        digests: ["da2", "db2"],
      });
      expect(same.map((r) => r?.ok && r.unchanged)).toEqual([true, true]);
      expect(await s.store.head(d.id)).toBe(head);
      expect(await digests(d.id)).toEqual({ a: "da2", b: "db2", c: "dc" });
      // Any other write of a product drops its digest: the bulk API's, a delete.
      await s.store.writeProducts(d.id, [productDraft("a", { new_price: 5 })], { log: true });
      await s.store.deleteProducts(d.id, ["c"]);
      expect(await digests(d.id)).toEqual({ b: "db2" });
      expect(await digests(other.id)).toEqual({ a: "oa" });
      await s.store.deleteDomain("shop");
      const again = await s.store.createDomain("shop", tokens(3));
      expect(await digests(again.id)).toEqual({});
      expect(await digests(d.id)).toEqual({});
      expect(await digests(other.id)).toEqual({ a: "oa" });
    });

    test("7. domains are isolated", async () => {
      await using s = await open();
      const a = await s.store.createDomain("a", tokens(1));
      const b = await s.store.createDomain("b", tokens(2));
      await s.store.writeCategories(a.id, [categoryDraft(1)], { log: true });
      const inB = await s.store.writeProducts(b.id, [productDraft("x")], { log: true });
      expect(inB.map(summary)).toEqual([
        { errors: { source_category_id: ['Category "1" does not exist in this domain.'] } },
      ]);
      await s.store.writeProducts(a.id, [productDraft("x")], { log: true });
      await s.store.writeCategories(b.id, [categoryDraft(1)], { log: true });
      const again = await s.store.writeProducts(b.id, [productDraft("x")], { log: true });
      expect(again[0]?.ok && again[0].status).toBe(201);
      expect((await s.store.allProducts(a.id)).length).toBe(1);
      expect((await s.store.allProducts(b.id)).length).toBe(1);
      expect(await s.store.counts(b.id)).toEqual({ products: 1, categories: 1, warehouses: 0 });
      expect((await s.store.read(b.id, 0, 10)).map((e) => e.kind)).toEqual([
        "categories",
        "products",
      ]);
    });

    const DAY = 86_400_000;
    const event =
      (domain_id: number, at: number) =>
      (q: string, total: number, extra: Partial<SearchEvent> = {}): SearchEvent => ({
        domain_id,
        at,
        q,
        language: "uk",
        total,
        corrected_query: "",
        shopper: "",
        filtered: false,
        may_add: true,
        ...extra,
      });
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const RETENTION = { retentionDays: 90 };

    test("8. analytics", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      const now = Date.now();
      const ev = event(d.id, now);
      const old = event(d.id, now - 3 * DAY);
      await s.store.recordSearches(
        [
          ev("phone", 3),
          ev("phone", 1, { corrected_query: "fone" }),
          ev("phone", 0, { language: "ru", filtered: true }),
          ev("ноутбук", 0),
          ev("ноутбук", 0),
          ev("b", 1),
          ev("a", 1),
          ev("c", 2),
          old("zz", 0),
          event(other.id, now)("phone", 0),
        ],
        RETENTION,
      );
      await s.store.recordSearches([ev("zz", 0), ev("ноутбук", 1)], RETENTION);
      const today = { from: day(now), to: day(now) };
      expect(await s.store.analyticsReport(d.id, today, 3)).toEqual({
        top_queries: [
          { q: "phone", count: 3, corrected_query: "fone" },
          { q: "ноутбук", count: 3, corrected_query: "" },
          { q: "a", count: 1, corrected_query: "" },
        ],
        zero_result_queries: [
          { q: "ноутбук", count: 2 },
          { q: "phone", count: 1 },
          { q: "zz", count: 1 },
        ],
        searches_per_day: [{ day: day(now), count: 10 }],
        category_views: [],
      });
      expect(
        await s.store.analyticsReport(d.id, { from: day(now - 5 * DAY), to: day(now) }, 1),
      ).toEqual({
        top_queries: [{ q: "phone", count: 3, corrected_query: "fone" }],
        zero_result_queries: [{ q: "zz", count: 2 }],
        searches_per_day: [
          { day: day(now - 3 * DAY), count: 1 },
          { day: day(now), count: 10 },
        ],
        category_views: [],
      });
      expect(
        await s.store.analyticsReport(
          d.id,
          { from: day(now - 5 * DAY), to: day(now - 3 * DAY) },
          5,
        ),
      ).toEqual({
        top_queries: [{ q: "zz", count: 1, corrected_query: "" }],
        zero_result_queries: [{ q: "zz", count: 1 }],
        searches_per_day: [{ day: day(now - 3 * DAY), count: 1 }],
        category_views: [],
      });
    });

    test("8b. analytics: category pages viewed, apart from searches", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const now = Date.now();
      const view = (category: string, at = now) => ({
        ...event(d.id, at)("", 1),
        category_view: category,
      });
      await s.store.recordSearches(
        [view("24"), view("24"), view(""), view("7"), view("7", now - 3 * DAY)],
        RETENTION,
      );
      await s.store.recordSearches([view("7"), event(d.id, now)("phone", 1)], RETENTION);
      const today = { from: day(now), to: day(now) };
      expect(await s.store.analyticsReport(d.id, today, 2)).toEqual({
        top_queries: [{ q: "phone", count: 1, corrected_query: "" }],
        zero_result_queries: [],
        // A view is no search.
        searches_per_day: [{ day: day(now), count: 1 }],
        category_views: [
          { category_id: "24", views: 2 },
          { category_id: "7", views: 2 },
        ],
      });
      const week = { from: day(now - 5 * DAY), to: day(now) };
      expect((await s.store.analyticsReport(d.id, week, 5)).category_views).toEqual([
        { category_id: "7", views: 3 },
        { category_id: "24", views: 2 },
        { category_id: "", views: 1 },
      ]);
    });

    test("9. analytics: popular queries", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const now = Date.now();
      const ev = event(d.id, now);
      const by = (q: string, ...shoppers: string[]) =>
        shoppers.map((shopper) => ev(q, 5, { shopper }));
      await s.store.recordSearches(
        [
          // One shopper a hundred times: never popular.
          ...Array.from({ length: 100 }, () => ev("poison", 5, { shopper: "a" })),
          ...by("навушники", "a", "b"),
          ...by("чохол", "a", "b", "c", "c"),
          ...by("кабель", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"),
          // Counted, but with no shopper (no results, or not fit to suggest).
          ev("чохол", 0),
        ],
        RETENTION,
      );
      // The same query two days apart: distinct shoppers count per day.
      await s.store.recordSearches(
        [...by("навушники", "c"), ...by("лампа", "a", "b", "c")].map((e) => ({
          ...e,
          at: now - 2 * DAY,
        })),
        RETENTION,
      );
      const popular = (minShoppers: number, limit = 10) =>
        s.store.popularQueries(d.id, { from: day(now - 30 * DAY), minShoppers, limit });
      expect(await popular(3)).toEqual(["кабель", "чохол", "лампа"]);
      expect(await popular(2)).toEqual(["кабель", "чохол", "лампа", "навушники"]);
      expect(await popular(2, 1)).toEqual(["кабель"]);
      // At most MAX_SHOPPERS_KEPT ids are kept: 10 shoppers count as 8.
      expect(await popular(MAX_SHOPPERS_KEPT)).toEqual(["кабель"]);
      expect(
        await s.store.popularQueries(d.id, { from: day(now), minShoppers: 3, limit: 10 }),
      ).toEqual(["кабель", "чохол"]);
    });

    test("10. analytics: retention", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const now = Date.now();
      await s.store.recordSearches(
        [event(d.id, now - 10 * DAY)("old", 1), event(d.id, now)("new", 1)],
        { retentionDays: 5 },
      );
      const all = { from: day(now - 20 * DAY), to: day(now) };
      // SQLite prunes (the writer thread calls it hourly); Redis keys expire on their own.
      await s.store.pruneSearches?.(day(now - 4 * DAY));
      expect(await s.store.analyticsReport(d.id, all, 10)).toEqual({
        top_queries: [{ q: "new", count: 1, corrected_query: "" }],
        zero_result_queries: [],
        searches_per_day: [{ day: day(now), count: 1 }],
        category_views: [],
      });
    });

    test("11. analytics: distinct queries a day are capped", { timeout: 60_000 }, async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const now = Date.now();
      const ev = event(d.id, now);
      const many = Array.from({ length: MAX_QUERIES_PER_DAY + 5 }, (_, i) => ev(`q${i}`, 0));
      await s.store.recordSearches(many.slice(0, 10_000), RETENTION);
      await s.store.recordSearches([...many.slice(10_000), ev("q1", 1)], RETENTION);
      const report = await s.store.analyticsReport(d.id, { from: day(now), to: day(now) }, 2);
      expect(report).toEqual({
        top_queries: [
          { q: "q1", count: 2, corrected_query: "" },
          { q: "q0", count: 1, corrected_query: "" },
        ],
        zero_result_queries: [
          { q: "q0", count: 1 },
          { q: "q1", count: 1 },
        ],
        searches_per_day: [{ day: day(now), count: MAX_QUERIES_PER_DAY + 6 }],
        category_views: [],
      });
      // The query past the cap is counted in the day only.
      const last = `q${MAX_QUERIES_PER_DAY + 4}`;
      await s.store.recordSearches(
        [ev(last, 1, { shopper: "a" }), ev(last, 1, { shopper: "b" })],
        RETENTION,
      );
      expect(
        await s.store.popularQueries(d.id, { from: day(now), minShoppers: 2, limit: 5 }),
      ).toEqual([]);
    });

    test("12. blocked suggestions", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      expect(await s.store.setSuggestionBlocked(d.id, "шахраї", true)).toBe(true);
      expect(await s.store.setSuggestionBlocked(d.id, "шахраї", true)).toBe(false);
      expect(await s.store.setSuggestionBlocked(d.id, "b evil", true)).toBe(true);
      expect(await s.store.setSuggestionBlocked(d.id, "a evil", true)).toBe(true);
      expect(await s.store.blockedSuggestions(d.id)).toEqual(["a evil", "b evil", "шахраї"]);
      expect(await s.store.blockedSuggestions(other.id)).toEqual([]);
      expect(await s.store.setSuggestionBlocked(d.id, "b evil", false)).toBe(true);
      expect(await s.store.setSuggestionBlocked(d.id, "b evil", false)).toBe(false);
      expect(await s.store.blockedSuggestions(d.id)).toEqual(["a evil", "шахраї"]);
    });

    test("12b. a domain's synonyms: replaced whole with a change-log entry, per domain", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      expect(await s.store.domainSynonyms(d.id)).toEqual([]);
      const sets = [{ words: ["джейбіел", "jbl"] }, { query: "айфон", means: ["iphone"] }];
      const seq = await s.store.setDomainSynonyms(d.id, sets);
      expect(await s.store.read(d.id, 0, 10)).toEqual([
        { seq, domain_id: d.id, kind: "synonyms", ids: [] },
      ]);
      expect(await s.store.domainSynonyms(d.id)).toEqual(sets);
      expect(await s.store.domainSynonyms(other.id)).toEqual([]);
      expect(await s.store.head(other.id)).toBe(0);
      expect(await s.store.setDomainSynonyms(d.id, [])).toBe(seq + 1);
      expect(await s.store.domainSynonyms(d.id)).toEqual([]);
      await s.store.setDomainSynonyms(d.id, sets);
      await s.store.deleteDomain("shop");
      expect(await s.store.domainSynonyms(d.id)).toEqual([]);
    });

    test("12d. shoppers' actions after a search: summed per query over the period, per domain", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      const act = (
        domain_id: number,
        day: string,
        q: string,
        type: "click" | "add_to_cart" | "purchase",
        position = 0,
        first_click = false,
        source_id = "k1",
      ) => ({ domain_id, day, q, type, position, first_click, source_id });
      await s.store.recordActions(
        [
          act(d.id, "2026-11-01", "чайник", "click", 2, true),
          act(d.id, "2026-11-01", "чайник", "click", 5),
          act(d.id, "2026-11-01", "чайник", "add_to_cart"),
          act(d.id, "2026-11-02", "чайник", "click", 1, true),
          act(d.id, "2026-11-02", "чайник", "purchase"),
          act(d.id, "2026-11-02", "праска", "click", 3, true),
          act(other.id, "2026-11-02", "чайник", "click", 9, true),
        ],
        { retentionDays: 100_000 },
      );
      // A second write of the same day adds to it.
      await s.store.recordActions([act(d.id, "2026-11-02", "праска", "purchase")], {
        retentionDays: 100_000,
      });
      const period = { from: "2026-11-01", to: "2026-11-02" };
      const kettle = {
        q: "чайник",
        clicks: 3,
        clicked_searches: 2,
        position_sum: 8,
        add_to_cart: 1,
        purchases: 1,
      };
      const iron = {
        q: "праска",
        clicks: 1,
        clicked_searches: 1,
        position_sum: 3,
        add_to_cart: 0,
        purchases: 1,
      };
      const byQ = (rows: { q: string }[]) => [...rows].sort((a, b) => a.q.localeCompare(b.q));
      expect(byQ(await s.store.queryActions(d.id, period, ["чайник", "праска", "ніщо"]))).toEqual(
        byQ([kettle, iron]),
      );
      expect(
        await s.store.queryActions(d.id, { from: "2026-11-02", to: "2026-11-02" }, ["чайник"]),
      ).toEqual([{ ...kettle, clicks: 1, clicked_searches: 1, position_sum: 1, add_to_cart: 0 }]);
      expect(await s.store.queryActions(other.id, period, ["чайник"])).toEqual([
        {
          q: "чайник",
          clicks: 1,
          clicked_searches: 1,
          position_sum: 9,
          add_to_cart: 0,
          purchases: 0,
        },
      ]);
      expect(await s.store.queryActions(d.id, period, [])).toEqual([]);
      // Per product and day, weighed: a click 1, a cart 3, a purchase 10.
      await s.store.recordActions([act(d.id, "2026-11-02", "праска", "click", 1, false, "i9")], {
        retentionDays: 100_000,
      });
      const byDay = <T extends { day: string; source_id: string }>(rows: T[]) =>
        [...rows].sort(
          (a, b) => a.day.localeCompare(b.day) || a.source_id.localeCompare(b.source_id),
        );
      expect(byDay(await s.store.productDays(d.id, "2026-11-01"))).toEqual([
        { source_id: "k1", day: "2026-11-01", weight: 5 },
        { source_id: "i9", day: "2026-11-02", weight: 1 },
        { source_id: "k1", day: "2026-11-02", weight: 22 },
      ]);
      expect(byDay(await s.store.productDays(d.id, "2026-11-02"))).toHaveLength(2);
      expect(await s.store.productDays(other.id, "2026-11-01")).toEqual([
        { source_id: "k1", day: "2026-11-02", weight: 1 },
      ]);
    });

    test("12c. a domain's merchandising rules: replaced whole with a change-log entry", async () => {
      await using s = await open();
      const d = await s.store.createDomain("shop", tokens(1));
      const other = await s.store.createDomain("other", tokens(2));
      expect(await s.store.domainRules(d.id)).toEqual([]);
      const rules = [
        { query: { match: "exact" as const, text: "чайник" }, hide: ["p1"] },
        {
          boost: [{ field: "brand" as const, value: "Bosch", weight: -3 }],
          to: "2030-01-01T00:00:00.000Z",
        },
      ];
      const seq = await s.store.setDomainRules(d.id, rules);
      expect(await s.store.read(d.id, 0, 10)).toEqual([
        { seq, domain_id: d.id, kind: "merchandising", ids: [] },
      ]);
      expect(await s.store.domainRules(d.id)).toEqual(rules);
      expect(await s.store.domainRules(other.id)).toEqual([]);
      expect(await s.store.head(other.id)).toBe(0);
      expect(await s.store.setDomainRules(d.id, [])).toBe(seq + 1);
      expect(await s.store.domainRules(d.id)).toEqual([]);
      await s.store.setDomainRules(d.id, rules);
      await s.store.deleteDomain("shop");
      expect(await s.store.domainRules(d.id)).toEqual([]);
    });

    test("13. deleteDomain", async () => {
      await using s = await open();
      const a = await s.store.createDomain("a", tokens(1));
      const b = await s.store.createDomain("b", tokens(2));
      const now = Date.now();
      const today = { from: day(now), to: day(now) };
      for (const d of [a, b]) {
        await s.store.writeCategories(d.id, [categoryDraft(1)], { log: true });
        await s.store.writeProducts(d.id, [productDraft("x", { warehouses: [wh("w1", 2)] })], {
          log: true,
        });
        await s.store.recordSearches([event(d.id, now)("phone", 1, { shopper: "s1" })], RETENTION);
        await s.store.setSuggestionBlocked(d.id, "evil", true);
      }
      const bBefore = {
        products: await s.store.allProducts(b.id),
        log: await s.store.read(b.id, 0, 10),
        counts: await s.store.counts(b.id),
        report: await s.store.analyticsReport(b.id, today, 5),
        blocked: await s.store.blockedSuggestions(b.id),
      };
      expect(await s.store.deleteDomain("a")).toEqual(a);
      expect(await s.store.listDomains()).toEqual([b]);
      expect({
        products: await s.store.allProducts(a.id),
        categories: await s.store.allCategories(a.id),
        log: await s.store.read(a.id, 0, 10),
        head: await s.store.head(a.id),
        counts: await s.store.counts(a.id),
        report: await s.store.analyticsReport(a.id, today, 5),
        blocked: await s.store.blockedSuggestions(a.id),
      }).toEqual({
        products: [],
        categories: [],
        log: [],
        head: 0,
        counts: { products: 0, categories: 0, warehouses: 0 },
        report: {
          top_queries: [],
          zero_result_queries: [],
          searches_per_day: [],
          category_views: [],
        },
        blocked: [],
      });
      expect({
        products: await s.store.allProducts(b.id),
        log: await s.store.read(b.id, 0, 10),
        counts: await s.store.counts(b.id),
        report: await s.store.analyticsReport(b.id, today, 5),
        blocked: await s.store.blockedSuggestions(b.id),
      }).toEqual(bBefore);
      await expect(s.store.deleteDomain("a")).rejects.toEqual(
        new AppError("domain_not_found", { name: "a" }),
      );
      // A new domain never takes a deleted one's id (nodes key caches by id).
      const again = await s.store.createDomain("a", tokens(3));
      expect(again.id).toBeGreaterThan(b.id);
      expect(await s.store.allProducts(again.id)).toEqual([]);
      // Also when the deleted domain had the highest id.
      await s.store.deleteDomain("a");
      expect((await s.store.createDomain("c", tokens(4))).id).toBeGreaterThan(again.id);
    });

    test("14. setDomainOrigins", async () => {
      await using s = await open();
      const a = await s.store.createDomain("a", tokens(1));
      const b = await s.store.createDomain("b", tokens(2));
      const origins = ["https://shop.example", "http://localhost:8080"];
      expect(await s.store.setDomainOrigins("a", origins)).toEqual({
        ...a,
        allowed_origins: origins,
      });
      const retired = { retired_search_token: a.search_token, retired_search_until: 2_000 };
      const rotated = await s.store.setDomainTokens("a", { ...tokens(3), ...retired });
      expect(rotated).toEqual({ ...a, ...tokens(3), allowed_origins: origins, ...retired });
      expect(await s.store.listDomains()).toEqual([rotated, b]);
      expect(await s.store.setDomainOrigins("a", [])).toEqual({ ...a, ...tokens(3), ...retired });
      expect(await s.store.listDomains()).toEqual([{ ...a, ...tokens(3), ...retired }, b]);
      await expect(s.store.setDomainOrigins("nope", origins)).rejects.toThrow(
        'Domain "nope" not found.',
      );
    });

    test("15. registered feeds, their states, runs and run locks", async () => {
      await using s = await open();
      const a = await s.store.createDomain("a", tokens(1));
      const b = await s.store.createDomain("b", tokens(2));
      const feed = (url: string): RegisteredFeed => ({
        url,
        format: "yml",
        every_minutes: 60,
        username: "u",
        password: "p",
        webhook_url: null,
        webhook_secret: null,
      });
      const run = (n: number): FeedRun => ({
        url: "https://s.example/1.xml",
        trigger: "schedule",
        status: "ok",
        started_at: new Date(n * 1000).toISOString(),
        finished_at: new Date(n * 1000 + 5).toISOString(),
        took_ms: 5,
        format: "yml",
        offers: n,
        created: n,
        updated: 0,
        unchanged: 0,
        failed: 0,
        categories: null,
        errors: [],
      });
      const one = feed("https://s.example/1.xml");
      const two = feed("https://s.example/2.xml");
      expect(await s.store.domainFeeds(a.id)).toEqual([]);
      await s.store.setDomainFeeds(a.id, [one, two]);
      expect(await s.store.domainFeeds(a.id)).toEqual([one, two]);
      const state = (url: string, at: number) => ({
        url,
        started_at: at,
        etag: '"e"',
        last_modified: null,
      });
      await s.store.recordFeedRun(a.id, run(1), state(one.url, 1));
      await s.store.recordFeedRun(a.id, run(2), state(two.url, 2));
      await s.store.recordFeedRun(a.id, run(3), null);
      expect((await s.store.feedRuns(a.id)).map((r) => r.offers)).toEqual([3, 2, 1]);
      expect((await s.store.feedStates(a.id)).sort((x, y) => x.started_at - y.started_at)).toEqual([
        state(one.url, 1),
        state(two.url, 2),
      ]);
      await s.store.setDomainFeeds(a.id, [two]);
      expect(await s.store.feedStates(a.id)).toEqual([state(two.url, 2)]);
      for (let n = 4; n <= MAX_FEED_RUNS + 5; n++) await s.store.recordFeedRun(a.id, run(n), null);
      const runs = await s.store.feedRuns(a.id);
      expect(runs.length).toBe(MAX_FEED_RUNS);
      expect([runs[0]?.offers, runs.at(-1)?.offers]).toEqual([MAX_FEED_RUNS + 5, 6]);
      // The lock: one owner at a time, extended by its owner, free once released or expired.
      expect(await s.store.claimFeed(a.id, one.url, "n1", 60_000)).toBe(true);
      expect(await s.store.claimFeed(a.id, one.url, "n2", 60_000)).toBe(false);
      expect(await s.store.claimFeed(a.id, one.url, "n1", 60_000)).toBe(true);
      expect(await s.store.claimFeed(a.id, two.url, "n2", 60_000)).toBe(true);
      expect(await s.store.claimFeed(b.id, one.url, "n2", 60_000)).toBe(true);
      await s.store.releaseFeed(a.id, one.url, "n2");
      expect(await s.store.claimFeed(a.id, one.url, "n2", 60_000)).toBe(false);
      await s.store.releaseFeed(a.id, one.url, "n1");
      expect(await s.store.claimFeed(a.id, one.url, "n2", 30)).toBe(true);
      await Bun.sleep(60);
      expect(await s.store.claimFeed(a.id, one.url, "n3", 60_000)).toBe(true);
      // Per domain, and gone with it.
      expect([await s.store.domainFeeds(b.id), await s.store.feedRuns(b.id)]).toEqual([[], []]);
      await s.store.deleteDomain("a");
      const again = await s.store.createDomain("a", tokens(3));
      expect(await s.store.feedRuns(a.id)).toEqual([]);
      expect(await s.store.domainFeeds(again.id)).toEqual([]);
    });
  });
}
