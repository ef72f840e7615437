// The relevance gate (issue 4, point 7): the judged queries of test/fixtures/relevance over
// their generated uk/ru/en catalog must reach recall@10 of at least 0.95 overall and per class.
// The per-class figures: `bun bench/relevance.ts` (BENCHMARKS.md).
import { expect, test } from "bun:test";
import { evaluateRelevance } from "../bench/relevance.ts";
import { QUERY_CLASSES } from "../bench/relevance-fixture.ts";

const TARGET = 0.95;

const { overall, perClass, outcomes } = evaluateRelevance();

test("the judged set has every class with at least 20 queries", () => {
  expect(Object.keys(perClass)).toEqual([...QUERY_CLASSES]);
  for (const cls of QUERY_CLASSES) expect(perClass[cls]?.queries ?? 0).toBeGreaterThanOrEqual(20);
  expect(outcomes.length).toBeGreaterThanOrEqual(20 * QUERY_CLASSES.length);
});

test.each([...QUERY_CLASSES])("recall@10 of class %s is at least 0.95", (cls) => {
  expect(perClass[cls]?.recall ?? 0).toBeGreaterThanOrEqual(TARGET);
});

test("recall@10 over the judged query set is at least 0.95", () => {
  expect(overall.recall).toBeGreaterThanOrEqual(TARGET);
});
