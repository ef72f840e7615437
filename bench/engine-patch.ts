// Benchmark of indexing as a bulk import does it (a script, not a test):
//   bun bench/engine-patch.ts [--batches 100] [--batch 1000] [--runs 3] [--seed 1]
// From an empty snapshot, patches `batches` batches of `batch` new generated products and
// reports the CPU per product of the patches (records are generated beforehand, untimed) and
// the segments the final snapshot holds. Each run starts again from empty; the median counts.

import type { ProductRecord } from "../src/model/records.ts";
import { generateCategories, generateProduct } from "../src/sample-catalog/generate.ts";
import { buildSnapshot, patchSnapshot, snapshotStats } from "../src/search/engine.ts";
import { toCategoryRecord, toProductRecord } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const {
  batches: BATCHES,
  batch: BATCH,
  runs: RUNS,
  seed: SEED,
} = flagsOf(
  commandSpec({
    command: "bun bench/engine-patch.ts",
    about: "Indexing as a bulk import does it: CPU per product of patches of new products.",
    flags: {
      batches: flag.int(100, "batches patched in"),
      batch: flag.int(1000, "products per batch"),
      runs: flag.int(3, "runs from an empty snapshot; the median counts"),
      seed: flag.int(1, "catalog seed", { min: 0 }),
    },
  }),
);

const categories = generateCategories().map((c, i) => toCategoryRecord(c, i + 1));
const batches: ProductRecord[][] = [];
for (let b = 0; b < BATCHES; b++) {
  const batch: ProductRecord[] = [];
  for (let i = 0; i < BATCH; i++) {
    const index = b * BATCH + i;
    batch.push(toProductRecord(generateProduct(SEED, index).item, index + 1));
  }
  // As the HTTP import receives them: strings fresh from JSON.parse, not the generator's.
  batches.push(JSON.parse(JSON.stringify(batch)));
}
const total = BATCHES * BATCH;

const perProduct: number[] = [];
for (let run = 0; run < RUNS; run++) {
  Bun.gc(true);
  let snap = buildSnapshot({ products: [], categories });
  const wall = performance.now();
  const cpu = process.cpuUsage();
  for (const batch of batches) snap = patchSnapshot(snap, { products: batch });
  const used = process.cpuUsage(cpu);
  const us = (used.user + used.system) / total;
  perProduct.push(us);
  console.log(
    `run ${run + 1}: ${us.toFixed(1)} µs cpu/product (all threads), ` +
      `${(((performance.now() - wall) * 1000) / total).toFixed(1)} µs wall/product, ` +
      `${snap.segments.length} segments [${snap.segments.map((s) => s.size).join(", ")}], ` +
      `${snapshotStats(snap).products} products`,
  );
}
perProduct.sort((a, b) => a - b);
console.log(
  `median ${(perProduct[perProduct.length >> 1] as number).toFixed(1)} µs cpu/product ` +
    `over ${RUNS} runs of ${BATCHES} x ${BATCH}`,
);
