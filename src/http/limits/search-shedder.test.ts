// The search shedder (search-shedder.ts):
//  1. without lag nothing is shed, however busy a store is; --shed-lag 0 is off
//  2. with lag, the store that spent at least its fair share of the search time (and at least
//     minMs of it in the last second or two) is shed; the others are not
//  3. a store below minMs is never shed (a widget, a test on a slow machine), however many
//     cheap searches it made; a store of a few expensive ones is
//  4. the window forgets: two seconds later the busy store is no longer counted
import { expect, test } from "bun:test";
import { SearchShedder } from "./search-shedder.ts";

const shedder = (lag: number, lagMs = 200) =>
  new SearchShedder({ lagMs, minMs: 50, lag: () => lag });

const busy = (s: SearchShedder, at: number) => {
  for (let k = 0; k < 100; k++) s.record(1, 2, at); // store 1: 100 searches, 200 ms
  for (let k = 0; k < 60; k++) s.record(2, 0.1, at); // store 2: 60 searches, 6 ms
  s.record(3, 1, at); // store 3: one search
};

test("no lag, or the shedder off: nothing is shed", () => {
  const quiet = shedder(10);
  busy(quiet, 0);
  expect([1, 2, 3].map((d) => quiet.shed(d, 10))).toEqual([false, false, false]);
  const off = shedder(10_000, 0);
  busy(off, 0);
  expect([1, 2, 3].map((d) => off.shed(d, 10))).toEqual([false, false, false]);
});

test("lagging: only the store over its fair share and minSearches is shed", () => {
  const s = shedder(500);
  busy(s, 0);
  expect([1, 2, 3, 4].map((d) => s.shed(d, 10))).toEqual([true, false, false, false]);
});

test("cost, not count: few expensive searches are shed, many cheap ones are not", () => {
  const s = shedder(500);
  for (let k = 0; k < 3; k++) s.record(1, 40, 0); // store 1: 3 searches, 120 ms
  for (let k = 0; k < 400; k++) s.record(2, 0.1, 0); // store 2: 400 searches, 40 ms
  expect([s.shed(1, 10), s.shed(2, 10)]).toEqual([true, false]);
});

test("the window forgets", () => {
  const s = shedder(500);
  busy(s, 0);
  expect(s.shed(1, 1500)).toBe(true); // the previous second still counts
  s.record(2, 1, 3000);
  expect(s.shed(1, 3001)).toBe(false);
});
