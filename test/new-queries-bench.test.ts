// The benchmark of new queries runs end to end on a small catalog, so that it cannot rot
// (issue 14). It checks that every class and run is measured and reported, not how fast.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseNewQueriesArgs, runNewQueries } from "../bench/new-queries.ts";
import { NEW_QUERY_CLASSES } from "../bench/workloads/new-query-classes.ts";
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
    catalog: "project",
    searchThreads: null,
    wrkCpus: null,
    acceptEncoding: null,
    wrkOnly: false,
    noWrk: false,
    noListing: false,
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
  // The listing page's classes: each query sorted and grouped too, and the category pages.
  if (!r.listing) throw new Error("the listing classes did not run");
  for (const form of [r.listing.times.sorted, r.listing.times.grouped])
    expect(NEW_QUERY_CLASSES.map((name) => form.get(name)?.length)).toEqual(
      NEW_QUERY_CLASSES.map(() => 5),
    );
  for (const name of NEW_QUERY_CLASSES)
    expect(text).toMatch(new RegExp(`\\| ${name} \\| 5 \\| [0-9.]+ / [0-9.]+ / [0-9.]+ \\|`));
  expect(r.listing.pages.store.products).toBe(2000);
  expect(r.listing.pages.category.products).toBeGreaterThan(0);
  expect(text).toContain("| the whole store, flat | 2,000 |");
  expect(text).toContain("| new queries, every class in turn |");
  if (!r.wrk) throw new Error("wrk did not run");
  for (const run of [r.wrk.newMixOne, r.wrk.newMix]) {
    expect(run.requests).toBeGreaterThan(0);
    expect([run.non2xx, run.socketErrors, run.repeated]).toEqual([0, 0, 0]);
  }
  expect(r.wrk.repeating.requests).toBeGreaterThan(0);
}, 120_000);

test("--catalog feed runs it on the catalog made differently (test/fixtures/catalogs/)", async () => {
  using dir = tempDir("vitrina-new-queries-feed-test-");
  const out = join(dir, "BENCHMARKS.md");
  const r = await runNewQueries({
    products: 2000,
    perClass: 3,
    seconds: 1,
    seed: 7,
    catalog: "feed",
    searchThreads: null,
    wrkCpus: null,
    acceptEncoding: null,
    wrkOnly: false,
    noWrk: true,
    noListing: true,
    redis: false,
    out,
    log: () => {},
  });
  const text = readFileSync(out, "utf8");
  expect(text).toContain("<!-- new-queries-embedded-2000-feed:start -->");
  expect(text).toContain("products of the feed catalog (test/fixtures/catalogs/)");
  expect(text).toContain("--seed 7 --catalog feed --no-wrk --no-listing`");
  expect(r.listing).toBeNull();
  expect(r.classes.map((c) => [c.name, c.server.length, c.failed])).toEqual(
    NEW_QUERY_CLASSES.map((name) => [name, 3, 0]),
  );
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
      catalog: "project",
      searchThreads: 2,
      wrkCpus: null,
      acceptEncoding: null,
      wrkOnly: false,
      noWrk: false,
      noListing: false,
      redis: false,
      out: null,
    },
  );
  expect(
    parseNewQueriesArgs(["--wrk-only", "--accept-encoding", "gzip, deflate, br, zstd"]),
  ).toMatchObject({ wrkOnly: true, acceptEncoding: "gzip, deflate, br, zstd" });
  expect(parseNewQueriesArgs(["--no-wrk"])).toMatchObject({ wrkOnly: false, noWrk: true });
  expect(parseNewQueriesArgs(["--catalog", "feed"])).toMatchObject({ catalog: "feed" });
  expect(() => parseNewQueriesArgs(["--catalog", "yml"])).toThrow(
    new ConfigError("--catalog must be one of project, feed, not yml"),
  );
  expect(() => parseNewQueriesArgs(["--no-wrk", "--wrk-only"])).toThrow(
    new ConfigError("--wrk-only and --no-wrk exclude each other"),
  );
});
