// Vitrina on a real Redis Cluster of 3 masters and 3 replicas (its own ports and directory)
// while it breaks, under import storms from several clients and searches on every node.
// Properties checked:
//  1. kill -9 of the master holding the domain: imports answer 503 with Retry-After (never
//     another error) until its replica is promoted, then succeed; every acknowledged product
//     is stored with its last acknowledged price (or a later one answered 503: a batch is
//     present or absent as a whole); every node's index converges to the store; searches are
//     answered (200) throughout
//  2. the domain's slot moved to another master key by key while importing: the same
//  3. a service node killed with kill -9 and restarted, and a node started late, catch up
//  4. a replica that stops answering: an import waits --redis-wait-ms for it, then answers 503
//     with Retry-After, its batch on the master as a whole; once the replica is back, 200
// The figures (outage, 503s, time to converge) are printed as one JSON line per test and
// copied to BENCHMARKS.md.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { domainKeys } from "../../src/store/redis/keys.ts";
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
} from "../http/harness.ts";
import {
  domainId,
  type Ledger,
  ledgerBreaches,
  searchedPrices,
  statusCounts,
  storedPrices,
  storm,
} from "./cluster-storm.ts";
import { until } from "./nodes.ts";
import { type RedisCluster, startCluster } from "./redis-cluster.ts";

let cluster: RedisCluster;
let nodes: Service[];
const startNode = () => startService({ args: ["--redis-cluster", cluster.seeds] });

beforeAll(async () => {
  cluster = await startCluster();
  nodes = [await startNode(), await startNode()];
});
afterAll(async () => {
  for (const n of nodes) await n[Symbol.asyncDispose]();
  await cluster[Symbol.asyncDispose]();
});

const CLIENTS = 4;
const PER_CLIENT = 25;

/** Runs a storm on a new domain around `breakIt`, then checks what the clients were told. */
async function stormAround(
  name: string,
  breakIt: (id: number) => Promise<void>,
): Promise<{ shop: Tokens; id: number; ledger: Ledger; brokeAt: number; figures: object }> {
  const shop = await createDomain(nodes[0] as Service, name);
  await post(nodes[0] as Service, CATEGORIES, shop.secret_token, [category(1, "Товари")]);
  const id = await domainId(cluster, shop.name);
  let stopAt = Number.POSITIVE_INFINITY;
  const { ledger, done } = storm({
    nodes,
    secret: shop.secret_token,
    search: shop.search_token,
    clients: CLIENTS,
    perClient: PER_CLIENT,
    stop: () => performance.now() > stopAt,
  });
  // Every client acknowledged a few times: the break meets a storm in full flow.
  await until(
    "imports acknowledged",
    async () => [ledger.acked.size, statusCounts(ledger.imports)] as const,
    ([n, counts]) => n === CLIENTS * PER_CLIENT && (counts[200] ?? 0) >= 3 * CLIENTS,
  );
  const brokeAt = performance.now();
  await breakIt(id);
  const healed = performance.now();
  // Imports go on until every client has been acknowledged again after the break.
  const okAfter = () =>
    ledger.imports.filter((a) => a.at > healed && (a.status === 200 || a.status === 201)).length;
  await until(
    "imports acknowledged again",
    async () => okAfter(),
    (n) => n >= 2 * CLIENTS,
    30_000,
  );
  stopAt = performance.now();
  await done;
  const stored = await storedPrices(cluster, id);
  const converged = performance.now();
  for (const node of nodes)
    await until(
      "the node's index converges to the store",
      () => searchedPrices(node, shop.search_token),
      (seen) => JSON.stringify([...seen].sort()) === JSON.stringify([...stored].sort()),
      20_000,
    );
  const after = ledger.imports.filter((a) => a.at >= brokeAt);
  const refused = after.filter((a) => a.status === 503);
  const figures = {
    test: name,
    imports: ledger.imports.length,
    imports_after_break: after.length,
    answered_503: refused.length,
    outage_ms: refused.length ? Math.round((refused.at(-1)?.at ?? 0) - brokeAt) : 0,
    converge_ms: Math.round(performance.now() - converged),
    searches: ledger.searches.length,
  };
  console.log(JSON.stringify(figures));
  expect({
    imports: Object.keys(statusCounts(ledger.imports)).filter(
      (s) => !["200", "201", "503"].includes(s),
    ),
    searches: statusCounts(ledger.searches),
    breaches: ledgerBreaches(ledger, stored),
    stored: stored.size,
  }).toEqual({
    imports: [],
    searches: { 200: ledger.searches.length },
    breaches: [],
    stored: CLIENTS * PER_CLIENT,
  });
  return { shop, id, ledger, brokeAt, figures };
}

