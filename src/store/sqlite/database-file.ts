import { Database } from "bun:sqlite";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { Refused } from "../../errors.ts";
import { APPLICATION_ID, schemaVersion } from "./migrations.ts";
import { sqliteFaultOf, unwritable } from "./storage-faults.ts";

// A file is served only if it is Vitrina's, of a schema this build knows, and whole (issue 34,
// point 2): a damaged, foreign, newer or emptied file is refused with one line and never
// written, so that nothing acknowledged goes into a file that cannot give it back, and nothing
// of another program's is taken over. New stores are made under another name and renamed into
// place, so an empty or half-made file at the path is never one that Vitrina left.

/** What the header and the schema of an open file say (`factsOf`). */
export interface FileFacts {
  applicationId: number;
  userVersion: number;
  tables: readonly string[];
}

/** The tables every Vitrina file has had since migration 1. */
const OWN_TABLES = ["domains", "categories", "products", "changes"];

/** Null when the file is Vitrina's and of a schema this build can migrate; else why not. */
export function refusalOf(file: string, facts: FileFacts): string | null {
  const { applicationId, userVersion, tables } = facts;
  const ours =
    applicationId === APPLICATION_ID ||
    (applicationId === 0 && userVersion >= 1 && OWN_TABLES.every((t) => tables.includes(t)));
  if (!ours) {
    const what =
      applicationId !== 0
        ? `application_id ${applicationId}`
        : tables.length
          ? `tables ${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}`
          : "no tables";
    return `${file} is not a Vitrina database (${what}): move it away or point --data-dir elsewhere; it was not changed`;
  }
  if (userVersion > schemaVersion())
    return `${file} has schema version ${userVersion}, newer than this build's ${schemaVersion()}: run the version that wrote it (or restore a backup of this version); it was not changed`;
  return null;
}

export function factsOf(db: Database): FileFacts {
  const pragma = (name: string) =>
    (db.query(`PRAGMA ${name}`).get() as Record<string, number>)[name] as number;
  return {
    applicationId: pragma("application_id"),
    userVersion: pragma("user_version"),
    tables: (
      db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((t) => t.name),
  };
}

/** The first problem `PRAGMA quick_check` finds (b-tree pages, freelist, cell order), or null. */
export function damageOf(db: Database): string | null {
  const check = (db.query("PRAGMA quick_check(1)").get() as { quick_check: string }).quick_check;
  // "*** in database main ***\nTree 2 page 301: …": the finding, on one line.
  return check === "ok"
    ? null
    : check.replace(/^\*\*\* in database \w+ \*\*\*\s*/, "").replace(/\s*\n\s*/g, "; ");
}

const damaged = (file: string, why: string) =>
  new Refused(
    `${file} is damaged (${why}): restore a backup (vitrina restore --from FILE --force); it was not changed`,
  );

/**
 * Why a file could not be opened or made ready at start, as the operator's one line: a full
 * disk or a file that cannot be written is said as such (a "disk I/O error" too, once the file
 * system says why), not taken for damage.
 */
export function openRefusal(file: string, error: unknown): unknown {
  if (error instanceof Refused) return error;
  // Not SQLite's: no fact about the file, a bug, with its stack.
  if (!String((error as { code?: unknown } | null)?.code).startsWith("SQLITE_")) return error;
  const fault = sqliteFaultOf(error, file);
  const reason = fault?.vars.reason ?? (error as Error).message;
  switch (fault?.code) {
    case "disk_full":
      return new Refused(
        `${file} cannot be used: its disk is full (${reason}): free space on it and start again`,
      );
    case "store_read_only":
      return readOnly(file, String(reason));
    case "store_io_error":
      return new Refused(`${file} cannot be read or written (${reason}): check its disk`);
    default:
      // SQLITE_NOTADB, SQLITE_CORRUPT (or any other code): the header or the schema itself
      // cannot be read.
      return damaged(file, String(reason));
  }
}

const readOnly = (file: string, why: string) =>
  new Refused(
    `${file} cannot be written (${why}): make it writable (chattr -i, a read-write mount) or point --data-dir elsewhere`,
  );

/**
 * SQLite opens a file it may not write read-only without a word, and every write would then
 * fail: a file that cannot be opened for writing (an immutable file, a read-only mount; what
 * stops root too) is refused instead.
 */
function assertWritable(file: string): void {
  const denied = unwritable(file);
  if (denied) throw readOnly(file, denied);
}

/**
 * Opens a data dir's database file, refusing what is not whole and Vitrina's. `verify: "pages"`
 * also reads every page (the server's start); "schema" reads the header and the schema only
 * (a CLI command, a second connection of a process that checked). A missing file is created
 * by `init` under a temporary name and renamed into place.
 */
export function openDatabaseFile(
  file: string,
  options: { verify: "pages" | "schema"; init: (db: Database) => void },
): Database {
  if (!existsSync(file)) createFile(file, options.init);
  else if (statSync(file).size === 0)
    throw new Refused(
      `${file} is empty (0 bytes), so every domain of this store is gone from it: restore a backup (vitrina restore --from FILE --force), or remove the file to start a new empty store`,
    );
  assertWritable(file);
  let db: Database;
  try {
    db = new Database(file, { readwrite: true, create: false, strict: true });
  } catch (error) {
    throw new Refused(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const refusal = refusalOf(file, factsOf(db));
    if (refusal) throw new Refused(refusal);
    if (options.verify === "pages") {
      const damage = damageOf(db);
      if (damage) throw damaged(file, damage);
    }
    return db;
  } catch (error) {
    db.close();
    throw openRefusal(file, error);
  }
}

function createFile(file: string, init: (db: Database) => void): void {
  const partial = `${file}.new-${process.pid}`;
  const removePartial = () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      rmSync(`${partial}${suffix}`, { force: true });
  };
  removePartial();
  try {
    const db = new Database(partial, { create: true, strict: true });
    try {
      init(db);
    } finally {
      // In rollback-journal mode until init says otherwise: closed, the file is whole on its own.
      db.close();
    }
    renameSync(partial, file);
  } catch (error) {
    // A full disk at the first start: nothing half-made is left to be taken for a store.
    removePartial();
    throw openRefusal(file, error);
  }
}
