import type { Server } from "bun";
import { adminAnalytics } from "./analytics/admin-analytics.ts";
import { PopularQueries } from "./analytics/popular-queries.ts";
import { SearchRecorder } from "./analytics/search-recorder.ts";
import type { Config } from "./config.ts";
import { createApp } from "./http/app.ts";
import { InFlight } from "./http/in-flight.ts";
import { overviewOf } from "./http/overview.ts";
import { SharedTokenBuckets, TokenBuckets } from "./http/rate-limit.ts";
import { docsRoutes } from "./http/routes/docs.ts";
import { healthRoutes } from "./http/routes/health.ts";
import { pagesRoutes } from "./http/routes/pages.ts";
import { OTHERS_WINDOW_MS, searchAnswers, searchRoutes } from "./http/routes/search.ts";
import { searchServeRoutes } from "./http/search-serve-routes.ts";
import { threadShedder } from "./http/search-shedder.ts";
import { SearchThreads } from "./http/search-threads.ts";
import { warmedUpLine, warmUpSearches } from "./http/search-warm-up.ts";
import { type ShedReason, shed } from "./http/shed.ts";
import { ImportWriter } from "./import/import-writer.ts";
import { logLine } from "./ops/log-lines.ts";
import { observeRequest, registerSources } from "./ops/metrics.ts";
import { metricSourcesOf, readinessOf } from "./ops/probes.ts";
import { FreshRecords } from "./pipeline/fresh-records.ts";
import { Indexers } from "./pipeline/indexers.ts";
import { SnapshotPublisher } from "./pipeline/snapshot-replica.ts";
import { openStore } from "./store/open-store.ts";
import { Checkpointer } from "./store/sqlite/checkpointer.ts";
import { sqliteFile } from "./store/sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store/store.ts";
import { Domains } from "./tenancy/domains.ts";
import { assertServedBy, serves } from "./tenancy/partition.ts";

export interface RunningServer {
  url: string;
  domains: Domains;
  imports: ImportWriter;
  indexers: Indexers;
  store: PrimaryStore;
  log: ChangeLog;
  /** Every route served, as method and path (the OpenAPI test checks each is documented). */
  routes: { method: string; path: string }[];
  stop: () => Promise<void>;
}

/**
 * The main thread's private socket (Linux abstract namespace: no file, gone with the process).
 * Bound before the port, it is also the lock that keeps a second server off a port shared by
 * this one's threads (SO_REUSEPORT would let it join them); a partitioned deployment that
 * shares the port on purpose (--reuse-port) takes one per process.
 */
const privateSocket = (config: Config, port: number) =>
  `\0vitrina:${config.host}:${port}${config.reusePort ? `:${process.pid}` : ""}`;

