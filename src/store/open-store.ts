import type { Config } from "../config.ts";
import { SqliteStore } from "./sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store.ts";

/** The configured primary store and change log: SQLite in the data dir by default. */
export async function openStore(config: Config): Promise<{ store: PrimaryStore; log: ChangeLog }> {
  const sqlite = new SqliteStore(config.dataDir, { synchronous: config.sync });
  return { store: sqlite, log: sqlite };
}
