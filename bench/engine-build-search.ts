// Benchmark of the search engine (a script, not a test):
//   bun bench/engine-build-search.ts [--products 100000] [--seed 1]
// Builds a snapshot of a generated catalog (src/sample-catalog) and reports: build time, memory per
// product (heap growth after Bun.gc(true), records dropped), the time of 1,000-product
// patches, and in-process search latency p50/p99 over two query mixes: the service's traffic
// mix (test/fixtures/query-mix.ts, parsed as the HTTP layer parses it) and a harsher local mix
// (one-letter prefixes, wide words, filters picked from answers, every layout).

import { parseSearchParams } from "../src/http/search/parse-params.ts";
import { answerSearch } from "../src/http/search/search-answer.ts";
import type { ProductRecord } from "../src/model/records.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../src/model/search.ts";
import { generateCatalog, generateProduct } from "../src/sample-catalog/generate.ts";
import { switchLayoutText } from "../src/search/analysis/index.ts";
import { buildSnapshot, patchSnapshot, snapshotStats } from "../src/search/engine.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { toProductRecord, toRecords } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const { products: PRODUCTS, seed: SEED } = flagsOf(
  commandSpec({
    command: "bun bench/engine-build-search.ts",
    about: "The engine in process: snapshot build, memory per product, patches, search latency.",
    flags: {
      products: flag.int(100_000, "products of the generated catalog"),
      seed: flag.int(1, "catalog and query seed", { min: 0 }),
    },
  }),
);

let state = SEED >>> 0 || 1;
function rnd(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
}

function memory(): { heap: number; rss: number } {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

// --- catalog, queries ---------------------------------------------------------------------

const m0 = memory();
let catalog: ReturnType<typeof generateCatalog> | null = generateCatalog({
  seed: SEED,
  products: PRODUCTS,
});
let records: ReturnType<typeof toRecords> | null = toRecords(catalog);

const DEFAULTS = SEARCH_DEFAULTS;
type Query = { name: string; params: SearchParams };

// The service's mix, through the HTTP layer's parser.
const trafficMix: Query[] = generateQueryMix(catalog, { seed: SEED, count: 2000 }).map((m) => {
  const parsed = parseSearchParams(new URLSearchParams(m.params), 100);
  if (!parsed.ok) throw new Error(`unparsable mix query ${JSON.stringify(m.params)}`);
  return { name: m.class, params: parsed.params };
});

// The local mix: what a product's name offers, in every shape.
const localMix: Query[] = [];
const add = (name: string, p: Partial<SearchParams>) =>
  localMix.push({ name, params: { ...DEFAULTS, ...p } });
const typo = (word: string) => {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};
for (let i = 0; i < 200; i++) {
  const p = records.products[Math.floor(rnd() * 500)] as ProductRecord;
  const name = (p.translations[0] as { name: string }).name.toLowerCase();
  const words = name.split(" ");
  const first = words[0] as string;
  const vendor = (p.vendor ?? "").toLowerCase();
  const r = i % 10;
  if (r === 0) add("prefix 1-5", { q: first.slice(0, 1 + Math.floor(rnd() * 5)) });
  else if (r === 1) add("word", { q: first });
  else if (r === 2) add("two words", { q: `${first} ${vendor}` });
  else if (r === 3) add("typo", { q: typo(first) });
  else if (r === 4) add("layout", { q: switchLayoutText(first)[0] ?? first });
  else if (r === 5) add("code", { q: p.code });
  else if (r === 6) add("flat", { q: `${vendor} ${first.slice(0, 3)}`, group_by_category: false });
  else if (r === 7)
    add("category", { q: first, category_id: p.source_category_id, group_by_category: false });
  else if (r === 8) add("three words typed", { q: words.slice(0, 3).join(" ").slice(0, -1) });
  else
    add("price+unavail", { q: first, price_from: 1000, price_to: 20000, show_unavailable: true });
}
const filterSeeds = records.products
  .slice(0, 20)
  .map((p) => ((p.translations[0] as { name: string }).name.split(" ")[0] as string).toLowerCase());

// --- build --------------------------------------------------------------------------------

const m1 = memory();
let t = performance.now();
const cpu0 = process.cpuUsage();
let snap = buildSnapshot(records);
const buildMs = performance.now() - t;
const cpu = process.cpuUsage(cpu0);
records = null;
catalog = null;
const m2 = memory();
console.log(`products ${PRODUCTS}, stats`, snapshotStats(snap));
console.log(
  `build ${buildMs.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms cpu (all threads)`,
);
console.log(
  `memory per product: heap ${((m2.heap - m0.heap) / PRODUCTS).toFixed(0)} B, ` +
    `rss ${((m2.rss - m0.rss) / PRODUCTS).toFixed(0)} B ` +
    `(records alone took heap ${((m1.heap - m0.heap) / PRODUCTS).toFixed(0)} B)`,
);

// --- patches ------------------------------------------------------------------------------

// 1,000 changed products each, 20 in a row (segments grow and merge).
const patchTimes: number[] = [];
for (let round = 0; round < 20; round++) {
  const batch: ProductRecord[] = [];
  for (let i = 0; i < 1000; i++) {
    const index = Math.floor(rnd() * PRODUCTS);
    const record = toProductRecord(generateProduct(SEED, index).item, index + 1);
    batch.push({ ...record, new_price: (record.new_price ?? 100) + 1, updated_at: Date.now() });
  }
  t = performance.now();
  snap = patchSnapshot(snap, { products: batch });
  patchTimes.push(performance.now() - t);
}
{
  const sorted = patchTimes.slice().sort((a, b) => a - b);
  console.log(
    `patch of 1,000 (x${patchTimes.length}, updates of existing products): ` +
      `median ${(sorted[sorted.length >> 1] as number).toFixed(1)} ms, ` +
      `max ${(sorted[sorted.length - 1] as number).toFixed(1)} ms (merges included)`,
    snapshotStats(snap),
  );
}

// Filters picked from first answers.
for (const q of filterSeeds) {
  const first = answerSearch(snap, { ...DEFAULTS, q });
  const values = first.filters.flatMap((f) => f.values.slice(0, 1).map((v) => v.id));
  add("filters", { q, filters: values.slice(0, 2) });
}

// --- search -------------------------------------------------------------------------------

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] as number;
};

/** Runs a mix `rounds` times; reports p50/p99 overall and per kind of query. */
function measure(label: string, mix: readonly Query[], rounds: number): void {
  const times: number[] = [];
  const byName = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const q of mix) {
      const s = Bun.nanoseconds();
      answerSearch(snap, q.params);
      const ms = (Bun.nanoseconds() - s) / 1e6;
      times.push(ms);
      const list = byName.get(q.name) ?? [];
      list.push(ms);
      byName.set(q.name, list);
    }
  }
  console.log(
    `search, ${label}: ${times.length} runs, p50 ${pct(times, 50).toFixed(3)} ms, ` +
      `p99 ${pct(times, 99).toFixed(3)} ms, max ${pct(times, 100).toFixed(2)} ms`,
  );
  for (const [name, xs] of byName) {
    console.log(
      `  ${name.padEnd(18)} p50 ${pct(xs, 50).toFixed(3)}  p99 ${pct(xs, 99).toFixed(3)}`,
    );
  }
}

// The engine's own work and the answer made of it: the engine keeps no answers (the HTTP side
// does), so every run computes (dictionary expansions stay memoised per snapshot, as they do
// in service).
for (const q of [...trafficMix, ...localMix]) answerSearch(snap, q.params); // warm up
measure("traffic mix, computed", trafficMix, 2);
measure("local mix, computed", localMix, 3);
