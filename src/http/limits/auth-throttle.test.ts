// The throttle of failed authentications:
//  1. a client is free until its limit of failures, then waits until its window ends
//  2. the window starts at the client's first failure, and a new one opens after it
//  3. clients are counted apart
//  4. at most AUTH_FAILURES.clients are remembered, the oldest forgotten first
import { expect, test } from "bun:test";
import { AUTH_FAILURES, AuthThrottle } from "./auth-throttle.ts";

const { limit, window } = AUTH_FAILURES;

test("1-3. the limit per client and window", () => {
  const t = new AuthThrottle();
  for (let i = 0; i < limit - 1; i++) t.failed("a", 1000);
  expect([t.wait("a", 1000), t.wait("b", 1000)]).toEqual([0, 0]);
  t.failed("a", 2000);
  expect([t.wait("a", 2000), t.wait("a", 1000 + window * 1000 - 1), t.wait("b", 2000)]).toEqual([
    window - 1,
    1,
    0,
  ]);
  expect(t.wait("a", 1000 + window * 1000)).toBe(0);
  t.failed("a", 1000 + window * 1000);
  expect(t.wait("a", 1000 + window * 1000)).toBe(0);
});

test("4. the oldest client is forgotten past the bound", () => {
  const t = new AuthThrottle();
  for (let i = 0; i < limit; i++) t.failed("first", 0);
  for (let i = 1; i < AUTH_FAILURES.clients; i++) t.failed(`c${i}`, 0);
  expect(t.wait("first", 0)).toBe(window);
  t.failed("one more", 0);
  expect(t.wait("first", 0)).toBe(0);
});
