// retry.ts: which answers are sent again, and after how long. Properties checked:
//  1. Retry-After in seconds or as an HTTP date; unreadable is none
//  2. 429 and 503 only, never another status; never past `retries`
//  3. a Retry-After is waited as asked, unless beyond maxWaitMs (then no retry at all)
//  4. without Retry-After: the backoff doubles per retry, capped at maxWaitMs, jittered within
//     its upper half
import { expect, test } from "bun:test";
import { retryAfterMs, retryWait } from "./retry.ts";

const POLICY = { retries: 3, maxWaitMs: 10_000, backoffMs: 500 };
const NOW = Date.parse("2026-12-03T12:00:00Z");

test("1. Retry-After in seconds or as an HTTP date", () => {
  expect(retryAfterMs("2", NOW)).toBe(2000);
  expect(retryAfterMs(" 0 ", NOW)).toBe(0);
  expect(retryAfterMs("Thu, 03 Dec 2026 12:00:05 GMT", NOW)).toBe(5000);
  expect(retryAfterMs("Thu, 03 Dec 2026 11:59:00 GMT", NOW)).toBe(0);
  expect([retryAfterMs(null, NOW), retryAfterMs("soon", NOW), retryAfterMs("-1", NOW)]).toEqual([
    null,
    null,
    null,
  ]);
});

test("2. only 429 and 503 are retried, at most `retries` times", () => {
  const wait = (status: number, attempt = 1) =>
    retryWait({ status, retryAfter: "1" }, attempt, POLICY, NOW, 0);
  expect([400, 401, 404, 409, 413, 500, 502, 504, 507].map((s) => wait(s))).toEqual(
    Array(9).fill(null),
  );
  expect([wait(429), wait(503), wait(429, 3), wait(429, 4)]).toEqual([1000, 1000, 1000, null]);
});

test("3. a Retry-After beyond maxWaitMs is not waited for", () => {
  const wait = (retryAfter: string) => retryWait({ status: 429, retryAfter }, 1, POLICY, NOW, 0.5);
  expect([wait("10"), wait("11"), wait("60")]).toEqual([10_000, null, null]);
});

test("4. the backoff doubles, is capped and jittered within its upper half", () => {
  const wait = (attempt: number, random: number) =>
    retryWait({ status: 503, retryAfter: null }, attempt, { ...POLICY, retries: 10 }, NOW, random);
  expect([1, 2, 3, 4].map((a) => wait(a, 0.999_999))).toEqual([500, 1000, 2000, 4000]);
  expect([1, 2, 3].map((a) => wait(a, 0))).toEqual([250, 500, 1000]);
  expect([6, 7, 10].map((a) => wait(a, 0.999_999))).toEqual([10_000, 10_000, 10_000]);
});
