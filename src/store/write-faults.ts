import { AppError, type ErrorCode } from "../errors.ts";

// What a store's writes found (issue 34, deliverable 3). A damaged file lasts: every later write
// is refused with it, so that nothing is acknowledged into a file that cannot give it back. A
// full disk, a read-only file or a Redis over its maxmemory passes: every write is tried again,
// and the first that succeeds ends it. While either lasts, /ready reports it.

/** The faults of a store's writes, by whether they last. */
const FAULTS: Partial<Record<ErrorCode, "lasting" | "passing">> = {
  store_damaged: "lasting",
  disk_full: "passing",
  store_read_only: "passing",
  store_io_error: "passing",
  redis_out_of_memory: "passing",
};

export class WriteFaults {
  private lasting: AppError | null = null;
  private passing: AppError | null = null;

  /** The fault writes meet now, or null. */
  get current(): AppError | null {
    return this.lasting ?? this.passing;
  }

  /** Before a write: refused at once with a lasting fault. */
  check(): void {
    if (this.lasting) throw this.lasting;
  }

  /** A write went through: a passing fault is over. */
  succeeded(): void {
    this.passing = null;
  }

  /** A write failed with `error` (already the store's AppError, if it is one): noted, returned. */
  failed(error: unknown): unknown {
    const kind = error instanceof AppError ? FAULTS[error.code] : undefined;
    if (kind === "lasting") this.lasting = error as AppError;
    else if (kind === "passing") this.passing = error as AppError;
    return error;
  }
}
