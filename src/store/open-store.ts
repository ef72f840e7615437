import { RedisStore } from "./redis/redis-store.ts";
import { SqliteStore } from "./sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store.ts";

/** What chooses and tunes the store (config.ts's Config holds them, read from the flags). */
export interface StoreOptions {
  dataDir: string;
  redis: RedisTarget | null;
  sync: "normal" | "full";
}

export interface RedisTarget {
  /** One Redis (`--redis-url`), or the seed nodes of a Redis Cluster (`--redis-cluster`). */
  at: { url: string } | { cluster: string[] };
  /** Replicas each write must reach before it is acknowledged (WAIT), and for how long. */
  wait: { replicas: number; ms: number };
  /** How long a Redis command may go unanswered (--redis-timeout). */
  timeoutMs: number;
}

/**
 * The configured primary store and change log: SQLite in the data dir by default, Redis when
 * `--redis-url` or `--redis-cluster` is set (the data dir then holds nothing of the catalog).
 * `verify: "pages"` reads every page of the SQLite file before it is used (the server's start);
 * every open checks that the file is Vitrina's and of a schema this build knows.
 */
export async function openStore(
  options: StoreOptions,
  { verify = "schema" }: { verify?: "pages" | "schema" } = {},
): Promise<{ store: PrimaryStore; log: ChangeLog }> {
  if (options.redis) {
    const { at, wait, timeoutMs } = options.redis;
    const redis =
      "url" in at
        ? await RedisStore.open(at.url, { wait, timeoutMs })
        : await RedisStore.openCluster(at.cluster, { wait, timeoutMs });
    return { store: redis, log: redis };
  }
  const sqlite = new SqliteStore(options.dataDir, { synchronous: options.sync, verify });
  return { store: sqlite, log: sqlite };
}
