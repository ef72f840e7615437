// `bun bench/flood-fairness.ts`: cost, not count (issue 20, point 5). One store ("flooded") is sent
// random 200-character queries at a fixed rate, open loop (a new query every 1/rate s whatever
// the answers, as an attacker holding the public search token would), while a second store
// ("quiet") is searched by its shoppers, open loop at --quiet-rate with the benchmark mix. Reports the quiet
// store's search p50/p99 alone, during the flood, and during the same flood on a token of no
// store (answered at once: what the flood's HTTP traffic costs without any search), and the
// flood's answers by status; then the same while the flooded store, instead, imports new
// products from --importers clients as fast as it is let (an import storm).
// `runFlood` is the flood alone, a load for other benchmarks; its queries are those of the
// mixed-load benchmark's flood (bench/workloads/query-flood.ts).
//   bun bench/flood-fairness.ts [--products 20000] [--quiet-products 10000] [--rate 460] [--quiet-rate 50] [--seconds 10] [--rounds 3] [--importers 4] [--serve-args="--search-cpu-share 0"] [--no-write]
import { join } from "node:path";
import { OPTIONS } from "../src/config.ts";
import { generateCatalog, generateProducts } from "../src/sample-catalog/generate.ts";
import { Rng } from "../src/sample-catalog/prng.ts";
import { expensiveQuery } from "../test/fixtures/expensive-query.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { ADMIN_KEY, createDomain, ROOT, startService, tempDir } from "../test/http/harness.ts";
import { commandSpec, type FlagValues, flag, flagsOf } from "./suite/flags.ts";
import { importClients, ms, newHistogram } from "./suite/load.ts";
import { machine, writeSection } from "./suite/report.ts";
import { importCatalog } from "./suite/serve.ts";

export interface OpenLoopResult {
  /** Requests sent (answered or not). */
  sent: number;
  /** Answers by status; 0 for a request that failed without one. */
  statuses: Record<number, number>;
  /** Round trips of the answered requests, microseconds. */
  roundTrip: ReturnType<typeof newHistogram>;
  seconds: number;
}

/**
 * GETs `rate` URLs a second (the next of `next()`) for `seconds`, open loop: requests are
 * started on schedule whether or not the earlier ones were answered, as shoppers (or an
 * attacker) do; at most `maxInFlight` at once, past which the schedule's requests are dropped
 * and counted as status 0, as a client that gives up would. `stop` ends it early.
 */
