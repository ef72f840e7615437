// Import throughput and memory per product on a Redis Cluster of 1, 2 and 3 masters (each
// with a replica, WAIT for it: the cluster default), issue 25 point 4. Product batches go
// straight through RedisStore (the store's side of an import: read script, plan, write
// script, ROLE + WAIT), from `--writers` writers into as many domains, which spread over the
// masters by slot. Everything shares this machine's cores: compare the ratios of one run.
// Usage: bun bench/cluster-scale.ts [--writers 6] [--products 2000] [--updates 4]
import { createClient } from "redis";
import { validateCategory } from "../src/import/validate-category.ts";
import { validateProduct } from "../src/import/validate-product.ts";
import type { CategoryDraft, ProductDraft } from "../src/model/drafts.ts";
import { RedisStore } from "../src/store/redis/redis-store.ts";
import { startCluster } from "../test/redis/redis-cluster.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { typical } from "./workloads/typical-product.ts";

const {
  writers: WRITERS,
  products: PRODUCTS,
  updates: UPDATES,
} = flagsOf(
  commandSpec({
    command: "bun bench/cluster-scale.ts",
    about: "Import throughput and memory per product on a Redis Cluster of 1, 2 and 3 masters.",
    flags: {
      writers: flag.int(6, "writers, each into a domain of its own"),
      products: flag.int(2000, "products per writer"),
      updates: flag.int(4, "rounds of updates of every product"),
    },
  }),
);
const BATCH = 500;

const batch = (from: number, price: number): ProductDraft[] =>
  Array.from({ length: BATCH }, (_, i) => {
    const v = validateProduct({ ...typical(from + i), old_price: null, new_price: price });
    if (!v.ok) throw new Error(JSON.stringify(v.errors));
    return v.value;
  });

/** The 20 categories typical products belong to. */
const categories: CategoryDraft[] = Array.from({ length: 20 }, (_, i) => {
  const v = validateCategory({
    source_category_id: i + 1,
    translations: [{ language: "uk", name: `Категорія ${i + 1}` }],
  });
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.value;
});

async function datasetBytes(addresses: string[]): Promise<number> {
  let bytes = 0;
  for (const address of addresses) {
    const client = await createClient({ url: `redis://${address}` }).connect();
    const info = await client.sendCommand<string>(["INFO", "memory"]);
    client.destroy();
    bytes += Number(/used_memory_dataset:(\d+)/.exec(info)?.[1]);
  }
  return bytes;
}

for (const masters of [1, 2, 3]) {
  await using cluster = await startCluster({ masters });
  const store = await RedisStore.openCluster(cluster.seeds.split(","), {
    wait: { replicas: 1, ms: 1000 },
  });
  const addresses = (await cluster.masters()).map((m) => m.address);
  const before = await datasetBytes(addresses);
  const domains = await Promise.all(
    Array.from({ length: WRITERS }, (_, w) =>
      store.createDomain(`scale-${w}`, { secret_token: `s${w}`, search_token: `t${w}` }),
    ),
  );
  for (const d of domains) await store.writeCategories(d.id, categories, { log: true });
  const shards = new Set(
    await Promise.all(
      domains.map(async (d) => (await cluster.slotOf(`vitrina:{d:${d.id}}:p`)).master),
    ),
  );
  let written = 0;
  const started = performance.now();
  await Promise.all(
    domains.map(async (d) => {
      for (let round = 0; round <= UPDATES; round++)
        for (let from = 0; from < PRODUCTS; from += BATCH) {
          const results = await store.writeProducts(d.id, batch(from, 100 + round), { log: true });
          written += results.filter((r) => r?.ok).length;
        }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const perProduct = ((await datasetBytes(addresses)) - before) / (WRITERS * PRODUCTS);
  console.log(
    JSON.stringify({
      masters,
      masters_holding_domains: shards.size,
      products_written: written,
      products_per_s: Math.round(written / seconds),
      dataset_bytes_per_product: Math.round(perProduct),
    }),
  );
  await store.close();
}
