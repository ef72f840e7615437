// `vitrina bench`: the project's benchmark suite (issue 5). On a fresh data dir it starts the
// server, imports a generated catalog over HTTP, measures import to searchable, runs the query
// mix at concurrency 1 and 32 (and 32 again while imports go on), restarts the server to time
// the index rebuild and read its memory, and writes a Markdown table and a latency plot.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateCatalog, generateProducts } from "../src/sample-catalog/generate.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { ADMIN_KEY, ROOT, type Service, startService, tempDir } from "../test/http/harness.ts";
import { startRedis } from "../test/redis/redis-server.ts";
import { commandOf, commandSpec, flag, parserOf, runAsMain } from "./suite/flags.ts";
import { type LoadResult, ms, runLoad } from "./suite/load.ts";
import { latencySvg, machine, percentile, writeSection } from "./suite/report.ts";
import { benchServeArgs, importCatalog, postJson, priceUpdates } from "./suite/serve.ts";

export interface BenchOptions {
  products: number;
  /** Seconds of each query-mix run. */
  seconds: number;
  seed: number;
  /** Redis mode against this Redis; "private" starts one of its own (AOF, fsync always). */
  redisUrl: string | null;
  /** Markdown file to write the table into (a section of its own), or null for stdout only. */
  out: string | null;
  freshnessSamples: number;
  log: (line: string) => void;
}

const BATCH = 1000;

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) / 1024;
};

/** A word of letters only, unique per n: digits would be split off by the tokeniser. */
const probeWord = (n: number) => {
  let s = "";
  let k = n + 26 * 26;
  while (k > 0) {
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26);
  }
  return `zqv${s}`;
};

