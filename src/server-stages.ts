// The stages of a server's start (server.ts), in their order: each takes what the ones before
// it made, returns what the next ones need, and registers the stop of what it started on the
// stack, so that the server stops in the reverse order (docs/ARCHITECTURE.md, "Start and stop").

import { randomBytes } from "node:crypto";
import { ActionRecorder } from "./analytics/action-recorder.ts";
import { adminAnalytics } from "./analytics/admin-analytics.ts";
import { PopularQueries } from "./analytics/popular-queries.ts";
import { SearchRecorder } from "./analytics/search-recorder.ts";
import type { Config } from "./config.ts";
import { AppError, Refused } from "./errors.ts";
import { FeedPuller } from "./feeds/feed-puller.ts";
import { overviewOf } from "./http/admin/overview.ts";
import { appRoutes } from "./http/app.ts";
import { oneReindexAtATime } from "./http/import/one-reindex.ts";
import { AuthThrottle } from "./http/limits/auth-throttle.ts";
import { InFlight } from "./http/limits/in-flight.ts";
import { SharedTokenBuckets, TokenBuckets } from "./http/limits/rate-limit.ts";
import { threadShedder } from "./http/limits/search-shedder.ts";
import { type ShedReason, shed } from "./http/limits/shed.ts";
import { OTHERS_WINDOW_MS, searchAnswers } from "./http/search/search-routes.ts";
import { warmedUpLine, warmUpSearches } from "./http/search/search-warm-up.ts";
import { clientOf } from "./http/stack/client-address.ts";
import { requestWrapper } from "./http/stack/request-wrapper.ts";
import type { Route } from "./http/stack/route-table.ts";
import { type Listening, serveAndDrain } from "./http/stack/serve-and-drain.ts";
import { FORWARDED_CLIENT, HAND_OVER_SECRET } from "./http/threads/messages.ts";
import { SearchThreads } from "./http/threads/search-thread-pool.ts";
import { IndexThread } from "./indexing/index-thread-handle.ts";
import type { StopStack } from "./stop-stack.ts";
import { openStore } from "./store/open-store.ts";
import { Checkpointer } from "./store/sqlite/checkpointer.ts";
import { holderText, isHolder, lockDataDir } from "./store/sqlite/data-dir-lock.ts";
import { sqliteFile } from "./store/sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store/store.ts";
import { logLine } from "./telemetry/log-lines.ts";
import { observeRequest, registerSources } from "./telemetry/metrics.ts";
import { metricSourcesOf, readinessOf, StartLoads } from "./telemetry/probes.ts";
import { Domains, sameSecret } from "./tenancy/domains.ts";
import { assertServedBy, serves } from "./tenancy/partition.ts";
import { Writer } from "./writer/writer.ts";

export interface Storage {
  store: PrimaryStore;
  log: ChangeLog;
  domains: Domains;
}

/**
 * The primary store and change log, and the SQLite file's checkpoints. The embedded store's
 * data dir is locked for the server's life first: one writer per file (data-dir-lock.ts).
 */
export async function storage(config: Config, stops: StopStack): Promise<Storage> {
  if (!config.redis) {
    const lock = lockDataDir(config.dataDir, "serve");
    if (isHolder(lock))
      throw new Refused(
        `${holderText(lock)} is running on ${config.dataDir}: one data dir takes one server (stop that one, or give this one another --data-dir)`,
      );
    stops.push("data dir lock", () => lock.release());
  }
  const { store, log } = await openStore(config, { verify: "pages" });
  stops.push("store", () => store.close());
  if (!config.redis) {
    const checkpointer = await Checkpointer.start(sqliteFile(config.dataDir));
    stops.push("checkpointer", () => checkpointer.stop());
  }
  return { store, log, domains: new Domains(store) };
}

export interface Indexing {
  /** The index thread, and the main thread's replicas of what it publishes (indexing/). */
  index: IndexThread;
  /** Each store's index patches, in time of the index thread: its imports pay for them. */
  importCosts: TokenBuckets<number>;
}

/**
 * The index thread, before the writer thread whose answers it is told. It indexes nothing until
 * the domains are known (indexes()), by which time the search threads listen to its snapshots.
 */
export async function indexThread(config: Config, stops: StopStack): Promise<Indexing> {
  // A store's imports are refused while its patches are in debt (http/import/import-routes.ts).
  const importCosts = new TokenBuckets<number>(config.importCost);
  const index = await IndexThread.start(config, (domainId, ms) =>
    importCosts.charge(domainId, performance.now(), ms),
  );
  stops.push("index thread", () => index.stop());
  return { index, importCosts };
}

