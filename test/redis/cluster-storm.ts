import { createCluster } from "redis";
import type { DomainRecord, ProductRecord } from "../../src/model/records.ts";
import { domainKeys, registryKeys } from "../../src/store/redis/keys.ts";
import { PRODUCTS, product, type Service } from "../http/harness.ts";
import { search } from "./nodes.ts";
import type { RedisCluster } from "./redis-cluster.ts";

// Import storms against a cluster while something breaks (cluster-failover.test.ts), and the
// ledger that says what a client was told: per product, the last price acknowledged (200/201)
// and the prices sent since then without an acknowledgement (503), one of which the store may
// hold (a batch answered 503 is present or absent as a whole).

export interface Answer {
  at: number;
  status: number;
  retryAfter: string | null;
}

export interface Ledger {
  acked: Map<string, number>;
  unacked: Map<string, number[]>;
  imports: Answer[];
  searches: Answer[];
}

/**
 * `clients` clients, each re-sending its `perClient` products with a new price per batch to
 * the nodes in turn, and a searcher per node, until `stop()` is true. The ledger fills as
 * answers come; `done` resolves when every client has stopped.
 */
export function storm(options: {
  nodes: Service[];
  secret: string;
  search: string;
  clients: number;
  perClient: number;
  stop: () => boolean;
}): { ledger: Ledger; done: Promise<unknown> } {
  const ledger: Ledger = { acked: new Map(), unacked: new Map(), imports: [], searches: [] };
  const client = async (c: number) => {
    for (let version = 1; !options.stop(); version++) {
      const node = options.nodes[version % options.nodes.length] as Service;
      const sids = Array.from({ length: options.perClient }, (_, i) => `c${c}-${i}`);
      const r = await fetch(`${node.url}${PRODUCTS}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-secret-token": options.secret },
        body: JSON.stringify(sids.map((sid) => product(sid, { new_price: version }))),
      });
      await r.arrayBuffer();
      ledger.imports.push({
        at: performance.now(),
        status: r.status,
        retryAfter: r.headers.get("retry-after"),
      });
      for (const sid of sids) {
        if (r.status === 200 || r.status === 201) {
          ledger.acked.set(sid, version);
          ledger.unacked.set(sid, []);
        } else ledger.unacked.set(sid, [...(ledger.unacked.get(sid) ?? []), version]);
      }
      if (r.status === 503) await Bun.sleep(50);
    }
  };
  const searcher = async (node: Service) => {
    while (!options.stop()) {
      const r = await search(node, options.search, "товар");
      ledger.searches.push({ at: performance.now(), status: r.status, retryAfter: null });
      await Bun.sleep(20);
    }
  };
  const done = Promise.all([
    ...Array.from({ length: options.clients }, (_, c) => client(c)),
    ...options.nodes.map(searcher),
  ]);
  return { ledger, done };
}

/** Statuses and their counts, `503 without Retry-After` apart. */
export function statusCounts(answers: readonly Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 503 && a.retryAfter === null ? "503 without Retry-After" : a.status;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The products that break the ledger: missing, or at a price no client was left with. */
export function ledgerBreaches(ledger: Ledger, stored: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [sid, price] of ledger.acked) {
    const held = stored.get(sid);
    const allowed = [price, ...(ledger.unacked.get(sid) ?? [])];
    if (held === undefined || !allowed.includes(held))
      out.push(`${sid}: stored ${held}, acknowledged ${price}, unacknowledged after ${allowed}`);
  }
  return out;
}

/** A cluster client of the test's own, for `work`. */
async function onCluster<T>(
  cluster: RedisCluster,
  work: (client: ReturnType<typeof clientOf>) => Promise<T>,
): Promise<T> {
  const client = clientOf(cluster);
  await client.connect();
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

// Not every node is up when a test reads (a master just killed): a seed that does not answer
// is reported as an `error` event (fatal without a listener) and the next seed is tried.
const clientOf = (cluster: RedisCluster) =>
  createCluster({
    rootNodes: cluster.nodes.map((n) => ({ url: `redis://${n.address}` })),
    RESP: 2,
    minimizeConnections: true,
  }).on("error", () => {});

/** The domain's id, from the registry. */
export function domainId(cluster: RedisCluster, domain: string): Promise<number> {
  return onCluster(cluster, async (client) => {
    const record = await client.hGet(registryKeys.domains, domain);
    if (record === null) throw new Error(`no domain ${domain}`);
    return (JSON.parse(record) as DomainRecord).id;
  });
}

/** source_id -> new_price of the domain's products, read from the cluster itself. */
export function storedPrices(cluster: RedisCluster, id: number): Promise<Map<string, number>> {
  return onCluster(cluster, async (client) => {
    const out = new Map<string, number>();
    for (const doc of Object.values(await client.hGetAll(domainKeys(id).products))) {
      const p = JSON.parse(doc) as ProductRecord;
      out.set(p.source_id, p.new_price ?? 0);
    }
    return out;
  });
}

/** source_id -> discounted price of every product a node's search finds (at most 100). */
export async function searchedPrices(node: Service, token: string): Promise<Map<string, number>> {
  const r = await search(node, token, "товар", { product_page_size: "100" });
  const out = new Map<string, number>();
  const groups = (r.body.products?.groups ?? []) as {
    items: { source_id: string; discounted_price: number }[];
  }[];
  for (const p of groups.flatMap((g) => g.items)) out.set(p.source_id, p.discounted_price);
  return out;
}
