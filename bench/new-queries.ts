// The benchmark of new queries (issue 14): what a store's widget sends on nearly every
// keystroke, each URL asked once so that the answer cache (left on) never serves one. On a
// fresh data dir it starts the server, imports the generated catalog over HTTP, then measures
// per class at concurrency 1 (the server's Server-Timing and the client's round trip), the
// first queries after an import and after a start, and queries/s at 32 connections with wrk
// for the new-query mix and the repeating one; the tables go into BENCHMARKS.md.
//   bun bench/new-queries.ts [--products N] [--per-class N] [--seconds S] [--seed N]
//     [--search-threads N] [--wrk-cpus LIST] [--redis] [--out FILE | --no-write]
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { generateCatalog } from "../src/catalog/generate.ts";
import { ConfigError, parseArgs, unknownFlag } from "../src/config.ts";
import {
  createDomain,
  PRODUCTS,
  ROOT,
  type Service,
  startService,
  tempDir,
} from "../test/http/harness.ts";
import { startRedis } from "../test/redis/redis-server.ts";
import { NEW_QUERY_CLASSES, newQueryClasses, newQueryMix } from "./new-queries/classes.ts";
import type { MixQuery } from "./query-mix.ts";
import { generateQueryMix } from "./query-mix.ts";
import { runLoad, timedGet } from "./suite/load.ts";
import { machine, writeSection } from "./suite/report.ts";
import { benchServeArgs, importCatalog, percentile, postJson, priceUpdates } from "./suite/run.ts";
import { ensureWrk, runWrk, type WrkResult } from "./wrk.ts";

export interface NewQueriesOptions {
  products: number;
  perClass: number;
  /** Seconds of each wrk run. */
  seconds: number;
  seed: number;
  /** Passed to `serve` when given; else serve's default. */
  searchThreads: number | null;
  /** `taskset -c` list that wrk is pinned to, or null. */
  wrkCpus: string | null;
  /** Redis mode on a private redis-server. */
  redis: boolean;
  /** Markdown file to write the tables into (a section of its own), or null for stdout only. */
  out: string | null;
  log: (line: string) => void;
}

/** Latencies of queries asked one at a time, in milliseconds. */
export interface Timings {
  name: string;
  example: string;
  server: number[];
  client: number[];
  failed: number;
}

export interface NewQueriesResult {
  classes: Timings[];
  afterImport: Timings;
  firstAfterStart: Timings;
  afterStart: Timings;
  newMix: WrkResult & { urls: number };
  repeating: WrkResult & { urls: number };
  table: string;
}

const CONNECTIONS = 32;
const STARTS = 3;
const PER_START = 10;
const IMPORTS = 5;
const PER_IMPORT = 20;
/** Distinct URLs of the wrk run: more than the fastest server we hope for can ask. */
const wrkUrls = (seconds: number) => Math.max(100_000, seconds * 15_000);

/** Asks each query once, one after the other, into `into`. */
async function askEach(urls: readonly string[], into: Timings): Promise<void> {
  for (const url of urls) {
    const r = await timedGet(url);
    if (r.status !== 200 || r.serverMs === null) into.failed++;
    into.client.push(r.ms);
    if (r.serverMs !== null) into.server.push(r.serverMs);
  }
}

const timings = (name: string, example = ""): Timings => ({
  name,
  example,
  server: [],
  client: [],
  failed: 0,
});

