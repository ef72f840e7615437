// The only reader of command-line flags and VITRINA_* variables. A flag wins over its variable.
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { BULK_LIMITS } from "./model/bulk-limits.ts";
import type { RedisTarget } from "./store/open-store.ts";
import { REDIS_TIMEOUT_MS } from "./store/redis/redis-store.ts";
import { MAX_SHOPPERS_KEPT } from "./store/search-aggregate.ts";

export interface Config {
  dataDir: string;
  host: string;
  port: number;
  adminKey: string | null;
  demo: boolean;
  /** The shared store (Redis mode), or null for the embedded one in the data dir. */
  redis: RedisTarget | null;
  sync: "normal" | "full";
  maxItems: number;
  maxBytes: number;
  maxPageSize: number;
  /** Seconds between full reindexes of every domain; 0 turns it off. */
  reindexInterval: number;
  partition: { index: number; count: number } | null;
  /** Share the port with other processes (SO_REUSEPORT): only for deployments meant to. */
  reusePort: boolean;
  /**
   * The proxies whose X-Forwarded-For (or Forwarded) names the client ("10.0.0.0/8"; a bare
   * address as /32 or /128); empty: the peer is the client (http/stack/client-address.ts).
   */
  trustProxy: string[];
  /** Threads that answer searches, the main one included (docs/ARCHITECTURE.md, "Threads"). */
  searchThreads: number;
  /** Which requests get a JSON log line on stdout. */
  requestLog: "all" | "errors" | "off";
  /** Searches per second (and burst) per search token; rate 0 is no limit. */
  searchRate: RateLimit;
  /** Import requests per second (and burst) per secret token; rate 0 is no limit. */
  importRate: RateLimit;
  /**
   * Milliseconds of search-thread time per second (and burst) each store's searches may cost:
   * --search-cpu-share percent of every search thread's time; rate 0 is no limit.
   */
  searchCost: RateLimit;
  /**
   * Milliseconds of the indexing thread's time per second (and burst) each store's index
   * patches may cost before its imports are refused: --import-cpu-share percent of one thread.
   */
  importCost: RateLimit;
  /** Event-loop lag (ms) past which the searches of the busiest stores are shed; 0 is off. */
  shedLag: number;
  /** Import requests of one domain that may wait behind the one being written; more get 503. */
  maxQueuedBatches: number;
  /**
   * The writer thread's nice value (0-19): above 0, the threads that answer searches get the
   * cores first and imports the time they leave (docs/ARCHITECTURE.md, "Writes beside reads").
   */
  importNice: number;
  /** Seconds a request's body may take to arrive in full; later is 408 and a closed connection. */
  readTimeout: number;
  /** Seconds SIGTERM waits for requests in flight before it closes their connections. */
  shutdownTimeout: number;
  /** Feeds (docs/FEEDS.md): hosts a feed URL may name whatever they resolve to (the tests'). */
  feedAllowHosts: string[];
  /** The most bytes of a feed, sent or fetched. */
  feedMaxBytes: number;
  /** Seconds a feed may take to arrive in full. */
  feedTimeout: number;
  /** A registered feed's minute in ms: 60,000; shorter only in tests (docs/OPERATIONS.md). */
  feedMinuteMs: number;
  /** Days of search analytics kept (today included); older days are pruned. */
  analyticsRetentionDays: number;
  /** Distinct shoppers who must have asked a past query (on one day) before it is suggested. */
  suggestionMinShoppers: number;
  /** Milliseconds between refreshes of the suggestion candidates (and blocks) of each domain. */
  suggestionRefreshMs: number;
  /** Milliseconds of inactivity that close a shopper's typing run (0: every search counts). */
  typingSessionMs: number;
}

export interface RateLimit {
  rate: number;
  burst: number;
}

interface Option {
  flag: string;
  env: string;
  boolean?: boolean;
  default: string;
}

