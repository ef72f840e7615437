// The search answers as sent, per thread:
//  1. an answer is found again by the same parameters on the same snapshot; uuid and demo are
//     not part of the key, every other parameter is
//  2. another snapshot of the domain (an import) finds nothing
//  3. the suggestions (use_suggestions without corrections) are never kept
//  4. a budget: the least recently used answers go first; an answer over the budget is not kept
import { describe, expect, test } from "bun:test";
import { SEARCH_DEFAULTS, type SearchParams } from "../../model/search.ts";
import { buildSnapshot } from "../../search/engine.ts";
import { prepare } from "../stack/browser-answer.ts";
import { AnswerCache, type CachedAnswer, cacheKey } from "./answer-cache.ts";

const snapshot = () => buildSnapshot({ products: [], categories: [] });
const params = (p: Partial<SearchParams>): SearchParams => ({ ...SEARCH_DEFAULTS, ...p });
const answer = (body: string): CachedAnswer => ({
  ...prepare(body),
  total: 1,
  corrected_query: "",
  stamp: { epoch: 0, made: 0, at: 0, wall: 0, shown: new Uint32Array(0), priced: false },
});

describe("answer cache", () => {
  test("1. the same parameters on the same snapshot", () => {
    const cache = new AnswerCache(1 << 20);
    const snap = snapshot();
    const key = (p: Partial<SearchParams>) => cache.keyOf(snap, params(p)) ?? "";
    const kept = answer('{"q":"a"}');
    cache.put(key({ q: "a" }), kept);
    expect(cache.get(key({ q: "a", uuid: "u-1", demo: true }), snap)).toBe(kept);
    for (const other of [{ q: "b" }, { q: "a", page: 2 }, { q: "a", filters: [3] }])
      expect(cache.get(key(other), snap)).toBeUndefined();
  });

  test("2. another snapshot", () => {
    const cache = new AnswerCache(1 << 20);
    const [before, after] = [snapshot(), snapshot()];
    cache.put(cache.keyOf(before, params({ q: "a" })) ?? "", answer("{}"));
    expect(cache.get(cache.keyOf(after, params({ q: "a" })) ?? "", after)).toBeUndefined();
    expect(cache.get(cache.keyOf(before, params({ q: "a" })) ?? "", before)).toBeDefined();
  });

  test("3. suggestions", () => {
    const cache = new AnswerCache(1 << 20);
    const suggest = params({ q: "a", use_corrections: false, use_suggestions: true });
    expect(cache.keyOf(snapshot(), suggest)).toBeNull();
    expect(cacheKey(suggest)).toBeNull();
    expect(new AnswerCache(0).keyOf(snapshot(), params({ q: "a" }))).toBeNull();
  });

  test("4. the budget", () => {
    // Each answer of 100 bytes counts 2 * 100 plus its tag: three fit in 700 bytes, not four.
    const body = (c: string) => `"${c.repeat(98)}"`;
    const charge = 2 * 100 + prepare(body("a")).etag.length;
    const cache = new AnswerCache(3 * charge + 10);
    const snap = snapshot();
    const key = (q: string) => cache.keyOf(snap, params({ q })) ?? "";
    for (const q of ["a", "b", "c"]) cache.put(key(q), answer(body(q)));
    expect(cache.get(key("a"), snap)).toBeDefined();
    cache.put(key("d"), answer(body("d")));
    expect(["a", "b", "c", "d"].map((q) => cache.get(key(q), snap) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    cache.put(key("e"), answer(body("e").repeat(4)));
    expect(cache.get(key("e"), snap)).toBeUndefined();
  });
});
