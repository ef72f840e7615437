// Two nodes importing into one domain at once (Redis mode). Properties checked:
//  1. a product created by another node between this batch's read and its write turns this
//     batch's create into an update of that product (status 200, the other node's id)
//  2. group_id stays immutable across nodes: the loser of a create race with another group_id
//     gets the field error, and its batch is left out of the log
//  3. a category created by another node in between makes this batch's items valid
//  4. warehouses written by another node in between are the ones an item without
//     `warehouses` keeps
//  5. many concurrent batches over overlapping source ids: each product is created exactly
//     once, every item of a source id sees the same id, and the log lists every write
//  6. the same for category batches (read, plan, write with a re-check of the new ones)
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { ProductRecord } from "../../src/model/records.ts";
import { RedisStore } from "../../src/store/redis/redis-store.ts";
import type { WriteResult } from "../../src/store/store.ts";
import { categoryDraft, productDraft } from "../contract/store.case.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis[Symbol.asyncDispose]());

/** Node A, whose first read is followed by `between` (node B's write) before A writes. */
async function twoNodes(between: (b: RedisStore, domainId: number) => Promise<void>) {
  const b = await RedisStore.open(redis.url);
  await b.client.sendCommand(["FLUSHALL"]);
  const d = await b.createDomain("shop", { secret_token: "s", search_token: "q" });
  await b.writeCategories(d.id, [categoryDraft(1)], { log: true });
  let attempts = 0;
  const a = await RedisStore.open(redis.url, {
    hooks: {
      afterRead: async (attempt) => {
        attempts = attempt;
        if (attempt === 1) await between(b, d.id);
      },
    },
  });
  return {
    a,
    b,
    domainId: d.id,
    attempts: () => attempts,
    [Symbol.asyncDispose]: async () => {
      await a.close();
      await b.close();
    },
  };
}

const status = (r: WriteResult<ProductRecord> | null | undefined) =>
  r?.ok ? { status: r.status, id: r.record.id, group_id: r.record.group_id } : r?.errors;

test("1. a create raced by another node's create becomes an update", async () => {
  await using n = await twoNodes(async (b, id) => {
    await b.writeProducts(id, [productDraft("p1")], { log: true });
  });
  const r = await n.a.writeProducts(n.domainId, [productDraft("p1"), productDraft("p2")], {
    log: true,
  });
  expect(r.map(status)).toEqual([
    { status: 200, id: 1, group_id: null },
    { status: 201, id: 2, group_id: null },
  ]);
  expect(n.attempts()).toBe(2);
  expect((await n.a.read(n.domainId, 1, 10)).map((e) => e.ids)).toEqual([[1], [1, 2]]);
});

test("2. group_id stays immutable when two nodes create the same product", async () => {
  await using n = await twoNodes(async (b, id) => {
    await b.writeProducts(id, [productDraft("p1", { group_id: "g1" })], { log: true });
  });
  const r = await n.a.writeProducts(n.domainId, [productDraft("p1", { group_id: "g2" })], {
    log: true,
  });
  expect(r.map(status)).toEqual([
    { group_id: ["This field cannot be changed after the product is created."] },
  ]);
  expect(await n.a.head(n.domainId)).toBe(2); // the category batch and node B's batch only
  expect((await n.a.allProducts(n.domainId)).map((p) => p.group_id)).toEqual(["g1"]);
});

test("3. a category created in between makes the items valid", async () => {
  await using n = await twoNodes(async (b, id) => {
    await b.writeCategories(id, [categoryDraft(7)], { log: true });
  });
  const r = await n.a.writeProducts(n.domainId, [productDraft("p1", { source_category_id: "7" })], {
    log: true,
  });
  expect(r.map(status)).toEqual([{ status: 201, id: 1, group_id: null }]);
});

