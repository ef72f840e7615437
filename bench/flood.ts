// `bun bench/flood.ts`: cost, not count (issue 20, point 5). One store ("flooded") is sent
// random 200-character queries at a fixed rate, open loop (a new query every 1/rate s whatever
// the answers, as an attacker holding the public search token would), while a second store
// ("quiet") is searched by one closed-loop client with the benchmark mix, its answers cached
// (each query was asked once before). Reports the quiet
// store's search p50/p99 alone, during the flood, and during the same flood on a token of no
// store (answered at once: what the flood's HTTP traffic costs without any search), and the
// flood's answers by status.
// `runFlood` is the flood alone, for other benchmarks (bench/mixed-load.ts) to run as a load.
//   bun bench/flood.ts [--products 20000] [--quiet-products 10000] [--rate 460] [--seconds 20] [--serve-args="--search-cpu-share 0"] [--no-write]
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateCatalog } from "../src/catalog/generate.ts";
import { Rng } from "../src/catalog/prng.ts";
import { OPTIONS } from "../src/config.ts";
import { ADMIN_KEY, ROOT, type Service, startService, tempDir } from "../test/http/harness.ts";
import { generateQueryMix } from "./query-mix.ts";
import { type LoadResult, ms, newHistogram, runLoad, timedGet } from "./suite/load.ts";
import { machine, writeSection } from "./suite/report.ts";
import { importCatalog } from "./suite/run.ts";

const USAGE =
  'bun bench/flood.ts [--products 20000] [--quiet-products 10000] [--rate 460] [--seconds 20] [--serve-args="..."] [--no-write]';

/** Letters of the flood's words: both scripts, so that every word is tried for layout and transliteration. */
const LETTERS = "абвгдеєжзиіїйклмнопрстуфхцчшщьюяabcdefghijklmnopqrstuvwxyz";

/** A random query of `chars` characters: words of 3 to 10 random letters, found in no catalog. */
export function floodQuery(rng: Rng, chars = 200): string {
  let q = "";
  while (q.length < chars) {
    const length = rng.int(3, 10);
    for (let k = 0; k < length; k++) q += LETTERS[rng.int(0, LETTERS.length - 1)];
    q += " ";
  }
  return q.slice(0, chars);
}

export interface FloodResult {
  /** Requests sent (answered or not). */
  sent: number;
  /** Answers by status; 0 for a request that failed without one. */
  statuses: Record<number, number>;
  /** Round trips of the answered requests, microseconds. */
  roundTrip: ReturnType<typeof newHistogram>;
  seconds: number;
}

/**
 * Sends `rate` random 200-character searches a second to `url` (a node's base URL) with the
 * search `token` for `seconds`, open loop: requests are started on schedule whether or not the
 * earlier ones were answered (at most `maxInFlight` at once, past which the schedule's requests
 * are dropped and counted as status 0, as a client that gives up would). `stop` ends it early.
 */
export async function runFlood(o: {
  url: string;
  token: string;
  rate: number;
  seconds: number;
  seed?: number;
  maxInFlight?: number;
  stop?: AbortSignal;
}): Promise<FloodResult> {
  const rng = new Rng(o.seed ?? 20);
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
    const q = floodQuery(rng);
    const t = performance.now();
    const p = fetch(`${o.url}/api/v2/search/?q=${encodeURIComponent(q)}&token=${o.token}`)
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
  // Every 5 ms, the requests the schedule owes by now: the rate holds though a timer runs late.
  while (performance.now() < end && !o.stop?.aborted) {
    const due = Math.floor(((performance.now() - started) / 1000) * o.rate);
    while (sent < due) send();
    await Bun.sleep(5);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return { sent, statuses, roundTrip, seconds };
}

async function createStore(service: Service, name: string) {
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    method: "POST",
    headers: { "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ name }),
  });
  return (await r.json()) as { secret_token: string; search_token: string };
}

