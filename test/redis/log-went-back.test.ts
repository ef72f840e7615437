// A change log that went back (store/redis/change-log.ts): what a Redis Cluster failover does
// when the master dies with entries its replica never got, staged on one Redis by removing the
// last entry and moving the head back, as the promoted replica would have them. Properties
// checked:
//  1. a reader that applied the lost entry, once a new entry has taken its position, gets one
//     `reindex` at the head instead of the new entries (it would skip them otherwise)
//  2. a reader that applied the lost entry while the head is still behind gets the same
//  3. a reader whose last entry is still there reads on as before
import { afterAll, beforeAll, expect, test } from "bun:test";
import { domainKeys } from "../../src/store/redis/keys.ts";
import { RedisStore } from "../../src/store/redis/redis-store.ts";
import { categoryDraft } from "../contract/store.case.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
let reader: RedisStore;
let writer: RedisStore;
beforeAll(async () => {
  redis = await startRedis();
  reader = await RedisStore.open(redis.url);
  writer = await RedisStore.open(redis.url);
});
afterAll(async () => {
  await reader.close();
  await writer.close();
  await redis[Symbol.asyncDispose]();
});

let n = 0;
/** A domain with three entries, all read by `reader`. */
async function threeEntriesRead() {
  const d = await writer.createDomain(`back-${++n}`, {
    secret_token: `s${n}`,
    search_token: `q${n}`,
  });
  for (const id of [1, 2, 3])
    await writer.writeCategories(d.id, [categoryDraft(id)], { log: true });
  expect((await reader.read(d.id, 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3]);
  return d.id;
}

/**
 * Entry 3 lost: the log and its head as the promoted replica holds them (a stream that never
 * had it: XDEL would keep its id as the stream's last).
 */
async function loseLastEntry(id: number): Promise<void> {
  const keys = domainKeys(id);
  const kept = await writer.client.sendCommand<[string, string[]][]>([
    "XRANGE",
    keys.log,
    "-",
    "2-0",
  ]);
  await writer.client.sendCommand(["DEL", keys.log]);
  for (const [entry, fields] of kept)
    await writer.client.sendCommand(["XADD", keys.log, entry, ...fields]);
  await writer.client.sendCommand(["SET", keys.seq, "2"]);
}

test("1. a lost entry whose position a new entry took: one reindex at the head", async () => {
  const id = await threeEntriesRead();
  await loseLastEntry(id);
  // Another write after the promotion takes position 3 (at a later server time), and one more.
  await Bun.sleep(2);
  await writer.writeCategories(id, [categoryDraft(4)], { log: true });
  await writer.writeCategories(id, [categoryDraft(5)], { log: true });
  expect(await reader.read(id, 3, 10)).toEqual([
    { seq: 4, domain_id: id, kind: "reindex", ids: [] },
  ]);
});

test("2. a lost entry while the head is behind: one reindex at the head", async () => {
  const id = await threeEntriesRead();
  await loseLastEntry(id);
  expect(await reader.read(id, 3, 10)).toEqual([
    { seq: 2, domain_id: id, kind: "reindex", ids: [] },
  ]);
});

test("3. the last entry still there: the entries after it", async () => {
  const id = await threeEntriesRead();
  await writer.writeCategories(id, [categoryDraft(4)], { log: true });
  expect(await reader.read(id, 3, 10)).toEqual([
    { seq: 4, domain_id: id, kind: "categories", ids: [4] },
  ]);
});
