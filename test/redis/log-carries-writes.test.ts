// The change log carries what another node needs to index (store/redis/keys.ts, "log-w").
// Properties checked:
//  1. a price change and a content change written on node A show in node B's search answers,
//     and no node reads a product key of the domain outside the write scripts meanwhile (the
//     writing node has its batch's records, B the entry's: MONITOR on the test's own Redis)
//  2. once every live node has applied them, the entries' writes are trimmed (a beat
//     as a position moves) while the entries stay (the log's own retention, log-retention.ts)
//  3. an entry read by another store carries each write once: the record as stored for a
//     content change, the offer alone for an offer-only one; the later of two writes of one id
//  4. a bulk load's entry (past WRITTEN_BYTES) carries nothing: its records stay in the product
//     hash only, and the other nodes read them from there
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClient } from "redis";
import { RedisStore } from "../../src/store/redis/redis-store.ts";
import { categoryDraft, productDraft } from "../contract/store.case.ts";
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  type Tokens,
} from "../http/harness.ts";
import { search, startNode, until } from "./nodes.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
let a: Service;
let b: Service;
let shop: Tokens;
beforeAll(async () => {
  redis = await startRedis();
  [a, b] = await Promise.all([startNode(redis), startNode(redis)]);
  shop = await createDomain(a, "log-carries-writes");
  await post(a, CATEGORIES, shop.secret_token, [category(1, "Велосипеди")]);
});
afterAll(async () => {
  await a?.[Symbol.asyncDispose]();
  await b?.[Symbol.asyncDispose]();
  await redis?.[Symbol.asyncDispose]();
});

const bike = (extra: Record<string, unknown> = {}) =>
  product("bike-1", {
    translations: [
      { language: "uk", name: "Велосипед гірський", url: "https://shop.example/p/bike-1" },
    ],
    ...extra,
  });

/** B's first item for `q`, once `check` holds. */
const onB = (q: string, check: (item: Record<string, unknown> | undefined) => boolean) =>
  until(
    `"${q}" on B`,
    () => search(b, shop.search_token, q),
    (r) => r.status === 200 && check(r.body.products.groups[0]?.items[0]),
  );

test("1. B indexes A's price and content changes without reading the product keys", async () => {
  expect((await post(a, PRODUCTS, shop.secret_token, [bike()])).status).toBe(201);
  await onB("велосипед", (item) => item?.source_id === "bike-1");
  const monitor = createClient({ url: redis.url });
  await monitor.connect();
  // Commands on a product key but the write scripts (EVALSHA, and inside them those MONITOR
  // marks "lua"): HMGET, HGET, HSCAN and the like.
  const productReads: string[] = [];
  await monitor.monitor((line) => {
    if (/\[\d+ [\d.:]+\] "(?!EVAL)\w+" "vitrina:\{d:\d+\}:p"/.test(line)) productReads.push(line);
  });
  try {
    const price = await post(a, PRODUCTS, shop.secret_token, [bike({ new_price: 77 })]);
    expect(price.status).toBe(200);
    await onB("велосипед", (item) => item?.price === 77);
    const renamed = bike({
      new_price: 77,
      translations: [
        { language: "uk", name: "Велосипед шосейний", url: "https://shop.example/p/bike-1" },
      ],
    });
    expect((await post(a, PRODUCTS, shop.secret_token, [renamed])).status).toBe(200);
    await onB("шосейний", (item) => item?.source_id === "bike-1");
    expect((await search(b, shop.search_token, "гірський")).body.total).toBe(0);
  } finally {
    await monitor.close();
  }
  expect(productReads).toEqual([]);
});

