import { RedisStore } from "./redis/redis-store.ts";
import { SqliteStore } from "./sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store.ts";

/** What chooses and tunes the store (config.ts's Config holds them, read from the flags). */
export interface StoreOptions {
  dataDir: string;
  redisUrl: string | null;
  sync: "normal" | "full";
}

/**
 * The configured primary store and change log: SQLite in the data dir by default, Redis when
 * `--redis-url` is set (the data dir then holds nothing of the catalog).
 */
export async function openStore(
  options: StoreOptions,
): Promise<{ store: PrimaryStore; log: ChangeLog }> {
  if (options.redisUrl) {
    const redis = await RedisStore.open(options.redisUrl);
    return { store: redis, log: redis };
  }
  const sqlite = new SqliteStore(options.dataDir, { synchronous: options.sync });
  return { store: sqlite, log: sqlite };
}
