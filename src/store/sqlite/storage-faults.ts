import { accessSync, constants, statfsSync } from "node:fs";
import { basename, dirname } from "node:path";
import { AppError } from "../../errors.ts";

// What a failed SQLite call means for the request that made it: bun:sqlite throws SQLiteError
// with SQLite's result code name (`SQLITE_CORRUPT`, `SQLITE_FULL`, …). A write runs in one
// transaction, which SQLite rolls back whole when a statement or the commit fails, so a fault
// is always "nothing of this request was stored".

/** How long a client waits before it asks a server with a damaged file again (or another). */
const DAMAGED_RETRY_S = 60;
/** A full disk or a read-only file waits for an operator: not the next second. */
const PASSING_RETRY_S = 30;

/**
 * The error an HTTP answer gives for a SQLite failure on `file`, or null when it is no storage
 * fault.
 */
export function sqliteFaultOf(error: unknown, file: string): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  const reason = (error as Error).message;
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB")
    return new AppError("store_damaged", { reason, retry_after: DAMAGED_RETRY_S });
  if (code === "SQLITE_FULL") return full(reason);
  if (code.startsWith("SQLITE_READONLY")) return readOnly(reason);
  if (code.startsWith("SQLITE_IOERR")) return ioFaultOf(file, reason);
  return null;
}

const full = (reason: string) =>
  new AppError("disk_full", { reason, retry_after: PASSING_RETRY_S });
const readOnly = (reason: string) =>
  new AppError("store_read_only", { reason, retry_after: PASSING_RETRY_S });

/**
 * "disk I/O error" names no cause: the file system does. A file that cannot be opened for
 * writing (an immutable file, a read-only mount: what stops root too) is read-only; a disk
 * with no block left is full (SQLite says SQLITE_FULL only when write() says ENOSPC, not when
 * growing its -shm fails).
 */
function ioFaultOf(file: string, reason: string): AppError {
  const denied = unwritable(file);
  if (denied) return readOnly(denied);
  try {
    if (statfsSync(dirname(file)).bavail === 0) return full(reason);
  } catch {
    // The dir itself cannot be asked: the I/O error is all there is to say.
  }
  return new AppError("store_io_error", { reason, retry_after: PASSING_RETRY_S });
}

/**
 * Which of the database file and its WAL cannot be opened for writing, and why
 * (`vitrina.sqlite-wal: EPERM`), or null when both can (or do not exist yet).
 */
export function unwritable(file: string): string | null {
  for (const f of [file, `${file}-wal`]) {
    try {
      accessSync(f, constants.W_OK);
    } catch (error) {
      const errno = (error as NodeJS.ErrnoException).code;
      if (errno !== "ENOENT") return `${basename(f)}: ${errno}`;
    }
  }
  return null;
}