test("2. the entries' writes are trimmed once every live node applied them; the entries stay", async () => {
  const c = createClient({ url: redis.url });
  await c.connect();
  try {
    const key = async (name: string) =>
      (await c.keys(`vitrina:{d:*}:${name}`)).find((k) => !k.startsWith("vitrina:{reg}")) ?? "";
    const [log, written] = [await key("log"), await key("log-w")];
    const entries = await c.xLen(log);
    // The category batch, the product, its price, its name.
    expect(entries).toBe(4);
    // Every node has applied every entry, and announced it as its position moved.
    await until(
      "log-w trimmed",
      () => c.xLen(written),
      (n) => n === 0,
      15_000,
    );
    expect(await c.xLen(log)).toBe(entries);
  } finally {
    await c.close();
  }
});

test("3. another store reads each write once: the record as stored, or the offer alone", async () => {
  // A Redis of its own: the nodes of 1 would tail the domain and trim its log-w once past it.
  await using own = await startRedis();
  const retention = { heartbeatMs: 3_600_000, trimEveryMs: 3_600_000, liveMs: 60_000, minAgeMs: 0 };
  const writer = await RedisStore.open(own.url, { retention });
  const reader = await RedisStore.open(own.url, { retention });
  try {
    const d = await writer.createDomain("entries", { secret_token: "s3", search_token: "q3" });
    await writer.writeCategories(d.id, [categoryDraft(1)], { log: true });
    const stock = (price: number) => ({
      warehouses: [{ external_id: "w1", available: true, currency_code: "UAH", new_price: price }],
    });
    const [p1, p2] = await writer.writeProducts(
      d.id,
      [productDraft("p1", stock(100)), productDraft("p2")],
      { log: true },
    );
    const stored = [p1, p2].map((r) => (r?.ok ? r.json : "")) as [string, string];
    // An offer-only write keeps the content time, so it needs a later millisecond to tell.
    await Bun.sleep(2);
    const repriced = productDraft("p1", { new_price: 90, ...stock(95) });
    // p2 twice in one batch: a content change, then the same again (the later one counts).
    const [r1, , r2] = await writer.writeProducts(
      d.id,
      [repriced, productDraft("p2", { vendor: "A" }), productDraft("p2", { vendor: "B" })],
      { log: true },
    );
    const entries = await reader.read(d.id, 1, 10);
    expect(entries.map((e) => [e.seq, e.kind, e.ids])).toEqual([
      [2, "products", [1, 2]],
      [3, "products", [1, 2, 2]],
    ]);
    const [created, changed] = entries.map((e) => e.written);
    expect([...(created?.records ?? [])]).toEqual([
      [1, stored[0]],
      [2, stored[1]],
    ]);
    expect(created?.offers.size).toBe(0);
    if (!r1?.ok) throw new Error("p1 not written");
    expect([...(changed?.offers.values() ?? [])]).toEqual([
      {
        id: 1,
        updated_at: r1.record.updated_at,
        content_updated_at: r1.record.content_updated_at,
        new_price: 90,
        old_price: null,
        availability: true,
        warehouses: [{ available: true, currency_code: "UAH", new_price: 95, old_price: null }],
      },
    ]);
    expect([...(changed?.records ?? [])]).toEqual([[2, r2?.ok ? r2.json : ""]]);
    expect(JSON.parse(changed?.records.get(2) ?? "{}").vendor).toBe("B");
  } finally {
    await writer.close();
    await reader.close();
  }
});

test("4. a bulk load's entry carries nothing: its records are read from the store", async () => {
  await using own = await startRedis();
  const writer = await RedisStore.open(own.url);
  const reader = await RedisStore.open(own.url);
  try {
    const d = await writer.createDomain("bulk", { secret_token: "s4", search_token: "q4" });
    await writer.writeCategories(d.id, [categoryDraft(1)], { log: true });
    // ~400 characters a record: 2,000 of them are past the 512 KiB an entry carries.
    const drafts = Array.from({ length: 2_000 }, (_, i) => productDraft(`bulk-${i}`));
    await writer.writeProducts(d.id, drafts, { log: true });
    const [entry] = await reader.read(d.id, 1, 10);
    expect([entry?.kind, entry?.ids.length, entry?.written]).toEqual([
      "products",
      2_000,
      undefined,
    ]);
  } finally {
    await writer.close();
    await reader.close();
  }
});
