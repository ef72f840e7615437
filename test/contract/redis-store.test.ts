import { afterAll, beforeAll } from "bun:test";
import { RedisStore } from "../../src/store/redis/redis-store.ts";
import { type RedisServer, startRedis } from "../redis/redis-server.ts";
import { runStoreContract } from "./store.case.ts";

// One redis-server for the file; each case gets an empty database (FLUSHALL) as a fresh
// SQLite store gets an empty file.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis[Symbol.asyncDispose]());

runStoreContract("redis", async () => {
  const store = await RedisStore.open(redis.url);
  await store.client.sendCommand(["FLUSHALL"]);
  return { store, [Symbol.asyncDispose]: () => store.close() };
});
