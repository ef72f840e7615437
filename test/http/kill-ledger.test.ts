// The kill harness's judge (kill-ledger.ts), on hand-made histories. Properties checked:
//  1. an acknowledged write that is not stored is a violation; so is an older value
//  2. writes whose requests overlapped may end in either order
//  3. a batch never acknowledged may be stored or not, but not in part, where nothing else can
//     have come after it; an item another write may have overwritten does not count
//  4. a product stored but never sent is a violation
//  5. what the store held becomes the next round's known state
import { expect, test } from "bun:test";
import { ABSENT, KillLedger } from "./kill-ledger.ts";

const items = (...pairs: [string, number][]) =>
  pairs.map(([sourceId, version]) => ({ sourceId, version }));

test("1. the last acknowledged version, no older, never lost", () => {
  const ledger = new KillLedger();
  ledger.sent(1, items(["a", 1], ["b", 2]), 0);
  ledger.acknowledged(1, 10);
  ledger.sent(2, items(["a", 3]), 11);
  ledger.acknowledged(2, 20);
  expect(
    ledger.check(
      new Map([
        ["a", 1],
        ["b", ABSENT],
      ]),
    ),
  ).toEqual({
    violations: ["a: stored v1, expected one of v3", "b: stored absent, expected one of v2"],
    checked: 2,
    unacknowledgedSaved: 0,
    unacknowledgedNotStored: 0,
  });
});

test("2. overlapping requests may be applied in either order", () => {
  for (const v of [1, 2]) {
    const again = new KillLedger();
    again.sent(1, items(["s", 1]), 0);
    again.sent(2, items(["s", 2]), 5);
    again.acknowledged(1, 10);
    again.acknowledged(2, 12);
    expect(again.check(new Map([["s", v]])).violations).toEqual([]);
  }
  // Sent after the first was acknowledged: the second is last.
  const ordered = new KillLedger();
  ordered.sent(1, items(["s", 1]), 0);
  ordered.acknowledged(1, 4);
  ordered.sent(2, items(["s", 2]), 5);
  ordered.acknowledged(2, 12);
  expect(ordered.check(new Map([["s", 1]])).violations).toEqual([
    "s: stored v1, expected one of v2",
  ]);
});

test("3. a batch never acknowledged: whole or nothing", () => {
  const history = () => {
    const ledger = new KillLedger();
    ledger.sent(1, items(["a", 1], ["b", 2]), 0);
    ledger.acknowledged(1, 10);
    // In flight at the kill: updates a, creates c.
    ledger.sent(2, items(["a", 3], ["c", 4]), 11);
    return ledger;
  };
  const stored = (a: number, c: number) =>
    new Map([["a", a], ["b", 2], ...(c === ABSENT ? [] : [["c", c] as [string, number]])]);
  expect(history().check(stored(3, 4))).toEqual({
    violations: [],
    checked: 3,
    unacknowledgedSaved: 1,
    unacknowledgedNotStored: 0,
  });
  expect(history().check(stored(1, ABSENT))).toEqual({
    violations: [],
    checked: 3,
    unacknowledgedSaved: 0,
    unacknowledgedNotStored: 1,
  });
  expect(history().check(stored(1, 4)).violations).toEqual([
    "batch 2 (never acknowledged) is partly stored: 1 of 2 items, not a",
  ]);
  // When another client's overlapping request also wrote a, a may hold its version.
  const shared = history();
  shared.sent(3, items(["a", 5]), 12);
  shared.acknowledged(3, 20);
  expect(shared.check(stored(5, 4)).violations).toEqual([]);
});

test("4. stored, never sent", () => {
  expect(new KillLedger().check(new Map([["x", 7]])).violations).toEqual(["x: stored, never sent"]);
});

test("5. the store's state is the next round's start", () => {
  const ledger = new KillLedger();
  ledger.sent(1, items(["a", 1]), 0);
  expect(ledger.check(new Map([["a", 1]])).violations).toEqual([]);
  // Nothing written since: a must still hold v1.
  expect(ledger.check(new Map()).violations).toEqual(["a: stored absent, expected one of v1"]);
});