export const OPTIONS = {
  dataDir: { flag: "data-dir", env: "VITRINA_DATA_DIR", default: "./data" },
  listen: { flag: "listen", env: "VITRINA_LISTEN", default: "127.0.0.1:7700" },
  adminKey: { flag: "admin-key", env: "VITRINA_ADMIN_KEY", default: "" },
  demo: { flag: "demo", env: "VITRINA_DEMO", boolean: true, default: "false" },
  redisUrl: { flag: "redis-url", env: "VITRINA_REDIS_URL", default: "" },
  redisCluster: { flag: "redis-cluster", env: "VITRINA_REDIS_CLUSTER", default: "" },
  // Empty: 1 on a cluster (its masters have replicas), 0 on one Redis.
  redisWaitReplicas: {
    flag: "redis-wait-replicas",
    env: "VITRINA_REDIS_WAIT_REPLICAS",
    default: "",
  },
  redisWaitMs: { flag: "redis-wait-ms", env: "VITRINA_REDIS_WAIT_MS", default: "1000" },
  redisTimeout: {
    flag: "redis-timeout",
    env: "VITRINA_REDIS_TIMEOUT",
    default: String(REDIS_TIMEOUT_MS),
  },
  sync: { flag: "sync", env: "VITRINA_SYNC", default: "normal" },
  maxItems: { flag: "max-items", env: "VITRINA_MAX_ITEMS", default: String(BULK_LIMITS.maxItems) },
  maxBytes: { flag: "max-bytes", env: "VITRINA_MAX_BYTES", default: String(BULK_LIMITS.maxBytes) },
  maxPageSize: { flag: "max-page-size", env: "VITRINA_MAX_PAGE_SIZE", default: "100" },
  reindexInterval: { flag: "reindex-interval", env: "VITRINA_REINDEX_INTERVAL", default: "86400" },
  partition: { flag: "partition", env: "VITRINA_PARTITION", default: "" },
  reusePort: { flag: "reuse-port", env: "VITRINA_REUSE_PORT", boolean: true, default: "false" },
  // Behind a load balancer every peer is the balancer (docs/OPERATIONS.md).
  trustProxy: { flag: "trust-proxy", env: "VITRINA_TRUST_PROXY", default: "" },
  // Every core by default: searches are what a node does most, and they scale with threads.
  searchThreads: {
    flag: "search-threads",
    env: "VITRINA_SEARCH_THREADS",
    default: String(availableParallelism()),
  },
  requestLog: { flag: "log-requests", env: "VITRINA_LOG_REQUESTS", default: "errors" },
  // A search token is shared by every shopper of a store: its limit is the store's (see
  // docs/ARCHITECTURE.md, "Overload and slow clients"). --demo turns the limits off.
  searchRate: { flag: "search-rate", env: "VITRINA_SEARCH_RATE", default: "2000" },
  searchBurst: { flag: "search-burst", env: "VITRINA_SEARCH_BURST", default: "4000" },
  importRate: { flag: "import-rate", env: "VITRINA_IMPORT_RATE", default: "0" },
  importBurst: { flag: "import-burst", env: "VITRINA_IMPORT_BURST", default: "100" },
  // What a store's searches and imports may cost, as a share of the node's time (issue 20
  // point 5; docs/ARCHITECTURE.md, "Overload and slow clients"). --demo turns them off too.
  searchCpuShare: { flag: "search-cpu-share", env: "VITRINA_SEARCH_CPU_SHARE", default: "10" },
  importCpuShare: { flag: "import-cpu-share", env: "VITRINA_IMPORT_CPU_SHARE", default: "20" },
  shedLag: { flag: "shed-lag", env: "VITRINA_SHED_LAG", default: "500" },
  maxQueuedBatches: { flag: "max-queued-batches", env: "VITRINA_MAX_QUEUED_BATCHES", default: "8" },
  importNice: { flag: "import-nice", env: "VITRINA_IMPORT_NICE", default: "10" },
  readTimeout: { flag: "read-timeout", env: "VITRINA_READ_TIMEOUT", default: "30" },
  shutdownTimeout: { flag: "shutdown-timeout", env: "VITRINA_SHUTDOWN_TIMEOUT", default: "10" },
  // A feed URL never reads the service's own network unless its host is named here.
  feedAllowHost: { flag: "feed-allow-host", env: "VITRINA_FEED_ALLOW_HOST", default: "" },
  feedMaxBytes: {
    flag: "feed-max-bytes",
    env: "VITRINA_FEED_MAX_BYTES",
    default: String(256 * 1024 * 1024),
  },
  feedTimeout: { flag: "feed-timeout", env: "VITRINA_FEED_TIMEOUT", default: "300" },
  // Tests run registered feeds every few "minutes" of a few ms each.
  feedMinuteMs: { flag: "feed-minute-ms", env: "VITRINA_FEED_MINUTE_MS", default: "60000" },
  analyticsRetentionDays: {
    flag: "analytics-retention-days",
    env: "VITRINA_ANALYTICS_RETENTION_DAYS",
    default: "90",
  },
  suggestionMinShoppers: {
    flag: "suggestion-min-shoppers",
    env: "VITRINA_SUGGESTION_MIN_SHOPPERS",
    default: "3",
  },
  suggestionRefresh: {
    flag: "suggestion-refresh",
    env: "VITRINA_SUGGESTION_REFRESH",
    default: "5",
  },
  // A shopper's typing counts once (analytics/typing-sessions.ts; docs/API.md, "Analytics").
  typingSession: { flag: "typing-session", env: "VITRINA_TYPING_SESSION", default: "5" },
} satisfies Record<string, Option>;

