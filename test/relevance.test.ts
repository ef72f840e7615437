// The relevance gate (issue 4 point 7, issue 21 point 5): the judged queries of
// test/fixtures/relevance over two generated catalogs, the project's uk/ru/en one and the feed
// catalog made differently (test/fixtures/catalogs/feed-catalog.ts), must reach recall@10 of at least
// 0.95 overall and per class on each. The per-class figures: `bun bench/relevance.ts`
// (BENCHMARKS.md).
import { describe, expect, test } from "bun:test";
import { evaluateBoth } from "./fixtures/relevance/evaluate.ts";
import { CATALOG_NAMES, CLASSES_OF } from "./fixtures/relevance/sets.ts";

const TARGET = 0.95;

const reports = evaluateBoth();

describe.each([...CATALOG_NAMES])("the %s catalog", (name) => {
  const { overall, perClass, outcomes } = reports[name];
  const classes = CLASSES_OF[name];

  test("the judged set has every class with at least 20 queries", () => {
    expect(Object.keys(perClass)).toEqual([...classes]);
    for (const cls of classes) expect(perClass[cls]?.queries ?? 0).toBeGreaterThanOrEqual(20);
    expect(outcomes.length).toBeGreaterThanOrEqual(20 * classes.length);
  });

  test.each([...classes])("recall@10 of class %s is at least 0.95", (cls) => {
    expect(perClass[cls]?.recall ?? 0).toBeGreaterThanOrEqual(TARGET);
  });

  test("recall@10 over the judged query set is at least 0.95", () => {
    expect(overall.recall).toBeGreaterThanOrEqual(TARGET);
  });
});
