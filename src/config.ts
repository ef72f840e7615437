// The only reader of command-line flags and VITRINA_* variables. A flag wins over its variable.
import { MAX_SHOPPERS_KEPT } from "./store/search-aggregate.ts";

export interface Config {
  dataDir: string;
  host: string;
  port: number;
  adminKey: string | null;
  demo: boolean;
  redisUrl: string | null;
  sync: "normal" | "full";
  maxItems: number;
  maxBytes: number;
  maxPageSize: number;
  /** Seconds between full reindexes of every domain; 0 turns it off. */
  reindexInterval: number;
  partition: { index: number; count: number } | null;
  /** Days of search analytics kept (today included); older days are pruned. */
  analyticsRetentionDays: number;
  /** Distinct shoppers who must have asked a past query (on one day) before it is suggested. */
  suggestionMinShoppers: number;
  /** Milliseconds between refreshes of the suggestion candidates (and blocks) of each domain. */
  suggestionRefreshMs: number;
}

interface Option {
  flag: string;
  env: string;
  boolean?: boolean;
  default: string;
}

const OPTIONS = {
  dataDir: { flag: "data-dir", env: "VITRINA_DATA_DIR", default: "./data" },
  listen: { flag: "listen", env: "VITRINA_LISTEN", default: "127.0.0.1:7700" },
  adminKey: { flag: "admin-key", env: "VITRINA_ADMIN_KEY", default: "" },
  demo: { flag: "demo", env: "VITRINA_DEMO", boolean: true, default: "false" },
  redisUrl: { flag: "redis-url", env: "VITRINA_REDIS_URL", default: "" },
  sync: { flag: "sync", env: "VITRINA_SYNC", default: "normal" },
  maxItems: { flag: "max-items", env: "VITRINA_MAX_ITEMS", default: "10000" },
  maxBytes: { flag: "max-bytes", env: "VITRINA_MAX_BYTES", default: String(32 * 1024 * 1024) },
  maxPageSize: { flag: "max-page-size", env: "VITRINA_MAX_PAGE_SIZE", default: "100" },
  reindexInterval: { flag: "reindex-interval", env: "VITRINA_REINDEX_INTERVAL", default: "86400" },
  partition: { flag: "partition", env: "VITRINA_PARTITION", default: "" },
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
} satisfies Record<string, Option>;

export class ConfigError extends Error {}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string>;
}

/** Splits argv into positional words and `--flag value` / `--flag=value` / `--switch` flags. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  const switches = new Set(
    Object.values(OPTIONS)
      .filter((o: Option) => o.boolean)
      .map((o) => o.flag),
  );
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

const integer = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be an integer >= ${min}`);
  return n;
};

// One shopper alone is what poisoning is; more than the ids an aggregate keeps cannot be told.
const shoppers = (raw: string): number => {
  const n = integer("--suggestion-min-shoppers", raw, 2);
  if (n > MAX_SHOPPERS_KEPT)
    throw new ConfigError(`--suggestion-min-shoppers must be at most ${MAX_SHOPPERS_KEPT}`);
  return n;
};

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
  const partition = get(OPTIONS.partition);
  const pm = /^(\d+)\/(\d+)$/.exec(partition);
  if (partition && (!pm || Number(pm[1]) >= Number(pm[2])))
    throw new ConfigError("--partition must be I/N with 0 <= I < N");
  return {
    dataDir: get(OPTIONS.dataDir),
    host: listen.slice(0, colon),
    port: integer("--listen port", listen.slice(colon + 1), 0),
    adminKey: get(OPTIONS.adminKey) || null,
    demo: ["true", "1", "yes"].includes(get(OPTIONS.demo)),
    redisUrl: get(OPTIONS.redisUrl) || null,
    sync,
    maxItems: integer("--max-items", get(OPTIONS.maxItems), 1),
    maxBytes: integer("--max-bytes", get(OPTIONS.maxBytes), 1),
    maxPageSize: integer("--max-page-size", get(OPTIONS.maxPageSize), 1),
    reindexInterval: integer("--reindex-interval", get(OPTIONS.reindexInterval), 0),
    partition: pm ? { index: Number(pm[1]), count: Number(pm[2]) } : null,
    analyticsRetentionDays: integer(
      "--analytics-retention-days",
      get(OPTIONS.analyticsRetentionDays),
      1,
    ),
    suggestionMinShoppers: shoppers(get(OPTIONS.suggestionMinShoppers)),
    suggestionRefreshMs: integer("--suggestion-refresh", get(OPTIONS.suggestionRefresh), 1) * 1000,
  };
}
