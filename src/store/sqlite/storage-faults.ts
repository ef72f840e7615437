import { AppError } from "../../errors.ts";

// What a failed SQLite call means for the request that made it: bun:sqlite throws SQLiteError
// with SQLite's result code name (`SQLITE_CORRUPT`, `SQLITE_FULL`, …). A write runs in one
// transaction, which SQLite rolls back whole when a statement or the commit fails, so a fault
// is always "nothing of this request was stored".

/** How long a client waits before it asks a server with a damaged file again (or another). */
const DAMAGED_RETRY_S = 60;

/** The error an HTTP answer gives for a SQLite failure, or null when it is no storage fault. */
export function sqliteFaultOf(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB")
    return new AppError("store_damaged", {
      reason: (error as Error).message,
      retry_after: DAMAGED_RETRY_S,
    });
  return null;
}
