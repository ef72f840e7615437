// Freshness across nodes, measured (not a test): one Redis, three nodes; batches are imported
// through the nodes in turn and, after each acknowledgement, the other two nodes are polled
// until the batch is searchable there. Prints p50 / p99 / max of acknowledgement -> searchable.
//
//   node_modules/.bin/bun bench/redis-freshness.ts [--batches 300] [--items 20]
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
} from "../test/http/harness.ts";
import { startNode } from "../test/redis/nodes.ts";
import { startRedis } from "../test/redis/redis-server.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const { batches, items } = flagsOf(
  commandSpec({
    command: "bun bench/redis-freshness.ts",
    about:
      "Acknowledgement to searchable on the two other nodes of three on one Redis: p50 / p99 / max.",
    flags: {
      batches: flag.int(300, "batches imported, through the nodes in turn"),
      items: flag.int(20, "products per batch"),
    },
  }),
);

await using redis = await startRedis();
await using a = await startNode(redis);
const shop = await createDomain(a, "freshness");
await post(a, CATEGORIES, shop.secret_token, [category(1)]);
await using b = await startNode(redis);
await using c = await startNode(redis);
const nodes = [a, b, c];

const found = async (url: string, code: string, sourceId: string) => {
  const r = await fetch(
    `${url}/api/v2/search/?q=${code}&group_by_category=false&demo=true&token=${shop.search_token}`,
  );
  const body = (await r.json()) as { products: { groups: { items: { source_id: string }[] }[] } };
  return body.products.groups.some((g) => g.items.some((i) => i.source_id === sourceId));
};

const latencies: number[] = [];
for (let n = 0; n < batches; n++) {
  const via = nodes[n % 3] ?? a;
  const batch = Array.from({ length: items }, (_, i) =>
    product(`f-${n}-${i}`, { code: `QX${n}Z${i}` }),
  );
  const r = await post(via, PRODUCTS, shop.secret_token, batch);
  if (r.status !== 201) throw new Error(`import ${r.status}`);
  const acked = performance.now();
  await Promise.all(
    nodes
      .filter((x) => x !== via)
      .map(async (other) => {
        while (!(await found(other.url, `QX${n}Z0`, `f-${n}-0`))) await Bun.sleep(1);
        latencies.push(performance.now() - acked);
      }),
  );
}
latencies.sort((x, y) => x - y);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    batches,
    items_per_batch: items,
    samples: latencies.length,
    p50_ms: Number(at(0.5).toFixed(1)),
    p99_ms: Number(at(0.99).toFixed(1)),
    max_ms: Number((latencies[latencies.length - 1] ?? 0).toFixed(1)),
  }),
);