export async function runBench(o: BenchOptions) {
  const phase = (name: string, detail = "") =>
    o.log(`[bench] ${name}${detail ? `: ${detail}` : ""}`);
  using dir = tempDir("vitrina-bench-");
  if (o.redisUrl === "private") mkdirSync(join(dir, "redis"));
  await using privateRedis =
    o.redisUrl === "private" ? await startRedis({ dir: join(dir, "redis") }) : null;
  const redisUrl = privateRedis?.url ?? o.redisUrl;
  const args = benchServeArgs(redisUrl);
  phase("start", `empty server, ${redisUrl ? "Redis mode" : "embedded mode"}`);
  let t = performance.now();
  let service: Service = await startService({ dataDir: dir, args });
  const emptyStartMs = performance.now() - t;
  await Bun.sleep(500);
  const rssEmpty = rssMiB(service.proc.pid);
  const base = service.url;
  const domain = (await (
    await fetch(`${base}/api/v2/admin/domains/`, {
      method: "POST",
      headers: { "x-admin-key": ADMIN_KEY },
      body: JSON.stringify({ name: `bench-${Date.now()}` }),
    })
  ).json()) as { secret_token: string; search_token: string };
  const productsUrl = `${base}/api/v2/content/product/bulk/`;

  // Import: batches serialised ahead of each send by a producer, sent by 4 workers.
  phase("import", `${o.products} products in batches of ${BATCH}, concurrency 4`);
  t = performance.now();
  await importCatalog(base, domain.secret_token, {
    seed: o.seed,
    products: o.products,
    onProgress: (imported) => {
      if (imported % 20_000 === 0) phase("import", `${imported}/${o.products}`);
    },
  });
  const importSeconds = (performance.now() - t) / 1000;
  const importRate = Math.round(o.products / importSeconds);
  phase("import", `${importRate} products/s`);

  // Import acknowledged → searchable, one probe product at a time; in the Redis mode on another
  // node than the one that took the import.
  await using peer = redisUrl ? await startService({ dataDir: join(dir, "peer"), args }) : null;
  const probeBase = peer?.url ?? base;
  phase("freshness", `${o.freshnessSamples} probes${peer ? ", searched on a second node" : ""}`);
  const fresh: number[] = [];
  const first = generateProducts(o.seed, 1)[Symbol.iterator]().next().value as {
    source_category_id: string;
  };
  const probeCategory = first.source_category_id;
  for (let n = 0; n < o.freshnessSamples; n++) {
    const word = probeWord(n);
    const item = {
      source_id: `probe-${n}`,
      code: `PROBE-${n}`,
      source_category_id: probeCategory,
      currency_code: "UAH",
      new_price: 100,
      translations: [
        { language: "uk", name: `Пробник ${word}`, url: `https://bench.example/${n}` },
      ],
    };
    await postJson(productsUrl, domain.secret_token, JSON.stringify([item]));
    const acked = performance.now();
    const url = `${probeBase}/api/v2/search/?q=${word}&group_by_category=false&show_filters=false&demo=true&token=${domain.search_token}`;
    for (;;) {
      const body = (await (await fetch(url)).json()) as { total: number };
      if (body.total > 0) break;
      if (performance.now() - acked > 10_000)
        throw new Error(`probe ${n} not searchable after 10 s`);
    }
    fresh.push(performance.now() - acked);
  }

  // The query mix, from a sample of the same catalog (the first products are the same ones).
  const sample = generateCatalog({ seed: o.seed, products: Math.min(o.products, 20_000) });
  const urls = generateQueryMix(sample, { seed: o.seed, count: 5000 }).map(
    (q) =>
      `${base}/api/v2/search/?${new URLSearchParams({ ...q.params, token: domain.search_token, demo: "true" })}`,
  );
  const load = async (name: string, concurrency: number) => {
    phase(name, `concurrency ${concurrency}, ${o.seconds} s`);
    return runLoad({
      urls,
      concurrency,
      seconds: o.seconds,
      onProgress: (done, elapsed) => phase(name, `${done} queries, ${elapsed.toFixed(0)} s`),
    });
  };
  await load("warm-up", 8);
  const c1 = await load("queries c=1", 1);
  const c32 = await load("queries c=32", 32);

  // The same load while batches of 1,000 products (price updates) keep arriving.
  let importing = true;
  let updateBatches = 0;
  const updater = (async () => {
    while (importing) {
      await postJson(
        productsUrl,
        domain.secret_token,
        priceUpdates(o.seed, o.products, updateBatches),
      );
      updateBatches++;
    }
  })();
  const mixed = await load("queries c=32 with imports", 32);
  importing = false;
  await updater;

  // Restart: the time to /health is the index rebuild (less an empty server's start).
  phase("restart", "SIGTERM, start again on the same data");
  await service.stop();
  t = performance.now();
  service = await startService({ dataDir: dir, args });
  const restartMs = performance.now() - t;
  await Bun.sleep(1000);
  const rssLoaded = rssMiB(service.proc.pid);
  await service[Symbol.asyncDispose]();

  const r = {
    mode: redisUrl ? "Redis" : "embedded",
    products: o.products,
    importRate,
    freshP50: percentile(fresh, 50),
    freshP99: percentile(fresh, 99),
    c1,
    c32,
    mixed,
    updateBatches,
    rebuildSeconds: Math.max(0, restartMs - emptyStartMs) / 1000,
    rssEmpty,
    rssLoaded,
    kibPerProduct: ((rssLoaded - rssEmpty) * 1024) / o.products,
  };
  const table = report(r, o);
  o.log(table);
  if (o.out) {
    writeSection(o.out, `bench-${r.mode}-${o.products}`, table);
    const svgName = `bench-latency-${r.mode}-${o.products}.svg`;
    writeFileSync(
      join(ROOT, svgName),
      latencySvg([
        { name: "c=1", histogram: c1.roundTrip },
        { name: "c=32", histogram: c32.roundTrip },
        { name: "c=32 + imports", histogram: mixed.roundTrip },
        { name: "server, c=1", histogram: c1.server },
      ]),
    );
  }
  return r;
}

