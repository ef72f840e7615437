// The change log carries what another node needs to index (store/redis/keys.ts, "log-w").
// Properties checked:
//  1. a price change and a content change written on node A show in node B's search answers,
//     and no node reads a product key of the domain outside the write scripts meanwhile (the
//     writing node has its batch's records, B the entry's: MONITOR on the test's own Redis)
//  2. once every live node has applied them, the entries' writes are trimmed (a beat
//     as a position moves) while the entries stay (the log's own retention, log-retention.ts)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClient } from "redis";
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
