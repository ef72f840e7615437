// Times the catalog generator and measures its output:
//   bun bench/catalog-generator.ts --products 1000000 [--seed 1] [--out bench/out/catalog.ndjson]
// Products are streamed one at a time, so a million fit in little memory; with --out they are
// written as NDJSON (categories first, one item per line) for load tests that import them.

import { createWriteStream } from "node:fs";
import { generateCategories, generateProducts } from "../src/sample-catalog/generate.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/catalog-generator.ts",
    about: "Times the catalog generator and measures its output; --out writes it as NDJSON.",
    flags: {
      products: flag.int(100_000, "products generated"),
      seed: flag.int(1, "catalog seed", { min: 0 }),
      out: flag.text(null, "write the catalog here as NDJSON (categories first)", "FILE"),
    },
  }),
);
const count = values.products;
const seed = values.seed;
const out = values.out ? createWriteStream(values.out) : null;

const started = performance.now();
const categories = generateCategories();
for (const c of categories) out?.write(`${JSON.stringify(c)}\n`);
let bytes = 0;
let generateMs = 0;
let mark = performance.now();
for (const product of generateProducts(seed, count)) {
  const now = performance.now();
  generateMs += now - mark;
  const line = JSON.stringify(product);
  bytes += Buffer.byteLength(line);
  if (out && !out.write(`${line}\n`)) await new Promise((resolve) => out.once("drain", resolve));
  mark = performance.now();
}
if (out) await new Promise((resolve) => out.end(resolve));
const total = performance.now() - started;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
console.log(
  [
    `${categories.length} categories, ${count} products (seed ${seed})`,
    `generate: ${(generateMs / 1000).toFixed(1)} s (${((generateMs * 1000) / count).toFixed(1)} µs/product)`,
    `total with JSON${out ? " and writing" : ""}: ${(total / 1000).toFixed(1)} s`,
    `JSON: ${mib(bytes)}, ${(bytes / count).toFixed(0)} bytes/product (UTF-8)`,
    `peak RSS: ${mib(process.memoryUsage().rss)}`,
  ].join("\n"),
);