export class ConfigError extends Error {}

/**
 * The fewest characters of an operator key: it opens every domain, and its failed tries are
 * only throttled per client (http/limits/auth-throttle.ts), not impossible.
 */
export const MIN_ADMIN_KEY = 16;

/** The operator key, or null when none is set (the admin API is off). */
function adminKeyOf(key: string): string | null {
  if (!key) return null;
  if (key.length < MIN_ADMIN_KEY)
    throw new ConfigError(
      `--admin-key must be at least ${MIN_ADMIN_KEY} characters (a random one: openssl rand -hex 16)`,
    );
  return key;
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string>;
}

/**
 * Splits argv into positional words and `--flag value` / `--flag=value` / `--switch` flags;
 * `extraSwitches` are a command's own flags that take no value (`--help`, `--force`).
 */
export function parseArgs(
  argv: readonly string[],
  extraSwitches: readonly string[] = [],
): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  const switches = new Set([
    ...Object.values(OPTIONS)
      .filter((o: Option) => o.boolean)
      .map((o) => o.flag),
    ...extraSwitches,
  ]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (switches.has(arg.slice(2))) flags.set(arg.slice(2), "true");
    else {
      const value = argv[++i];
      if (value === undefined) throw new ConfigError(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
    }
  }
  return { positional, flags };
}

/**
 * The first `--flag` of argv that is not one of `known`, checked before any value is read, so
 * that a mistyped flag is reported as such rather than as a flag missing its value.
 */
export function unknownFlag(argv: readonly string[], known: readonly string[]): string | null {
  for (const arg of argv) {
    if (!arg.startsWith("--")) continue;
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    if (!known.includes(name)) return name;
  }
  return null;
}

