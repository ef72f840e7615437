// The benchmark of new queries (issue 14): what a store's widget sends on nearly every
// keystroke, each URL asked once so that the answer cache (left on) never serves one. On a
// fresh data dir it starts the server, imports the generated catalog over HTTP, then measures
// per class at concurrency 1 (the server's Server-Timing and the client's round trip), the
// first queries after an import and after a start, and queries/s with wrk for the new-query
// mix (1 and 32 connections) and the repeating one (32); the tables go into BENCHMARKS.md.
// With the listing page's classes (issue 32): each query also sorted and grouped, and category
// pages (workloads/listing.ts).
//   bun bench/new-queries.ts [--products N] [--per-class N] [--seconds S] [--seed N]
//     [--catalog project|feed] [--search-threads N] [--wrk-cpus LIST] [--accept-encoding CODINGS] [--wrk-only | --no-wrk]
//     [--no-listing] [--redis] [--out FILE | --no-write]
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../src/config.ts";
import {
  CATALOG_NAMES,
  type CatalogName,
  type CatalogSource,
  catalogSource,
} from "../test/fixtures/catalogs/index.ts";
import { generateQueryMix, type MixQuery } from "../test/fixtures/query-mix.ts";
import {
  createDomain,
  PRODUCTS,
  ROOT,
  type Service,
  startService,
  tempDir,
} from "../test/http/harness.ts";
import { startRedis } from "../test/redis/redis-server.ts";
import { commandOf, commandSpec, flag, parserOf, runAsMain } from "./suite/flags.ts";
import { runLoad, timedGet } from "./suite/load.ts";
import { machine, percentile, writeSection } from "./suite/report.ts";
import { benchServeArgs, importCatalog, postJson, priceUpdates } from "./suite/serve.ts";
import {
  askCategoryPages,
  type CategoryPages,
  formOrder,
  inForm,
  type ListingTimes,
  listingTable,
  listingTimes,
  recordForm,
} from "./workloads/listing.ts";
import { NEW_QUERY_CLASSES, newQueryClasses, newQueryMix } from "./workloads/new-query-classes.ts";
import { ensureWrk, runWrk, type WrkResult } from "./workloads/wrk.ts";

export interface NewQueriesOptions {
  products: number;
  perClass: number;
  /** Seconds of each wrk run. */
  seconds: number;
  seed: number;
  /** The catalog imported and queried: the project's generator or the feed catalog. */
  catalog: CatalogName;
  /** Passed to `serve` when given; else serve's default. */
  searchThreads: number | null;
  /** `taskset -c` list that wrk is pinned to, or null. */
  wrkCpus: string | null;
  /** The Accept-Encoding wrk sends (a browser's: "gzip, deflate, br, zstd"), or null for none. */
  acceptEncoding: string | null;
  /** Only the wrk runs: no per-class, after-import or after-start queries (no table written). */
  wrkOnly: boolean;
  /** The wrk runs are left out (a quicker run for the latencies at concurrency 1). */
  noWrk: boolean;
  /** The listing page's classes are left out: each query asked plain only, no category pages. */
  noListing: boolean;
  /** Redis mode on a private redis-server. */
  redis: boolean;
  /** Markdown file to write the tables into (a section of its own), or null for stdout only. */
  out: string | null;
  log: (line: string) => void;
}

/** Latencies of queries asked one at a time, in milliseconds. */
export interface Timings {
  name: string;
  server: number[];
  client: number[];
  failed: number;
  /** The query of the longest server time. */
  slowest: { q: string; ms: number } | null;
}

export interface NewQueriesResult {
  /** From the first batch sent to the last product found. */
  importSeconds: number;
  classes: Timings[];
  afterImport: Timings;
  firstAfterStart: Timings;
  afterStart: Timings;
  /** Null with --no-wrk. */
  wrk: { newMixOne: WrkRun; newMix: WrkRun; repeating: WrkRun } | null;
  /** The sorted and grouped forms of the classes, and the category pages; null with --no-listing. */
  listing: { times: ListingTimes; pages: CategoryPages } | null;
  table: string;
}

type WrkRun = WrkResult & { urls: number };

const CONNECTIONS = 32;
const STARTS = 3;
const PER_START = 10;
const IMPORTS = 5;
const PER_IMPORT = 20;
/** Distinct URLs of the wrk runs: more than the fastest server we hope for can ask. */
const wrkUrls = (seconds: number, connections: number) =>
  connections === 1 ? seconds * 5000 : Math.max(100_000, seconds * 15_000);

