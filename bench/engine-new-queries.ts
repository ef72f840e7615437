// New queries in process (issue 14): the engine's own time for queries it has never seen.
//   bun bench/engine-new-queries.ts [--products 100000] [--seed 1] [--per-class 300]
//     [--catalog project|feed] [--answers FILE] [--slowest N] [--rules]
// Builds a snapshot of the generated catalog once, warms the engine up on the service's traffic
// mix, then asks each query of each class once for its answer (the engine's search and the
// answer made of its result, http/search/search-answer.ts; the engine keeps no answers; facets on,
// the defaults of a widget) and prints per class p50/p99/max, and with `--slowest`
// the N slowest queries of each. `--answers` writes the ids of each answer's products and
// categories, per query, to compare two versions. `--rules` searches with a few merchandising
// rules that apply to every query (search/merchandising.ts): 2 pins, 5 hidden products, a brand
// boosted, a brand buried, a category boosted, and one rule for a query word.

import { writeFileSync } from "node:fs";
import { answerSearch } from "../src/http/search/search-answer.ts";
import type { MerchRule } from "../src/model/merchandising.ts";
import type { Language } from "../src/model/records.ts";
import { SEARCH_DEFAULTS, type SearchParams, type SearchResponse } from "../src/model/search.ts";
import { buildSnapshot } from "../src/search/engine.ts";
import { CATALOG_NAMES, catalogSource } from "../test/fixtures/catalogs/index.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { toRecords } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { newQueryClasses } from "./workloads/new-query-classes.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/engine-new-queries.ts",
    about:
      "New queries in process: per class the engine's own p50/p99/max for queries it has never seen.",
    flags: {
      products: flag.int(100_000, "products of the catalog"),
      seed: flag.int(1, "catalog and query seed", { min: 0 }),
      perClass: flag.int(300, "queries of each class"),
      answers: flag.text(
        null,
        "write each answer's product and category ids here, to compare versions",
        "FILE",
      ),
      slowest: flag.int(0, "print the N slowest queries of each class", { min: 0 }),
      catalog: flag.oneOf(
        CATALOG_NAMES,
        "project",
        "the project's generator or the feed catalog (test/fixtures/catalogs/)",
      ),
      rules: flag.on("search with a few merchandising rules that apply to every query"),
    },
  }),
);
const NAME = values.catalog;
const PRODUCTS = values.products;
const SEED = values.seed;
const PER_CLASS = values.perClass;

const catalog = catalogSource(NAME).catalog(SEED, PRODUCTS);
// The classes of the HTTP benchmark (bench/workloads/new-query-classes.ts); they set only q and language.
const asked = (p: Record<string, string>): SearchParams => ({
  ...SEARCH_DEFAULTS,
  q: p.q ?? "",
  language: (p.language ?? "uk") as Language,
});
const classes = new Map<string, SearchParams[]>();
for (const m of newQueryClasses(catalog, { seed: SEED, perClass: PER_CLASS })) {
  const list = classes.get(m.class) ?? [];
  list.push(asked(m.params));
  classes.set(m.class, list);
}
const warmUp = generateQueryMix(catalog, { seed: SEED + 1, count: 2000 });
const t0 = performance.now();
const records = toRecords(catalog);
const built = buildSnapshot(records);
const snap = values.rules ? { ...built, merchandising: fewRules(records.products) } : built;
console.log(
  `${NAME} catalog, products ${PRODUCTS}: built in ${(performance.now() - t0).toFixed(0)} ms`,
);

for (const m of warmUp) answerSearch(snap, asked(m.params));

/** A few rules of a store: the products and brands they name are the catalog's own. */
function fewRules(products: typeof records.products): MerchRule[] {
  const ids = products.map((p) => p.source_id);
  const brands = [...new Set(products.map((p) => p.vendor).filter((v) => v !== null))];
  const brand = (i: number) => brands[i % brands.length] as string;
  return [
    {
      pin: [
        { source_id: ids[1] as string, position: 1 },
        { source_id: ids[2] as string, position: 3 },
      ],
      hide: ids.slice(10, 15),
      boost: [
        { field: "brand", value: brand(0), weight: 3 },
        { field: "brand", value: brand(1), weight: -2 },
        { field: "category", value: products[0]?.source_category_id ?? "", weight: 1 },
      ],
    },
    {
      query: { match: "contains", text: "чохол" },
      boost: [{ field: "brand", value: brand(2), weight: 5 }],
    },
  ];
}

const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
const answers: Record<string, unknown[]> = {};
const summary = (a: SearchResponse) => [
  a.total,
  a.corrected_query,
  a.categories.map((c) => c.id),
  a.products.groups.map((g) => g.items.map((i) => i.id)),
  a.filters.map((f) => [f.id, f.values.map((v) => [v.id, v.total])]),
];
console.log("class              queries   p50 ms   p99 ms   max ms");
for (const [name, queries] of classes) {
  const times = new Float64Array(queries.length);
  const out: unknown[] = [];
  queries.forEach((params, i) => {
    const s = Bun.nanoseconds();
    const answer = answerSearch(snap, params);
    times[i] = (Bun.nanoseconds() - s) / 1e6;
    if (values.answers) out.push([`${params.q}|${params.language}`, summary(answer)]);
  });
  answers[name] = out;
  const slowest = [...times.keys()].sort((a, b) => (times[b] as number) - (times[a] as number));
  times.sort();
  console.log(
    `${name.padEnd(18)} ${String(queries.length).padStart(7)} ${pct(times, 50).toFixed(3).padStart(8)} ` +
      `${pct(times, 99).toFixed(3).padStart(8)} ${pct(times, 100).toFixed(3).padStart(8)}`,
  );
  for (const i of slowest.slice(0, values.slowest)) {
    const params = queries[i] as SearchParams;
    const ms = ((times[times.length - 1 - slowest.indexOf(i)] as number) ?? 0).toFixed(3);
    console.log(`    ${ms} ms  ${JSON.stringify(params.q)} ${params.language}`);
  }
}
if (values.answers) writeFileSync(values.answers, JSON.stringify(answers, null, 0));