export interface Writing {
  writer: Writer;
  recorder: SearchRecorder;
  actions: ActionRecorder;
  popular: PopularQueries;
}

/**
 * The writer thread, through which every write goes (this thread reads, searches and
 * indexes), and what the searches report to it: their analytics and popular queries.
 */
export async function writer(
  config: Config,
  { index }: Pick<Indexing, "index">,
  stops: StopStack,
): Promise<Writing> {
  const writer = await Writer.start(config, {
    onSent: (domainId) => index.sent(domainId),
    onAnswered: (domainId, seq, change) => index.answered(domainId, seq, change),
  });
  stops.push("writer thread", () => writer.stop());
  const recorder = new SearchRecorder(writer.analytics, {
    capacity: 10_000,
    intervalMs: 250,
    typingMs: config.typingSessionMs,
  });
  stops.push("search recorder", () => recorder.stop());
  const actions = new ActionRecorder(writer.analytics, { capacity: 10_000, intervalMs: 250 });
  stops.push("action recorder", () => actions.stop());
  const popular = new PopularQueries(writer.analytics, config.suggestionRefreshMs);
  stops.push("popular queries", () => popular.stop());
  return { writer, recorder, actions, popular };
}

export interface Threads {
  /** Null with --search-threads 1: the main thread answers every search. */
  threads: SearchThreads | null;
  /** The search token buckets, shared by every search thread. */
  rateMemory: SharedArrayBuffer;
  /** The search-time buckets of every store, shared by the search threads, read here too. */
  searchCosts: SharedTokenBuckets;
}

/**
 * The search threads, started before the indexes are built so that each sees every snapshot
 * from the first build on; they report their searches, requests and refusals here.
 */
export function searchThreads(
  config: Config,
  {
    domains,
    recorder,
    writer,
    popular,
    index,
  }: Pick<Storage, "domains"> & Writing & Pick<Indexing, "index">,
  stops: StopStack,
): Threads {
  const rateMemory = new SharedTokenBuckets(config.searchRate).memory;
  const searchCosts = new SharedTokenBuckets(config.searchCost);
  if (config.searchThreads <= 1) return { threads: null, rateMemory, searchCosts };
  const threads = new SearchThreads(
    config.searchThreads - 1,
    { config, rateMemory, costMemory: searchCosts.memory },
    {
      searches: (seen) => {
        for (const s of seen) recorder.record(s);
      },
      requests: (seen) => {
        for (const [method, route, status, seconds] of seen)
          observeRequest(method, route, status, seconds);
      },
      shed: (counts) => {
        for (const [reason, n] of Object.entries(counts)) shed[reason as ShedReason] += n;
      },
      suggestions: (ids) => writer.analytics.suggestions(ids),
    },
  );
  stops.push("search threads", () => threads.stop());
  index.onReplica((message) => threads.post(message));
  domains.onLoad((all) => threads.post({ type: "domains", all }));
  // A block on this node shows at once on every thread, as it did on the one thread.
  popular.onRefresh((lists) => threads.post({ type: "popular", lists }));
  return { threads, rateMemory, searchCosts };
}

/**
 * Every served domain's index, built and caught up from the change log before listening; a
 * domain that appears later is built in the background. Each snapshot goes to the search
 * threads as it is made.
 */
export async function indexes({
  store,
  domains,
  index,
}: Storage & Pick<Indexing, "index">): Promise<void> {
  let starting: Promise<void>[] | null = [];
  domains.onDomain((d) => {
    const built = index.add(d).catch((error) => {
      logLine({ level: "error", msg: "index build", domain: d.name, error: String(error) });
    });
    starting?.push(built);
  });
  domains.onDomainGone((d) => index.remove(d.id));
  await domains.load();
  await store.onDomainsChanged?.(() => void domains.load().catch(() => {}));
  await Promise.all(starting);
  starting = null;
}

/**
 * Every path of a search compiled before the first shopper's (http/search/search-warm-up.ts), on a
 * collected heap; the search threads warm up on their replicas meanwhile.
 */
export async function warmUp(
  config: Config,
  { threads, index }: Pick<Threads, "threads"> & Pick<Indexing, "index">,
): Promise<void> {
  // The rebuild parsed every record into objects that are garbage now (and the search threads'
  // shared copies replaced the segments' arrays): give the memory back before serving, so that
  // the resident size is the indexes' (measured by the benchmark). From a later turn of the
  // loop: JSC scans the stack conservatively, and a collection made here left ~60 MB of a
  // 100,000-product index's arrays alive (bench/search-threads.ts).
  await Bun.sleep(1);
  Bun.gc(true);
  threads?.post({ type: "warm-up" });
  const warmed = warmUpSearches(index.snapshots(), config.maxPageSize);
  logLine(warmedUpLine(0, warmed));
}

