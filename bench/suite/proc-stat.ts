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
 * The threads of a process by name (the HTTP thread is "(main)"), with their tids; a name
 * several threads share is numbered in the order they started ("Worker 1", "Worker 2": Bun
 * names every Worker so).
 */
function threadsOf(pid: number): { name: string; tid: string; cpu: number; sys: number }[] {
  const tids = readdirSync(`/proc/${pid}/task`).sort((a, b) => Number(a) - Number(b));
  const stats = tids.map((tid) => ({ tid, ...readStat(`/proc/${pid}/task/${tid}/stat`) }));
  const shared = new Map<string, number>();
  for (const { name } of stats) shared.set(name, (shared.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return stats.map(({ tid, name: thread, cpu, sys }) => {
    const k = (seen.get(thread) ?? 0) + 1;
    seen.set(thread, k);
    const numbered = (shared.get(thread) ?? 0) > 1 ? `${thread} ${k}` : thread;
    return { name: tid === String(pid) ? `${numbered} (main)` : numbered, tid, cpu, sys };
  });
}

/** CPU seconds of each thread of a process, by thread name (threadsOf), and `NAME sys`. */
export const threadCpu = (pid: number): Map<string, number> => {
  const out = new Map<string, number>();
  for (const { name, cpu, sys } of threadsOf(pid)) {
    out.set(name, cpu);
    out.set(`${name} sys`, sys);
  }
  return out;
};

/**
 * Seconds each thread of a process ran, and waited runnable for a CPU (the scheduler's own
 * counts, /proc/PID/task/TID/schedstat): a thread that waits more than it runs is starved, by
 * other threads or by other processes of the machine.
 */
export const threadSched = (pid: number): Map<string, { run: number; wait: number }> => {
  const out = new Map<string, { run: number; wait: number }>();
  for (const { name, tid } of threadsOf(pid)) {
    const [run = 0, wait = 0] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8")
      .split(" ")
      .map(Number);
    out.set(name, { run: run / 1e9, wait: wait / 1e9 });
  }
  return out;
};