function report(
  r: {
    mode: string;
    products: number;
    importRate: number;
    freshP50: number;
    freshP99: number;
    c1: LoadResult;
    c32: LoadResult;
    mixed: LoadResult;
    updateBatches: number;
    rebuildSeconds: number;
    rssEmpty: number;
    rssLoaded: number;
    kibPerProduct: number;
  },
  o: BenchOptions,
): string {
  const qps = (l: LoadResult) => Math.round(l.requests / l.seconds);
  const row = (name: string, l: LoadResult) =>
    `| ${name} | ${ms(l.roundTrip, 50).toFixed(2)} | ${ms(l.roundTrip, 95).toFixed(2)} | ${ms(l.roundTrip, 99).toFixed(2)} | ${ms(l.roundTrip, 99.9).toFixed(2)} | ${ms(l.server, 50).toFixed(3)} | ${ms(l.server, 99).toFixed(3)} | ${qps(l)} | ${l.errors} |`;
  const ok = (met: boolean) => (met ? "met" : "**not met**");
  const mixedRatio = ms(r.mixed.roundTrip, 99) / Math.max(ms(r.c32.roundTrip, 99), 0.001);
  return `### ${r.mode} mode, ${r.products.toLocaleString("en")} products

Command: \`npx bun src/cli.ts bench --products ${o.products} --seconds ${o.seconds}${o.redisUrl ? " --redis" : ""}\`
on ${machine()}, ${new Date().toISOString().slice(0, 10)}. Plot: [bench-latency-${r.mode}-${r.products}.svg](bench-latency-${r.mode}-${r.products}.svg).

| search run | p50 ms | p95 ms | p99 ms | p99.9 ms | server p50 ms | server p99 ms | queries/s | errors |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${row("concurrency 1", r.c1)}
${row("concurrency 32", r.c32)}
${row(`concurrency 32 + imports (${r.updateBatches} batches of 1,000)`, r.mixed)}

| figure | value | target | |
|---|---:|---:|---|
| import over HTTP | ${r.importRate.toLocaleString("en")} products/s | 30,000 | ${ok(r.importRate >= 30_000)} |
| import to searchable p50 / p99${o.redisUrl ? " (on another node)" : ""} | ${r.freshP50.toFixed(1)} / ${r.freshP99.toFixed(1)} ms | p99 < 1,000 ms | ${ok(r.freshP99 < 1000)} |
| search server-side p50 (c=1) | ${ms(r.c1.server, 50).toFixed(3)} ms | < 1 ms | ${ok(ms(r.c1.server, 50) < 1)} |
| search server-side p99 (c=1) | ${ms(r.c1.server, 99).toFixed(3)} ms | < 10 ms | ${ok(ms(r.c1.server, 99) < 10)} |
| queries/s over HTTP, c=32 | ${qps(r.c32).toLocaleString("en")} | 5,000 | ${ok(qps(r.c32) >= 5000)} |
| search p99 with imports / without | ${mixedRatio.toFixed(2)}x | < 3x | ${ok(mixedRatio < 3)} |
| index rebuild at restart | ${r.rebuildSeconds.toFixed(2)} s | < 5 s | ${ok(r.rebuildSeconds < 5)} |
| server RSS empty / loaded | ${r.rssEmpty.toFixed(0)} / ${r.rssLoaded.toFixed(0)} MiB | | |
| memory growth per product | ${r.kibPerProduct.toFixed(2)} KiB | < 2 KiB | ${ok(r.kibPerProduct < 2)} |
`;
}

const BENCH = commandSpec({
  command: "vitrina bench",
  about: `Runs the benchmark suite: imports a generated catalog, measures import to searchable, the
query mix at concurrency 1 and 32 (and 32 with imports), the index rebuild at restart, and
writes a section of BENCHMARKS.md (not with --no-write).`,
  flags: {
    products: flag.int(100_000, "products to import"),
    seconds: flag.int(15, "seconds of each query-mix run", { value: "S" }),
    seed: flag.int(1, "catalog and query-mix seed", { min: 0 }),
    probes: flag.int(200, "import-to-searchable samples"),
    redis: flag.on("Redis mode on a private redis-server (AOF, appendfsync always)"),
    redisUrl: flag.text(null, "Redis mode against this Redis (VITRINA_REDIS_URL)", "URL"),
    noWrite: flag.on("print the table only"),
  },
  exclusive: [["redis", "redisUrl"]],
});

/** Checks bench's flags; a wrong one ends with the usage (exit 2) before anything starts. */
export const parseBenchArgs = parserOf(
  BENCH,
  (f): Omit<BenchOptions, "log"> => ({
    products: f.products,
    seconds: f.seconds,
    seed: f.seed,
    freshnessSamples: f.probes,
    redisUrl: f.redis ? "private" : (f.redisUrl ?? process.env.VITRINA_REDIS_URL ?? "") || null,
    out: f.noWrite ? null : join(ROOT, "BENCHMARKS.md"),
  }),
);

/** `vitrina bench`. */
export const benchCommand = commandOf(BENCH, parseBenchArgs, runBench);

// `vitrina bench` runs this file as a script of its own (src/ never imports bench/).
if (import.meta.main) runAsMain(benchCommand);
