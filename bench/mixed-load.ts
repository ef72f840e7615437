// The benchmark of the mixed load (issue 20): stores stream price and stock changes while
// shoppers search. On a fresh data dir it starts the server (two nodes on one private Redis
// with --redis), imports a store's catalog with one client in 1,000-item batches (the fresh
// import the price stream is held against) and a second store of 10,000 products, then
// measures with wrk searches of new queries (each URL once) and of the repeating mix alone,
// then for each K clients × batch size while the stream runs: changes acknowledged per second,
// batch acknowledgement times, the time from acknowledgement to the new price in a search
// answer on every search thread of every node, and searches of both stores; last, the second
// store's searches while a flood of expensive queries hits the first store's token. With Redis
// (one or a cluster) it also imports three more stores at once, spread over the masters.
//   bun bench/mixed-load.ts [--products N] [--clients 1,4,16] [--batch 1,100,1000] [--seconds S]
//     [--redis | --redis-cluster M [--replicas 0|1]] [--catalog project|feed] [--quick]
//     [--profile DIR] [--out FILE | --no-write]
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../src/config.ts";
import type { ProductItem } from "../src/sample-catalog/types.ts";
import { generateQueryMix, type MixQuery } from "../test/fixtures/query-mix.ts";
import { ROOT, startService, tempDir } from "../test/http/harness.ts";
import { startCluster } from "../test/redis/redis-cluster.ts";
import { startRedis } from "../test/redis/redis-server.ts";
import { commandOf, commandSpec, flag, parserOf, runAsMain } from "./suite/flags.ts";
import { runLoad } from "./suite/load.ts";
import { mixedLoadTables } from "./suite/mixed-load-report.ts";
import type {
  MixedLoadOptions,
  MixedLoadResult,
  Searches,
  StreamRun,
} from "./suite/mixed-load-results.ts";
import { threadSched } from "./suite/proc-stat.ts";
import { readProfile, selfTimes } from "./suite/profile-window.ts";
import { writeSection } from "./suite/report.ts";
import { benchServeArgs, importCatalog } from "./suite/serve.ts";
import { placeStore } from "./suite/store-placement.ts";
import { CATALOG_NAMES, catalogSource, sampleCatalog } from "./workloads/catalog-source.ts";
import { newQueryMix } from "./workloads/new-query-classes.ts";
import { RAMP_MS, startPriceStream } from "./workloads/price-stream.ts";
import { runFlood } from "./workloads/query-flood.ts";
import {
  closeLanes,
  keepLanesAlive,
  openLanes,
  Prober,
  probePath,
  showsProduct,
  timesToVisible,
} from "./workloads/thread-probes.ts";
import { ensureWrk, runWrk } from "./workloads/wrk.ts";

/** URLs drawn for each wrk run of new queries: more than the server is expected to answer. */
const URLS_PER_SECOND = 10_000;
const VISIBLE_TIMEOUT_MS = 60_000;
/**
 * Stores of the spread import: as many as the largest cluster measured (3 masters), so that
 * 1, 2 and 3 masters get the same work from the same clients and only the masters differ.
 */
const SPREAD_STORES = 3;

const first = <T>(iterable: Iterable<T>): T => iterable[Symbol.iterator]().next().value as T;