export interface Feeds {
  puller: FeedPuller;
  /** Seconds a store's imports wait: its share of the indexing time owed while others search. */
  importDebt: (domainId: number) => number;
}

/** Whether a store other than this one searched on the node in the last seconds. */
const othersSearching = (searchCosts: SharedTokenBuckets) => (domainId: number) =>
  searchCosts.usedByOthers(domainId, performance.timeOrigin + performance.now(), OTHERS_WINDOW_MS);

/**
 * The registered feeds' puller (feeds/feed-puller.ts): it writes through the writer thread, so
 * it stops before that thread does, after the port (no run asked for arrives once it stopped).
 */
export function feeds(
  config: Config,
  {
    domains,
    writer,
    index,
    importCosts,
    searchCosts,
  }: Pick<Storage, "domains"> & Pick<Writing, "writer"> & Indexing & Pick<Threads, "searchCosts">,
  stops: StopStack,
): Feeds {
  // An upload's rule (http/import/import-routes.ts): work-conserving, the share held only
  // while another store searches.
  const searching = othersSearching(searchCosts);
  const importDebt = (domainId: number) => {
    const owed = importCosts.admit(domainId, performance.now());
    return owed > 0 && searching(domainId) ? owed : 0;
  };
  const puller = new FeedPuller(
    {
      store: writer.feeds,
      writer: writer.imports,
      domains: () => domains.all().filter((d) => serves(config.partition, d)),
      owed: importDebt,
      indexBehind: (domainId) => index.farBehind(domainId),
    },
    {
      limits: { maxItems: config.maxItems, maxBytes: config.maxBytes },
      fetch: {
        allowHosts: config.feedAllowHosts,
        maxBytes: config.feedMaxBytes,
        seconds: config.feedTimeout,
      },
      minuteMs: config.feedMinuteMs,
      // Twice a minute: a feed runs at most half a minute late.
      pollMs: Math.max(10, Math.round(config.feedMinuteMs / 2)),
      webhook: { tries: 3, backoffMs: 1000, timeoutMs: 10_000 },
      log: logLine,
    },
  );
  puller.start();
  stops.push("feed puller", () => puller.stop());
  return { puller, importDebt };
}

export interface Http {
  /** Every route the main thread answers (http/app.ts). */
  routes: Route[];
  wrapper: ReturnType<typeof requestWrapper>;
  /** The same, for the requests the search threads pass on through the private socket. */
  forwarded: ReturnType<typeof requestWrapper>;
  /** What those requests carry to be answered there (http/threads/messages.ts). */
  handOverSecret: string;
  /** What the command line asked for that is loaded once the server listens (`--demo`). */
  loads: StartLoads;
}