test("1. kill -9 of the domain's master during import storms; 3. nodes restarted and late catch up", async () => {
  let killed = "";
  const { shop, id } = await stormAround("failover", async (id) => {
    killed = (await cluster.slotOf(domainKeys(id).products)).master;
    await cluster.kill9(killed);
    // Promoted: three masters serve every slot again.
    await until(
      "a replica promoted",
      async () => (await cluster.slotOf(domainKeys(id).products)).master,
      (m) => m !== killed && m !== "",
      30_000,
    );
  });
  // The old master comes back as a replica of the promoted one.
  await cluster.restart(killed);
  await cluster.ready();
  const stored = await storedPrices(cluster, id);
  const want = JSON.stringify([...stored].sort());
  await (nodes[1] as Service).kill9();
  const started = performance.now();
  nodes[1] = await startNode();
  nodes.push(await startNode());
  for (const node of nodes)
    await until(
      "a restarted and a late node catch up",
      async () => JSON.stringify([...(await searchedPrices(node, shop.search_token))].sort()),
      (seen) => seen === want,
      20_000,
    );
  console.log(
    JSON.stringify({
      test: "restart and late node",
      catch_up_ms: Math.round(performance.now() - started),
    }),
  );
}, 120_000);

test("2. the domain's slot moves to another master during import storms", async () => {
  let to = "";
  const { id } = await stormAround("reshard", async (id) => {
    const { slot, master } = await cluster.slotOf(domainKeys(id).products);
    to = (await cluster.masters()).find((m) => m.address !== master && m.slots > 0)?.address ?? "";
    const moved = await cluster.moveSlot(slot, to, 100);
    expect(moved).toBeGreaterThan(5);
  });
  expect((await cluster.slotOf(domainKeys(id).products)).master).toBe(to);
}, 120_000);

test("4. a replica that stops answering: 503 with Retry-After after the wait, the batch whole", async () => {
  const node = nodes[0] as Service;
  const shop = await createDomain(node, "stalled");
  await post(node, CATEGORIES, shop.secret_token, [category(1, "Товари")]);
  const id = await domainId(cluster, shop.name);
  const { master } = await cluster.slotOf(domainKeys(id).products);
  const [replica = ""] = await cluster.replicasOf(master);
  const batch = Array.from({ length: 10 }, (_, i) => product(`s-${i}`, { new_price: 7 }));
  cluster.pause(replica);
  let answer: unknown;
  const started = performance.now();
  try {
    const r = await fetch(`${node.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": shop.secret_token },
      body: JSON.stringify(batch),
    });
    answer = [r.status, r.headers.get("retry-after"), await r.json()];
  } finally {
    cluster.resume(replica);
  }
  const waited = performance.now() - started;
  expect(answer).toEqual([
    503,
    "1",
    { detail: "The primary store is unavailable; retry shortly." },
  ]);
  expect(waited).toBeGreaterThanOrEqual(1000);
  expect([...(await storedPrices(cluster, id)).values()]).toEqual(Array(10).fill(7));
  const again = await post(node, PRODUCTS, shop.secret_token, batch);
  expect(again.status).toBe(200);
}, 60_000);