/**
 * Opens the store, builds every domain's index and catches up from the change log, then
 * listens: `/health` answers once this resolves.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const { store, log } = await openStore(config);
  const checkpointer = config.redis ? null : await Checkpointer.start(sqliteFile(config.dataDir));
  const domains = new Domains(store);
  const fresh = new FreshRecords();
  // The search threads start now, so that each sees every snapshot from the first build on.
  // What they report goes to the services made below, once the indexes are built.
  let reports: { recorder: SearchRecorder; imports: ImportWriter } | undefined;
  const rateMemory = new SharedTokenBuckets(config.searchRate).memory;
  // The search-time buckets of every store, shared by the search threads; read here too: an
  // import's share holds only while another store searches (http/routes/import.ts).
  const searchCosts = new SharedTokenBuckets(config.searchCost);
  const costMemory = searchCosts.memory;
  const threads =
    config.searchThreads > 1
      ? new SearchThreads(
          config.searchThreads - 1,
          { config, rateMemory, costMemory },
          {
            searches: (seen) => {
              for (const s of seen) reports?.recorder.record(s);
            },
            requests: (seen) => {
              for (const [method, route, status, seconds] of seen)
                observeRequest(method, route, status, seconds);
            },
            shed: (counts) => {
              for (const [reason, n] of Object.entries(counts)) shed[reason as ShedReason] += n;
            },
            suggestions: async (ids) => (reports ? reports.imports.suggestions(ids) : []),
          },
        )
      : null;
  const publisher = threads && new SnapshotPublisher((message) => threads.post(message));
  // Each store's index patches, in time of this thread (which answers searches too): its
  // imports pay for them and are refused while in debt (http/routes/import.ts).
  const importCosts = new TokenBuckets<number>(config.importCost);
  if (threads) domains.onLoad((all) => threads.post({ type: "domains", all }));
  const indexers = new Indexers(
    store,
    log,
    (d) => serves(config.partition, d),
    fresh,
    publisher ?? undefined,
    (domainId, ms) => importCosts.charge(domainId, performance.now(), ms),
  );
  // The builds of the domains known at start are awaited before listening; a domain that
  // appears later is built in the background.
  let starting: Promise<void>[] | null = [];
  domains.onDomain((d) => {
    const built = indexers.add(d).catch((error) => {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "index build",
          domain: d.name,
          error: String(error),
        }),
      );
    });
    starting?.push(built);
  });
  domains.onDomainGone((d) => void indexers.remove(d.id));
  await domains.load();
  await store.onDomainsChanged?.(() => void domains.load().catch(() => {}));
  await Promise.all(starting);
  starting = null;
  // The rebuild parsed every record into objects that are garbage now (and the search threads'
  // shared copies replaced the segments' arrays): give the memory back before serving, so that
  // the resident size is the indexes' (measured by the benchmark). From a later turn of the
  // loop: JSC scans the stack conservatively, and a collection made here left ~60 MB of a
  // 100,000-product index's arrays alive (bench/threads.ts).
  await Bun.sleep(1);
  Bun.gc(true);
  // Every path of a search compiled before the first shopper's (http/search-warm-up.ts), on a
  // collected heap (a collection of the build's garbage would fall into the warm-up); the
  // search threads warm up on their replicas meanwhile.
  threads?.post({ type: "warm-up" });
  const warmed = warmUpSearches(
    indexers.all().map((i) => i.snapshot),
    config.maxPageSize,
  );
  logLine(warmedUpLine(0, warmed));
  indexers.schedule(config.reindexInterval);

  // Every write goes through the import thread; this thread reads, searches and indexes.
  const imports = await ImportWriter.start(config, {
    onSent: (domainId) => fresh.sent(domainId),
    onAnswered: (domainId, seq, products) => {
      fresh.answered(domainId, products && { seq, records: products });
      if (seq > 0) log.wake?.(domainId);
    },
  });
  const recorder = new SearchRecorder(imports);
  reports = { recorder, imports };
  const popular = new PopularQueries(imports, config.suggestionRefreshMs);
  // A block on this node shows at once on every thread, as it did on the one thread.
  if (threads) popular.onRefresh((lists) => threads.post({ type: "popular", lists }));
  const assertServed = assertServedBy(config.partition);
  registerSources(metricSourcesOf({ domains, indexers, log, imports, recorder, shed }));
  // Import requests in progress per domain: the bound on queued work, and its depths.
  const importsInFlight = new InFlight<number>(config.maxQueuedBatches + 1);
  const { shedder, loopLag } = threadShedder(config.shedLag);
  const answers = searchAnswers({
    domains,
    indexers,
    recorder,
    maxPageSize: config.maxPageSize,
    popular: (id) => popular.get(id),
    assertServed,
    rate: config.searchRate,
    rateMemory,
    cost: config.searchCost,
    costMemory,
    threads: config.searchThreads,
    shedder,
  });
  const app = createApp({
    domains,
    imports,
    limits: { maxItems: config.maxItems, maxBytes: config.maxBytes },
    guards: {
      rate: config.importRate,
      cost: config.importCost,
      costs: importCosts,
      othersSearching: (domainId) =>
        searchCosts.usedByOthers(
          domainId,
          performance.timeOrigin + performance.now(),
          OTHERS_WINDOW_MS,
        ),
      maxQueuedBatches: config.maxQueuedBatches,
      inFlight: importsInFlight,
      readTimeout: config.readTimeout,
    },
    adminKey: config.adminKey,
    analytics: adminAnalytics(imports, popular, config.analyticsRetentionDays),
    overview: overviewOf({ indexers, log, imports }),
    synonyms: imports,
    assertServed,
    requestLog: config.requestLog,
    plugins: [
      healthRoutes({
        readiness: readinessOf({ domains, indexers, store }),
        adminKey: config.adminKey,
      }),
      searchRoutes(answers),
      pagesRoutes({ domains, demo: config.demo }),
      docsRoutes({
        maxPageSize: config.maxPageSize,
        maxItems: config.maxItems,
        maxBytes: config.maxBytes,
        retentionDays: config.analyticsRetentionDays,
      }),
    ],
  });
  // The search paths as Bun's own routes, answered before any framework work; every other
  // request goes to Elysia. Not through `app.listen`: it moves a route whose path ends in "/"
  // (every search path) to the path without it, so that "/api/v2/search/" went through
  // Elysia's handler (BENCHMARKS.md, "The search path").
  const routes = searchServeRoutes(answers, config.requestLog);
  const fetch = app.fetch;
  const listen = (port: number, reusePort: boolean) =>
    Bun.serve({
      hostname: config.host,
      port,
      // A second server on a busy port would silently take half its connections with
      // SO_REUSEPORT. Only the search threads of this process (behind the private socket's
      // lock) and deployments that mean it (--reuse-port) share it.
      reusePort,
      // The import limit is enforced by readBody with a 413 and `detail` at every size,
      // declared or chunked; Bun's own limit would answer first, above it, with an empty 413.
      // No route reads a body before it has authenticated the request (readBody, admin's key).
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      // Seconds a connection may stay silent: a keep-alive connection between requests, a body
      // that stops arriving, an answer being waited for (an import queued behind others).
      // Headers that never finish are closed by Bun itself after ~10 s whatever this says
      // (measured: docs/ARCHITECTURE.md, "Overload and slow clients").
      idleTimeout: 30,
      routes,
      fetch: (request) => fetch(request),
    });
  // With search threads: the private socket first (the lock; a fixed port only, port 0 is
  // never contended), then the port shared with them, then theirs.
  const lock = (port: number) =>
    Bun.serve({
      unix: privateSocket(config, port),
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      fetch: (request) => fetch(request),
    });
  let server: Server<unknown>;
  let channel: Server<unknown> | null = null;
  try {
    if (threads && config.port !== 0) channel = lock(config.port);
    server = listen(config.port, threads !== null || config.reusePort);
    const port = server.port ?? config.port;
    if (threads) {
      channel ??= lock(port);
      await threads.listen(port, privateSocket(config, port));
    }
  } catch (error) {
    channel?.stop(true);
    await threads?.stop();
    loopLag.stop();
    throw error;
  }
  return {
    url: `http://${config.host}:${server.port}`,
    domains,
    imports,
    indexers,
    store,
    log,
    routes: app.routes.map((r) => ({ method: r.method, path: r.path })),
    stop: async () => {
      // Stop accepting, let the requests already accepted finish for at most --shutdown-timeout
      // seconds (a trickling client would hold them for ever), then close what is left, then
      // the store: a request cut off was not answered, so nothing acknowledged is lost. The
      // search threads do the same at once; their requests for this thread come through the
      // private socket, closed once they have stopped.
      const threadsStopped = threads?.stop();
      const stopped = server.stop(false);
      const deadline = performance.now() + config.shutdownTimeout * 1000;
      while (server.pendingRequests > 0 && performance.now() < deadline) await Bun.sleep(5);
      const bound = Bun.sleep(Math.max(0, deadline - performance.now())).then(() => "late");
      if ((await Promise.race([stopped, bound])) === "late") await server.stop(true);
      await threadsStopped;
      await channel?.stop(true);
      loopLag.stop();
      await indexers.stop();
      popular.stop();
      await recorder.stop();
      await imports.stop();
      await checkpointer?.stop();
      await store.close();
    },
  };
}
