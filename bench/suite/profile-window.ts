// Where a server's main thread spent its time during chosen windows of a run (issue 20,
// point 3): a `bun --cpu-prof` profile (Chrome's .cpuprofile: a call tree, one node id per
// sample, the microseconds between samples) read for the samples that fall in the windows, and
// the functions that were on top of the stack in them (self time), most first. Bun profiles the
// main thread only: the writer thread's and the search threads' time is not in it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds since the epoch (Bun's clock for the profile). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** `function (file:line)`. */
  name: string;
  /** Share of the windows' samples with the function on top of the stack. */
  share: number;
  samples: number;
  /** Share of the windows' samples with the function anywhere on the stack (its callees too). */
  totalShare: number;
}

/** Where a frame is: the file's name under the project, and the line (1-based). */
const where = (frame: ProfileNode["callFrame"]) => {
  if (!frame.url) return "";
  const file = frame.url
    .replace(/^file:\/\//, "")
    .replace(/^.*?\/(src|bench|test|node_modules)\//, "$1/");
  return ` (${file}:${frame.lineNumber + 1})`;
};

/**
 * The `top` functions by self time over the samples whose time (epoch ms) lies in one of
 * `windows`, with their total time (callees included), and the windows' sample count.
 */
export function selfTimes(
  profile: CpuProfile,
  windows: readonly { from: number; to: number }[],
  top = 25,
): { samples: number; functions: SelfTime[]; byTotal: SelfTime[] } {
  const names = new Map<number, string>();
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    names.set(node.id, `${node.callFrame.functionName || "(anonymous)"}${where(node.callFrame)}`);
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const counts = new Map<string, number>();
  const totals = new Map<string, number>();
  let total = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    const ms = time / 1000;
    if (!windows.some((w) => ms >= w.from && ms <= w.to)) continue;
    const id = profile.samples[i] as number;
    const name = names.get(id) ?? "?";
    counts.set(name, (counts.get(name) ?? 0) + 1);
    // Each function once per sample, however deep it recurses.
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
      onStack.add(names.get(at) ?? "?");
    for (const fn of onStack) totals.set(fn, (totals.get(fn) ?? 0) + 1);
    total++;
  }
  const entry = (name: string): SelfTime => ({
    name,
    samples: counts.get(name) ?? 0,
    share: (counts.get(name) ?? 0) / Math.max(1, total),
    totalShare: (totals.get(name) ?? 0) / Math.max(1, total),
  });
  const functions = [...counts.keys()]
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))
    .slice(0, top)
    .map(entry);
  // The project's own functions by total time: which step (a patch, a search, a message) the
  // time is spent under.
  const byTotal = [...totals.keys()]
    .filter((name) => / \(src\//.test(name))
    .sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0))
    .slice(0, top)
    .map(entry);
  return { samples: total, functions, byTotal };
}

/** The last .cpuprofile written into `dir` (Bun names them by date and time). */
export function readProfile(dir: string): CpuProfile {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
}