const integer = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be an integer >= ${min}`);
  return n;
};

// Linux's range: 19 is the lowest priority.
const nice = (raw: string): number => {
  const n = integer("--import-nice", raw, 0);
  if (n > 19) throw new ConfigError("--import-nice must be an integer from 0 to 19");
  return n;
};

// One shopper alone is what poisoning is; more than the ids an aggregate keeps cannot be told.
const shoppers = (raw: string): number => {
  const n = integer("--suggestion-min-shoppers", raw, 2);
  if (n > MAX_SHOPPERS_KEPT)
    throw new ConfigError(`--suggestion-min-shoppers must be at most ${MAX_SHOPPERS_KEPT}`);
  return n;
};

const HOST_PORT = /^[^\s:,]+:\d{1,5}$/;

/** CIDR[,CIDR...] as "address/prefix" each; a bare address is one host. */
function cidrs(raw: string): string[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((cidr) => {
      const [address = "", prefix, extra] = cidr.split("/");
      const bits = isIP(address) === 6 ? 128 : isIP(address) === 4 ? 32 : 0;
      const n = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (bits === 0 || extra !== undefined || n < 0 || n > bits)
        throw new ConfigError(
          `--trust-proxy must be CIDR[,CIDR...] (10.0.0.0/8, 2001:db8::/32, 127.0.0.1), not ${cidr}`,
        );
      return `${address}/${n}`;
    });
}

function redisTarget(get: (o: Option) => string): RedisTarget | null {
  const url = get(OPTIONS.redisUrl);
  const cluster = get(OPTIONS.redisCluster);
  if (url && cluster) throw new ConfigError("--redis-url and --redis-cluster exclude each other");
  if (!url && !cluster) return null;
  const seeds = cluster.split(",").filter((s) => s !== "");
  if (cluster && (seeds.length === 0 || !seeds.every((s) => HOST_PORT.test(s))))
    throw new ConfigError("--redis-cluster must be HOST:PORT[,HOST:PORT...]");
  const replicas = get(OPTIONS.redisWaitReplicas) || (cluster ? "1" : "0");
  return {
    at: cluster ? { cluster: seeds } : { url },
    wait: {
      replicas: integer("--redis-wait-replicas", replicas, 0),
      ms: integer("--redis-wait-ms", get(OPTIONS.redisWaitMs), 1),
    },
    timeoutMs: integer("--redis-timeout", get(OPTIONS.redisTimeout), 1),
  };
}

export function loadConfig(
  flags: Map<string, string>,
  env: Record<string, string | undefined> = process.env,
): Config {
  const known = new Set(Object.values(OPTIONS).map((o) => o.flag));
  for (const f of flags.keys()) if (!known.has(f)) throw new ConfigError(`unknown flag --${f}`);
  const get = (o: Option) => flags.get(o.flag) ?? env[o.env] ?? o.default;
  const listen = get(OPTIONS.listen);
  const colon = listen.lastIndexOf(":");
  if (colon < 0) throw new ConfigError("--listen must be HOST:PORT");
  const sync = get(OPTIONS.sync);
  if (sync !== "normal" && sync !== "full") throw new ConfigError("--sync must be normal or full");
  const requestLog = get(OPTIONS.requestLog);
  if (requestLog !== "all" && requestLog !== "errors" && requestLog !== "off")
    throw new ConfigError("--log-requests must be all, errors or off");
  const port = integer("--listen port", listen.slice(colon + 1), 0);
  if (port > 65535) throw new ConfigError(`--listen port must be 0 to 65535, not ${port}`);
  const demo = ["true", "1", "yes"].includes(get(OPTIONS.demo));
  const rate = (o: Option, burst: Option): RateLimit => ({
    rate: integer(`--${o.flag}`, flags.get(o.flag) ?? env[o.env] ?? (demo ? "0" : o.default), 0),
    burst: integer(`--${burst.flag}`, get(burst), 1),
  });
  // A percentage of `threads` threads' time as milliseconds a second; the burst is one second's.
  const cost = (o: Option, threads: number): RateLimit => {
    const raw = flags.get(o.flag) ?? env[o.env] ?? (demo ? "0" : o.default);
    const share = integer(`--${o.flag}`, raw, 0);
    if (share > 100) throw new ConfigError(`--${o.flag} must be a percentage from 0 to 100`);
    const rate = share * threads * 10;
    return { rate, burst: rate };
  };
  const searchThreads = integer("--search-threads", get(OPTIONS.searchThreads), 1);
  const partition = get(OPTIONS.partition);
  const pm = /^(\d+)\/(\d+)$/.exec(partition);
  if (partition && (!pm || Number(pm[1]) >= Number(pm[2])))
    throw new ConfigError("--partition must be I/N with 0 <= I < N");
  return {
    dataDir: get(OPTIONS.dataDir),
    host: listen.slice(0, colon),
    port,
    adminKey: adminKeyOf(get(OPTIONS.adminKey)),
    demo,
    redis: redisTarget(get),
    sync,
    maxItems: integer("--max-items", get(OPTIONS.maxItems), 1),
    maxBytes: integer("--max-bytes", get(OPTIONS.maxBytes), 1),
    maxPageSize: integer("--max-page-size", get(OPTIONS.maxPageSize), 1),
    reindexInterval: integer("--reindex-interval", get(OPTIONS.reindexInterval), 0),
    partition: pm ? { index: Number(pm[1]), count: Number(pm[2]) } : null,
    reusePort: ["true", "1", "yes"].includes(get(OPTIONS.reusePort)),
    trustProxy: cidrs(get(OPTIONS.trustProxy)),
    searchThreads,
    requestLog,
    searchRate: rate(OPTIONS.searchRate, OPTIONS.searchBurst),
    importRate: rate(OPTIONS.importRate, OPTIONS.importBurst),
    searchCost: cost(OPTIONS.searchCpuShare, searchThreads),
    importCost: cost(OPTIONS.importCpuShare, 1),
    shedLag: integer("--shed-lag", get(OPTIONS.shedLag), 0),
    maxQueuedBatches: integer("--max-queued-batches", get(OPTIONS.maxQueuedBatches), 0),
    importNice: nice(get(OPTIONS.importNice)),
    readTimeout: integer("--read-timeout", get(OPTIONS.readTimeout), 1),
    shutdownTimeout: integer("--shutdown-timeout", get(OPTIONS.shutdownTimeout), 0),
    feedAllowHosts: get(OPTIONS.feedAllowHost)
      .split(",")
      .map((h) => h.trim().replace(/^\[|\]$/g, ""))
      .filter((h) => h !== ""),
    feedMaxBytes: integer("--feed-max-bytes", get(OPTIONS.feedMaxBytes), 1),
    feedTimeout: integer("--feed-timeout", get(OPTIONS.feedTimeout), 1),
    feedMinuteMs: integer("--feed-minute-ms", get(OPTIONS.feedMinuteMs), 1),
    analyticsRetentionDays: integer(
      "--analytics-retention-days",
      get(OPTIONS.analyticsRetentionDays),
      1,
    ),
    suggestionMinShoppers: shoppers(get(OPTIONS.suggestionMinShoppers)),
    suggestionRefreshMs: integer("--suggestion-refresh", get(OPTIONS.suggestionRefresh), 1) * 1000,
    typingSessionMs: integer("--typing-session", get(OPTIONS.typingSession), 0) * 1000,
  };
}
