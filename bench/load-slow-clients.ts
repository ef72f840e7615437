// `bun bench/load-slow-clients.ts`: load and slow clients (issue 12, point 6). On a fresh data dir it imports a
// generated catalog into one store and a small one into a second store, finds what the node
// holds (queries/s of the benchmark mix at saturation, with no rate limit), restarts the server
// with its default limits, then for --seconds applies the mix to the first store with wrk and
// 1,000 connections, import batches to it from 16 clients, and 300 clients that send half a
// request and hold; meanwhile it measures /health and the second store's searches. Then it
// times the recovery, and writes its figures into BENCHMARKS.md.
//   bun bench/load-slow-clients.ts [--products 20000] [--seconds 30] [--connections 1000] [--holders 300] [--importers 16] [--no-write]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { createDomain, ROOT, startService, tempDir } from "../test/http/harness.ts";
import { partialPost, rawClient } from "../test/http/raw-client.ts";
import { commandSpec, type FlagValues, flag, flagsOf } from "./suite/flags.ts";
import { importClients, ms, newHistogram, runLoad } from "./suite/load.ts";
import { machine, writeSection } from "./suite/report.ts";
import { importCatalog, priceUpdates } from "./suite/serve.ts";
import { ensureWrk, runWrk, type WrkResult } from "./workloads/wrk.ts";

const LOAD = commandSpec({
  command: "bun bench/load-slow-clients.ts",
  about: `Load and slow clients: what the node holds (queries/s of the benchmark mix at saturation),
then the same server with a rate limit under connections that hold their sockets, slow readers
and an import storm, the second store's latency throughout, and the recovery. Writes a section
of BENCHMARKS.md (not with --no-write).`,
  flags: {
    products: flag.int(20_000, "products of the loaded store", { min: 1000, max: 1_000_000 }),
    seconds: flag.int(30, "seconds of each run", { min: 5, max: 600, value: "S" }),
    connections: flag.int(1000, "wrk's connections", { max: 10_000 }),
    holders: flag.int(300, "connections that hold their socket open", { min: 0, max: 5000 }),
    importers: flag.int(16, "clients of the import storm", { min: 0, max: 256 }),
    noWrite: flag.on("print the table only"),
  },
});

type Options = ReturnType<typeof loadOptions>;
const loadOptions = ({ noWrite, ...f }: FlagValues<typeof LOAD.flags>) => ({
  ...f,
  write: !noWrite,
});

const log = (line: string) => console.error(`[load] ${line}`);

/** Search URLs of the benchmark mix over a sample of the catalog of `seed`. */
function mixUrls(base: string, seed: number, products: number, token: string): string[] {
  const sample = generateCatalog({ seed, products: Math.min(products, 20_000) });
  return generateQueryMix(sample, { seed, count: 5000 }).map(
    (q) => `${base}/api/v2/search/?${new URLSearchParams({ ...q.params, token, demo: "true" })}`,
  );
}

type Figures = WrkResult;

/** wrk over the URLs' paths, counting their statuses. */
function wrk(
  urls: string[],
  o: { connections: number; seconds: number },
  dir: string,
  name: string,
) {
  const base = new URL(urls[0] as string).origin;
  return runWrk({
    base,
    paths: urls.map((u) => u.slice(base.length)),
    file: join(dir, `${name}.txt`),
    seconds: o.seconds,
    connections: o.connections,
    statuses: true,
  });
}

/**
 * `count` clients that each send half a request and hold until the server closes, then do it
 * again: half of them stop in the headers of a search, half send an import's headers with a
 * wrong token and half its body. Records how long the server let each connection live.
 */
