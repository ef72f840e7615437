// Debian's wrk as the benchmarks' load generator (bench/new-queries.ts, bench/load-slow-clients.ts): a C
// client that costs the machine far less per request than a Bun one, so that queries/s measure
// the server. It asks the paths of a file through wrk-paths.lua, none twice while the list lasts.
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";

export interface WrkResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  /** Answers other than 2xx and 3xx. */
  non2xx: number;
  /** Answers by status, when counted (`statuses`); else empty. */
  statuses: Record<number, number>;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
  /** Requests that asked a path of the list a second time (the list ran out). */
  repeated: number;
}

const run = async (cmd: string[]) => {
  const proc = Bun.spawn(cmd, { stdout: "ignore", stderr: "inherit", stdin: "ignore" });
  if ((await proc.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
};

/** Installs Debian's wrk where it is missing, and says so. */
export async function ensureWrk(log: (line: string) => void): Promise<void> {
  if (Bun.which("wrk")) return;
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  log("wrk is missing: apt-get update && apt-get install -y wrk");
  await run([...sudo, "apt-get", "update", "-q"]);
  await run([
    ...[...sudo, "env", "DEBIAN_FRONTEND=noninteractive"],
    ...["apt-get", "install", "-y", "-q", "--no-install-recommends", "wrk"],
  ]);
  log("wrk installed");
}

/** The CPUs of a `taskset -c` list such as `1`, `0,1` or `2-3`. */
export function cpuCount(list: string): number {
  return list
    .split(",")
    .map((part) => part.split("-").map(Number))
    .reduce((n, [a = 0, b = a]) => n + b - a + 1, 0);
}

/**
 * `wrk` against `base` for `seconds` with `connections` connections, asking the paths (written
 * to `file`) in turn; pinned to `cpus` with taskset when given (one wrk thread per CPU, else
 * one per core up to 2).
 */
export async function runWrk(o: {
  base: string;
  paths: readonly string[];
  file: string;
  seconds: number;
  connections: number;
  cpus?: string | null;
  statuses?: boolean;
  /** Sent with every request when given (wrk sends no Accept-Encoding of its own). */
  acceptEncoding?: string | null;
}): Promise<WrkResult> {
  writeFileSync(o.file, `${o.paths.join("\n")}\n`);
  const threads = Math.min(o.connections, o.cpus ? cpuCount(o.cpus) : Math.min(2, cpus().length));
  const cmd = [
    ...(o.cpus ? ["taskset", "-c", o.cpus] : []),
    "wrk",
    ...["-t", String(threads), "-c", String(o.connections), "-d", `${o.seconds}s`],
    ...(o.acceptEncoding ? ["-H", `Accept-Encoding: ${o.acceptEncoding}`] : []),
    ...["--timeout", "10s", "-s", join(import.meta.dir, "wrk-paths.lua"), o.base],
    ...["--", o.file, String(threads), ...(o.statuses ? ["statuses"] : [])],
  ];
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "inherit", stdin: "ignore" });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`wrk failed:\n${out}`);
  const line = /^wrk-result (.*)$/m.exec(out)?.[1];
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line) as Record<string, number>;
  const n = (key: string) => r[key] ?? 0;
  const statuses: Record<number, number> = {};
  for (const [, status, count] of out.matchAll(/^wrk-status (\d+) (\d+)$/gm))
    statuses[Number(status)] = (statuses[Number(status)] ?? 0) + Number(count);
  const seconds = n("us") / 1e6;
  return {
    requests: n("requests"),
    seconds,
    perSecond: n("requests") / Math.max(seconds, 1e-9),
    p50Ms: n("p50") / 1000,
    p99Ms: n("p99") / 1000,
    p999Ms: n("p999") / 1000,
    maxMs: n("max") / 1000,
    non2xx: n("status"),
    statuses,
    socketErrors: n("socket") + n("timeout"),
    repeated: n("repeated"),
  };
}
