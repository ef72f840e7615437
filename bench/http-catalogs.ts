// Both catalogs over HTTP in one server (issue 21): per class, the server's p50 and p99 on the
// feed catalog against the project's, their new queries asked in alternating order so that both
// see the machine's noise alike. The HTTP side of bench/engine-catalogs.ts, and the same queries
// as bench/new-queries.ts, whose runs of each catalog in turn moved the ratio by a third from
// one pair of runs to the next (BENCHMARKS.md, issue 21).
//   bun bench/http-catalogs.ts [--products 100000] [--per-class 300] [--seed 1] [--feed-first]
//     [--same project|feed]
// One server as new-queries.ts starts it, one domain per catalog, each imported over HTTP and
// searchable; the repeating mix of both warms the server up (concurrency 8, 3 s); then query i
// of a class is asked of one domain and of the other, in turn first, each once at concurrency 1.
// Prints per class the p50 and p99 of the server's own time (Server-Timing `search;dur`) on
// each catalog and feed/project. `--same NAME` imports NAME's catalog into both stores and asks
// both the same queries: the ratios then show what the method's noise alone gives.

import { CATALOG_NAMES, type CatalogName, catalogSource } from "../test/fixtures/catalogs/index.ts";
import { generateQueryMix, type MixQuery } from "../test/fixtures/query-mix.ts";
import { createDomain, startService, type Tokens, tempDir } from "../test/http/harness.ts";
import { untilSearchable } from "./new-queries.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { runLoad, timedGet } from "./suite/load.ts";
import { percentile } from "./suite/report.ts";
import { benchServeArgs, importCatalog } from "./suite/serve.ts";
import { NEW_QUERY_CLASSES, newQueryClasses } from "./workloads/new-query-classes.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/http-catalogs.ts",
    about:
      "Both catalogs over HTTP in one server: per class the server's p50 and p99 on each, asked in turn.",
    flags: {
      products: flag.int(100_000, "products of each catalog"),
      perClass: flag.int(300, "queries of each class"),
      seed: flag.int(1, "catalog and query seed", { min: 0 }),
      feedFirst: flag.on("import the feed catalog first"),
      same: flag.oneOf(CATALOG_NAMES, null, "import this catalog twice instead of one of each"),
    },
  }),
);
const products = values.products;
const perClass = values.perClass;
const seed = values.seed;
const NAMES: readonly CatalogName[] = ["project", "feed"];
// Imported in this order (--feed-first: the feed's first), asked in turn either way.
const IMPORTS = values.feedFirst ? [...NAMES].reverse() : NAMES;
const same = values.same;

using dir = tempDir("vitrina-http-catalogs-");
await using service = await startService({ dataDir: dir, args: benchServeArgs(null) });
interface Side {
  readonly tokens: Tokens;
  readonly classes: readonly (MixQuery & { class: string })[];
  readonly repeating: readonly MixQuery[];
}
const url = (tokens: Tokens, q: MixQuery) =>
  `${service.url}/api/v2/search/?${new URLSearchParams({ ...q.params, token: tokens.search_token, demo: "true" })}`;

const byName = new Map<CatalogName, Side>();
for (const name of IMPORTS) {
  const source = catalogSource(same ?? name);
  const tokens = await createDomain(service, `catalog-${name}`);
  const started = performance.now();
  await importCatalog(service.url, tokens.secret_token, { seed, products, catalog: source });
  await untilSearchable(service.url, tokens.search_token, { seed, products, source });
  console.error(
    `${name}: ${products} products searchable after ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const catalog = source.catalog(seed, products);
  byName.set(name, {
    tokens,
    classes: newQueryClasses(catalog, { seed, perClass }),
    repeating: generateQueryMix(catalog, { seed, count: 5000 }),
  });
}
const [project, feed] = NAMES.map((name) => byName.get(name) as Side) as [Side, Side];

const warm = project.repeating.flatMap((q, i) => {
  const other = feed.repeating[i];
  return other ? [url(project.tokens, q), url(feed.tokens, other)] : [url(project.tokens, q)];
});
await runLoad({ urls: warm, concurrency: 8, seconds: 3 });

/** The server's own time for `q`; NaN when it answered no time (a failure). */
async function serverMs(tokens: Tokens, q: MixQuery): Promise<number> {
  const r = await timedGet(url(tokens, q));
  return r.status === 200 && r.serverMs !== null ? r.serverMs : Number.NaN;
}

const f = (x: number) => x.toFixed(3).padStart(9);
if (same !== null)
  console.log(`both stores hold the ${same} catalog: "project" and "feed" name the two stores`);
console.log(
  "class             project p50  feed p50  feed/project  project p99  feed p99  feed/project",
);
let turn = 0;
for (const name of NEW_QUERY_CLASSES) {
  const mine = project.classes.filter((q) => q.class === name);
  const theirs = feed.classes.filter((q) => q.class === name);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < Math.min(mine.length, theirs.length); i++) {
    const order = turn++ % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) {
      const side = k === 0 ? project : feed;
      const ms = await serverMs(side.tokens, (k === 0 ? mine : theirs)[i] as MixQuery);
      if (!Number.isNaN(ms)) times[k]?.push(ms);
    }
  }
  const [p50a, p50b] = [percentile(times[0], 50), percentile(times[1], 50)];
  const [p99a, p99b] = [percentile(times[0], 99), percentile(times[1], 99)];
  console.log(
    `${name.padEnd(16)}${f(p50a)}    ${f(p50b)}  ${(p50b / p50a).toFixed(2).padStart(12)}  ` +
      `${f(p99a)}    ${f(p99b)}  ${(p99b / p99a).toFixed(2).padStart(12)}`,
  );
}
