// Two versions of the engine on the same new queries, in one process (issue 21):
//   bun bench/engine-versions.ts OTHER_CHECKOUT [--products 100000] [--per-class 300]
//     [--catalog project|feed]
// OTHER_CHECKOUT is another clone or worktree of Vitrina (main, say). Each version builds its
// own snapshot of the same generated catalog and is warmed up on the same traffic mix; then
// every query of bench/workloads/new-query-classes.ts is asked once of each, in alternating order, so
// that both see the machine's noise alike. Prints per class the p50 and p99 of each, the
// median of the per-query ratio this/other (the figure the noise spares most), and how many
// answers differ (total or products on the page). Each version is asked for the answer the
// route sends (before issue 22 the engine made it, with its own cache, turned off here; since,
// http/search/search-answer.ts makes it of the engine's result).

import type { Language } from "../src/model/records.ts";
import { SEARCH_DEFAULTS, type SearchParams, type SearchResponse } from "../src/model/search.ts";
import type { buildSnapshot, Snapshot } from "../src/search/engine.ts";
import { CATALOG_NAMES, catalogSource } from "../test/fixtures/catalogs/index.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { toRecords } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { newQueryClasses } from "./workloads/new-query-classes.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/engine-versions.ts",
    about:
      "Two versions of the engine (this one and another checkout's) on the same new queries, in one process.",
    args: ["OTHER_CHECKOUT"],
    flags: {
      products: flag.int(100_000, "products of the catalog"),
      perClass: flag.int(300, "queries of each class"),
      catalog: flag.oneOf(
        CATALOG_NAMES,
        "project",
        "the project's generator or the feed catalog (test/fixtures/catalogs/)",
      ),
    },
  }),
);
const other = values.args[0] as string;
const catalogName = values.catalog;

type Ask = (snap: Snapshot, params: SearchParams) => SearchResponse;
interface Version {
  buildSnapshot: typeof buildSnapshot;
  ask: Ask;
}
/** A checkout's engine and what makes its answers. */
async function version(root: string): Promise<Version> {
  const engine = await import(`${root}/src/search/engine.ts`);
  if (typeof engine.setResponseCacheSize === "function") {
    engine.setResponseCacheSize(0);
    return { buildSnapshot: engine.buildSnapshot, ask: engine.search };
  }
  const answers = await import(`${root}/src/http/search/search-answer.ts`);
  return { buildSnapshot: engine.buildSnapshot, ask: answers.answerSearch };
}

const catalog = catalogSource(catalogName).catalog(1, values.products);
const asked = (p: Record<string, string>): SearchParams => ({
  ...SEARCH_DEFAULTS,
  q: p.q ?? "",
  language: (p.language ?? "uk") as Language,
});
const classes = new Map<string, SearchParams[]>();
for (const m of newQueryClasses(catalog, { seed: 1, perClass: values.perClass })) {
  const list = classes.get(m.class) ?? [];
  list.push(asked(m.params));
  classes.set(m.class, list);
}
const records = toRecords(catalog);
const engines = [await version(`${import.meta.dir}/..`), await version(other)] as const;
const snaps = engines.map((e) => e.buildSnapshot(records));
for (const m of generateQueryMix(catalog, { seed: 2, count: 2000 })) {
  engines.forEach((e, i) => {
    e.ask(snaps[i] as Snapshot, asked(m.params));
  });
}

const pct = (xs: readonly number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
};
const shown = (r: SearchResponse) =>
  JSON.stringify([r.total, r.products.groups.map((g) => g.items.map((i) => i.id))]);
console.log("class            p50 other  p50 this  p99 other  p99 this  ratio  changed");
for (const [name, queries] of classes) {
  const times = [[], []] as [number[], number[]];
  let changed = 0;
  queries.forEach((params, q) => {
    const answers: SearchResponse[] = [];
    for (const i of q % 2 === 0 ? [1, 0] : [0, 1]) {
      const started = Bun.nanoseconds();
      answers[i] = (engines[i] as Version).ask(snaps[i] as Snapshot, params);
      times[i as 0 | 1].push((Bun.nanoseconds() - started) / 1e6);
    }
    if (shown(answers[0] as SearchResponse) !== shown(answers[1] as SearchResponse)) changed++;
  });
  const ratio = pct(
    times[0].map((t, q) => t / (times[1][q] as number)),
    50,
  );
  const f = (x: number) => x.toFixed(3).padStart(9);
  console.log(
    `${name.padEnd(16)} ${f(pct(times[1], 50))} ${f(pct(times[0], 50))} ${f(pct(times[1], 99))} ` +
      `${f(pct(times[0], 99))} ${ratio.toFixed(3).padStart(6)} ${String(changed).padStart(8)}`,
  );
}
