// Partitions of nodes (--partition I/N). Properties checked:
//  1. a node answers imports and searches of another partition's domain with 421 and a
//     `detail` naming the partition that serves it; nothing is written
//  2. it serves its own partition's domains fully (import, search)
//  3. the load balancer's map (infra/partition-map.ts, from the admin API) sends each token to
//     the partition of its domain
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { partitionOf } from "../../src/tenancy/partition.ts";
import {
  ADMIN_KEY,
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  ROOT,
  type Service,
  type Tokens,
} from "../http/harness.ts";
import { search, startNode, until } from "./nodes.ts";
import { type RedisServer, startRedis } from "./redis-server.ts";

let redis: RedisServer;
let p0: Service;
let p1: Service;
/** One domain per partition of 2, named so that the hash sends them to 0 and 1. */
const names = [0, 1].map((p) => {
  for (let i = 0; ; i++) if (partitionOf(`part-shop-${i}`, 2) === p) return `part-shop-${i}`;
});
const shops: Tokens[] = [];
beforeAll(async () => {
  redis = await startRedis();
  p0 = await startNode(redis, ["--partition", "0/2"]);
  // The admin API is not partitioned: any node creates any domain.
  for (const name of names) shops.push(await createDomain(p0, name));
  p1 = await startNode(redis, ["--partition", "1/2"]);
});
afterAll(async () => {
  await p0[Symbol.asyncDispose]();
  await p1[Symbol.asyncDispose]();
  await redis[Symbol.asyncDispose]();
});

const misdirected = (name: string | undefined, partition: number) => ({
  status: 421,
  body: {
    detail: `This node does not serve domain "${name}"; send the request to partition ${partition}.`,
  },
});

test("1-2. 421 for another partition's domain; the right node serves it", async () => {
  const [shop0, shop1] = shops as [Tokens, Tokens];
  expect(await post(p1, CATEGORIES, shop0.secret_token, [category(1)])).toEqual(
    misdirected(names[0], 0),
  );
  expect(await post(p0, PRODUCTS, shop1.secret_token, [product("x")])).toEqual(
    misdirected(names[1], 1),
  );
  expect(await post(p0, "/api/v2/content/reindex/", shop1.secret_token, "")).toEqual(
    misdirected(names[1], 1),
  );
  expect(await search(p0, shop1.search_token, "x")).toEqual(misdirected(names[1], 1));

  for (const [node, shop] of [
    [p0, shop0],
    [p1, shop1],
  ] as const) {
    // Nothing of the refused category batch was written: category 1 is created now.
    const c = await post(node, CATEGORIES, shop.secret_token, [category(1)]);
    expect(c.body.successful[0].status).toBe(201);
    const p = product("chair", {
      translations: [{ language: "uk", name: "Крісло", url: "https://s.example/chair" }],
    });
    expect((await post(node, PRODUCTS, shop.secret_token, [p])).status).toBe(201);
    await until(
      `search on ${node.url}`,
      () => search(node, shop.search_token, "крісло"),
      (a) => a.status === 200 && a.body.total === 1,
      3_000,
    );
  }
});

test("3. the load balancer's token map", async () => {
  const script = join(ROOT, "infra", "partition-map.ts");
  const run = Bun.spawnSync(
    [
      process.execPath,
      script,
      "--admin-url",
      p1.url,
      "--admin-key",
      ADMIN_KEY,
      "--partitions",
      "2",
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  expect(run.stderr.toString()).toBe("");
  const lines = run.stdout.toString().trim().split("\n").slice(1);
  expect(lines).toEqual(
    shops.flatMap((s, p) => [
      `"${s.secret_token}" vitrina_p${p}; # ${names[p]} secret`,
      `"${s.search_token}" vitrina_p${p}; # ${names[p]} search`,
    ]),
  );
});