export async function runNewQueries(o: NewQueriesOptions): Promise<NewQueriesResult> {
  const phase = (name: string, detail = "") =>
    o.log(`[new-queries] ${name}${detail ? `: ${detail}` : ""}`);
  const loadBefore = loadavg();
  await ensureWrk((line) => phase(line));
  using dir = tempDir("vitrina-new-queries-");
  if (o.redis) mkdirSync(join(dir, "redis"));
  await using redis = o.redis ? await startRedis({ dir: join(dir, "redis") }) : null;
  const args = [
    ...benchServeArgs(redis?.url ?? null),
    ...(o.searchThreads === null ? [] : ["--search-threads", String(o.searchThreads)]),
  ];
  phase("start", `${redis ? "Redis" : "embedded"} mode, serve ${args.join(" ")}`);
  let service: Service = await startService({ dataDir: dir, args });
  try {
    const domain = await createDomain(service, `new-queries-${Date.now()}`);
    phase("import", `${o.products} products`);
    await importCatalog(service.url, domain.secret_token, { seed: o.seed, products: o.products });

    phase("queries", "drawing the classes and the wrk lists from the catalog");
    const catalog = generateCatalog({ seed: o.seed, products: o.products });
    const classes = newQueryClasses(catalog, { seed: o.seed, perClass: o.perClass });
    const probes = STARTS * PER_START + IMPORTS * PER_IMPORT;
    const mix = newQueryMix(catalog, {
      seed: o.seed,
      count: probes + wrkUrls(o.seconds),
      avoid: classes,
    });
    const [probeQueries, wrkQueries] = [mix.slice(0, probes), mix.slice(probes)];
    const repeating = generateQueryMix(catalog, { seed: o.seed, count: 5000 });
    const path = (q: MixQuery) =>
      `/api/v2/search/?${new URLSearchParams({ ...q.params, token: domain.search_token, demo: "true" })}`;
    const urls = (qs: readonly MixQuery[]) => qs.map((q) => service.url + path(q));
    let nextProbe = 0;
    const takeProbes = (n: number) => {
      nextProbe += n;
      return probeQueries.slice(nextProbe - n, nextProbe);
    };

    // Warm the server's code with queries of the repeating mix, none of them new ones.
    const warm = Math.min(3, o.seconds);
    phase("warm-up", `repeating mix, concurrency 8, ${warm} s`);
    await runLoad({ urls: urls(repeating), concurrency: 8, seconds: warm });

    const perClass: Timings[] = [];
    for (const name of NEW_QUERY_CLASSES) {
      const qs = classes.filter((q) => q.class === name);
      phase("class", `${name}, ${qs.length} queries at concurrency 1`);
      const t = timings(name, qs[0]?.params.q);
      await askEach(urls(qs), t);
      perClass.push(t);
    }

    phase(
      "after imports",
      `${IMPORTS} batches of 1,000 price updates, ${PER_IMPORT} new queries after each`,
    );
    const afterImport = timings(`${PER_IMPORT} queries after each of ${IMPORTS} imports`);
    for (let n = 0; n < IMPORTS; n++) {
      const status = await postJson(
        service.url + PRODUCTS,
        domain.secret_token,
        priceUpdates(o.seed, o.products, n),
      );
      if (status !== 200 && status !== 201) throw new Error(`update batch answered ${status}`);
      await askEach(urls(takeProbes(PER_IMPORT)), afterImport);
    }

    const wrk = async (name: string, qs: readonly MixQuery[]) => {
      phase("wrk", `${name}: ${qs.length} URLs, ${CONNECTIONS} connections, ${o.seconds} s`);
      const r = await runWrk({
        base: service.url,
        paths: qs.map(path),
        file: join(dir, `${name}.txt`),
        seconds: o.seconds,
        connections: CONNECTIONS,
        cpus: o.wrkCpus,
      });
      phase("wrk", `${name}: ${Math.round(r.perSecond)} queries/s`);
      return { ...r, urls: qs.length };
    };
    const newMix = await wrk("new", wrkQueries);
    const repeatingMix = await wrk("repeating", repeating);

    phase("restarts", `${STARTS} starts on the same data, ${PER_START} new queries after each`);
    const firstAfterStart = timings(`first query after a start (${STARTS} starts)`);
    const afterStart = timings(`${PER_START} queries after each of ${STARTS} starts`);
    for (let n = 0; n < STARTS; n++) {
      await service.stop();
      service = await startService({ dataDir: dir, args });
      const [first = "", ...rest] = urls(takeProbes(PER_START));
      const firstOne = timings("");
      await askEach([first], firstOne);
      for (const t of [firstAfterStart, afterStart]) {
        t.server.push(...firstOne.server);
        t.client.push(...firstOne.client);
        t.failed += firstOne.failed;
      }
      await askEach(rest, afterStart);
    }

    const loadAfter = loadavg();
    const result = {
      classes: perClass,
      afterImport,
      firstAfterStart,
      afterStart,
      newMix,
      repeating: repeatingMix,
    };
    const table = report(result, o, [loadBefore, loadAfter], redis !== null);
    o.log(table);
    if (o.out)
      writeSection(o.out, `new-queries-${redis ? "Redis" : "embedded"}-${o.products}`, table);
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
  const example = t.example ? `\`${t.example}\`` : "";
  return `| ${t.name} | ${example} | ${t.client.length} | ${f(p50)} | ${f(p99)} | ${f(max)} | ${f(p(t.client, 50))} | ${f(p(t.client, 99))} | ${t.failed} | ${ok(met)} |`;
}

function wrkRow(name: string, r: WrkResult & { urls: number }, target: number): string {
  const met = r.perSecond >= target && r.non2xx === 0 && r.socketErrors === 0;
  return `| ${name} | ${int(r.urls)} | ${int(r.perSecond)} | ${f(r.p50Ms, 2)} | ${f(r.p99Ms, 2)} | ${f(r.maxMs, 1)} | ${r.non2xx} | ${r.socketErrors} | ${int(r.repeated)} | ≥ ${int(target)}/s, 0 errors | ${ok(met)} |`;
}

export function commandLine(o: Omit<NewQueriesOptions, "log" | "out">): string {
  return [
    "bun bench/new-queries.ts",
    `--products ${o.products} --per-class ${o.perClass} --seconds ${o.seconds} --seed ${o.seed}`,
    ...(o.searchThreads === null ? [] : [`--search-threads ${o.searchThreads}`]),
    ...(o.wrkCpus === null ? [] : [`--wrk-cpus ${o.wrkCpus}`]),
    ...(o.redis ? ["--redis"] : []),
  ].join(" ");
}

function report(
  r: Omit<NewQueriesResult, "table">,
  o: NewQueriesOptions,
  [before, after]: number[][],
  redis: boolean,
): string {
  const load = (l: number[] | undefined) => (l ?? []).map((x) => x.toFixed(2)).join(" ");
  return `### New queries, ${redis ? "Redis" : "embedded"} mode, ${o.products.toLocaleString("en")} products

Command: \`${commandLine(o)}\`
on ${machine()}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average
(1, 5, 15 min) ${load(before)} before, ${load(after)} after.

Each URL asked once at concurrency 1, in ms: the server's own time (\`Server-Timing\`) and the
client's round trip. Target in every row: server p50 ≤ ${TARGET.p50}, p99 ≤ ${TARGET.p99}, max ≤ ${TARGET.max} ms, no failure.

| class | example | queries | server p50 | server p99 | server max | client p50 | client p99 | failed | target |
|---|---|---:|---:|---:|---:|---:|---:|---:|---|
${[...r.classes, r.afterImport, r.firstAfterStart, r.afterStart].map(timingRow).join("\n")}

wrk, ${CONNECTIONS} connections, ${o.seconds} s${o.wrkCpus ? `, pinned to CPUs ${o.wrkCpus}` : ""}, latency in ms: the new queries are
asked once each (again only when the list ran out), the repeating mix goes round its list.

| mix | distinct URLs | queries/s | p50 | p99 | max | non-2xx | socket errors | URLs asked again | target | |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|
${wrkRow("new queries, every class in turn", r.newMix, NEW_PER_SECOND)}
${wrkRow("repeating mix (bench/query-mix.ts)", r.repeating, REPEATING_PER_SECOND)}
`;
}

const USAGE = `usage: bun bench/new-queries.ts [--products N] [--per-class N] [--seconds S] [--seed N]
  [--search-threads N] [--wrk-cpus LIST] [--redis] [--out FILE | --no-write]

The benchmark of new queries (issue 14): imports a generated catalog into a fresh server, asks
each query of every class once at concurrency 1, the first queries after an import and after a
start, and queries/s at 32 connections with wrk (installed with apt-get where missing) for the
new-query mix and the repeating one; writes a section of BENCHMARKS.md (not with --no-write).

  --products N        products to import (default 100000)
  --per-class N       queries of each class at concurrency 1 (default 300)
  --seconds S         seconds of each wrk run (default 10)
  --seed N            catalog and query seed (default 1)
  --search-threads N  passed to serve (default: serve's own)
  --wrk-cpus LIST     pin wrk with taskset -c LIST, one wrk thread per CPU (e.g. 1 or 0,1)
  --redis             Redis mode on a private redis-server
  --out FILE          the Markdown file to write (default BENCHMARKS.md)
  --no-write          print the tables only`;

/** Checks the flags; a wrong one ends with the usage (exit 2) before anything starts. */
export function parseNewQueriesArgs(argv: string[]): Omit<NewQueriesOptions, "log"> | "help" {
  const switches = ["help", "redis", "no-write"];
  const known = [...switches, "products", "per-class", "seconds", "seed"];
  const unknown = unknownFlag(argv, [...known, "search-threads", "wrk-cpus", "out"]);
  if (unknown !== null) throw new ConfigError(`unknown flag --${unknown}`);
  const { positional, flags } = parseArgs(argv, switches);
  if (flags.has("help")) return "help";
  if (positional.length) throw new ConfigError(`unexpected argument "${positional[0]}"`);
  const count = (name: string, fallback: number, min: number) => {
    const raw = flags.get(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min)
      throw new ConfigError(`--${name} must be an integer >= ${min}, not ${raw}`);
    return n;
  };
  const wrkCpus = flags.get("wrk-cpus") ?? null;
  if (wrkCpus !== null && !/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(wrkCpus))
    throw new ConfigError(`--wrk-cpus takes a CPU list such as 1 or 0,1 or 0-1, not ${wrkCpus}`);
  if (flags.has("out") && flags.has("no-write"))
    throw new ConfigError("--out and --no-write exclude each other");
  return {
    products: count("products", 100_000, 1),
    perClass: count("per-class", 300, 1),
    seconds: count("seconds", 10, 1),
    seed: count("seed", 1, 0),
    searchThreads: flags.has("search-threads") ? count("search-threads", 1, 1) : null,
    wrkCpus,
    redis: flags.has("redis"),
    out: flags.has("no-write") ? null : (flags.get("out") ?? join(ROOT, "BENCHMARKS.md")),
  };
}

export async function newQueriesCommand(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parseNewQueriesArgs>;
  try {
    options = parseNewQueriesArgs(argv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`bench/new-queries.ts: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  await runNewQueries({ ...options, log: (line) => console.error(line) });
  return 0;
}

if (import.meta.main) newQueriesCommand(process.argv.slice(2)).then((code) => process.exit(code));
