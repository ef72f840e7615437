// Trimming the change-log streams (src/store/redis/log-retention.ts). Properties checked:
//  1. entries at or below the lowest position of the live nodes go; every entry above it stays,
//     so no running node loses an entry it still needs
//  2. entries younger than the minimum age stay whatever the positions
//  3. a node whose heartbeat stopped (a crash) no longer holds the log back, and its field goes
//  4. a node whose position was trimmed away is told to rebuild (a `reindex` entry) and its
//     indexer rebuilds from the store, ending at the head with every product
import { afterAll, beforeAll, expect, test } from "bun:test";
import { DomainIndexer } from "../../src/indexing/domain-indexer.ts";
import { domainKeys } from "../../src/store/redis/keys.ts";
import { RedisStore } from "../../src/store/redis/redis-store.ts";
import { categoryDraft, productDraft } from "../contract/store.case.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis[Symbol.asyncDispose]());

// Timers off (trims are called by the test); no minimum age unless a case sets one.
const manual = { heartbeatMs: 3_600_000, trimEveryMs: 3_600_000, liveMs: 60_000, minAgeMs: 0 };

async function setup(retention = manual) {
  const a = await RedisStore.open(redis.url, { retention });
  await a.client.sendCommand(["FLUSHALL"]);
  const b = await RedisStore.open(redis.url, { retention });
  const d = await a.createDomain("shop", { secret_token: "s", search_token: "q" });
  await a.writeCategories(d.id, [categoryDraft(1)], { log: true });
  for (let i = 2; i <= 10; i++) await a.writeProducts(d.id, [productDraft(`p${i}`)], { log: true });
  return {
    a,
    b,
    domainId: d.id,
    seqs: async () => (await a.read(d.id, 0, 100)).map((e) => e.seq),
    [Symbol.asyncDispose]: async () => {
      await a.close();
      await b.close();
    },
  };
}

test("1. trims below the lowest live position, never above", async () => {
  await using s = await setup();
  // Two running nodes have applied up to 3 and 6.
  await s.a.read(s.domainId, 6, 100);
  await s.b.read(s.domainId, 3, 100);
  await Promise.all([s.a.retention.heartbeat(), s.b.retention.heartbeat()]);
  expect(await s.a.retention.trim(s.domainId)).toBe(3);
  const left = await s.b.read(s.domainId, 3, 100);
  expect(left.map((e) => [e.seq, e.kind])).toEqual(
    [4, 5, 6, 7, 8, 9, 10].map((seq) => [seq, "products"]),
  );
  expect((await s.a.read(s.domainId, 6, 100)).map((e) => e.seq)).toEqual([7, 8, 9, 10]);
  // Node b moves on; the next trim follows it.
  await s.b.read(s.domainId, 8, 100);
  await s.b.retention.heartbeat();
  expect(await s.b.retention.trim(s.domainId)).toBe(3);
  expect((await s.a.read(s.domainId, 6, 100)).map((e) => e.seq)).toEqual([7, 8, 9, 10]);
});

test("2. entries younger than the minimum age stay", async () => {
  await using s = await setup({ ...manual, minAgeMs: 60_000 });
  await s.a.read(s.domainId, 10, 100);
  await s.a.retention.heartbeat();
  expect(await s.a.retention.trim(s.domainId)).toBe(0);
  expect(await s.seqs()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test("3. a node without a recent heartbeat does not hold the log back", async () => {
  await using s = await setup();
  const nodes = domainKeys(s.domainId).nodes;
  // A node that crashed long ago at position 2, without removing its field.
  await s.a.client.sendCommand(["HSET", nodes, "crashed-node", `2:${Date.now() - 3_600_000}`]);
  await s.a.read(s.domainId, 7, 100);
  await s.a.retention.heartbeat();
  expect(await s.a.retention.trim(s.domainId)).toBe(7);
  expect(await s.a.client.sendCommand<string[]>(["HKEYS", nodes])).toEqual([s.a.retention.nodeId]);
});

test("4. a node whose position was trimmed away rebuilds from the store", async () => {
  await using s = await setup();
  // Node a ran ahead and was the only live node; node b was paused at position 2.
  await s.a.read(s.domainId, 9, 100);
  await s.a.retention.heartbeat();
  expect(await s.a.retention.trim(s.domainId)).toBe(9);
  expect(await s.b.read(s.domainId, 2, 100)).toEqual([
    { seq: 9, domain_id: s.domainId, kind: "reindex", ids: [] },
  ]);

  // A rebuild reads the domain's categories once, whether its products come paged or whole.
  let rebuilds = 0;
  const counted = new Proxy(s.b, {
    get: (target, key, receiver) =>
      key === "allCategories"
        ? (id: number) => {
            rebuilds++;
            return target.allCategories(id);
          }
        : Reflect.get(target, key, receiver),
  });
  const indexer = new DomainIndexer(s.domainId, counted, s.b);
  indexer.position = 2;
  await indexer.catchUp();
  expect([rebuilds, indexer.position]).toEqual([1, 10]);
});
