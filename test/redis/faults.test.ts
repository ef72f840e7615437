// Redis going away and coming back (Redis mode). Properties checked:
//  1. while Redis is down an import is answered at once with 503 and only `detail`
//  2. while Redis is down searches keep answering from memory, as before
//  3. when Redis returns, imports and the tail recover by themselves (no node restart)
//  4. durability: every item of an acknowledged batch survives kill -9 of the node and of
//     Redis at once (redis-server runs with appendonly yes, appendfsync always)
import { expect, test } from "bun:test";
import { CATEGORIES, category, createDomain, PRODUCTS, post, product } from "../http/harness.ts";
import { search, startNode, until } from "./nodes.ts";
import { startRedis } from "./redis-server.ts";

const UNAVAILABLE = {
  status: 503,
  body: { detail: "The primary store is unavailable; retry shortly." },
};

const lamp = (i: number) =>
  product(`lamp-${i}`, {
    translations: [{ language: "uk", name: `Лампа серія${i}`, url: `https://s.example/l/${i}` }],
  });

test("1-3. Redis down: fast 503 on import, searches answer; both recover", async () => {
  await using redis = await startRedis();
  await using node = await startNode(redis);
  const shop = await createDomain(node, "faults");
  await post(node, CATEGORIES, shop.secret_token, [category(1)]);
  expect((await post(node, PRODUCTS, shop.secret_token, [lamp(1)])).status).toBe(201);
  const before = await until(
    "lamp-1 indexed",
    () => search(node, shop.search_token, "лампа"),
    (a) => a.body.total === 1,
  );

  await redis.kill9();
  const t = performance.now();
  expect(await post(node, PRODUCTS, shop.secret_token, [lamp(2)])).toEqual(UNAVAILABLE);
  // "At once": no queueing until Redis returns, no connect timeout in the way.
  expect(performance.now() - t).toBeLessThan(1_000);
  expect(await post(node, CATEGORIES, shop.secret_token, [category(2)])).toEqual(UNAVAILABLE);
  expect(await search(node, shop.search_token, "лампа")).toEqual(before);

  await redis.restart();
  const back = await until(
    "imports recover",
    () => post(node, PRODUCTS, shop.secret_token, [lamp(2)]),
    (r) => r.status !== 503,
  );
  expect(back.status).toBe(201);
  // The tail reconnected too: the new item reaches the index.
  await until(
    "lamp-2 indexed",
    () => search(node, shop.search_token, "лампа"),
    (a) => a.body.total === 2,
  );
});

test("4. acknowledged items survive kill -9 of the node and of Redis", async () => {
  await using redis = await startRedis();
  const first = await startNode(redis);
  const shop = await createDomain(first, "durable");
  await post(first, CATEGORIES, shop.secret_token, [category(1)]);
  const items = Array.from({ length: 1000 }, (_, i) => lamp(i));
  const r = await post(first, PRODUCTS, shop.secret_token, items);
  expect(r.status).toBe(201);
  // Both die right after the acknowledgement: only what reached the AOF remains.
  await Promise.all([first.kill9(), redis.kill9()]);
  await first[Symbol.asyncDispose]();

  await redis.restart();
  await using second = await startNode(redis);
  const again = await post(second, PRODUCTS, shop.secret_token, items);
  expect(again.status).toBe(200);
  const ids = (body: { successful: { data: { id: number } }[] }) =>
    body.successful.map((s) => s.data.id);
  expect(again.body.successful.every((s: { status: number }) => s.status === 200)).toBe(true);
  expect(ids(again.body)).toEqual(ids(r.body));
  expect((await search(second, shop.search_token, "лампа")).body.total).toBe(1000);
});
