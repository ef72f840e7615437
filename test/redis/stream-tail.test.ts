// waitFor in Redis mode: XREAD BLOCK over many streams on one connection (stream-tail.ts).
// Every wait below has a 10 s timeout, so resolving well before it means it was woken.
// Properties checked:
//  1. a waiter on one node is woken by a write on another node
//  2. with many domains waited on at once, a write wakes its own domain's waiter only
//  3. a second waiter from a lower position sees entries that already exist at once
//  4. the tail survives a Redis restart: after it, a write on another node still wakes it
import { afterAll, beforeAll, expect, test } from "bun:test";
import { RedisStore } from "../../src/store/redis/redis-store.ts";
import { categoryDraft } from "../contract/store.case.ts";
import { until } from "./nodes.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
let a: RedisStore;
let b: RedisStore;
beforeAll(async () => {
  redis = await startRedis();
  a = await RedisStore.open(redis.url);
  b = await RedisStore.open(redis.url);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await redis[Symbol.asyncDispose]();
});

const LONG = 10_000;
/** Resolves to whether `p` settled within `ms`. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), Bun.sleep(ms).then(() => false)]);

let n = 0;
const domain = () =>
  b.createDomain(`tail-${++n}`, { secret_token: `s${n}`, search_token: `q${n}` });

test("1. woken by another node's write", async () => {
  const d = await domain();
  const woken = a.waitFor(d.id, 0, LONG);
  await b.writeCategories(d.id, [categoryDraft(1)], { log: true });
  expect(await within(woken, 3_000)).toBe(true);
});

test("2. many domains: each waiter woken by its own domain only", async () => {
  const ds = await Promise.all(Array.from({ length: 20 }, domain));
  const done = new Set<number>();
  for (const d of ds) void a.waitFor(d.id, 0, LONG).then(() => done.add(d.id));
  for (const d of ds.slice(0, 10)) await b.writeCategories(d.id, [categoryDraft(1)], { log: true });
  await until(
    "ten woken",
    async () => done.size,
    (k) => k >= 10,
    3_000,
  );
  expect([...done].sort()).toEqual(
    ds
      .slice(0, 10)
      .map((d) => d.id)
      .sort(),
  );
});

test("3. a waiter from a lower position sees existing entries at once", async () => {
  const d = await domain();
  await b.writeCategories(d.id, [categoryDraft(1)], { log: true });
  await b.writeCategories(d.id, [categoryDraft(2)], { log: true });
  const ahead = a.waitFor(d.id, 2, LONG); // nothing after 2 yet: parks
  expect(await within(a.waitFor(d.id, 1, LONG), 3_000)).toBe(true);
  await b.writeCategories(d.id, [categoryDraft(3)], { log: true });
  expect(await within(ahead, 3_000)).toBe(true);
});

test("4. the tail survives a Redis restart", async () => {
  const d = await domain();
  await redis.restart();
  // Both clients reconnect by themselves; wait until writes go through again.
  await until(
    "b reconnected",
    () =>
      b.head(d.id).then(
        () => true,
        () => false,
      ),
    (ok) => ok,
  );
  const woken = a.waitFor(d.id, 0, LONG);
  await until(
    "write after restart",
    () =>
      b.writeCategories(d.id, [categoryDraft(1)], { log: true }).then(
        () => true,
        () => false,
      ),
    (ok) => ok,
  );
  expect(await within(woken, 5_000)).toBe(true);
});
