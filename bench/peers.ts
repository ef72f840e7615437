// The peers' benchmark (issue 36, point 4): Vitrina beside the engines Ukrainian stores run
// today, Sphinx 2.2 (Debian's `sphinxsearch`, a real-time index) and PostgreSQL (tsvector, GIN,
// pg_trgm), in one run on one generated catalog. Each engine in turn, alone on the machine's
// cores: a fresh import from one client in 1,000-item batches (products acknowledged per second,
// then how soon the last one is found), then the new-query classes (bench/workloads/new-query-classes.ts)
// asked once each at concurrency 1, the client's round trip per class, and whether the first ten
// answers hold the product a query was drawn from. The table goes into BENCHMARKS-LOG.md.
//   bun bench/peers.ts [--products N] [--per-class N] [--seed N] [--catalog project|feed]
//     [--postgres-url URL] [--out FILE | --no-write]
import { loadavg } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../src/config.ts";
import type { Catalog, ProductItem } from "../src/sample-catalog/types.ts";
import {
  CATALOG_NAMES,
  type CatalogName,
  type CatalogSource,
  catalogSource,
} from "../test/fixtures/catalogs/index.ts";
import { generateQueryMix, type MixQuery } from "../test/fixtures/query-mix.ts";
import { ROOT } from "../test/http/harness.ts";
import type { Engine } from "./peers/engine.ts";
import { DEFAULT_POSTGRES_URL, postgresVersion, startPostgres } from "./peers/postgres.ts";
import { type ClassFigures, type EngineFigures, peersTable } from "./peers/report.ts";
import { SPHINX_MISSING, sphinxInstalled, sphinxVersion, startSphinx } from "./peers/sphinx.ts";
import { startVitrina } from "./peers/vitrina.ts";
import { commandOf, commandSpec, flag, parserOf, runAsMain } from "./suite/flags.ts";
import { machine, writeSection } from "./suite/report.ts";
import { NEW_QUERY_CLASSES, newQueryClasses, productOf } from "./workloads/new-query-classes.ts";

export interface PeersOptions {
  products: number;
  perClass: number;
  seed: number;
  catalog: CatalogName;
  postgresUrl: string;
  /** The Markdown file a dated section is appended to, or null for stdout only. */
  out: string | null;
  log: (line: string) => void;
}

/** Queries of the repeating mix asked of each engine before the classes: no first run is measured. */
const WARM_UP = 200;
const SEARCHABLE_TIMEOUT_MS = 60_000;

/** The in-memory catalog as a source, so that Vitrina's import does not generate it again. */
const sourceOf = (source: CatalogSource, catalog: Catalog): CatalogSource => ({
  ...source,
  *products(_seed, count, start = 0) {
    yield* catalog.products.slice(start, start + count);
  },
});

async function untilFound(engine: Engine, last: ProductItem): Promise<number | null> {
  const since = performance.now();
  while (performance.now() - since < SEARCHABLE_TIMEOUT_MS)
    if ((await engine.search({ q: last.code })).ids.includes(last.source_id))
      return performance.now() - since;
  return null;
}

