// Benchmark of the search engine (a script, not a test):
//   bun src/search/engine.bench.ts [products=100000] [seed=1]
// Reports build time, memory per product (heap and RSS growth after Bun.gc(true)), the time of
// a 1,000-product patch, and search latency p50/p99 over a mixed query list (prefixes, typos,
// wrong layout, transliteration, codes, multi-word, filters, grouped, flat, one category).

import { generateCategories, generateProduct } from "../catalog/generate.ts";
import { mergeProduct } from "../import/merge-product.ts";
import { validateCategory } from "../import/validate-category.ts";
import { validateProduct } from "../import/validate-product.ts";
import type { CategoryRecord, ProductRecord } from "../model/records.ts";
import type { SearchParams } from "../model/search.ts";
import { switchLayoutText } from "./analysis/index.ts";
import { buildSnapshot, patchSnapshot, search, snapshotStats } from "./engine.ts";

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const SEED = Number(process.argv[3] ?? 1);

// --- the catalog: src/catalog's generator, through the import path's validation -----------

function categoryRecords(): CategoryRecord[] {
  return generateCategories().map((item, i) => {
    const v = validateCategory(item);
    if (!v.ok) throw new Error(`generated category ${i} is invalid`);
    return { id: i + 1, ...v.value, updated_at: 1 };
  });
}

function productRecord(seed: number, index: number, now: number): ProductRecord {
  const v = validateProduct(generateProduct(seed, index).item);
  if (!v.ok) throw new Error(`generated product ${index} is invalid`);
  const merged = mergeProduct(v.value, null, { newId: index + 1, now });
  if (!merged.ok) throw new Error(`generated product ${index} does not merge`);
  return merged.record;
}

let state = SEED >>> 0 || 1;
function rnd(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
}

// --- measurement --------------------------------------------------------------------------

function memory(): { heap: number; rss: number } {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

const categories = categoryRecords();
const m0 = memory();
let products: ProductRecord[] | null = [];
for (let i = 0; i < PRODUCTS; i++) products.push(productRecord(SEED, i, 1_700_000_000_000 + i));
// What the query mix needs of a few products, kept apart so the records can be dropped.
const sample = products.slice(0, 500).map((p) => ({
  name: (p.translations[0] as { name: string }).name.toLowerCase(),
  vendor: (p.vendor ?? "").toLowerCase(),
  code: p.code,
  category: p.source_category_id,
}));
const m1 = memory();
let t = performance.now();
const cpu0 = process.cpuUsage();
let snap = buildSnapshot({ products, categories });
const buildMs = performance.now() - t;
const cpu = process.cpuUsage(cpu0);
const buildCpuMs = (cpu.user + cpu.system) / 1000;
products = null;
const m2 = memory();
console.log(`products ${PRODUCTS}, stats`, snapshotStats(snap));
console.log(`build ${buildMs.toFixed(0)} ms wall, ${buildCpuMs.toFixed(0)} ms cpu (all threads)`);
console.log(
  `memory per product: heap ${((m2.heap - m0.heap) / PRODUCTS).toFixed(0)} B, ` +
    `rss ${((m2.rss - m0.rss) / PRODUCTS).toFixed(0)} B ` +
    `(records alone took heap ${((m1.heap - m0.heap) / PRODUCTS).toFixed(0)} B)`,
);

// Patches: 1,000 changed products each, 20 in a row (segments grow and merge).
const patchTimes: number[] = [];
for (let round = 0; round < 20; round++) {
  const batch: ProductRecord[] = [];
  for (let i = 0; i < 1000; i++) {
    // An update of an existing product (same id), with a new write time.
    const index = Math.floor(rnd() * PRODUCTS);
    const record = productRecord(SEED, index, 1_800_000_000_000 + round * 1000 + i);
    batch.push({ ...record, new_price: (record.new_price ?? 100) + 1 });
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

// Query mix.
const base: SearchParams = {
  q: "",
  language: "uk",
  filters: [],
  price_from: null,
  price_to: null,
  category_id: null,
  group_by_category: true,
  show_unavailable: false,
  page: 1,
  product_page_size: 10,
  category_page_size: 10,
  per_category_limit: 3,
  show_filters: true,
  use_corrections: true,
  use_suggestions: false,
  wid: null,
  uuid: null,
  demo: false,
};
const queries: { name: string; params: SearchParams }[] = [];
const add = (name: string, p: Partial<SearchParams>) =>
  queries.push({ name, params: { ...base, ...p } });
for (let i = 0; i < 200; i++) {
  const p = sample[Math.floor(rnd() * sample.length)] as (typeof sample)[number];
  const words = p.name.split(" ");
  const first = words[0] as string;
  const r = i % 10;
  if (r === 0) add("prefix", { q: first.slice(0, 1 + Math.floor(rnd() * 5)) });
  else if (r === 1) add("word", { q: first });
  else if (r === 2) add("two words", { q: `${first} ${p.vendor}` });
  else if (r === 3) add("typo", { q: typo(first) });
  else if (r === 4) add("layout", { q: switchLayoutText(first)[0] ?? first });
  else if (r === 5) add("code", { q: p.code });
  else if (r === 6)
    add("flat", { q: `${p.vendor} ${first.slice(0, 3)}`, group_by_category: false });
  else if (r === 7)
    add("category", { q: first, category_id: p.category, group_by_category: false });
  else if (r === 8) add("three words typed", { q: words.slice(0, 3).join(" ").slice(0, -1) });
  else
    add("price+unavail", { q: first, price_from: 1000, price_to: 20000, show_unavailable: true });
}
// Filters: pick values from a first answer.
for (let i = 0; i < 20; i++) {
  const q = (sample[i] as (typeof sample)[number]).name.split(" ")[0] as string;
  const first = search(snap, { ...base, q });
  const values = first.filters.flatMap((f) => f.values.slice(0, 1).map((v) => v.id));
  add("filters", { q, filters: values.slice(0, 2) });
}

function typo(word: string): string {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
}

for (const q of queries) search(snap, q.params); // warm up: JIT and per-snapshot caches
const times: number[] = [];
const byName = new Map<string, number[]>();
for (let round = 0; round < 5; round++) {
  for (const q of queries) {
    const s = Bun.nanoseconds();
    search(snap, q.params);
    const ms = (Bun.nanoseconds() - s) / 1e6;
    times.push(ms);
    const list = byName.get(q.name) ?? [];
    list.push(ms);
    byName.set(q.name, list);
  }
}
const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] as number;
};
console.log(
  `search: ${times.length} runs, p50 ${pct(times, 50).toFixed(3)} ms, p99 ${pct(times, 99).toFixed(3)} ms, max ${pct(times, 100).toFixed(2)} ms`,
);
for (const [name, xs] of byName) {
  console.log(`  ${name.padEnd(18)} p50 ${pct(xs, 50).toFixed(3)}  p99 ${pct(xs, 99).toFixed(3)}`);
}
