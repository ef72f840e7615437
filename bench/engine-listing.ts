// The listing page in process (issue 32): the engine's own time for category pages and for
// the new-query classes sorted and grouped, to profile (`bun --cpu-prof`) without HTTP.
//   bun bench/engine-listing.ts [--products 20000] [--seed 1] [--per-class 200] [--catalog project|feed]
//     [--only sorted|grouped]   (each query plain and in that form alone) [--rounds 1] [--no-steps]
// Then the category pages of bench/new-queries.ts, once each (workloads/listing.ts), on each of
// --rounds new snapshots: with more than one, each page's fastest, which a loaded machine's
// stalls and collections leave as it is. After each page the steps of its listing's later asks
// are taken, as a server's thread takes them between searches (http/search/later-steps.ts),
// timed apart; --no-steps leaves them to the asks.
import { parseSearchParams } from "../src/http/search/parse-params.ts";
import { answerSearch, searchRequest } from "../src/http/search/search-answer.ts";
import type { Language } from "../src/model/records.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../src/model/search.ts";
import { buildSnapshot, laterSteps } from "../src/search/engine.ts";
import { CATALOG_NAMES, catalogSource } from "../test/fixtures/catalogs/index.ts";
import { toRecords } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { percentile } from "./suite/report.ts";
import { categoryPageParams } from "./workloads/listing.ts";
import { newQueryClasses } from "./workloads/new-query-classes.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/engine-listing.ts",
    about:
      "The listing page in process: category pages and the new-query classes sorted and grouped.",
    flags: {
      products: flag.int(20_000, "products of the catalog"),
      seed: flag.int(1, "catalog and query seed", { min: 0 }),
      perClass: flag.int(200, "queries of each class"),
      catalog: flag.oneOf(
        CATALOG_NAMES,
        "project",
        "the project's generator or the feed catalog (test/fixtures/catalogs/)",
      ),
      only: flag.oneOf(["sorted", "grouped"], null, "each query plain and in that form alone"),
      rounds: flag.int(1, "new snapshots the category pages are asked on (each page's fastest)"),
      noSteps: flag.on("leave the steps of a listing's later asks to the asks"),
    },
  }),
);
const NAME = values.catalog;
const catalog = catalogSource(NAME).catalog(values.seed, values.products);
const records = toRecords(catalog);
let snap = buildSnapshot(records);
const asked = (p: Record<string, string>, extra: Partial<SearchParams>): SearchParams => ({
  ...SEARCH_DEFAULTS,
  q: p.q ?? "",
  language: (p.language ?? "uk") as Language,
  ...extra,
});
const FORMS: Record<string, Partial<SearchParams>> = {
  plain: {},
  sorted: { sort: "price_asc" },
  grouped: { group_variants: true },
};
const queries = newQueryClasses(catalog, {
  seed: values.seed,
  perClass: values.perClass,
});
const time = (params: SearchParams) => {
  const s = Bun.nanoseconds();
  answerSearch(snap, params);
  return (Bun.nanoseconds() - s) / 1e6;
};
// The category pages of bench/new-queries.ts: of the largest category and of the whole store.
const PAGES = 60;
const everything = answerSearch(snap, {
  ...SEARCH_DEFAULTS,
  browse: true,
  show_unavailable: true,
  show_filters: false,
  group_by_category: false,
});
const largest = [...everything.categories].sort((a, b) => b.total - a.total)[0];
const pageKinds: [string, Record<string, string>][] = [
  [
    `the largest category (${largest?.total ?? 0} products)`,
    { category_id: largest?.source_id ?? "", show_filters: "true" },
  ],
  [`the whole store (${everything.total})`, { group_by_category: "false", show_filters: "true" }],
];
/** Each step's ms, per page kind: its fastest over the rounds. */
const stepMs = new Map<string, number[]>();
const takeSteps = (name: string, params: SearchParams) => {
  if (values.noSteps) return;
  const ms = stepMs.get(name) ?? [];
  stepMs.set(name, ms);
  const steps = laterSteps(snap, searchRequest(params), []);
  steps.forEach((step, i) => {
    const s = Bun.nanoseconds();
    step();
    ms[i] = Math.min(ms[i] ?? Number.POSITIVE_INFINITY, (Bun.nanoseconds() - s) / 1e6);
  });
};
const priceRange = (name: string, base: Record<string, string>): [number, number] => {
  const parsed = parseSearchParams(new URLSearchParams({ ...base, browse: "true" }), 100);
  if (!parsed.ok) throw new Error("unparsable category page");
  const { min, max } = answerSearch(snap, parsed.params).stats.price ?? { min: 0, max: 0 };
  takeSteps(name, parsed.params);
  return [min, max];
};
for (let round = 0; round < 2; round++) {
  const rows: string[] = [];
  const byForm = new Map<string, Map<string, number[]>>();
  queries.forEach((q, i) => {
    const forms = Object.entries(FORMS);
    // Each form first in turn: none always the colder one.
    for (const [form, extra] of [...forms.slice(i % 3), ...forms.slice(0, i % 3)]) {
      if (values.only && values.only !== form && form !== "plain") continue;
      const m = byForm.get(form) ?? new Map<string, number[]>();
      byForm.set(form, m);
      m.set(q.class, [...(m.get(q.class) ?? []), time(asked(q.params, extra))]);
    }
  });
  for (const [cls, plain] of byForm.get("plain") ?? new Map())
    rows.push(
      `${cls.padEnd(18)} ${[...byForm.entries()].map(([f, m]) => `${f} ${percentile(m.get(cls) ?? [], 50).toFixed(3)}/${percentile(m.get(cls) ?? [], 99).toFixed(3)}`).join("  ")}  (plain n=${plain.length})`,
    );
  if (round === 1) console.log(rows.join("\n"));
}
// Once, each page new (as bench/new-queries.ts asks them): its listings made as a shopper meets
// them; on each new snapshot, after queries with filters (as the classes above leave it).
const fastest = new Map<string, number[]>();
for (let round = 0; round < values.rounds; round++) {
  if (round > 0) {
    snap = buildSnapshot(records);
    for (const q of queries.slice(0, 20)) answerSearch(snap, asked(q.params, {}));
  }
  for (const [name, base] of pageKinds) {
    const ms = fastest.get(name) ?? [];
    const [min, max] = priceRange(name, base);
    for (let i = 0; i < PAGES; i++) {
      const q = new URLSearchParams({ ...base, ...categoryPageParams(i, min, max) });
      const parsed = parseSearchParams(q, SEARCH_DEFAULTS.product_page_size * 10);
      if (!parsed.ok) throw new Error(`unparsable category page ${q}`);
      ms[i] = Math.min(ms[i] ?? Number.POSITIVE_INFINITY, time(parsed.params));
      takeSteps(name, parsed.params);
    }
    fastest.set(name, ms);
  }
}
for (const [name, ms] of fastest)
  console.log(
    `category pages, ${name}${values.rounds > 1 ? `, each page's fastest of ${values.rounds}` : ""}: p50/p99/max ${percentile(ms, 50).toFixed(3)}/${percentile(ms, 99).toFixed(3)}/${Math.max(...ms).toFixed(3)}`,
  );
for (const [name, ms] of stepMs)
  console.log(
    `  the steps of its listing's later asks, ${name}: ${ms.map((m) => m.toFixed(3)).join(" ")} ms`,
  );
