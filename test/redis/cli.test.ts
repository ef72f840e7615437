// The CLI against Redis (--redis-url or VITRINA_REDIS_URL) and a Redis Cluster
// (--redis-cluster or VITRINA_REDIS_CLUSTER). Properties checked:
//  1. domain create / list / rotate-tokens print one JSON line each and act on Redis
//  2. a duplicate name exits 2 with the message; VITRINA_REDIS_URL works like the flag
//  3. `vitrina reindex` appends a reindex entry to the domain's log
//  4. an unreachable Redis is an error exit with a message, not a hang
//  5. the same commands on a cluster, by flag and by variable; the two flags exclude each other
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CLI, tempDir } from "../http/harness.ts";
import { startCluster } from "./redis-cluster.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis[Symbol.asyncDispose]());

async function cli(args: string[], env: Record<string, string> = {}) {
  using dir = tempDir();
  const proc = Bun.spawn([process.execPath, CLI, ...args, "--data-dir", dir], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, out: out.trim(), err: err.trim() };
}

test("1-3. domain create, list, rotate-tokens, reindex", async () => {
  const url = ["--redis-url", redis.url];
  const created = await cli(["domain", "create", "cli-redis", ...url]);
  expect(created.code).toBe(0);
  const d = JSON.parse(created.out);
  expect(Object.keys(d)).toEqual(["name", "secret_token", "search_token"]);
  expect((await cli(["domain", "list"], { VITRINA_REDIS_URL: redis.url })).out).toBe(created.out);
  const rotated = JSON.parse((await cli(["domain", "rotate-tokens", "cli-redis", ...url])).out);
  expect([rotated.name, rotated.secret_token === d.secret_token]).toEqual(["cli-redis", false]);
  // The old search token's grace, in seconds (0 = at once): a bad one changes nothing.
  const bad = await cli(["domain", "rotate-tokens", "cli-redis", "soon", ...url]);
  expect([bad.code, bad.out, bad.err]).toEqual([
    2,
    "",
    "GRACE_SECONDS must be a whole number from 0 to 2592000.",
  ]);
  const now = await cli(["domain", "rotate-tokens", "cli-redis", "0", ...url]);
  expect([now.code, JSON.parse(now.out).name]).toEqual([0, "cli-redis"]);
  const dup = await cli(["domain", "create", "cli-redis", ...url]);
  expect([dup.code, dup.err]).toEqual([2, 'vitrina: Domain "cli-redis" already exists.']);
  const re = await cli(["reindex", "cli-redis", ...url]);
  expect([re.code, JSON.parse(re.out)]).toEqual([0, { domain: "cli-redis", reindex_seq: 1 }]);
});

test("4. an unreachable Redis fails with a message", async () => {
  await using gone = await startRedis();
  await gone.kill9();
  const r = await cli(["domain", "list", "--redis-url", gone.url]);
  expect(r.code).not.toBe(0);
  expect(r.err).toContain(`Redis at ${gone.url} is unreachable`);
}, 20_000);

test("5. the same on a Redis Cluster, --redis-cluster or VITRINA_REDIS_CLUSTER", async () => {
  await using cluster = await startCluster();
  const seeds = ["--redis-cluster", cluster.seeds];
  const created = await cli(["domain", "create", "cli-cluster", ...seeds]);
  expect(created.code).toBe(0);
  const listed = await cli(["domain", "list"], { VITRINA_REDIS_CLUSTER: cluster.seeds });
  expect(listed.out).toBe(created.out);
  const re = await cli(["reindex", "cli-cluster", ...seeds]);
  expect([re.code, JSON.parse(re.out)]).toEqual([0, { domain: "cli-cluster", reindex_seq: 1 }]);
  const del = await cli(["domain", "delete", "cli-cluster", ...seeds]);
  expect([del.code, del.out]).toEqual([0, JSON.stringify({ name: "cli-cluster", deleted: true })]);
  const both = await cli(["domain", "list", ...seeds, "--redis-url", redis.url]);
  expect([both.code, both.err]).toEqual([
    2,
    "vitrina: --redis-url and --redis-cluster exclude each other",
  ]);
  const bad = await cli(["domain", "list", "--redis-cluster", "localhost"]);
  expect([bad.code, bad.err]).toEqual([
    2,
    "vitrina: --redis-cluster must be HOST:PORT[,HOST:PORT...]",
  ]);
}, 30_000);