const timings = (name: string): Timings => ({
  name,
  server: [],
  client: [],
  failed: 0,
  slowest: null,
});

type Answer = Awaited<ReturnType<typeof timedGet>>;

function record(into: Timings, q: MixQuery, r: Answer): void {
  if (r.status !== 200 || r.serverMs === null) into.failed++;
  into.client.push(r.ms);
  if (r.serverMs === null) return;
  into.server.push(r.serverMs);
  if (r.serverMs > (into.slowest?.ms ?? -1)) into.slowest = { q: q.params.q ?? "", ms: r.serverMs };
}

/** Asks each query once, one after the other, into each of `into`. */
async function askEach(
  qs: readonly MixQuery[],
  url: (q: MixQuery) => string,
  ...into: Timings[]
): Promise<void> {
  for (const q of qs) {
    const r = await timedGet(url(q));
    for (const t of into) record(t, q, r);
  }
}

/**
 * Until the catalog's last product is found by its code: the import's last batches are then
 * in the index (the searches before are not measured).
 */
export async function untilSearchable(
  base: string,
  token: string,
  o: { seed: number; products: number; source: CatalogSource },
) {
  const last = o.source.products(o.seed, 1, o.products - 1).next().value;
  if (!last) return;
  // Unavailable products too: the last one may be out of stock.
  const params = {
    q: last.code,
    group_by_category: "false",
    show_filters: "false",
    show_unavailable: "true",
    demo: "true",
  };
  const url = `${base}/api/v2/search/?${new URLSearchParams({ ...params, token })}`;
  const deadline = performance.now() + 120_000;
  while (!(await (await fetch(url)).text()).includes(`"source_id":"${last.source_id}"`)) {
    if (performance.now() > deadline) throw new Error(`${last.code} not searchable after 120 s`);
    await Bun.sleep(50);
  }
}

