// The token bucket (rate-limit.ts):
//  1. a new key may spend its whole burst at once, then waits for the refill
//  2. tokens come back at `rate` a second, never above `burst`
//  3. the wait is whole seconds, at least 1, long enough for one token
//  4. keys are apart; rate 0 is no limit
//  5. cost, not count: a bucket of milliseconds admits work while it holds anything, is charged
//     what the work took once done (into debt), and refuses until the refill has paid the debt;
//     the wait is the debt's time to pay; another key is not touched; shared between threads
//  6. the shared table tells whether a domain other than one used its bucket lately, limit or not
import { expect, test } from "bun:test";
import { SharedTokenBuckets, TokenBuckets } from "./rate-limit.ts";

const spend = (b: TokenBuckets<string>, key: string, n: number, at: number) =>
  Array.from({ length: n }, () => b.take(key, at));

test("a burst, then the refill", () => {
  const b = new TokenBuckets<string>({ rate: 10, burst: 20 });
  expect(spend(b, "a", 20, 0).every((w) => w === 0)).toBe(true);
  expect(b.take("a", 0)).toBe(1);
  expect(b.take("a", 99)).toBe(1); // 0.99 of a token
  expect(b.take("a", 100)).toBe(0); // 1 token after 100 ms at 10/s
  expect(b.take("a", 100)).toBe(1);
});

test("never above the burst", () => {
  const b = new TokenBuckets<string>({ rate: 100, burst: 5 });
  expect(spend(b, "a", 5, 0)).toEqual([0, 0, 0, 0, 0]);
  expect(spend(b, "a", 6, 60_000)).toEqual([0, 0, 0, 0, 0, 1]);
});

test("the wait covers one token, in whole seconds", () => {
  const slow = new TokenBuckets<string>({ rate: 1, burst: 1 });
  expect(slow.take("a", 0)).toBe(0);
  expect(slow.take("a", 0)).toBe(1);
  const slower = new TokenBuckets<string>({ rate: 0.25, burst: 1 });
  expect(slower.take("a", 0)).toBe(0);
  expect(slower.take("a", 0)).toBe(4);
  expect(slower.take("a", 2000)).toBe(2);
});

test("keys are apart; rate 0 is off", () => {
  const b = new TokenBuckets<string>({ rate: 1, burst: 1 });
  expect([b.take("a", 0), b.take("b", 0), b.take("a", 0)]).toEqual([0, 0, 1]);
  const off = new TokenBuckets<string>({ rate: 0, burst: 1 });
  expect(off.enabled).toBe(false);
  expect(spend(off, "a", 1000, 0).every((w) => w === 0)).toBe(true);
});

test("shared buckets: one store's rate across threads, keys apart", () => {
  const a = new SharedTokenBuckets({ rate: 10, burst: 3 });
  const b = new SharedTokenBuckets({ rate: 10, burst: 3 }, a.memory);
  const now = 1_700_000_000_000;
  expect([a.take(7, now), b.take(7, now), a.take(7, now), b.take(7, now)]).toEqual([0, 0, 0, 1]);
  expect(b.take(7, now + 100)).toBe(0);
  expect(a.take(7 + 4096, now)).toBe(0);
  expect(new SharedTokenBuckets({ rate: 0, burst: 1 }).take(1, now)).toBe(0);
});

test("shared buckets: a domain past the shared table is still limited, at its thread's share", () => {
  const now = 1_700_000_000_000;
  const a = new SharedTokenBuckets({ rate: 10, burst: 4 }, undefined, 2);
  const b = new SharedTokenBuckets({ rate: 10, burst: 4 }, a.memory, 2);
  for (let id = 0; id < 4096; id++) expect(a.take(id, now)).toBe(0);
  const past = 5000;
  // Each of the two threads grants half of the burst, then asks for the time of one token at 5/s.
  expect([a.take(past, now), a.take(past, now), a.take(past, now)]).toEqual([0, 0, 1]);
  expect([b.take(past, now), b.take(past, now), b.take(past, now)]).toEqual([0, 0, 1]);
  expect(a.take(past, now + 200)).toBe(0);
  expect(a.take(past + 1, now)).toBe(0);
});

