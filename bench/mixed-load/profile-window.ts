// Where a server's main thread spent its time during chosen windows of a run (issue 20,
// point 3): a `bun --cpu-prof` profile (Chrome's .cpuprofile: a call tree, one node id per
// sample, the microseconds between samples) read for the samples that fall in the windows, and
// the functions that were on top of the stack in them (self time), most first. Bun profiles the
// main thread only: the import thread's and the search threads' time is not in it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
  /** Share of the windows' samples. */
  share: number;
  samples: number;
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
 * `windows`, and the windows' sample count.
 */
export function selfTimes(
  profile: CpuProfile,
  windows: readonly { from: number; to: number }[],
  top = 25,
): { samples: number; functions: SelfTime[] } {
  const names = new Map<number, string>();
  for (const node of profile.nodes)
    names.set(node.id, `${node.callFrame.functionName || "(anonymous)"}${where(node.callFrame)}`);
  const counts = new Map<string, number>();
  let total = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    const ms = time / 1000;
    if (!windows.some((w) => ms >= w.from && ms <= w.to)) continue;
    const name = names.get(profile.samples[i] as number) ?? "?";
    counts.set(name, (counts.get(name) ?? 0) + 1);
    total++;
  }
  const functions = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, samples]) => ({ name, samples, share: samples / Math.max(1, total) }));
  return { samples: total, functions };
}

/** The one .cpuprofile a run wrote into `dir`. */
export function readProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
}
