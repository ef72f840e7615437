import { dlopen, FFIType, read } from "bun:ffi";
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { Refused } from "../../errors.ts";

// One writer per data dir (issue 34, point 1). The ids a store hands out (products, categories)
// are counted in the memory of the process that writes: two processes writing one SQLite file
// hand out the same ids and overwrite each other's rows. So a process that writes the catalog
// (`serve`, `restore`, the CLI's `domain delete`) holds an exclusive flock(2) on
// DATA_DIR/vitrina.lock for as long as it runs. The kernel drops the lock with the last
// descriptor, so a process killed with -9 leaves no lock behind, and a pid file alone (which
// outlives its process and can be overwritten by anyone) decides nothing. The lock file is
// never removed: a process that opened it just before an unlink would lock a file no one else
// can see. Bun has no flock of its own: libc's, through bun:ffi.

const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;
const EWOULDBLOCK = 11;

const libc = dlopen("libc.so.6", {
  flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
  __errno_location: { args: [], returns: FFIType.ptr },
});

/** Whether the lock was taken; throws on an error other than "held by another". */
function flock(fd: number, operation: number): boolean {
  if (libc.symbols.flock(fd, operation) === 0) return true;
  const location = libc.symbols.__errno_location();
  const errno = location === null ? -1 : read.i32(location, 0);
  if (errno === EWOULDBLOCK) return false;
  throw new Error(`flock failed (errno ${errno})`);
}

const lockFile = (dataDir: string) => join(dataDir, "vitrina.lock");
/** `serve`'s pid, for service managers and people; the lock, not this file, decides. */
const pidFile = (dataDir: string) => join(dataDir, "vitrina.pid");

/** The process that holds a data dir's lock, as its lock file names it. */
export interface LockHolder {
  pid: number | null;
  /** What it runs: "serve", "restore", "domain delete". */
  command: string;
}

/** A held lock: `release` gives it up (and removes the pid file that `serve` wrote). */
export interface DataDirLock {
  release(): void;
}

/** What a lock file says, or null while it says nothing of a live process. */
function holderOf(dataDir: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(lockFile(dataDir), "utf8");
  } catch {
    return null;
  }
  const [pidText = "", ...command] = text.trim().split(" ");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  return { pid, command: command.join(" ") || "vitrina" };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** An error of the data dir itself (not a dir, read-only, full) as the operator's one line. */
function dataDirRefusal(dataDir: string, error: unknown): Refused {
  const e = error as NodeJS.ErrnoException;
  const why: Record<string, string> = {
    ENOTDIR: "is not a directory",
    EEXIST: "is not a directory",
    EACCES: "cannot be written by this user",
    EPERM: "cannot be written by this user",
    EROFS: "is on a read-only file system",
    ENOSPC: "is on a full disk",
    EDQUOT: "is over its disk quota",
  };
  return new Refused(
    `the data dir ${dataDir} ${why[e.code ?? ""] ?? `cannot be used (${e.code ?? e.message})`}`,
  );
}

/** Makes the data dir if it is missing; a path that cannot be one is the operator's one line. */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw dataDirRefusal(dataDir, error);
  }
}

/**
 * Takes the data dir's lock for `command`, or returns who holds it. A holder that has not yet
 * written its pid (two starts at the same moment), or a check that holds the lock for an
 * instant (`holderOfDataDir`), is waited for up to `waitMs`.
 */
export function lockDataDir(
  dataDir: string,
  command: string,
  waitMs = 1000,
): DataDirLock | LockHolder {
  ensureDataDir(dataDir);
  let fd: number;
  try {
    fd = openSync(lockFile(dataDir), constants.O_RDWR | constants.O_CREAT, 0o644);
  } catch (error) {
    throw dataDirRefusal(dataDir, error);
  }
  const deadline = performance.now() + waitMs;
  for (;;) {
    if (flock(fd, LOCK_EX | LOCK_NB)) break;
    const holder = holderOf(dataDir);
    if (holder || performance.now() >= deadline) {
      closeSync(fd);
      return holder ?? { pid: null, command: "vitrina" };
    }
    Bun.sleepSync(10);
  }
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid} ${command}\n`, 0);
    if (command === "serve") writePid(dataDir);
  } catch (error) {
    // A full disk: no pid file of a server that never ran is left.
    if (command === "serve") rmSync(pidFile(dataDir), { force: true });
    closeSync(fd);
    throw dataDirRefusal(dataDir, error);
  }
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      // Only the holder ever writes or removes the pid file, so it is this process's own.
      if (command === "serve") rmSync(pidFile(dataDir), { force: true });
      try {
        ftruncateSync(fd, 0);
      } catch {
        // A full or read-only disk: the content names a process that is gone, which counts as none.
      }
      flock(fd, LOCK_UN);
      closeSync(fd);
    },
  };
}

function writePid(dataDir: string): void {
  const fd = openSync(pidFile(dataDir), "w", 0o644);
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Who holds the lock of the data dir, or null when no process does. Checks by taking the lock
 * for an instant, which a process starting then waits out (`lockDataDir`'s wait).
 */
export function holderOfDataDir(dataDir: string): LockHolder | null {
  try {
    if (!statSync(dataDir).isDirectory()) return null;
  } catch {
    return null;
  }
  let fd: number;
  try {
    fd = openSync(lockFile(dataDir), constants.O_RDONLY);
  } catch {
    return null;
  }
  try {
    if (flock(fd, LOCK_EX | LOCK_NB)) {
      flock(fd, LOCK_UN);
      return null;
    }
    return holderOf(dataDir) ?? { pid: null, command: "vitrina" };
  } finally {
    closeSync(fd);
  }
}

/** Whether `lockDataDir` returned a holder rather than the lock. */
export const isHolder = (lock: DataDirLock | LockHolder): lock is LockHolder => "pid" in lock;

/** "a server (pid 123)", "vitrina restore (pid 123)": the holder as a refusal names it. */
export const holderText = ({ pid, command }: LockHolder): string => {
  const who = command === "serve" ? "a server" : `vitrina ${command}`;
  return pid === null ? `${who} (pid unknown)` : `${who} (pid ${pid})`;
};