function options(argv: string[]) {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      products: { type: "string", default: "20000" },
      "quiet-products": { type: "string", default: "10000" },
      rate: { type: "string", default: "460" },
      seconds: { type: "string", default: "20" },
      "serve-args": { type: "string", default: "" },
      "no-write": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const n = (name: string, raw: string, min: number, max: number): number => {
    const x = Number(raw);
    if (!Number.isInteger(x) || x < min || x > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
    return x;
  };
  return {
    help: v.help,
    products: n("products", v.products, 1000, 1_000_000),
    quietProducts: n("quiet-products", v["quiet-products"], 1000, 1_000_000),
    rate: n("rate", v.rate, 1, 100_000),
    seconds: n("seconds", v.seconds, 3, 600),
    serveArgs: v["serve-args"].split(" ").filter(Boolean),
    write: !v["no-write"],
  };
}

const log = (line: string) => console.error(`[flood] ${line}`);

const figures = (r: LoadResult) => ({
  p50: ms(r.roundTrip, 50),
  p99: ms(r.roundTrip, 99),
  max: ms(r.roundTrip, 100),
  perSecond: r.requests / r.seconds,
  failed: r.errors,
});

async function main(argv: string[]): Promise<number> {
  const o = options(argv);
  if (o.help) {
    console.error(USAGE);
    return 0;
  }
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
  const flooded = await createStore(service, "flooded");
  const quiet = await createStore(service, "quiet");
  await importCatalog(service.url, flooded.secret_token, { seed: 1, products: o.products });
  await importCatalog(service.url, quiet.secret_token, { seed: 2, products: o.quietProducts });
  await service.stop();
  service = await startService({ dataDir: dir, args });
  const sample = generateCatalog({ seed: 2, products: Math.min(o.quietProducts, 20_000) });
  const quietUrls = generateQueryMix(sample, { seed: 2, count: 5000 }).map(
    (q) =>
      `${service.url}/api/v2/search/?${new URLSearchParams({ ...q.params, token: quiet.search_token, demo: "true" })}`,
  );
  // Every query of the mix once, on one connection as later: its answers are cached, so that
  // the quiet store's searches cost it next to nothing and measure how long they wait.
  log("warm-up: the quiet store's mix, every query once");
  for (const url of quietUrls) await timedGet(url);
  log(`the quiet store alone, ${o.seconds} s`);
  const alone = figures(await runLoad({ urls: quietUrls, concurrency: 1, seconds: o.seconds }));
  log(`the quiet store during a flood of ${o.rate}/s on the other, ${o.seconds} s`);
  const [during, flood] = await Promise.all([
    runLoad({ urls: quietUrls, concurrency: 1, seconds: o.seconds }).then(figures),
    runFlood({ url: service.url, token: flooded.search_token, rate: o.rate, seconds: o.seconds }),
  ]);
  // The floor any limit can reach: the same flood on a token of no store, answered with the
  // empty data set at once (the HTTP traffic and the client, no search).
  log(`the quiet store during a flood of ${o.rate}/s on a token of no store, ${o.seconds} s`);
  const [floor] = await Promise.all([
    runLoad({ urls: quietUrls, concurrency: 1, seconds: o.seconds }).then(figures),
    runFlood({ url: service.url, token: "no-store", rate: o.rate, seconds: o.seconds }),
  ]);
  await service[Symbol.asyncDispose]();

  const fmt = (x: number) => x.toFixed(1);
  const statuses = Object.entries(flood.statuses)
    .map(([status, n]) => `${n.toLocaleString("en")} × ${status === "0" ? "no answer" : status}`)
    .join(", ");
  const command = `bun bench/flood.ts --products ${o.products} --quiet-products ${o.quietProducts} --rate ${o.rate} --seconds ${o.seconds}${o.serveArgs.length ? ` --serve-args "${o.serveArgs.join(" ")}"` : ""}`;
  const table = `Command: \`${command}\` on ${machine()}, ${new Date().toISOString().slice(0, 16)}Z.

| the quiet store's searches (1 client) | p50 ms | p99 ms | max ms | answers/s | not 200 |
|---|---:|---:|---:|---:|---:|
| alone | ${fmt(alone.p50)} | ${fmt(alone.p99)} | ${fmt(alone.max)} | ${Math.round(alone.perSecond)} | ${alone.failed} |
| during the flood | ${fmt(during.p50)} | ${fmt(during.p99)} | ${fmt(during.max)} | ${Math.round(during.perSecond)} | ${during.failed} |
| during the same flood on a token of no store (no search: the floor) | ${fmt(floor.p50)} | ${fmt(floor.p99)} | ${fmt(floor.max)} | ${Math.round(floor.perSecond)} | ${floor.failed} |

The flood: ${flood.sent.toLocaleString("en")} searches in ${flood.seconds.toFixed(1)} s (${Math.round(flood.sent / flood.seconds)}/s): ${statuses}; round trip p50 ${fmt(ms(flood.roundTrip, 50))} ms, p99 ${fmt(ms(flood.roundTrip, 99))} ms.
`;
  console.log(table);
  if (o.write) writeSection(join(ROOT, "BENCHMARKS.md"), "flood", table);
  return 0;
}

if (import.meta.main)
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