test("4. warehouses written in between are the ones kept", async () => {
  const w = (external_id: string) => ({ external_id, available: true, quantity: 1 });
  await using n = await twoNodes(async (b, id) => {
    await b.writeProducts(id, [productDraft("p1", { warehouses: [w("new")] })], { log: true });
  });
  await n.b.writeProducts(n.domainId, [productDraft("p1", { warehouses: [w("old")] })], {
    log: true,
  });
  const r = await n.a.writeProducts(n.domainId, [productDraft("p1", { new_price: 5 })], {
    log: true,
  });
  const record = r[0]?.ok ? r[0].record : null;
  expect(record?.warehouses.map((x) => x.external_id)).toEqual(["new"]);
  expect(record?.new_price).toBe(5);
});

test("5. concurrent batches over overlapping source ids", async () => {
  const a = await RedisStore.open(redis.url);
  const b = await RedisStore.open(redis.url);
  try {
    await a.client.sendCommand(["FLUSHALL"]);
    const d = await a.createDomain("shop", { secret_token: "s", search_token: "q" });
    await a.writeCategories(d.id, [categoryDraft(1)], { log: true });
    // 24 batches of 40 items over 100 source ids, half sent through each node, all at once.
    const batches = Array.from({ length: 24 }, (_, i) =>
      Array.from({ length: 40 }, (_, j) => productDraft(`p${(i * 17 + j * 7) % 100}`)),
    );
    const results = await Promise.all(
      batches.map((batch, i) => (i % 2 ? a : b).writeProducts(d.id, batch, { log: true })),
    );
    const created = new Map<string, number>();
    const idOf = new Map<string, number>();
    results.flat().forEach((r) => {
      if (!r?.ok) throw new Error("every item is valid");
      const sid = r.record.source_id;
      if (r.status === 201) created.set(sid, (created.get(sid) ?? 0) + 1);
      if (idOf.has(sid)) expect(idOf.get(sid)).toBe(r.record.id);
      idOf.set(sid, r.record.id);
    });
    expect([...created.values()].every((n) => n === 1)).toBe(true);
    expect(created.size).toBe(idOf.size);
    expect(new Set(idOf.values()).size).toBe(idOf.size);
    const all = await a.allProducts(d.id);
    expect(all.map((p) => [p.source_id, p.id]).sort()).toEqual([...idOf].sort());
    // Every batch is one entry: 24 product entries after the category one.
    const log = await a.read(d.id, 1, 100);
    expect(log.length).toBe(24);
    expect(log.flatMap((e) => e.ids).length).toBe(24 * 40);
  } finally {
    await a.close();
    await b.close();
  }
});

test("6. concurrent category batches over overlapping source ids", async () => {
  const a = await RedisStore.open(redis.url);
  const b = await RedisStore.open(redis.url);
  try {
    await a.client.sendCommand(["FLUSHALL"]);
    const d = await a.createDomain("shop", { secret_token: "s", search_token: "q" });
    const batches = Array.from({ length: 24 }, (_, i) =>
      Array.from({ length: 20 }, (_, j) => categoryDraft(1 + ((i * 13 + j * 7) % 50))),
    );
    const results = await Promise.all(
      batches.map((batch, i) => (i % 2 ? a : b).writeCategories(d.id, batch, { log: true })),
    );
    const created = new Map<number, number>();
    const idOf = new Map<number, number>();
    for (const r of results.flat()) {
      if (!r?.ok) throw new Error("every item is valid");
      const source = r.record.source_category_id;
      if (r.status === 201) created.set(source, (created.get(source) ?? 0) + 1);
      if (idOf.has(source)) expect(idOf.get(source)).toBe(r.record.id);
      idOf.set(source, r.record.id);
    }
    expect([...created.values()].every((n) => n === 1)).toBe(true);
    expect(created.size).toBe(idOf.size);
    expect(new Set(idOf.values()).size).toBe(idOf.size);
    const all = await a.allCategories(d.id);
    expect(all.map((c) => [c.source_category_id, c.id]).sort()).toEqual([...idOf].sort());
    expect((await a.read(d.id, 0, 100)).length).toBe(24);
  } finally {
    await a.close();
    await b.close();
  }
});