async function measure(
  engine: Engine,
  o: { catalog: Catalog; classes: readonly MixQuery[]; warmUp: readonly MixQuery[] },
  phase: (line: string) => void,
): Promise<EngineFigures> {
  const products = o.catalog.products.length;
  phase(`${engine.name}: import of ${products} products, 1 client × 1,000`);
  const start = performance.now();
  await engine.importAll();
  const importPerSecond = products / ((performance.now() - start) / 1000);
  const last = o.catalog.products[products - 1] as ProductItem;
  const lastSearchableMs = await untilFound(engine, last);
  phase(
    `${engine.name}: ${Math.round(importPerSecond)} products/s, last found after ${lastSearchableMs?.toFixed(1) ?? "never"} ms`,
  );
  for (const q of o.warmUp) await engine.search(q.params);
  const classes: ClassFigures[] = [];
  for (const name of NEW_QUERY_CLASSES) {
    const figures: ClassFigures = { name, ms: [], serverMs: [], answered: 0, drawn: 0, found: 0 };
    for (const q of o.classes.filter((x) => x.class === name)) {
      const t = performance.now();
      const { ids, serverMs } = await engine.search(q.params);
      figures.ms.push(performance.now() - t);
      if (serverMs !== null) figures.serverMs.push(serverMs);
      if (ids.length) figures.answered++;
      const from = productOf(q);
      if (from === null) continue;
      figures.drawn++;
      if (ids.includes(from)) figures.found++;
    }
    classes.push(figures);
  }
  phase(`${engine.name}: ${o.classes.length} queries asked`);
  return { name: engine.name, importPerSecond, lastSearchableMs, classes };
}

export async function runPeers(o: PeersOptions): Promise<EngineFigures[]> {
  const phase = (line: string) => o.log(`[peers] ${line}`);
  const loadBefore = loadavg();
  const source = catalogSource(o.catalog);
  phase(`generating ${o.products} products of the ${o.catalog} catalog and the queries`);
  const catalog = source.catalog(o.seed, o.products);
  const classes = newQueryClasses(catalog, { seed: o.seed, perClass: o.perClass });
  const warmUp = generateQueryMix(catalog, { seed: o.seed, count: WARM_UP });
  const postgres = await postgresVersion(o.postgresUrl, o.log);
  const starts: [string, () => Promise<Engine & { trigrams?: boolean }>][] = [
    [
      "Vitrina",
      () => startVitrina({ seed: o.seed, source: sourceOf(source, catalog), catalog }, o.log),
    ],
    ["Sphinx", () => startSphinx(catalog, o.log)],
    ...(postgres === null
      ? []
      : [
          ["PostgreSQL", () => startPostgres(o.postgresUrl, catalog, o.log)] as [
            string,
            () => Promise<Engine>,
          ],
        ]),
  ];
  const figures: EngineFigures[] = [];
  let trigrams = false;
  for (const [, start] of starts) {
    const engine = await start();
    try {
      trigrams ||= engine.trigrams === true;
      figures.push(await measure(engine, { catalog, classes, warmUp }, phase));
    } finally {
      await engine.close();
    }
  }
  const loadAfter = loadavg();
  const section = report(figures, o, {
    load: [loadBefore, loadAfter],
    sphinx: sphinxVersion(),
    postgres: postgres === null ? null : `${postgres}${trigrams ? ", pg_trgm" : ", no pg_trgm"}`,
    queries: classes.length,
  });
  o.log(section);
  if (o.out) {
    const stamp = new Date().toISOString().slice(0, 19);
    writeSection(o.out, `peers-${o.catalog}-${o.products}-${stamp}`, section);
  }
  return figures;
}

export function commandLine(o: Omit<PeersOptions, "log" | "out">): string {
  return [
    `bun bench/peers.ts --products ${o.products} --per-class ${o.perClass} --seed ${o.seed}`,
    ...(o.catalog === "project" ? [] : [`--catalog ${o.catalog}`]),
    ...(o.postgresUrl === DEFAULT_POSTGRES_URL ? [] : [`--postgres-url ${o.postgresUrl}`]),
  ].join(" ");
}

