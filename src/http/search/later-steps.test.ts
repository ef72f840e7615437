import { expect, test } from "bun:test";
import { LaterSteps } from "./later-steps.ts";

const turn = () => new Promise((resolve) => setImmediate(resolve));

test("steps are taken one a turn, in order, skipped once their snapshot is not current, each charged", async () => {
  const charged: number[] = [];
  const later = new LaterSteps((domainId, started, ended) => {
    expect(ended).toBeGreaterThanOrEqual(started);
    charged.push(domainId);
  });
  const taken: string[] = [];
  let current = true;
  later.add(1, () => true, [() => taken.push("a1"), () => taken.push("a2")]);
  later.add(2, () => current, [() => taken.push("b1"), () => taken.push("b2")]);
  // None in the turn that added them: the search that made them has answered first.
  expect(taken).toEqual([]);
  await turn();
  expect(taken).toEqual(["a1"]);
  await turn();
  await turn();
  expect(taken).toEqual(["a1", "a2", "b1"]);
  // A new snapshot of domain 2: its last step is left.
  current = false;
  await turn();
  await turn();
  expect(taken).toEqual(["a1", "a2", "b1"]);
  expect(charged).toEqual([1, 1, 2]);
  // Added again once the queue ran out: taken as before.
  later.add(1, () => true, [() => taken.push("c1")]);
  await turn();
  expect(taken).toEqual(["a1", "a2", "b1", "c1"]);
});

test("at most 1,024 steps wait: the rest are left to the asks they would have saved", async () => {
  const later = new LaterSteps(() => {});
  let taken = 0;
  const steps = Array.from({ length: 1000 }, () => () => {
    taken++;
  });
  later.add(1, () => true, steps);
  later.add(1, () => true, steps);
  for (let i = 0; i < 1100; i++) await turn();
  expect(taken).toBe(1024);
  // Once taken, there is room again.
  later.add(1, () => true, steps.slice(0, 3));
  for (let i = 0; i < 4; i++) await turn();
  expect(taken).toBe(1027);
});
