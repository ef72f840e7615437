// The benchmark suite runs end to end on a small catalog, so that it cannot rot (issue 5).
// It checks that every phase completes and reports, not how fast: speed is in BENCHMARKS.md.
import { expect, test } from "bun:test";
import { runBench } from "../bench/service-targets.ts";

test("vitrina bench completes on 10k products", async () => {
  const lines: string[] = [];
  const r = await runBench({
    products: 10_000,
    seconds: 1,
    seed: 7,
    redisUrl: null,
    out: null,
    freshnessSamples: 5,
    log: (line) => lines.push(line),
  });
  expect(r.products).toBe(10_000);
  expect(r.importRate).toBeGreaterThan(0);
  expect(r.c1.requests).toBeGreaterThan(0);
  expect(r.c32.requests).toBeGreaterThan(0);
  expect(r.mixed.requests).toBeGreaterThan(0);
  expect([r.c1.errors, r.c32.errors, r.mixed.errors]).toEqual([0, 0, 0]);
  expect(r.rebuildSeconds).toBeGreaterThanOrEqual(0);
  expect(lines.at(-1)).toContain("| index rebuild at restart |");
  for (const phase of ["start", "import", "freshness", "queries c=1", "queries c=32", "restart"])
    expect(lines.some((l) => l.startsWith(`[bench] ${phase}`))).toBe(true);
}, 180_000);