export async function runMixedLoad(o: MixedLoadOptions): Promise<MixedLoadResult> {
  const phase = (name: string, detail = "") =>
    o.log(`[mixed-load] ${name}${detail ? `: ${detail}` : ""}`);
  const loadBefore = loadavg();
  await ensureWrk((line) => phase(line));
  const source = catalogSource(o.catalog);
  using dir = tempDir("vitrina-mixed-load-");
  if (o.redis) mkdirSync(join(dir, "redis"));
  await using redis = o.redis ? await startRedis({ dir: join(dir, "redis") }) : null;
  if (o.cluster) phase("cluster", `${o.cluster.masters} masters × ${o.cluster.replicas} replicas`);
  await using cluster = o.cluster
    ? await startCluster({ ...o.cluster, dir: join(dir, "cluster") })
    : null;
  const clusterArgs = cluster
    ? ["--redis-cluster", cluster.seeds, "--redis-wait-replicas", String(o.cluster?.replicas)]
    : [];
  const shared = redis !== null || cluster !== null;
  const args = [
    ...benchServeArgs(redis?.url ?? null),
    ...clusterArgs,
    ...(o.searchThreads === null ? [] : ["--search-threads", String(o.searchThreads)]),
  ];
  if (o.profile) mkdirSync(o.profile, { recursive: true });
  const profileArgs = o.profile ? ["--cpu-prof", `--cpu-prof-dir=${o.profile}`] : [];
  phase("start", `${shared ? "Redis mode, two nodes" : "embedded mode"}, serve ${args.join(" ")}`);
  await using a = await startService({ dataDir: join(dir, "a"), args, bunArgs: profileArgs });
  await using b = shared ? await startService({ dataDir: join(dir, "b"), args }) : null;
  const nodes = [{ name: "A", url: a.url }, ...(b ? [{ name: "B", url: b.url }] : [])];
  const stamp = Date.now();
  // On a cluster: the first store on some master, the second on another, the spread import's
  // stores round robin over every master.
  const masters = cluster ? (await cluster.masters()).map((m) => m.address).sort() : [];
  const placedA = await placeStore(a, cluster, `mixed-a-${stamp}`);
  const placedB = await placeStore(
    a,
    cluster,
    `mixed-b-${stamp}`,
    (m) => masters.length < 2 || m !== placedA.master,
  );
  const [storeA, storeB] = [placedA.tokens, placedB.tokens];

  const threads = o.searchThreads ?? availableParallelism();
  const lanes = await openLanes(nodes, probePath(storeA.search_token, "probe"), {
    threads,
    log: o.log,
  });
  phase("lanes", `one connection per search thread: ${lanes.map((l) => l.name).join(", ")}`);
  const stopKeeping = keepLanesAlive(lanes, probePath(storeA.search_token, "probe"));
  try {
    const everywhere = async (path: string, product: ProductItem, since: number) => {
      const wanted = {
        path,
        shows: (body: string) => showsProduct(body, product.source_id),
        since,
      };
      return timesToVisible(lanes, wanted, VISIBLE_TIMEOUT_MS);
    };

    phase("import", `${o.products} products, 1 client, batches of 1,000`);
    const importStart = performance.now();
    await importCatalog(a.url, storeA.secret_token, {
      seed: o.seed,
      products: o.products,
      clients: 1,
      catalog: source,
      onProgress: (n) => n % 100_000 === 0 && phase("import", `${n}/${o.products}`),
    });
    const acked = performance.now();
    const seconds = (acked - importStart) / 1000;
    const last = first(source.products(o.seed, 1, o.products - 1));
    const lastPath = probePath(storeA.search_token, source.codeQuery(last));
    const fresh = {
      perSecond: o.products / seconds,
      seconds,
      lastVisible: await everywhere(lastPath, last, acked),
    };
    phase("import", `${Math.round(fresh.perSecond)} products/s`);

    phase("second store", `${o.secondProducts} products`);
    const seedB = o.seed + 1;
    await importCatalog(a.url, storeB.secret_token, {
      seed: seedB,
      products: o.secondProducts,
      catalog: source,
    });
    const lastB = first(source.products(seedB, 1, o.secondProducts - 1));
    const pathB = probePath(storeB.search_token, source.codeQuery(lastB));
    await everywhere(pathB, lastB, performance.now());

    let spread: MixedLoadResult["spread"] = null;
    let placement: string | null = null;
    if (shared) {
      const stores = [];
      for (let k = 0; k < SPREAD_STORES; k++) {
        const want = masters[k % Math.max(1, masters.length)];
        stores.push(await placeStore(a, cluster, `mixed-s${k}-${stamp}`, (m) => m === want));
      }
      const each = Math.ceil(o.products / SPREAD_STORES);
      phase("spread import", `${SPREAD_STORES} stores × ${each} products, 1 client each, at once`);
      const spreadStart = performance.now();
      await Promise.all(
        stores.map((s, k) =>
          importCatalog(a.url, s.tokens.secret_token, {
            seed: o.seed + 2 + k,
            products: each,
            clients: 1,
            catalog: source,
          }),
        ),
      );
      const spreadSeconds = (performance.now() - spreadStart) / 1000;
      spread = {
        perSecond: (each * SPREAD_STORES) / spreadSeconds,
        seconds: spreadSeconds,
        stores: SPREAD_STORES,
        masters: new Set(stores.map((s) => s.master)).size,
      };
      phase("spread import", `${Math.round(spread.perSecond)} products/s`);
      if (cluster) {
        const nth = (m: string) => `master ${masters.indexOf(m) + 1}`;
        placement = [
          `first store: ${nth(placedA.master)}`,
          `second store: ${nth(placedB.master)}`,
          ...stores.map((s, k) => `spread store ${k + 1}: ${nth(s.master)}`),
        ].join("; ");
      }
    }

    const combos = o.clients.flatMap((clients) => o.batches.map((batch) => ({ clients, batch })));
    phase("queries", "drawing the wrk lists from the catalogs");
    const perRun = o.seconds * (o.urlsPerSecond ?? URLS_PER_SECOND);
    const listsOf = (catalog: ReturnType<typeof sampleCatalog>, runs: number) => {
      const mix = newQueryMix(catalog, { seed: o.seed, count: perRun * runs });
      return Array.from({ length: runs }, (_, k) => mix.slice(k * perRun, (k + 1) * perRun));
    };
    const sampleA = sampleCatalog(source, o.seed, o.products);
    // Store A: alone, and during the streams: each stream changes its snapshot all the time,
    // so that no answer of one run can be kept for the next. Store B's snapshot does not
    // change: each of its runs has its own list.
    const [aAlone = [], aDuring = []] = listsOf(sampleA, 2);
    // B's lists: alone before, one per stream, alone after, with the flood.
    const bLists = listsOf(sampleCatalog(source, seedB, o.secondProducts), combos.length + 3);
    const repeating = generateQueryMix(sampleA, { seed: o.seed, count: 5000 });

    const pathOf = (token: string) => (q: MixQuery) =>
      `/api/v2/search/?${new URLSearchParams({ ...q.params, token, demo: "true" })}`;
    const [pathA, pathOfB] = [pathOf(storeA.search_token), pathOf(storeB.search_token)];
    const wrk = async (name: string, qs: readonly MixQuery[], path: (q: MixQuery) => string) => {
      phase("wrk", `${name}: ${qs.length} URLs, ${o.connections} connections, ${o.seconds} s`);
      const r = await runWrk({
        base: a.url,
        paths: qs.map(path),
        file: join(dir, "wrk-paths.txt"),
        seconds: o.seconds,
        connections: o.connections,
        statuses: true,
      });
      phase("wrk", `${name}: ${Math.round(r.perSecond)} searches/s, p99 ${r.p99Ms.toFixed(1)} ms`);
      return { ...r, urls: qs.length };
    };
    const searches = async (
      label: string,
      aList: readonly MixQuery[],
      bList: readonly MixQuery[],
    ): Promise<Searches> => ({
      aNew: await wrk(`A new ${label}`, aList, pathA),
      aRepeating: await wrk(`A repeating ${label}`, repeating, pathA),
      bNew: await wrk(`B new ${label}`, bList, pathOfB),
    });

    const warm = Math.min(3, o.seconds);
    phase("warm-up", `repeating mix, concurrency 8, ${warm} s`);
    await runLoad({ urls: repeating.map((q) => a.url + pathA(q)), concurrency: 8, seconds: warm });
    const alone = await searches("alone", aAlone, bLists[0] ?? []);

    const runs: StreamRun[] = [];
    const windows: { from: number; to: number }[] = [];
    // Up to 200,000 products (~0.5 GB of items) are made once, before any clock runs.
    const made = o.products <= 200_000 ? [...source.products(o.seed, o.products)] : undefined;
    for (const [k, { clients, batch }] of combos.entries()) {
      // The stream with no searches first: what the node acknowledges when its cores are free
      // (the writer thread yields them to searches, --import-nice).
      phase("stream", `${clients} clients × ${batch} items, no searches, ${o.seconds} s`);
      const quiet = startPriceStream({
        base: a.url,
        secretToken: storeA.secret_token,
        source,
        seed: o.seed,
        products: o.products,
        clients,
        batch,
        // Passes over the catalog of its own (odd ones; the streams beside the searches take the
        // even ones): every change of a stream differs from what any stream before it wrote.
        from: o.products * (1 + 2 * k),
        made,
      });
      await Bun.sleep(o.seconds * 1000);
      const alone = await quiet.stop();
      if (alone.last) {
        const p = alone.last.product;
        await everywhere(probePath(storeA.search_token, source.codeQuery(p)), p, performance.now());
      }
      phase("stream", `${clients} clients × ${batch} items`);
      const prober = new Prober(lanes, (p) => probePath(storeA.search_token, source.codeQuery(p)));
      const cpuBefore = threadSched(a.proc.pid);
      const from = Date.now();
      const stream = startPriceStream({
        base: a.url,
        secretToken: storeA.secret_token,
        source,
        seed: o.seed,
        products: o.products,
        clients,
        batch,
        from: o.products * 2 * (k + 1),
        made,
        onAck: (change) => prober.offer(change),
      });
      await Bun.sleep(RAMP_MS);
      const during = await searches(`during ${clients}×${batch}`, aDuring, bLists[k + 1] ?? []);
      const result = await stream.stop();
      const to = Date.now();
      windows.push({ from, to });
      const cpu = cpuPerSecond(cpuBefore, threadSched(a.proc.pid), (to - from) / 1000);
      await prober.drain();
      // The next run starts once the last change shows everywhere: nothing of this one is left.
      if (result.last) {
        const p = result.last.product;
        await everywhere(probePath(storeA.search_token, source.codeQuery(p)), p, performance.now());
      }
      phase(
        "stream",
        `${Math.round(result.changes / result.seconds)} changes/s, ${prober.samples.everywhere.length} probes`,
      );
      runs.push({
        clients,
        batch,
        alone,
        stream: result,
        probes: prober.samples,
        searches: during,
        cpu,
      });
    }

    // A's alone list again: its answers were kept for a snapshot long gone.
    const aloneAfter = await searches("alone after", aAlone, bLists[combos.length + 1] ?? []);

    let flood: MixedLoadResult["flood"] = null;
    if (o.floodRate > 0) {
      phase("flood", `${o.floodRate} expensive queries/s on store A while store B is searched`);
      const flooding = runFlood({
        base: a.url,
        token: storeA.search_token,
        rate: o.floodRate,
        seconds: o.seconds + 1,
        seed: o.seed,
      });
      await Bun.sleep(500);
      const bFlood = await wrk("B new with the flood", bLists[combos.length + 2] ?? [], pathOfB);
      flood = { b: bFlood, flood: await flooding };
    }

    let profile: MixedLoadResult["profile"] = null;
    if (o.profile) {
      // SIGTERM: Bun writes the profile on a clean exit; the lanes' connections are closed
      // first (one the server resets is an error no one listens to).
      stopKeeping();
      closeLanes(lanes);
      await a.stop();
      // The windows beside the profile, for another reading of it.
      writeFileSync(join(o.profile, "stream-windows.json"), JSON.stringify(windows));
      profile = selfTimes(readProfile(o.profile), windows);
    }

    const result: Omit<MixedLoadResult, "table"> = {
      mode: cluster ? "Redis Cluster" : redis ? "Redis" : "embedded",
      fresh,
      spread,
      placement,
      lanes: lanes.map((l) => l.name),
      alone,
      aloneAfter,
      runs,
      flood,
      profile,
      load: [loadBefore, loadavg()],
    };
    const table = mixedLoadTables(result, o, commandLine(o));
    o.log(table);
    if (o.out) writeSection(o.out, sectionName(o, result.mode), table);
    return { ...result, table };
  } finally {
    stopKeeping();
    closeLanes(lanes);
  }
}

