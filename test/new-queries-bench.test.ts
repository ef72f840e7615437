// The benchmark of new queries runs end to end on a small catalog, so that it cannot rot
// (issue 14). It checks that every class and run is measured and reported, not how fast.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NEW_QUERY_CLASSES } from "../bench/new-queries/classes.ts";
import { parseNewQueriesArgs, runNewQueries } from "../bench/new-queries.ts";
import { ConfigError } from "../src/config.ts";
import { tempDir } from "./http/harness.ts";

test("bun bench/new-queries.ts writes its tables with every class", async () => {
  using dir = tempDir("vitrina-new-queries-test-");
  const out = join(dir, "BENCHMARKS.md");
  const r = await runNewQueries({
    products: 2000,
    perClass: 5,
    seconds: 2,
    seed: 7,
    searchThreads: null,
    wrkCpus: null,
    acceptEncoding: null,
    wrkOnly: false,
    redis: false,
    out,
    log: () => {},
  });
  const text = readFileSync(out, "utf8");
  expect(text).toContain("<!-- new-queries-embedded-2000:start -->");
  expect(text).toContain("Command: `bun bench/new-queries.ts --products 2000 --per-class 5");
  for (const name of NEW_QUERY_CLASSES) expect(text).toContain(`| ${name} | 5 |`);
  expect(r.classes.map((c) => [c.name, c.server.length, c.failed])).toEqual(
    NEW_QUERY_CLASSES.map((name) => [name, 5, 0]),
  );
  expect([r.afterImport.server.length, r.firstAfterStart.server.length]).toEqual([100, 3]);
  expect(text).toContain("| new queries, every class in turn |");
  for (const run of [r.newMixOne, r.newMix]) {
    expect(run.requests).toBeGreaterThan(0);
    expect([run.non2xx, run.socketErrors, run.repeated]).toEqual([0, 0, 0]);
  }
  expect(r.repeating.requests).toBeGreaterThan(0);
}, 120_000);

test("its flags are checked before anything starts", () => {
  expect(() => parseNewQueriesArgs(["--product", "10"])).toThrow(
    new ConfigError("unknown flag --product"),
  );
  expect(() => parseNewQueriesArgs(["--wrk-cpus", "one"])).toThrow(ConfigError);
  expect(parseNewQueriesArgs(["--products", "500", "--search-threads", "2", "--no-write"])).toEqual(
    {
      products: 500,
      perClass: 300,
      seconds: 10,
      seed: 1,
      searchThreads: 2,
      wrkCpus: null,
      acceptEncoding: null,
      wrkOnly: false,
      redis: false,
      out: null,
    },
  );
  expect(
    parseNewQueriesArgs(["--wrk-only", "--accept-encoding", "gzip, deflate, br, zstd"]),
  ).toMatchObject({ wrkOnly: true, acceptEncoding: "gzip, deflate, br, zstd" });
});