function report(
  figures: readonly EngineFigures[],
  o: PeersOptions,
  at: { load: number[][]; sphinx: string; postgres: string | null; queries: number },
): string {
  const load = (l: number[] | undefined) => (l ?? []).map((x) => x.toFixed(2)).join(" ");
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const of = o.catalog === "feed" ? "the feed catalog" : "the project's catalog";
  return `### Peers: ${figures.map((e) => e.name).join(", ")}, ${o.products.toLocaleString("en")} products of ${of}, ${when} UTC

Command: \`${commandLine(o)}\`
on ${machine()}; load average (1, 5, 15 min) ${load(at.load[0])} before, ${load(at.load[1])} after
(a shared machine: compare within the run). ${at.sphinx}: a real-time index, Russian and English
stemming, prefixes from 2 letters, the defaults otherwise (its binlog written at each INSERT,
synced once a second: a kill -9 loses nothing acknowledged, a power cut may, as with Vitrina's
SQLite at synchronous=NORMAL). ${at.postgres ?? "PostgreSQL: not reachable, left out"}${at.postgres ? ": a stored tsvector (the simple and the russian configurations: Debian's PostgreSQL has none for Ukrainian) under GIN, each 1,000-row INSERT its own transaction, synced at its commit" : ""}.
Each engine in turn on the same ${o.products.toLocaleString("en")} products, alone: a fresh import from one client in
1,000-item batches (Vitrina over HTTP, the peers over their own protocols), then ${WARM_UP} queries of the
repeating mix to warm it, then ${at.queries} new queries (bench/workloads/new-query-classes.ts), each asked once at
concurrency 1: the client's round trip in ms (Vitrina's includes HTTP, its filters and JSON; it
corrects typos, layouts and transliteration, the peers only match words, the last one as a
prefix, PostgreSQL with a trigram search of the name when they match nothing). "Answered": the
queries with at least one product (of no-product and code-absent, none should have). "Its
product in the first ten": of the queries drawn from a product, those whose first ten answers
(flat, out of stock too) hold it; a word typed or a prefix often fits hundreds of products as
well as the one it was drawn from (\`ноут\`), so the share is low for every engine and says
little past "answered" (bench/relevance.ts's judged sets measure Vitrina's relevance). Ratios
are Vitrina's figure ÷ the peer's: above 1 for products/s and shares is Vitrina ahead, below 1
for ms.

${peersTable(figures)}
`;
}

const PEERS = commandSpec({
  command: "bun bench/peers.ts",
  about: `Vitrina beside Sphinx 2.2 and PostgreSQL on one generated catalog (issue 36, point 4): each
engine's fresh import from one client in 1,000-item batches (products/s, then the last product
found), then the new-query classes asked once each at concurrency 1 (p50 and p99 per class,
and whether the first ten hold the product the query was drawn from). Appends a dated section
to BENCHMARKS-LOG.md (not with --no-write). Needs Debian's sphinxsearch
(apt-get update && apt-get install -y sphinxsearch); PostgreSQL is left out when unreachable.`,
  flags: {
    products: flag.int(100_000, "products of the catalog"),
    perClass: flag.int(100, "queries of each class"),
    seed: flag.int(1, "catalog and query seed", { min: 0 }),
    catalog: flag.oneOf(CATALOG_NAMES, "project", "the catalog (test/fixtures/catalogs/)"),
    postgresUrl: flag.text(
      DEFAULT_POSTGRES_URL,
      "the PostgreSQL database to make a table in; the table is dropped at the end",
      "URL",
    ),
    out: flag.text(null, "the Markdown file to append to (default BENCHMARKS-LOG.md)", "FILE"),
    noWrite: flag.on("print the table only"),
  },
  exclusive: [["out", "noWrite"]],
});

/** The flags as the run's options; refused (exit 2) where searchd is not installed. */
export const parsePeersArgs = parserOf(PEERS, (f): Omit<PeersOptions, "log"> => {
  if (!sphinxInstalled()) throw new ConfigError(SPHINX_MISSING);
  return {
    products: f.products,
    perClass: f.perClass,
    seed: f.seed,
    catalog: f.catalog,
    postgresUrl: f.postgresUrl,
    out: f.noWrite ? null : (f.out ?? join(ROOT, "BENCHMARKS-LOG.md")),
  };
});

export const peersCommand = commandOf(PEERS, parsePeersArgs, runPeers);

if (import.meta.main) runAsMain(peersCommand);