const sectionName = (o: MixedLoadOptions, mode: string) =>
  `mixed-load-${o.cluster ? `cluster-${o.cluster.masters}x${o.cluster.replicas}` : mode}-${o.products}-${o.catalog}${o.quick ? "-quick" : ""}`;

/** Seconds run and waited per second between two readings, by thread name, busiest first. */
function cpuPerSecond(
  before: Map<string, { run: number; wait: number }>,
  after: Map<string, { run: number; wait: number }>,
  seconds: number,
): [string, { run: number; wait: number }][] {
  return [...after]
    .map(([name, t]): [string, { run: number; wait: number }] => {
      const was = before.get(name) ?? { run: 0, wait: 0 };
      return [name, { run: (t.run - was.run) / seconds, wait: (t.wait - was.wait) / seconds }];
    })
    .filter(([, t]) => t.run >= 0.01)
    .sort((x, y) => y[1].run - x[1].run);
}

export function commandLine(o: Omit<MixedLoadOptions, "log" | "out">): string {
  return [
    "bun bench/mixed-load.ts",
    ...(o.quick ? ["--quick"] : []),
    `--products ${o.products} --clients ${o.clients.join(",")} --batch ${o.batches.join(",")}`,
    `--seconds ${o.seconds} --seed ${o.seed} --connections ${o.connections}`,
    `--second-products ${o.secondProducts} --flood-rate ${o.floodRate} --catalog ${o.catalog}`,
    ...(o.searchThreads === null ? [] : [`--search-threads ${o.searchThreads}`]),
    ...(o.redis ? ["--redis"] : []),
    ...(o.cluster ? [`--redis-cluster ${o.cluster.masters} --replicas ${o.cluster.replicas}`] : []),
    ...(o.profile ? [`--profile ${o.profile}`] : []),
  ].join(" ");
}

