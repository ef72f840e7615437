import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// `serve` on the embedded store writes its pid into the data dir, so that the commands that
// must not run beside a server (restore, the CLI's domain delete) can tell that one does.
// A server killed with -9 leaves the file behind: a pid that no longer runs counts as none.

const pidFile = (dataDir: string) => join(dataDir, "vitrina.pid");

/** Writes this process's pid; the returned function removes the file if it is still ours. */
export function claimPidFile(dataDir: string): () => void {
  const file = pidFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (runningServer(dataDir) === process.pid) rmSync(file, { force: true });
  };
}

/** The pid of a live server on the data dir, or null. */
export function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
