// The mixed-load benchmark runs end to end on a small catalog, so that it cannot rot (issue
// 20). It checks that every load is measured and every table written, not how fast.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseMixedLoadArgs, runMixedLoad } from "../bench/mixed-load.ts";
import { ConfigError } from "../src/config.ts";
import { tempDir } from "./http/harness.ts";

test("bun bench/mixed-load.ts writes its tables with every load and thread", async () => {
  using dir = tempDir("vitrina-mixed-load-test-");
  const out = join(dir, "BENCHMARKS.md");
  const r = await runMixedLoad({
    products: 1500,
    clients: [2],
    batches: [20],
    seconds: 1,
    // 1,500 and 300 products answer past 10,000 new queries a second with 4 connections.
    urlsPerSecond: 40_000,
    seed: 7,
    connections: 4,
    secondProducts: 300,
    floodRate: 50,
    searchThreads: 2,
    redis: false,
    cluster: null,
    catalog: "project",
    quick: false,
    profile: null,
    out,
    log: () => {},
  });
  const text = readFileSync(out, "utf8");
  expect(text).toContain("<!-- mixed-load-embedded-1500-project:start -->");
  expect(text).toContain(
    "Command: `bun bench/mixed-load.ts --products 1500 --clients 2 --batch 20",
  );
  for (const row of [
    "| changes acknowledged/s, 2 clients × 20 items, no searches |",
    "| changes acknowledged/s, 2 clients × 20 items, beside wrk's searches |",
    "| searches/s during ÷ alone (new queries) |",
    "| search p99 during ÷ alone (new queries) |",
    "| acknowledgement → new price in answers on every thread, p50 / p99 / max |",
    "| fresh import, 1 client, 1,000-item batches |",
    "| second store's search p99 with the flood on the first store's token ÷ alone (point 5) |",
    "| 2 × 20 | A/0 |",
    "| second, new queries | flood on the first's token |",
    "| first, new queries | alone, after the streams |",
  ])
    expect(text).toContain(row);
  // Both threads of the node were probed, every probe seen on each.
  expect(r.lanes).toHaveLength(2);
  const [run] = r.runs;
  if (!run) throw new Error("no stream run");
  expect([run.alone.changes > 0, run.stream.changes > 0]).toEqual([true, true]);
  expect([[...run.probes.perLane.keys()].sort(), run.probes.missed]).toEqual([r.lanes, 0]);
  expect(r.fresh.lastVisible.map((l) => l.ms !== null)).toEqual([true, true]);
  const { alone, aloneAfter } = r;
  for (const w of [alone.aNew, alone.bNew, aloneAfter.aNew, aloneAfter.bNew, r.flood?.b]) {
    expect(w?.requests).toBeGreaterThan(0);
    expect([w?.non2xx, w?.socketErrors, w?.repeated]).toEqual([0, 0, 0]);
  }
  for (const w of [run.searches.aNew, run.searches.bNew]) {
    expect(w.requests).toBeGreaterThan(0);
    expect([w.non2xx, w.socketErrors, w.repeated]).toEqual([0, 0, 0]);
  }
  expect(r.flood?.flood.sent).toBeGreaterThan(0);
}, 60_000);

test("its flags are checked before anything starts", () => {
  expect(() => parseMixedLoadArgs(["--client", "4"])).toThrow(
    new ConfigError("unknown flag --client"),
  );
  expect(() => parseMixedLoadArgs(["--batch", "1,x"])).toThrow(ConfigError);
  expect(() => parseMixedLoadArgs(["--catalog", "other"])).toThrow(
    new ConfigError("--catalog must be one of project, feed, not other"),
  );
  expect(parseMixedLoadArgs(["--quick"])).toEqual({
    products: 100_000,
    clients: [4],
    batches: [100],
    seconds: 5,
    seed: 1,
    connections: 8,
    secondProducts: 10_000,
    floodRate: 460,
    searchThreads: null,
    redis: false,
    cluster: null,
    catalog: "project",
    quick: true,
    profile: null,
    out: null,
  });
  expect(parseMixedLoadArgs(["--clients", "1,16", "--redis", "--no-write"])).toMatchObject({
    clients: [1, 16],
    batches: [1, 100, 1000],
    seconds: 10,
    redis: true,
    out: null,
  });
  expect(parseMixedLoadArgs(["--quick", "--redis-cluster", "2"])).toMatchObject({
    redis: false,
    cluster: { masters: 2, replicas: 1 },
  });
  expect(parseMixedLoadArgs(["--redis-cluster", "3", "--replicas", "0"])).toMatchObject({
    cluster: { masters: 3, replicas: 0 },
  });
  expect(() => parseMixedLoadArgs(["--redis", "--redis-cluster", "2"])).toThrow(
    new ConfigError("--redis and --redis-cluster exclude each other"),
  );
  expect(() => parseMixedLoadArgs(["--redis-cluster", "2", "--replicas", "2"])).toThrow(
    new ConfigError("--replicas must be an integer from 0 to 1, not 2"),
  );
  expect(() => parseMixedLoadArgs(["--replicas", "0"])).toThrow(
    new ConfigError("--replicas needs --redis-cluster"),
  );
});