/** The main thread's route table over the services, and the wrapper of its requests. */
export function http(
  config: Config,
  {
    store,
    log,
    domains,
    writer,
    recorder,
    actions,
    popular,
    rateMemory,
    searchCosts,
    index: indexers,
    importCosts,
    puller,
    importDebt,
  }: Storage & Writing & Threads & Indexing & Feeds,
  stops: StopStack,
): Http {
  const assertServed = assertServedBy(config.partition);
  registerSources(metricSourcesOf({ domains, indexers, log, writer, recorder, shed }));
  const { shedder, loopLag } = threadShedder(config.shedLag);
  stops.push("loop lag", () => loopLag.stop());
  // The demo catalog's pictures are at the server's address, known once it listens (cli/load-demo.ts).
  const loads = new StartLoads(config.demo ? ["demo catalog"] : []);
  const routes = appRoutes({
    domains,
    imports: writer.imports,
    feedRuns: writer.feeds,
    reindex: oneReindexAtATime({
      append: (domainId) => writer.imports.appendReindex(domainId),
      applied: (domainId) => indexers.get(domainId)?.position,
    }),
    limits: { maxItems: config.maxItems, maxBytes: config.maxBytes },
    feeds: {
      allowHosts: config.feedAllowHosts,
      maxBytes: config.feedMaxBytes,
      seconds: config.feedTimeout,
      indexBehind: (domainId) => indexers.farBehind(domainId),
    },
    guards: {
      rate: config.importRate,
      cost: config.importCost,
      costs: importCosts,
      // An import's share holds only while another store searches (http/import/import-routes.ts).
      othersSearching: othersSearching(searchCosts),
      indexBehind: (domainId) => indexers.farBehind(domainId),
      maxQueuedBatches: config.maxQueuedBatches,
      // Import requests in progress per domain: the bound on queued work, and its depths.
      inFlight: new InFlight<number>(config.maxQueuedBatches + 1),
    },
    assertServed,
    adminKey: config.adminKey,
    analytics: adminAnalytics(writer.analytics, popular, config.analyticsRetentionDays),
    overview: overviewOf({ indexers, log, imports: writer.imports, store }),
    synonyms: writer.settings,
    rules: writer.settings,
    registeredFeeds: {
      feeds: writer.feeds,
      runFeed: (domain, url, force) => {
        // A run asked for on a node of another partition would write a domain it does not index.
        assertServed(domain.name);
        const owed = importDebt(domain.id);
        if (owed > 0)
          throw new AppError("import_cost", { rate: config.importCost.rate, retry_after: owed });
        return puller.runNow(domain, url, force);
      },
      changed: () => puller.poke(),
      fetch: { allowHosts: config.feedAllowHosts },
      minuteMs: config.feedMinuteMs,
    },
    indexers,
    readiness: readinessOf({
      domains,
      indexers,
      store,
      fault: () => writer.fault ?? store.fault ?? null,
      loads,
    }),
    loads,
    search: searchAnswers({
      domains,
      indexers,
      recorder,
      actions,
      maxPageSize: config.maxPageSize,
      popular: (id) => popular.get(id),
      popularity: (id) => popular.popularity(id),
      assertServed,
      rate: config.searchRate,
      rateMemory,
      cost: config.searchCost,
      costMemory: searchCosts.memory,
      threads: config.searchThreads,
      shedder,
    }),
    demo: config.demo,
    docs: {
      maxPageSize: config.maxPageSize,
      maxItems: config.maxItems,
      maxBytes: config.maxBytes,
      retentionDays: config.analyticsRetentionDays,
    },
  });
  // One count of failed authentications for the port and the private socket: a client is the
  // same whichever thread the kernel gave its connection to.
  const { adminKey } = config;
  const throttle = new AuthThrottle(
    (credential) =>
      (adminKey !== null && sameSecret(credential, adminKey)) || domains.knows(credential),
  );
  const options = { log: config.requestLog, readTimeout: config.readTimeout, throttle };
  const handOverSecret = randomBytes(32).toString("base64url");
  return {
    routes,
    wrapper: requestWrapper({ ...options, clientOf: clientOf(config.trustProxy) }),
    // Any local process can connect to the private socket; only a search thread knows the
    // secret, and only then is the client it names believed.
    forwarded: requestWrapper({
      ...options,
      clientOf: (request) => request.headers.get(FORWARDED_CLIENT),
      admit: (request) => sameSecret(request.headers.get(HAND_OVER_SECRET) ?? "", handOverSecret),
    }),
    handOverSecret,
    loads,
  };
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
 * The port, shared with the search threads, and the private socket through which they pass on
 * every request but a search. Stopping: every thread stops accepting and finishes its requests
 * within --shutdown-timeout, then the private socket closes.
 */
export async function listen(
  config: Config,
  { routes, wrapper, forwarded, handOverSecret, threads }: Http & Pick<Threads, "threads">,
  stops: StopStack,
): Promise<{ url: string }> {
  // Registered first, so closed last: the search threads pass requests on through it until
  // they have stopped.
  let channel: Listening | null = null;
  stops.push("private socket", () => channel?.server.stop(true));
  const lock = (port: number) =>
    serveAndDrain({
      routes,
      wrapper: forwarded,
      fallback: forwarded.unmatched(routes),
      at: { unix: privateSocket(config, port) },
    });
  // A fixed port's lock first (port 0 is never contended), then the port, then the threads'.
  if (threads && config.port !== 0) channel = lock(config.port);
  const main = serveAndDrain({
    routes,
    wrapper,
    fallback: wrapper.unmatched(routes),
    // A second server on a busy port would silently take half its connections with
    // SO_REUSEPORT. Only the search threads of this process (behind the private socket's
    // lock) and deployments that mean it (--reuse-port) share it.
    at: {
      hostname: config.host,
      port: config.port,
      reusePort: threads !== null || config.reusePort,
    },
  });
  stops.push("port", async () => {
    const threadsStopped = threads?.stop();
    await main.drain(config.shutdownTimeout);
    await threadsStopped;
  });
  const port = main.server.port ?? config.port;
  if (threads) {
    channel ??= lock(port);
    await threads.listen(port, { socket: privateSocket(config, port), secret: handOverSecret });
  }
  return { url: `http://${config.host}:${port}` };
}