export async function runOpenLoop(o: {
  next: () => string;
  rate: number;
  seconds: number;
  maxInFlight?: number;
  stop?: AbortSignal;
}): Promise<OpenLoopResult> {
  const statuses: Record<number, number> = {};
  const roundTrip = newHistogram();
  const maxInFlight = o.maxInFlight ?? 2000;
  const count = (status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  let sent = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const send = () => {
    sent++;
    if (inFlight >= maxInFlight) return count(0);
    inFlight++;
    const t = performance.now();
    // The raw answer, as the other benchmarks read it.
    const p = fetch(o.next(), { headers: { "accept-encoding": "identity" } })
      .then(async (r) => {
        await r.arrayBuffer();
        roundTrip.recordValue(Math.max(1, Math.round((performance.now() - t) * 1000)));
        count(r.status);
      })
      .catch(() => count(0))
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  };
  const started = performance.now();
  const end = started + o.seconds * 1000;
  // Every 2 ms, the requests the schedule owes by now: the rate holds though a timer runs late.
  while (performance.now() < end && !o.stop?.aborted) {
    const due = Math.floor(((performance.now() - started) / 1000) * o.rate);
    while (sent < due) send();
    await Bun.sleep(2);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return { sent, statuses, roundTrip, seconds };
}

/**
 * The flood: `rate` random 200-character searches a second to `url` (a node's base URL) with
 * the search `token` for `seconds`, open loop (runOpenLoop).
 */
export function runFlood(o: {
  url: string;
  token: string;
  rate: number;
  seconds: number;
  seed?: number;
  maxInFlight?: number;
  stop?: AbortSignal;
}): Promise<OpenLoopResult> {
  const rng = new Rng(o.seed ?? 20);
  return runOpenLoop({
    ...o,
    next: () =>
      `${o.url}/api/v2/search/?q=${encodeURIComponent(expensiveQuery(rng))}&token=${o.token}`,
  });
}

/** What a flood run in a process of its own reports (`floodProcess`). */
interface FloodFigures {
  sent: number;
  seconds: number;
  statuses: Record<number, number>;
  p50: number;
  p99: number;
}

/**
 * runFlood in a process of its own: in the measuring process, sending 460 requests a second
 * and reading their answers would delay the quiet store's client, and its round trips would
 * measure the client's event loop instead of the server.
 */
async function floodProcess(o: Parameters<typeof runFlood>[0]): Promise<FloodFigures> {
  const child = Bun.spawn([process.execPath, import.meta.path, "--client", JSON.stringify(o)], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const out = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error("the flood client failed");
  return JSON.parse(out) as FloodFigures;
}

async function floodClient(json: string): Promise<number> {
  const r = await runFlood(JSON.parse(json) as Parameters<typeof runFlood>[0]);
  const figures: FloodFigures = {
    sent: r.sent,
    seconds: r.seconds,
    statuses: r.statuses,
    p50: ms(r.roundTrip, 50),
    p99: ms(r.roundTrip, 99),
  };
  console.log(JSON.stringify(figures));
  return 0;
}

/**
 * An import storm: `clients` clients post batches of 1,000 new products (new source ids: each
 * is a patch of the index, not an offer written in place) to the store of `secretToken` as fast
 * as they are acknowledged, waiting Retry-After when told, until `stop()`.
 */
function importStorm(base: string, secretToken: string, o: { clients: number; from: number }) {
  let next = 0;
  return importClients(base, secretToken, o.clients, () =>
    JSON.stringify([...generateProducts(1, 1000, o.from + 1000 * next++)]),
  );
}

const FLOOD = commandSpec({
  command: "bun bench/flood-fairness.ts",
  about: `Cost, not count: one store flooded with random 200-character queries at a fixed rate, open
loop, while a second store is searched at a steady rate; the quiet store's latency alone, during
the flood, beside a flood on a token of no store, and during the flooded store's import storm.
Writes a section of BENCHMARKS.md (not with --no-write).`,
  flags: {
    products: flag.int(20_000, "products of the flooded store", { min: 1000, max: 1_000_000 }),
    quietProducts: flag.int(10_000, "products of the quiet store", { min: 1000, max: 1_000_000 }),
    rate: flag.int(460, "flood searches/s", { max: 100_000 }),
    quietRate: flag.int(50, "the quiet store's searches/s", { max: 100_000 }),
    seconds: flag.int(10, "seconds of each round", { min: 3, max: 600, value: "S" }),
    rounds: flag.int(3, "rounds of each condition", { max: 100 }),
    importers: flag.int(4, "clients of the import storm, 0 for none", { min: 0, max: 64 }),
    serveArgs: flag.text("", "more flags for serve, space-separated", '"..."'),
    noWrite: flag.on("print the table only"),
    client: flag.text(
      null,
      "run as one of the flood's client processes (the benchmark starts them)",
      "JSON",
    ),
  },
});

const floodOptions = ({ serveArgs, noWrite, ...f }: FlagValues<typeof FLOOD.flags>) => ({
  ...f,
  serveArgs: serveArgs.split(" ").filter(Boolean),
  write: !noWrite,
});

const log = (line: string) => console.error(`[flood] ${line}`);

/** The quiet store's figures over the runs of one condition. */
const figures = (runs: OpenLoopResult[]) => {
  const all = newHistogram();
  for (const r of runs) all.add(r.roundTrip);
  const sent = runs.reduce((n, r) => n + r.sent, 0);
  return {
    p50: ms(all, 50),
    p99: ms(all, 99),
    max: ms(all, 100),
    sent,
    failed: sent - runs.reduce((n, r) => n + (r.statuses[200] ?? 0), 0),
  };
};

async function main(o: ReturnType<typeof floodOptions>): Promise<number> {
  if (o.client !== null) return floodClient(o.client);
  using dir = tempDir("vitrina-flood-");
  // The server's own defaults of its protections, which the harness turns off for tests.
  const protections = ["shedLag", "searchCpuShare", "importCpuShare"] as const;
  const defaults = protections.flatMap((name) => {
    const option = (OPTIONS as Record<string, { flag: string; default: string }>)[name];
    return option ? [`--${option.flag}`, option.default] : [];
  });
  const args = [...defaults, ...o.serveArgs];
  let service = await startService({ dataDir: dir, args: ["--search-rate", "0"] });
  log(`import ${o.products} products into "flooded", ${o.quietProducts} into "quiet"`);
  const flooded = await createDomain(service, "flooded");
  const quiet = await createDomain(service, "quiet");
  await importCatalog(service.url, flooded.secret_token, { seed: 1, products: o.products });
  await importCatalog(service.url, quiet.secret_token, { seed: 2, products: o.quietProducts });
  await service.stop();
  service = await startService({ dataDir: dir, args });
  const sample = generateCatalog({ seed: 2, products: Math.min(o.quietProducts, 20_000) });
  const quietUrls = generateQueryMix(sample, { seed: 2, count: 5000 }).map(
    (q) =>
      `${service.url}/api/v2/search/?${new URLSearchParams({ ...q.params, token: quiet.search_token, demo: "true" })}`,
  );
  // The quiet store's shoppers: open loop at --quiet-rate, each phase asking queries of the mix
  // not asked before (computed, not cached), so that the phases compare.
  let asked = 0;
  const shoppers = (seconds: number) =>
    runOpenLoop({
      next: () => quietUrls[asked++ % quietUrls.length] as string,
      rate: o.quietRate,
      seconds,
    });
  log("warm-up: the quiet store, 3 s");
  await shoppers(3);
  // Three conditions in turn, --rounds times: the machine's load drifts, and each condition
  // meets the drift alike. The floor is what any limit can reach: the same flood on a token
  // of no store, answered with the empty data set at once (HTTP traffic and client, no search).
  const phases = {
    alone: { quiet: [] as OpenLoopResult[], flood: [] as FloodFigures[] },
    flood: { quiet: [] as OpenLoopResult[], flood: [] as FloodFigures[] },
    floor: { quiet: [] as OpenLoopResult[], flood: [] as FloodFigures[] },
    imports: { quiet: [] as OpenLoopResult[], flood: [] as FloodFigures[] },
  };
  const batches: Record<number, number> = {};
  let imported = 0;
  for (let round = 1; round <= o.rounds; round++) {
    for (const [name, token] of [
      ["alone", null],
      ["flood", flooded.search_token],
      ["floor", "no-store"],
      ["imports", null],
    ] as const) {
      if (name === "imports" && o.importers === 0) continue;
      log(`round ${round}/${o.rounds}: ${name}, ${o.seconds} s`);
      const phase = phases[name];
      if (name === "imports") {
        // The flooded store's import storm instead of its searches.
        const storm = importStorm(service.url, flooded.secret_token, {
          clients: o.importers,
          from: o.products + 1_000_000 * round,
        });
        phase.quiet.push(await shoppers(o.seconds));
        await storm.stop();
        for (const [status, n] of Object.entries(storm.statuses)) {
          batches[Number(status)] = (batches[Number(status)] ?? 0) + n;
          if (status === "201" || status === "200") imported += n * 1000;
        }
        continue;
      }
      const [quietRun, floodRun] = await Promise.all([
        shoppers(o.seconds),
        token && floodProcess({ url: service.url, token, rate: o.rate, seconds: o.seconds }),
      ]);
      phase.quiet.push(quietRun);
      if (floodRun) phase.flood.push(floodRun);
    }
  }
  const alone = figures(phases.alone.quiet);
  const during = figures(phases.flood.quiet);
  const floor = figures(phases.floor.quiet);
  const storm = o.importers > 0 ? figures(phases.imports.quiet) : null;
  const flood = phases.flood.flood.reduce((sum, f) => ({
    sent: sum.sent + f.sent,
    seconds: sum.seconds + f.seconds,
    statuses: Object.fromEntries(
      [...new Set([...Object.keys(sum.statuses), ...Object.keys(f.statuses)])].map((k) => [
        k,
        (sum.statuses[Number(k)] ?? 0) + (f.statuses[Number(k)] ?? 0),
      ]),
    ),
    p50: Math.max(sum.p50, f.p50),
    p99: Math.max(sum.p99, f.p99),
  }));
  // Who was refused, and why (http/limits/shed.ts): the quiet store's refusals, if any, say which limit.
  const metrics = await (
    await fetch(`${service.url}/metrics`, { headers: { "x-admin-key": ADMIN_KEY } })
  ).text();
  const shedLines = [...metrics.matchAll(/^vitrina_shed_requests_total\{([^}]*)\} (\d+)/gm)]
    .filter((m) => m[2] !== "0")
    .map((m) => `${/reason="(\w+)"/.exec(m[1] as string)?.[1]} ${m[2]}`);
  await service[Symbol.asyncDispose]();

  const fmt = (x: number) => x.toFixed(1);
  const statuses = Object.entries(flood.statuses)
    .map(([status, n]) => `${n.toLocaleString("en")} × ${status === "0" ? "no answer" : status}`)
    .join(", ");
  const command = `bun bench/flood-fairness.ts --products ${o.products} --quiet-products ${o.quietProducts} --rate ${o.rate} --quiet-rate ${o.quietRate} --seconds ${o.seconds} --rounds ${o.rounds} --importers ${o.importers}${o.serveArgs.length ? ` --serve-args="${o.serveArgs.join(" ")}"` : ""}`;
  const table = `Command: \`${command}\` on ${machine()}, ${new Date().toISOString().slice(0, 16)}Z.

| the quiet store's searches (${o.quietRate}/s) | p50 ms | p99 ms | max ms | searches | not 200 |
|---|---:|---:|---:|---:|---:|
| alone | ${fmt(alone.p50)} | ${fmt(alone.p99)} | ${fmt(alone.max)} | ${alone.sent} | ${alone.failed} |
| during the flood | ${fmt(during.p50)} | ${fmt(during.p99)} | ${fmt(during.max)} | ${during.sent} | ${during.failed} |
| during the same flood on a token of no store (no search: the floor) | ${fmt(floor.p50)} | ${fmt(floor.p99)} | ${fmt(floor.max)} | ${floor.sent} | ${floor.failed} |
${storm ? `| during the flooded store's import storm (${o.importers} clients, 1,000 new products a batch) | ${fmt(storm.p50)} | ${fmt(storm.p99)} | ${fmt(storm.max)} | ${storm.sent} | ${storm.failed} |\n` : ""}
The flood: ${flood.sent.toLocaleString("en")} searches in ${flood.seconds.toFixed(1)} s (${Math.round(flood.sent / flood.seconds)}/s): ${statuses}; round trip p50 ${fmt(flood.p50)} ms, p99 ${fmt(flood.p99)} ms (the worst round's). Refused by the node, by reason: ${shedLines.join(", ") || "none"}.${storm ? ` The import storm: batches by status ${JSON.stringify(batches)}, ${imported.toLocaleString("en")} products accepted in ${o.rounds * o.seconds} s.` : ""}
`;
  console.log(table);
  if (o.write) writeSection(join(ROOT, "BENCHMARKS.md"), "flood", table);
  return 0;
}

if (import.meta.main)
  main(flagsOf(FLOOD, floodOptions)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
