// Both catalogs in one process (issue 21): per class, the engine's p50 on the feed catalog
// against the project's, their queries asked in alternating order so that both see the
// machine's noise alike.
//   bun bench/engine-catalogs.ts [--products 100000] [--per-class 200] [--rounds 3]
// Each catalog is built and warmed up on its traffic mix as bench/engine-new-queries.ts does;
// then each round asks every query of each class of bench/workloads/new-query-classes.ts once of each
// catalog, in turn, and prints per class p50 project / p50 feed = the ratio. The first round
// is the new-query figure; later rounds ask the same queries again, their word expansions
// memoised: they show what is left once expansion costs nothing (matching, collecting).

import { answerSearch } from "../src/http/search/search-answer.ts";
import type { Language } from "../src/model/records.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../src/model/search.ts";
import { buildSnapshot, type Snapshot } from "../src/search/engine.ts";
import { catalogSource } from "../test/fixtures/catalogs/index.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { toRecords } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { newQueryClasses } from "./workloads/new-query-classes.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/engine-catalogs.ts",
    about:
      "Both catalogs in one process: per class the engine's p50 on the feed catalog against the project's.",
    flags: {
      products: flag.int(100_000, "products of each catalog"),
      perClass: flag.int(200, "queries of each class"),
      rounds: flag.int(3, "rounds of every query; the first is the new-query figure"),
    },
  }),
);
const PRODUCTS = values.products;
const PER_CLASS = values.perClass;

const asked = (p: Record<string, string>): SearchParams => ({
  ...SEARCH_DEFAULTS,
  q: p.q ?? "",
  language: (p.language ?? "uk") as Language,
});

interface Side {
  readonly snap: Snapshot;
  readonly classes: Map<string, SearchParams[]>;
}

function side(name: "project" | "feed"): Side {
  const catalog = catalogSource(name).catalog(1, PRODUCTS);
  const classes = new Map<string, SearchParams[]>();
  for (const m of newQueryClasses(catalog, { seed: 1, perClass: PER_CLASS })) {
    const list = classes.get(m.class) ?? [];
    list.push(asked(m.params));
    classes.set(m.class, list);
  }
  const snap = buildSnapshot(toRecords(catalog));
  for (const m of generateQueryMix(catalog, { seed: 2, count: 2000 }))
    answerSearch(snap, asked(m.params));
  return { snap, classes };
}

const project = side("project");
const feed = side("feed");
const p50 = (times: number[]) => times.sort((a, b) => a - b)[times.length >> 1] ?? 0;
const timed = (snap: Snapshot, params: SearchParams, into: number[]) => {
  const start = Bun.nanoseconds();
  answerSearch(snap, params);
  into.push((Bun.nanoseconds() - start) / 1e6);
};

console.log("round  class              project p50 ms  feed p50 ms  feed/project");
for (let round = 1; round <= values.rounds; round++) {
  for (const [name, ofProject] of project.classes) {
    const ofFeed = feed.classes.get(name) ?? [];
    const tp: number[] = [];
    const tf: number[] = [];
    for (let i = 0; i < Math.max(ofProject.length, ofFeed.length); i++) {
      const p = ofProject[i];
      const f = ofFeed[i];
      if (p !== undefined) timed(project.snap, p, tp);
      if (f !== undefined) timed(feed.snap, f, tf);
    }
    const a = p50(tp);
    const b = p50(tf);
    console.log(
      `${String(round).padStart(5)}  ${name.padEnd(18)} ${a.toFixed(3).padStart(14)} ` +
        `${b.toFixed(3).padStart(12)} ${(b / a).toFixed(2).padStart(13)}`,
    );
  }
}
