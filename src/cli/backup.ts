import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { schemaVersion } from "../store/sqlite/migrations.ts";
import { sqliteFile } from "../store/sqlite/sqlite-store.ts";
import { runningServer } from "./pid-file.ts";
import { Refused } from "./refused.ts";

// Backup and restore of the embedded store: one SQLite file. `VACUUM INTO` writes a consistent
// snapshot of the database (one read transaction) into a new file while the server goes on
// writing: in WAL mode a reader never blocks the writer. The copy is compact and checked.

export interface BackupInfo {
  file: string;
  bytes: number;
  schema_version: number;
  domains: number;
}

/** Opens a file that must be a Vitrina database and reports what it holds. */
function inspect(file: string): Omit<BackupInfo, "bytes"> {
  let db: Database;
  try {
    db = new Database(file, { readonly: true });
  } catch (error) {
    throw new Refused(`${file} cannot be opened as SQLite: ${(error as Error).message}`);
  }
  try {
    const version = (db.query("PRAGMA user_version").get() as { user_version: number })
      .user_version;
    const check = (db.query("PRAGMA quick_check").get() as { quick_check: string }).quick_check;
    if (check !== "ok") throw new Refused(`${file} is damaged: ${check}`);
    const hasDomains = db
      .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'domains'")
      .get();
    if (version < 1 || !hasDomains) throw new Refused(`${file} is not a Vitrina database`);
    if (version > schemaVersion())
      throw new Refused(
        `${file} has schema version ${version}, newer than this build's ${schemaVersion()}: restore it with the version that wrote it`,
      );
    const domains = (db.query("SELECT count(*) AS n FROM domains").get() as { n: number }).n;
    return { file, schema_version: version, domains };
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(`${file} is not a Vitrina database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/** `vitrina backup`: a snapshot of the data dir's database into `to`, safe while serving. */
export function backup(dataDir: string, to: string, options: { force: boolean }): BackupInfo {
  const source = sqliteFile(dataDir);
  if (!existsSync(source)) throw new Refused(`no database at ${source}`);
  if (existsSync(to) && !options.force)
    throw new Refused(`${to} exists: choose another file or pass --force to replace it`);
  // Written beside the target and renamed: a backup that fails half-way leaves no file that
  // looks complete.
  const partial = `${to}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const db = new Database(source, { readwrite: true, create: false });
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.run("VACUUM INTO ?", [partial]);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new Refused(`backup of ${source} failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  const info = inspect(partial);
  renameSync(partial, to);
  return { ...info, file: to, bytes: statSync(to).size };
}

/**
 * `vitrina restore`: the backup becomes the data dir's database. Refused while a server runs
 * on the dir (it would go on writing into the file being replaced), and when the dir already
 * has a database unless `force`. The old database's WAL and shared-memory files are removed:
 * a WAL left beside the restored file would be replayed into it.
 */
export function restore(from: string, dataDir: string, options: { force: boolean }): BackupInfo {
  if (!existsSync(from)) throw new Refused(`no backup at ${from}`);
  const pid = runningServer(dataDir);
  if (pid !== null)
    throw new Refused(`a server (pid ${pid}) is running on ${dataDir}: stop it before restoring`);
  const info = inspect(from);
  const target = sqliteFile(dataDir);
  if (existsSync(target) && !options.force)
    throw new Refused(`${target} exists: pass --force to replace it with the backup`);
  mkdirSync(dataDir, { recursive: true });
  const partial = `${target}.partial`;
  copyFileSync(from, partial);
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(partial, target);
  return { ...info, file: target, bytes: statSync(target).size };
}