export async function runNewQueries(o: NewQueriesOptions): Promise<NewQueriesResult> {
  const phase = (name: string, detail = "") =>
    o.log(`[new-queries] ${name}${detail ? `: ${detail}` : ""}`);
  const loadBefore = loadavg();
  if (!o.noWrk) await ensureWrk((line) => phase(line));
  using dir = tempDir("vitrina-new-queries-");
  if (o.redis) mkdirSync(join(dir, "redis"));
  await using redis = o.redis ? await startRedis({ dir: join(dir, "redis") }) : null;
  const args = [
    ...benchServeArgs(redis?.url ?? null),
    ...(o.searchThreads === null ? [] : ["--search-threads", String(o.searchThreads)]),
  ];
  const source = catalogSource(o.catalog);
  phase("start", `${redis ? "Redis" : "embedded"} mode, serve ${args.join(" ")}`);
  let service: Service = await startService({ dataDir: dir, args });
  try {
    const domain = await createDomain(service, `new-queries-${Date.now()}`);
    phase("import", `${o.products} products of the ${o.catalog} catalog`);
    const importStart = performance.now();
    await importCatalog(service.url, domain.secret_token, {
      seed: o.seed,
      products: o.products,
      catalog: source,
    });
    await untilSearchable(service.url, domain.search_token, { ...o, source });
    const importSeconds = (performance.now() - importStart) / 1000;
    phase("import", `searchable after ${importSeconds.toFixed(1)} s`);

    phase("queries", "drawing the classes and the wrk lists from the catalog");
    const catalog = source.catalog(o.seed, o.products);
    const classes = newQueryClasses(catalog, { seed: o.seed, perClass: o.perClass });
    const probes = STARTS * PER_START + IMPORTS * PER_IMPORT;
    const [one, many] = o.noWrk ? [0, 0] : [wrkUrls(o.seconds, 1), wrkUrls(o.seconds, CONNECTIONS)];
    const mix = newQueryMix(catalog, { seed: o.seed, count: probes + one + many, avoid: classes });
    const probeQueries = mix.slice(0, probes);
    const [wrkOne, wrkMany] = [mix.slice(probes, probes + one), mix.slice(probes + one)];
    const repeating = generateQueryMix(catalog, { seed: o.seed, count: 5000 });
    const pathOf = (params: Record<string, string>) =>
      `/api/v2/search/?${new URLSearchParams({ ...params, token: domain.search_token, demo: "true" })}`;
    const path = (q: MixQuery) => pathOf(q.params);
    const url = (q: MixQuery) => service.url + path(q);
    let nextProbe = 0;
    const takeProbes = (n: number) => {
      nextProbe += n;
      return probeQueries.slice(nextProbe - n, nextProbe);
    };

    // Warm the server's code with queries of the repeating mix, none of them new ones.
    const warm = Math.min(3, o.seconds);
    phase("warm-up", `repeating mix, concurrency 8, ${warm} s`);
    await runLoad({ urls: repeating.map(url), concurrency: 8, seconds: warm });
    const listing = !o.wrkOnly && !o.noListing;
    if (listing) {
      // And the sorted and grouped paths, on queries of the mix that are no class's: their first
      // runs in the JIT are not the figures of a running server.
      phase("warm-up", "the listing forms, 100 queries");
      for (const [k, q] of repeating.slice(0, 100).entries())
        await timedGet(service.url + pathOf(inForm(q, k % 2 === 0 ? "sorted" : "grouped", k)));
    }

    const perClass: Timings[] = [];
    const times = listingTimes();
    const order = formOrder(o.seed);
    let asked = 0;
    for (const name of o.wrkOnly ? [] : NEW_QUERY_CLASSES) {
      const qs = classes.filter((q) => q.class === name);
      phase(
        "class",
        `${name}, ${qs.length} queries at concurrency 1${listing ? ", each plain, sorted and grouped" : ""}`,
      );
      const t = timings(name);
      if (!listing) await askEach(qs, url, t);
      else
        for (const q of qs) {
          const k = asked++;
          for (const form of order()) {
            const r = await timedGet(service.url + pathOf(inForm(q, form, k)));
            if (form === "plain") record(t, q, r);
            else recordForm(times, form, q, r);
          }
        }
      perClass.push(t);
    }
    let pages: CategoryPages | null = null;
    if (listing) {
      phase("category pages", "the largest category and the whole store");
      pages = await askCategoryPages((params) => service.url + pathOf(params));
    }

    phase(
      "after imports",
      `${IMPORTS} batches of 1,000 price updates, ${PER_IMPORT} new queries after each`,
    );
    const afterImport = timings(`${PER_IMPORT} queries after each of ${IMPORTS} imports`);
    for (let n = 0; n < (o.wrkOnly ? 0 : IMPORTS); n++) {
      const status = await postJson(
        service.url + PRODUCTS,
        domain.secret_token,
        priceUpdates(o.seed, o.products, n, source),
      );
      if (status !== 200 && status !== 201) throw new Error(`update batch answered ${status}`);
      await askEach(takeProbes(PER_IMPORT), url, afterImport);
    }

    const wrk = async (name: string, qs: readonly MixQuery[], connections: number) => {
      phase("wrk", `${name}: ${qs.length} URLs, ${connections} connections, ${o.seconds} s`);
      const r = await runWrk({
        base: service.url,
        paths: qs.map(path),
        file: join(dir, `${name}.txt`),
        seconds: o.seconds,
        connections,
        cpus: o.wrkCpus,
        acceptEncoding: o.acceptEncoding,
      });
      phase("wrk", `${name}: ${Math.round(r.perSecond)} queries/s`);
      return { ...r, urls: qs.length };
    };
    const wrkRuns = o.noWrk
      ? null
      : {
          newMixOne: await wrk("new-1", wrkOne, 1),
          newMix: await wrk("new", wrkMany, CONNECTIONS),
          repeating: await wrk("repeating", repeating, CONNECTIONS),
        };

    phase("restarts", `${STARTS} starts on the same data, ${PER_START} new queries after each`);
    const firstAfterStart = timings(`first query after a start (${STARTS} starts)`);
    const afterStart = timings(`${PER_START} queries after each of ${STARTS} starts`);
    for (let n = 0; n < (o.wrkOnly ? 0 : STARTS); n++) {
      await service.stop();
      service = await startService({ dataDir: dir, args });
      const [first, ...rest] = takeProbes(PER_START);
      await askEach(first ? [first] : [], url, firstAfterStart, afterStart);
      await askEach(rest, url, afterStart);
    }

    const loadAfter = loadavg();
    const result = {
      importSeconds,
      classes: perClass,
      afterImport,
      firstAfterStart,
      afterStart,
      wrk: wrkRuns,
      listing: pages === null ? null : { times, pages },
    };
    const table = report(result, o, [loadBefore, loadAfter], redis !== null);
    o.log(table);
    if (o.out && !o.wrkOnly)
      writeSection(
        o.out,
        `new-queries-${redis ? "Redis" : "embedded"}-${o.products}${o.catalog === "feed" ? "-feed" : ""}`,
        table,
      );
    return { ...result, table };
  } finally {
    await service[Symbol.asyncDispose]();
  }
}

