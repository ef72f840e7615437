// Reading a CPU profile for chosen windows (bench/suite/profile-window.ts):
//  1. only the samples inside a window count, each to the function on top (self) and to every
//     function on its stack once (total), recursion counted once
//  2. the project's functions are listed by total time as well
import { expect, test } from "bun:test";
import { selfTimes } from "./profile-window.ts";

const frame = (functionName: string, url = "") => ({ functionName, url, lineNumber: 9 });

// root → run (src/a.ts) → patch (src/b.ts) → patch (src/b.ts, recursing) ; run → gc
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2] },
    { id: 2, callFrame: frame("run", "file:///x/src/a.ts"), children: [3, 5] },
    { id: 3, callFrame: frame("patch", "file:///x/src/b.ts"), children: [4] },
    { id: 4, callFrame: frame("patch", "file:///x/src/b.ts"), children: [] },
    { id: 5, callFrame: frame("gc"), children: [] },
  ],
  startTime: 1_000_000, // µs: 1,000 ms
  // Samples at 1,001, 1,002, 1,003, 1,004 and 1,010 ms.
  samples: [4, 4, 5, 2, 4],
  timeDeltas: [1000, 1000, 1000, 1000, 6000],
};

test("1-2. self and total time of the samples in the windows", () => {
  const r = selfTimes(profile, [{ from: 1000.5, to: 1004 }]);
  expect(r.samples).toBe(4);
  expect(r.functions).toEqual([
    { name: "patch (src/b.ts:10)", samples: 2, share: 0.5, totalShare: 0.5 },
    { name: "gc", samples: 1, share: 0.25, totalShare: 0.25 },
    { name: "run (src/a.ts:10)", samples: 1, share: 0.25, totalShare: 1 },
  ]);
  expect(r.byTotal.map((f) => [f.name, f.totalShare])).toEqual([
    ["run (src/a.ts:10)", 1],
    ["patch (src/b.ts:10)", 0.5],
  ]);
  expect(selfTimes(profile, [{ from: 1005, to: 2000 }]).functions).toEqual([
    { name: "patch (src/b.ts:10)", samples: 1, share: 1, totalShare: 1 },
  ]);
});
