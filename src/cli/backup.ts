import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Refused } from "../errors.ts";
import {
  holderOfDataDir,
  holderText,
  isHolder,
  lockDataDir,
} from "../store/sqlite/data-dir-lock.ts";
import { damageOf, factsOf, refusalOf } from "../store/sqlite/database-file.ts";
import { sqliteFile } from "../store/sqlite/sqlite-store.ts";

// Backup and restore of the embedded store: one SQLite file. `VACUUM INTO` writes a consistent
// snapshot of the database (one read transaction) into a new file while the server goes on
// writing: in WAL mode a reader never blocks the writer. The copy is compact and checked.

export interface BackupInfo {
  file: string;
  bytes: number;
  schema_version: number;
  domains: number;
}

/** Opens a file that must be a whole Vitrina database and reports what it holds. */
function inspect(file: string): Omit<BackupInfo, "bytes"> {
  let db: Database;
  try {
    db = new Database(file, { readonly: true });
  } catch (error) {
    throw new Refused(`${file} cannot be opened as SQLite: ${(error as Error).message}`);
  }
  try {
    const facts = factsOf(db);
    const refusal = refusalOf(file, facts);
    if (refusal) throw new Refused(refusal);
    const damage = damageOf(db);
    if (damage) throw new Refused(`${file} is damaged: ${damage}`);
    const domains = (db.query("SELECT count(*) AS n FROM domains").get() as { n: number }).n;
    return { file, schema_version: facts.userVersion, domains };
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(`${file} is not a Vitrina database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/** The data dir whose live database `file` would be, when a process holds that dir. */
function liveDatabaseAt(file: string): string | null {
  const dir = dirname(resolve(file));
  const names = ["", "-wal", "-shm"].map((suffix) => `${sqliteFile(dir)}${suffix}`);
  if (!names.includes(resolve(file))) return null;
  const holder = holderOfDataDir(dir);
  return holder ? `${holderText(holder)} is running on ${dir}` : null;
}

/** `vitrina backup`: a snapshot of the data dir's database into `to`, safe while serving. */
export function backup(dataDir: string, to: string, options: { force: boolean }): BackupInfo {
  const live = liveDatabaseAt(to);
  if (live) throw new Refused(`${live}: ${to} is its database; back up to another file`);
  const source = sqliteFile(dataDir);
  if (!existsSync(source)) throw new Refused(`no database at ${source}`);
  if (resolve(to) === resolve(source))
    throw new Refused(`${to} is the database being backed up; back up to another file`);
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
  const lock = lockDataDir(dataDir, "restore");
  if (isHolder(lock))
    throw new Refused(`${holderText(lock)} is running on ${dataDir}: stop it before restoring`);
  try {
    const info = inspect(from);
    const target = sqliteFile(dataDir);
    if (existsSync(target) && !options.force)
      throw new Refused(`${target} exists: pass --force to replace it with the backup`);
    const partial = `${target}.partial`;
    copyFileSync(from, partial);
    for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
    renameSync(partial, target);
    return { ...info, file: target, bytes: statSync(target).size };
  } finally {
    lock.release();
  }
}
