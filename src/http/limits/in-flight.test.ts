// The bound on requests in progress per key (in-flight.ts):
//  1. up to `limit` enter, the next is refused and not counted
//  2. leaving frees a place; keys are apart; a limit of 1 admits one at a time
import { expect, test } from "bun:test";
import { InFlight } from "./in-flight.ts";

test("refuses past the limit, frees on leave", () => {
  const f = new InFlight<number>(2);
  expect([f.enter(1), f.enter(1), f.enter(1)]).toEqual([true, true, false]);
  expect([f.depth(1), f.enter(2), f.depth()]).toEqual([2, true, 3]);
  f.leave(1);
  expect([f.enter(1), f.enter(1)]).toEqual([true, false]);
  f.leave(1);
  f.leave(1);
  f.leave(2);
  expect(f.depth()).toBe(0);
});

test("a limit of 1: one at a time", () => {
  const f = new InFlight<string>(1);
  expect([f.enter("a"), f.enter("a")]).toEqual([true, false]);
  f.leave("a");
  expect(f.enter("a")).toBe(true);
});
