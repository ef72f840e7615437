import type { Config } from "../config.ts";
import { RedisStore } from "./redis/redis-store.ts";
import { SqliteStore } from "./sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store.ts";

/**
 * The configured primary store and change log: SQLite in the data dir by default, Redis when
 * `--redis-url` or `--redis-cluster` is set (the data dir then holds nothing of the catalog).
 */
export async function openStore(config: Config): Promise<{ store: PrimaryStore; log: ChangeLog }> {
  if (config.redis) {
    const { at, wait } = config.redis;
    const redis =
      "url" in at
        ? await RedisStore.open(at.url, { wait })
        : await RedisStore.openCluster(at.cluster, { wait });
    return { store: redis, log: redis };
  }
  const sqlite = new SqliteStore(config.dataDir, { synchronous: config.sync });
  return { store: sqlite, log: sqlite };
}