const MIXED_LOAD = commandSpec({
  command: "bun bench/mixed-load.ts",
  about: `The benchmark of the mixed load (issue 20): a store's price and stock changes streamed by K
clients in batches while wrk (installed with apt-get where missing) searches new queries, each
URL once, of that store and of a second one; then a flood of expensive queries on the first
store's token while the second is searched. Reports changes acknowledged/s against the same
run's fresh import, batch acknowledgement times, acknowledgement to the new price in answers on
every search thread (and node), searches alone and during, and the issue's targets; writes a
section of BENCHMARKS.md (not with --no-write or --quick).`,
  flags: {
    products: flag.int(100_000, "products of the store that reprices", { min: 2 }),
    clients: flag.ints(null, "the stream's clients, one run each (default 1,4,16; 4 with --quick)"),
    batch: flag.ints(
      null,
      "items per batch, one run with each K (default 1,100,1000; 100 with --quick)",
    ),
    seconds: flag.int(
      null,
      "seconds of each wrk run; a stream lasts three (default 10; 5 with --quick)",
      {
        value: "S",
      },
    ),
    seed: flag.int(1, "catalog and query seed", { min: 0 }),
    connections: flag.int(8, "wrk's connections"),
    secondProducts: flag.int(10_000, "products of the second store"),
    floodRate: flag.int(460, "expensive queries/s of the flood, 0 for none", { min: 0 }),
    searchThreads: flag.int(null, "passed to serve (default: serve's own, every core)"),
    redis: flag.on(`Redis mode: two nodes on a private redis-server (AOF, appendfsync
always); the stream and wrk go to node A, probes to both; then
three more stores are imported at once, one client each`),
    redisCluster: flag.int(
      null,
      `as --redis, on a private Redis Cluster of N masters
(test/redis/redis-cluster.ts); the second store's domain on
another master than the first's, the three stores round robin`,
    ),
    replicas: flag.int(
      null,
      "replicas per master with --redis-cluster, 0 or 1 (default 1);\nserve waits for R (--redis-wait-replicas)",
      { min: 0, max: 1, value: "R" },
    ),
    catalog: flag.oneOf(
      CATALOG_NAMES,
      "project",
      "project (src/sample-catalog) or feed (test/fixtures/catalogs/feed-catalog.ts)",
    ),
    quick: flag.on("4 clients × 100 items, 5 s runs: the target rows in a few minutes"),
    profile: flag.text(
      null,
      "node A under bun --cpu-prof into DIR; its top functions during the\nstreams are reported",
      "DIR",
    ),
    out: flag.text(null, "the Markdown file to write (default BENCHMARKS.md)", "FILE"),
    noWrite: flag.on("print the tables only"),
  },
  exclusive: [
    ["redis", "redisCluster"],
    ["out", "noWrite"],
  ],
});

