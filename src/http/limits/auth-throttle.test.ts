// The throttle of failed authentications:
//  1. a client and credential are free until their limit of failures, then wait until their
//     window ends
//  2. the window starts at the first failure, and a new one opens after it
//  3. clients are counted apart, and so are the credentials of one client (behind one address,
//     a guesser's wrong key does not lock out another's right one)
//  4. a valid credential is never a failure, however often it is refused
//  5. at most AUTH_FAILURES.clients pairs are remembered, the oldest forgotten first
import { expect, test } from "bun:test";
import { AUTH_FAILURES, AuthThrottle } from "./auth-throttle.ts";

const { limit, window } = AUTH_FAILURES;
const WRONG = ["wrong"];

test("1-3. the limit per client, credential and window", () => {
  const t = new AuthThrottle(() => false);
  for (let i = 0; i < limit - 1; i++) t.failed("a", WRONG, 1000);
  expect([t.wait("a", WRONG, 1000), t.wait("b", WRONG, 1000)]).toEqual([0, 0]);
  t.failed("a", WRONG, 2000);
  expect([
    t.wait("a", WRONG, 2000),
    t.wait("a", WRONG, 1000 + window * 1000 - 1),
    t.wait("b", WRONG, 2000),
    t.wait("a", ["right"], 2000),
    t.wait("a", [], 2000),
  ]).toEqual([window - 1, 1, 0, 0, 0]);
  expect(t.wait("a", WRONG, 1000 + window * 1000)).toBe(0);
  t.failed("a", WRONG, 1000 + window * 1000);
  expect(t.wait("a", WRONG, 1000 + window * 1000)).toBe(0);
});

test("4. a valid credential never counts", () => {
  const t = new AuthThrottle((c) => c === "a-store's-token");
  for (let i = 0; i < limit * 2; i++) t.failed("a", ["a-store's-token"], 0);
  for (let i = 0; i < limit * 2; i++) t.failed("a", ["a-store's-token", "wrong"], 0);
  expect([
    t.wait("a", ["a-store's-token"], 0),
    t.wait("a", ["a-store's-token", "wrong"], 0),
  ]).toEqual([0, 0]);
});

test("5. the oldest pair is forgotten past the bound", () => {
  const t = new AuthThrottle(() => false);
  for (let i = 0; i < limit; i++) t.failed("first", WRONG, 0);
  for (let i = 1; i < AUTH_FAILURES.clients; i++) t.failed(`c${i}`, WRONG, 0);
  expect(t.wait("first", WRONG, 0)).toBe(window);
  t.failed("one more", WRONG, 0);
  expect(t.wait("first", WRONG, 0)).toBe(0);
});
