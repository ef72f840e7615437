// The relevance gate (issue 4, point 7): the judged queries of test/fixtures/relevance over
// their generated uk/ru/en catalog must reach recall@10 of at least 0.95 overall.
// The per-class figures: `bun bench/relevance.ts` (BENCHMARKS.md).
import { expect, test } from "bun:test";
import { evaluateRelevance } from "../bench/relevance.ts";

test("recall@10 over the judged query set is at least 0.95", () => {
  const { overall, perClass, outcomes } = evaluateRelevance();
  expect(Object.keys(perClass).length).toBeGreaterThanOrEqual(12);
  expect(outcomes.length).toBeGreaterThanOrEqual(200);
  expect(overall.recall).toBeGreaterThanOrEqual(0.95);
});
