import type { Config } from "../config.ts";
import { RedisStore } from "./redis/redis-store.ts";
import { SqliteStore } from "./sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store.ts";

/**
 * The configured primary store and change log: SQLite in the data dir by default, Redis when
 * `--redis-url` is set (the data dir then holds nothing of the catalog).
 */
export async function openStore(config: Config): Promise<{ store: PrimaryStore; log: ChangeLog }> {
  if (config.redisUrl) {
    const redis = await RedisStore.open(config.redisUrl);
    return { store: redis, log: redis };
  }
  const sqlite = new SqliteStore(config.dataDir, { synchronous: config.sync });
  return { store: sqlite, log: sqlite };
}
