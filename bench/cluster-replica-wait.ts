// The cost of "acknowledged means replicated" (issue 25, point 2): product batches written
// straight through RedisStore into a private Redis Cluster of 3 masters and 3 replicas, with
// WAIT for one replica (--redis-wait-replicas 1, the cluster default) and without (0), the two
// alternating batch by batch into the same domain so that the noisy machine weighs on both.
// Usage: bun bench/cluster-replica-wait.ts [--batches 40] [--size 100]
import { validateProduct } from "../src/import/validate-product.ts";
import type { ProductDraft } from "../src/model/drafts.ts";
import { RedisStore } from "../src/store/redis/redis-store.ts";
import { startCluster } from "../test/redis/redis-cluster.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { typical } from "./workloads/typical-product.ts";

const { batches: BATCHES, size: SIZE } = flagsOf(
  commandSpec({
    command: "bun bench/cluster-replica-wait.ts",
    about:
      "Product batches into a Redis Cluster with WAIT for one replica and without, alternating.",
    flags: {
      batches: flag.int(40, "batches of each kind"),
      size: flag.int(100, "products per batch"),
    },
  }),
);

await using cluster = await startCluster();
const seeds = cluster.seeds.split(",");
const waiting = await RedisStore.openCluster(seeds, { wait: { replicas: 1, ms: 1000 } });
const plain = await RedisStore.openCluster(seeds, { wait: { replicas: 0, ms: 1000 } });
const domain = await plain.createDomain("wait-bench", { secret_token: "s", search_token: "t" });

const drafts = (round: number): ProductDraft[] =>
  Array.from({ length: SIZE }, (_, i) => {
    const v = validateProduct({ ...typical(i), old_price: null, new_price: 100 + round });
    if (!v.ok) throw new Error(JSON.stringify(v.errors));
    return v.value;
  });

const times = { wait: [] as number[], none: [] as number[] };
for (let round = 0; round < BATCHES * 2; round++) {
  const store = round % 2 === 0 ? waiting : plain;
  const batch = drafts(round);
  const started = performance.now();
  await store.writeProducts(domain.id, batch, { log: true });
  // The first two rounds create the products; the rest are updates, as a price stream's are.
  if (round >= 2) times[round % 2 === 0 ? "wait" : "none"].push(performance.now() - started);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  JSON.stringify({
    batch: SIZE,
    batches: times.wait.length,
    wait_median_ms: Number(median(times.wait).toFixed(2)),
    none_median_ms: Number(median(times.none).toFixed(2)),
    wait_mean_ms: Number(mean(times.wait).toFixed(2)),
    none_mean_ms: Number(mean(times.none).toFixed(2)),
  }),
);
await waiting.close();
await plain.close();