function holders(base: string, count: number) {
  const held = { headers: newHistogram(), body: newHistogram() };
  let running = true;
  const clients = Array.from({ length: count }, async (_, k) => {
    const kind = k % 2 === 0 ? "headers" : "body";
    const head =
      kind === "headers"
        ? "GET /api/v2/search/?q=x HTTP/1.1\r\nHost: vitrina\r\nX-Slow: "
        : partialPost(
            "/api/v2/content/product/bulk/",
            { "x-secret-token": "wrong" },
            100_000,
            "[{",
          );
    while (running) {
      const t = performance.now();
      try {
        const client = await rawClient(base, head);
        client.trickle(kind === "headers" ? "a" : " ", 1000);
        const stop = (async () => {
          while (running) await Bun.sleep(200);
        })();
        await Promise.race([client.closed, stop]);
        if (running)
          held[kind].recordValue(Math.max(1, Math.round((performance.now() - t) * 1000)));
        client.destroy();
      } catch {
        await Bun.sleep(100);
      }
    }
  });
  return {
    held,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function main(o: Options): Promise<number> {
  await ensureWrk(console.error);
  using dir = tempDir("vitrina-load-");
  const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const loadBefore = loadAverage();
  const seed = 1;
  log(`start; import ${o.products} products into "main", 2,000 into "second"`);
  let service = await startService({
    dataDir: dir,
    args: ["--search-rate", "0", "--shed-lag", "0"],
  });
  const main = await createDomain(service, "main");
  const second = await createDomain(service, "second");
  await importCatalog(service.url, main.secret_token, { seed, products: o.products });
  await importCatalog(service.url, second.secret_token, { seed: 2, products: 2000 });

  let urls = mixUrls(service.url, seed, o.products, main.search_token);
  log("saturation: the mix at concurrency 32 for 10 s, no rate limit");
  await runLoad({ urls, concurrency: 8, seconds: 3 });
  const saturation = await runLoad({ urls, concurrency: 32, seconds: 10 });
  const capacity = Math.round(saturation.requests / saturation.seconds);
  log(`one node holds ${capacity} queries/s`);

  log("restart with the default limits");
  await service.stop();
  service = await startService({ dataDir: dir });
  urls = mixUrls(service.url, seed, o.products, main.search_token);
  const secondUrls = mixUrls(service.url, 2, 2000, second.search_token);
  const healthUrls = [`${service.url}/health`];
  // /health and the second store's searches, each by wrk on one connection (closed loop).
  const probes = (seconds: number) =>
    Promise.all([
      wrk(healthUrls, { connections: 1, seconds }, dir, "health"),
      wrk(secondUrls, { connections: 1, seconds }, dir, "second"),
    ]);
  log("baseline: /health and the second store, 5 s");
  const [healthBefore, secondBefore] = await probes(5);

  log(
    `load: wrk -c ${o.connections} for ${o.seconds} s, ${o.importers} import clients, ${o.holders} half requests`,
  );
  const bodies = Array.from({ length: 8 }, (_, n) => priceUpdates(seed, o.products, n));
  const hold = holders(service.url, o.holders);
  // Batches of 1,000 price updates, built before the load so that its clients spend their time
  // sending.
  const imports = importClients(
    service.url,
    main.secret_token,
    o.importers,
    (k, round) => bodies[(k + round) % bodies.length] as string,
  );
  const [load, [healthDuring, secondDuring]] = await Promise.all([
    wrk(urls, o, dir, "mix"),
    probes(o.seconds),
  ]);
  await Promise.all([hold.stop(), imports.stop()]);

  // Recovery: from the end of the load until /health and the second store's searches answer
  // within twice their baseline p99 (at least 5 ms) five times in a row.
  const checks = [
    {
      url: () => healthUrls[0] as string,
      limit: Math.max(5, 2 * healthBefore.p99Ms),
    },
    {
      url: () => secondUrls[Math.floor(Math.random() * secondUrls.length)] as string,
      limit: Math.max(5, 2 * secondBefore.p99Ms),
    },
  ];
  const ended = performance.now();
  let streak = 0;
  while (streak < 5 && performance.now() - ended < 60_000) {
    const fine = await Promise.all(
      checks.map(async (c) => {
        const t = performance.now();
        // The raw answer, as before compression existed: the figures stay comparable.
        const r = await fetch(c.url(), { headers: { "accept-encoding": "identity" } });
        await r.arrayBuffer();
        return r.status === 200 && performance.now() - t <= c.limit;
      }),
    );
    streak = fine.every(Boolean) ? streak + 1 : 0;
    await Bun.sleep(20);
  }
  const recoverySeconds = (performance.now() - ended) / 1000;
  log("stop: SIGTERM");
  const t = performance.now();
  const code = await service.stop();
  const shutdownSeconds = (performance.now() - t) / 1000;

  const qps = Math.round(load.requests / load.seconds);
  const loadAfter = loadAverage();
  const others = (statuses: Record<number, number>) =>
    Object.entries(statuses)
      .filter(([status]) => !["200", "201", "429", "503"].includes(status))
      .map(([status, n]) => `${n} × ${status === "0" ? "no answer" : status}`)
      .join(", ");
  const row = (name: string, statuses: Record<number, number>, socketErrors: number | string) =>
    `| ${name} | ${["200", "201", "429", "503"].map((k) => (statuses[Number(k)] ?? 0).toLocaleString("en")).join(" | ")} | ${others(statuses)} | ${socketErrors} |`;
  const latency = (name: string, before: Figures | null, during: Figures) =>
    `| ${name} | ${[before?.p50Ms, before?.p99Ms, during.p50Ms, during.p99Ms, during.maxMs].map((x) => x?.toFixed(1) ?? "").join(" | ")} | ${Math.round(during.requests / during.seconds).toLocaleString("en")} | ${during.requests - (during.statuses[200] ?? 0) + during.socketErrors} |`;
  const table = `### Load and slow clients

Command: \`bun bench/load-slow-clients.ts --products ${o.products} --seconds ${o.seconds} --connections ${o.connections} --holders ${o.holders} --importers ${o.importers}\`
on ${machine()}, ${new Date().toISOString().slice(0, 10)} (load average ${loadBefore} at the start,
${loadAfter} at the end); embedded mode, default limits
(\`--search-rate 2000 --search-burst 4000\`, \`--shed-lag 500\`, \`--max-queued-batches 8\`, \`--read-timeout 30\`).

One node held **${capacity.toLocaleString("en")} queries/s** of the benchmark mix (Bun client, concurrency 32, no
rate limit or shedding). Under load, for ${o.seconds} s: wrk with ${o.connections} connections on the first store's
search token (${qps.toLocaleString("en")} answers/s, ${(qps / capacity).toFixed(1)}x what the node holds; wrk is closed-loop
and shares the 2 cores with the server), ${o.importers} clients posting batches of 1,000 products to the
same store (waiting Retry-After when told), and ${o.holders} clients sending half a request and holding
(half stop in the headers, half send an import's headers with a wrong token and half its body),
reconnecting when closed. \`/health\` and the second store's searches are measured by wrk on
one connection each, before and during the load.

| answers during the load | 200 | 201 | 429 | 503 | other | socket errors |
|---|---:|---:|---:|---:|---:|---:|
${row("searches of the first store (wrk)", load.statuses, load.socketErrors)}
${row("import batches of the first store", imports.statuses, "")}

| latency, ms | p50 before | p99 before | p50 during | p99 during | max during | answers/s during | failed during |
|---|---:|---:|---:|---:|---:|---:|---:|
${latency("`/health`", healthBefore, healthDuring)}
${latency("second store's searches", secondBefore, secondDuring)}
${latency("first store, every answer (wrk)", null, load)}

| figure | value |
|---|---:|
| half requests: connections opened | ${(hold.held.headers.totalCount + hold.held.body.totalCount).toLocaleString("en")} |
| stopped in the headers: closed by the server after, p50 / max | ${ms(hold.held.headers, 50).toFixed(0)} / ${ms(hold.held.headers, 100).toFixed(0)} ms |
| wrong token and half a body: closed after, p50 / max | ${ms(hold.held.body, 50).toFixed(0)} / ${ms(hold.held.body, 100).toFixed(0)} ms |
| recovery: health and second store within 2x baseline p99, 5 in a row | ${recoverySeconds.toFixed(2)} s after the load |
| SIGTERM to exit after the run | ${shutdownSeconds.toFixed(2)} s (code ${code}) |
`;
  console.log(table);
  if (o.write) writeSection(join(ROOT, "BENCHMARKS.md"), "load-slow-clients", table);
  await service[Symbol.asyncDispose]();
  return 0;
}

main(flagsOf(LOAD, loadOptions)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