const TARGET = { p50: 0.2, p99: 1.5, max: 5 };
const NEW_PER_SECOND = 5000;
const REPEATING_PER_SECOND = 10_000;

const ok = (met: boolean) => (met ? "met" : "**not met**");
const f = (ms: number, digits = 3) => ms.toFixed(digits);
const int = (n: number) => Math.round(n).toLocaleString("en");

function timingRow(t: Timings): string {
  const p = (values: number[], q: number) => percentile(values, q);
  const max = Math.max(0, ...t.server);
  const [p50, p99] = [p(t.server, 50), p(t.server, 99)];
  const met = t.failed === 0 && p50 <= TARGET.p50 && p99 <= TARGET.p99 && max <= TARGET.max;
  const slowest = t.slowest ? `\`${t.slowest.q}\` (${f(t.slowest.ms, 1)})` : "";
  return `| ${t.name} | ${t.client.length} | ${f(p50)} | ${f(p99)} | ${f(max)} | ${f(p(t.client, 50))} | ${f(p(t.client, 99))} | ${t.failed} | ${ok(met)} | ${slowest} |`;
}

function wrkRow(
  name: string,
  connections: number,
  r: WrkResult & { urls: number },
  target: number | null,
): string {
  const met = r.perSecond >= (target ?? 0) && r.non2xx === 0 && r.socketErrors === 0;
  const goal = target === null ? "| | |" : `| ≥ ${int(target)}/s, 0 errors | ${ok(met)} |`;
  return `| ${name} | ${connections} | ${int(r.urls)} | ${int(r.perSecond)} | ${f(r.p50Ms, 2)} | ${f(r.p99Ms, 2)} | ${f(r.maxMs, 1)} | ${r.non2xx} | ${r.socketErrors} | ${int(r.repeated)} ${goal}`;
}

export function commandLine(o: Omit<NewQueriesOptions, "log" | "out">): string {
  return [
    "bun bench/new-queries.ts",
    `--products ${o.products} --per-class ${o.perClass} --seconds ${o.seconds} --seed ${o.seed}`,
    ...(o.catalog === "project" ? [] : [`--catalog ${o.catalog}`]),
    ...(o.searchThreads === null ? [] : [`--search-threads ${o.searchThreads}`]),
    ...(o.wrkCpus === null ? [] : [`--wrk-cpus ${o.wrkCpus}`]),
    ...(o.acceptEncoding === null ? [] : [`--accept-encoding '${o.acceptEncoding}'`]),
    ...(o.wrkOnly ? ["--wrk-only"] : []),
    ...(o.noWrk ? ["--no-wrk"] : []),
    ...(o.noListing ? ["--no-listing"] : []),
    ...(o.redis ? ["--redis"] : []),
  ].join(" ");
}

function classTable(r: Omit<NewQueriesResult, "table">): string {
  return `Each URL asked once at concurrency 1, in ms: the server's own time (\`Server-Timing\`) and the
client's round trip. Target in every row: server p50 ≤ ${TARGET.p50}, p99 ≤ ${TARGET.p99}, max ≤ ${TARGET.max} ms, no failure.

| class | queries | server p50 | server p99 | server max | client p50 | client p99 | failed | target | slowest query (server ms) |
|---|---:|---:|---:|---:|---:|---:|---:|---|---|
${[...r.classes, r.afterImport, r.firstAfterStart, r.afterStart].map(timingRow).join("\n")}

`;
}

/** The listing table, its plain figures the class table's own. */
function listingOf(r: Omit<NewQueriesResult, "table">): string {
  if (r.listing === null) return "";
  const plain = new Map(r.classes.map((t) => [t.name, t.server]));
  return listingTable(plain, r.listing.times, r.listing.pages, TARGET);
}

