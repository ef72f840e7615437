// When a domain's suggestion candidates are computed again (analytics-service.ts):
//  1. after 20 times what they cost: a usual domain (~1 ms) at every refresh, a large one
//     (~1 s) every ~20 s
//  2. never later than 30 s, however long one read stalled
import { expect, test } from "bun:test";
import { recomputeAt } from "./analytics-service.ts";

test("1. after 20 times the cost", () => {
  expect(recomputeAt(1_000, 1)).toBe(1_020);
  expect(recomputeAt(1_000, 1_000)).toBe(21_000);
  expect(recomputeAt(1_000, 1_499)).toBe(30_980);
});

test("2. never later than 30 s", () => {
  expect(recomputeAt(1_000, 1_500)).toBe(31_000);
  expect(recomputeAt(1_000, 2_500)).toBe(31_000);
  expect(recomputeAt(1_000, 600_000)).toBe(31_000);
});
