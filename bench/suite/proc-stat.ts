// CPU time of a process and of each of its threads, read from /proc (Linux): what the server
// spent during a benchmark's run, per thread, without a profiler.
import { readdirSync, readFileSync } from "node:fs";

/** A /proc stat file's name and CPU seconds: user + system (fields 14 and 15), and system. */
export const readStat = (path: string) => {
  const stat = readFileSync(path, "utf8");
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  const sys = Number(fields[12]) / 100;
  return {
    name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
    cpu: Number(fields[11]) / 100 + sys,
    sys,
  };
};

/** CPU seconds a process has used so far, all threads. */
export const cpuSeconds = (pid: number) => readStat(`/proc/${pid}/stat`).cpu;

/**
 * CPU seconds of each thread of a process, by thread name (the HTTP thread is "(main)"); a name
 * several threads share is numbered in the order they started ("Worker 1", "Worker 2": Bun
 * names every Worker so).
 */
export const threadCpu = (pid: number): Map<string, number> => {
  const out = new Map<string, number>();
  const tids = readdirSync(`/proc/${pid}/task`).sort((a, b) => Number(a) - Number(b));
  const stats = tids.map((tid) => ({ tid, ...readStat(`/proc/${pid}/task/${tid}/stat`) }));
  const shared = new Map<string, number>();
  for (const { name } of stats) shared.set(name, (shared.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const { tid, name: thread, cpu, sys } of stats) {
    const k = (seen.get(thread) ?? 0) + 1;
    seen.set(thread, k);
    const numbered = (shared.get(thread) ?? 0) > 1 ? `${thread} ${k}` : thread;
    const name = tid === String(pid) ? `${numbered} (main)` : numbered;
    out.set(name, cpu);
    out.set(`${name} sys`, sys);
  }
  return out;
};