function report(
  r: Omit<NewQueriesResult, "table">,
  o: NewQueriesOptions,
  [before, after]: number[][],
  redis: boolean,
): string {
  const load = (l: number[] | undefined) => (l ?? []).map((x) => x.toFixed(2)).join(" ");
  const of = o.catalog === "feed" ? " of the feed catalog (test/fixtures/catalogs/)" : "";
  return `### New queries, ${redis ? "Redis" : "embedded"} mode, ${o.products.toLocaleString("en")} products${of}

Command: \`${commandLine(o)}\`
on ${machine()}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average
(1, 5, 15 min) ${load(before)} before, ${load(after)} after. The import of the catalog over HTTP
was searchable (its last product found) after ${r.importSeconds.toFixed(1)} s.

${o.wrkOnly ? "" : classTable(r)}${r.listing ? `${listingOf(r)}\n` : ""}${r.wrk ? wrkTable(r.wrk, o) : ""}`;
}

function wrkTable(r: NonNullable<NewQueriesResult["wrk"]>, o: NewQueriesOptions): string {
  return `wrk, ${o.seconds} s a run${o.wrkCpus ? `, pinned to CPUs ${o.wrkCpus}` : ""}${o.acceptEncoding ? `, \`Accept-Encoding: ${o.acceptEncoding}\`` : ""}, latency in ms: the new queries are asked once
each (again only when the list ran out), the repeating mix goes round its list.

| mix | connections | distinct URLs | queries/s | p50 | p99 | max | non-2xx | socket errors | URLs asked again | target | |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|
${wrkRow("new queries, every class in turn", 1, r.newMixOne, null)}
${wrkRow("new queries, every class in turn", CONNECTIONS, r.newMix, NEW_PER_SECOND)}
${wrkRow("repeating mix (test/fixtures/query-mix.ts)", CONNECTIONS, r.repeating, REPEATING_PER_SECOND)}
`;
}

const NEW_QUERIES = commandSpec({
  command: "bun bench/new-queries.ts",
  about: `The benchmark of new queries (issue 14): imports a generated catalog into a fresh server, asks
each query of every class once at concurrency 1 (and once sorted and once grouped, then category
pages: the listing page of issue 32), the first queries after an import and after a start, and
queries/s with wrk (installed with apt-get where missing) for the new-query mix (1 and 32
connections) and the repeating one (32); writes a section of BENCHMARKS.md (not with --no-write).`,
  flags: {
    products: flag.int(100_000, "products to import"),
    perClass: flag.int(300, "queries of each class at concurrency 1"),
    seconds: flag.int(10, "seconds of each wrk run", { value: "S" }),
    seed: flag.int(1, "catalog and query seed", { min: 0 }),
    catalog: flag.oneOf(
      CATALOG_NAMES,
      "project",
      "project (src/sample-catalog) or feed (test/fixtures/catalogs/feed-catalog.ts:\na catalog made differently, as Ukrainian shop feeds are)",
    ),
    searchThreads: flag.int(null, "passed to serve (default: serve's own)"),
    wrkCpus: flag.text(
      null,
      "pin wrk with taskset -c LIST, one wrk thread per CPU (e.g. 1 or 0,1)",
      "LIST",
    ),
    acceptEncoding: flag.text(
      null,
      "the Accept-Encoding of wrk's requests (default none; a browser's widget\nsends \"gzip, deflate, br, zstd\")",
      "CODINGS",
    ),
    wrkOnly: flag.on(
      "the wrk runs only (no per-class, after-import or after-start queries);\nprints the wrk table, writes nothing",
    ),
    noWrk: flag.on("leave the wrk runs out (the latencies at concurrency 1 only)"),
    noListing: flag.on("ask each query plain only: no sorted or grouped forms, no category pages"),
    redis: flag.on("Redis mode on a private redis-server"),
    out: flag.text(null, "the Markdown file to write (default BENCHMARKS.md)", "FILE"),
    noWrite: flag.on("print the tables only"),
  },
  exclusive: [
    ["wrkOnly", "noWrk"],
    ["out", "noWrite"],
  ],
});

/** Checks the flags; a wrong one ends with the usage (exit 2) before anything starts. */
export const parseNewQueriesArgs = parserOf(
  NEW_QUERIES,
  ({ noWrite, out, ...f }): Omit<NewQueriesOptions, "log"> => {
    if (f.wrkCpus !== null && !/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(f.wrkCpus))
      throw new ConfigError(
        `--wrk-cpus takes a CPU list such as 1 or 0,1 or 0-1, not ${f.wrkCpus}`,
      );
    return { ...f, out: noWrite ? null : (out ?? join(ROOT, "BENCHMARKS.md")) };
  },
);

export const newQueriesCommand = commandOf(NEW_QUERIES, parseNewQueriesArgs, runNewQueries);

if (import.meta.main) runAsMain(newQueriesCommand);