/** Checks the flags; a wrong one ends with the usage (exit 2) before anything starts. */
export const parseMixedLoadArgs = parserOf(MIXED_LOAD, (f): Omit<MixedLoadOptions, "log"> => {
  catalogSource(f.catalog); // one not wired yet is refused before anything starts
  if (f.replicas !== null && f.redisCluster === null)
    throw new ConfigError("--replicas needs --redis-cluster");
  return {
    products: f.products,
    clients: f.clients ?? (f.quick ? [4] : [1, 4, 16]),
    batches: (f.batch ?? (f.quick ? [100] : [1, 100, 1000])).map((n) => Math.min(n, f.products)),
    seconds: f.seconds ?? (f.quick ? 5 : 10),
    seed: f.seed,
    connections: f.connections,
    secondProducts: f.secondProducts,
    floodRate: f.floodRate,
    searchThreads: f.searchThreads,
    redis: f.redis,
    cluster:
      f.redisCluster === null ? null : { masters: f.redisCluster, replicas: f.replicas ?? 1 },
    catalog: f.catalog,
    quick: f.quick,
    profile: f.profile,
    out: f.noWrite || (f.quick && f.out === null) ? null : (f.out ?? join(ROOT, "BENCHMARKS.md")),
  };
});

export const mixedLoadCommand = commandOf(MIXED_LOAD, parseMixedLoadArgs, runMixedLoad);

if (import.meta.main) runAsMain(mixedLoadCommand);