test("cost: admitted while anything is left, charged after, refused in debt until paid", () => {
  // 100 ms of work a second, burst 100 ms.
  const b = new TokenBuckets<string>({ rate: 100, burst: 100 });
  expect(b.admit("a", 0)).toBe(0);
  b.charge("a", 0, 60);
  expect(b.admit("a", 0)).toBe(0); // 40 ms left
  b.charge("a", 0, 290); // a search of 290 ms: 250 ms of debt, kept to one burst (100 ms)
  expect(b.admit("a", 0)).toBe(1); // 1 s of refill, in whole seconds
  expect(b.admit("a", 500)).toBe(1); // 50 ms still owed
  expect(b.admit("a", 1000)).toBe(1); // paid to 0: nothing left yet
  expect(b.admit("a", 1010)).toBe(0);
  // Admitting takes nothing: a cheap store is never refused.
  for (let k = 0; k < 1000; k++) expect(b.admit("b", k)).toBe(0);
  b.charge("b", 1000, 99);
  expect(b.admit("b", 1000)).toBe(0);
});

test("cost: the refill stops at the burst; rate 0 is off", () => {
  const b = new TokenBuckets<string>({ rate: 100, burst: 50 });
  b.charge("a", 60_000, 50);
  expect(b.admit("a", 60_000)).toBe(1);
  b.charge("a", 3_600_000, 120); // an hour later: 50 ms back at most, 70 ms owed
  expect(b.admit("a", 3_600_000)).toBe(1);
  expect(b.admit("a", 3_600_710)).toBe(0);
  const off = new TokenBuckets<string>({ rate: 0, burst: 0 });
  off.charge("a", 0, 1e9);
  expect(off.admit("a", 0)).toBe(0);
});

test("cost, shared: one store's debt on one thread refuses it on the others, not its neighbours", () => {
  const now = 1_700_000_000_000;
  const a = new SharedTokenBuckets({ rate: 500, burst: 500 }, undefined, 2);
  const b = new SharedTokenBuckets({ rate: 500, burst: 500 }, a.memory, 2);
  expect([a.admit(1, now), b.admit(1, now)]).toEqual([0, 0]);
  a.charge(1, now, 300);
  b.charge(1, now, 700); // 500 ms of debt in all
  expect([a.admit(1, now), b.admit(1, now), a.admit(2, now)]).toEqual([1, 1, 0]);
  expect(b.admit(1, now + 999)).toBe(1);
  expect(a.admit(1, now + 1001)).toBe(0);
  // A count bucket and a cost bucket of one store are apart (two memories).
  const counts = new SharedTokenBuckets({ rate: 1, burst: 1 });
  expect([counts.take(1, now), counts.take(1, now)]).toEqual([0, 1]);
  expect(a.admit(1, now + 1001)).toBe(0);
});

test("shared: whether another domain used its bucket lately, with a limit or without", () => {
  const now = 1_700_000_000_000;
  for (const limit of [
    { rate: 100, burst: 100 },
    { rate: 0, burst: 0 },
  ]) {
    const a = new SharedTokenBuckets(limit);
    const b = new SharedTokenBuckets(limit, a.memory);
    expect(a.usedByOthers(1, now, 2000)).toBe(false);
    a.admit(1, now);
    expect([a.usedByOthers(1, now, 2000), b.usedByOthers(2, now, 2000)]).toEqual([false, true]);
    b.charge(3, now + 1000, 5);
    expect(a.usedByOthers(1, now + 2500, 2000)).toBe(true);
    expect(a.usedByOthers(1, now + 3001, 2000)).toBe(false);
  }
});
