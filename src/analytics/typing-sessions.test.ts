// Typing runs (typing-sessions.ts). Properties checked:
//  1. continues: the same query, an extension or shortening, an edit of at most 2 characters
//  2. a run of one key settles once, as its last item, after idleMs of inactivity
//  3. another query, or a pause longer than idleMs, settles the run and opens a new one
//  4. the map is bounded (the least recently active settles) and closeAll settles every run
//  5. idleMs 0 settles every item at once
//  6. an item reported late (seen before the run's last one) does not become the run's last
import { describe, expect, test } from "bun:test";
import { continues, TypingSessions } from "./typing-sessions.ts";

describe("typing runs", () => {
  test("1. continues", () => {
    for (const [a, b] of [
      ["s", "samsung"],
      ["samsung", "sams"],
      ["samsung", "samsung"],
      ["samsnug", "samsung"],
      ["наушники", "навушники"],
    ] as const)
      expect(continues(a, b)).toBe(true);
    for (const [a, b] of [
      ["samsung", "iphone"],
      ["кв", "чайник"],
      ["samsung tv", "samsung phone"],
    ] as const)
      expect(continues(a, b)).toBe(false);
  });

  const runs = (idleMs: number, capacity = 10) => {
    const settled: string[] = [];
    const s = new TypingSessions<{ q: string }>({ idleMs, capacity }, (i) => settled.push(i.q));
    return { s, settled };
  };

  test("2. one run settles once, as its last query", () => {
    const { s, settled } = runs(5_000);
    for (const [i, q] of ["s", "sa", "sam", "samsung", "samsung"].entries())
      s.see("a", { q }, i * 100);
    s.closeIdle(5_000);
    expect(settled).toEqual([]);
    s.closeIdle(5_401);
    expect(settled).toEqual(["samsung"]);
  });

  test("3. another query or a pause opens a new run", () => {
    const { s, settled } = runs(5_000);
    s.see("a", { q: "samsung" }, 0);
    s.see("a", { q: "чайник" }, 100);
    s.see("a", { q: "чайник 1.7" }, 6_000);
    s.see("b", { q: "iphone" }, 6_000);
    expect(settled).toEqual(["samsung", "чайник"]);
    s.closeAll();
    expect(settled).toEqual(["samsung", "чайник", "чайник 1.7", "iphone"]);
  });

  test("4. bounded", () => {
    const { s, settled } = runs(5_000, 2);
    s.see("a", { q: "a1" }, 0);
    s.see("b", { q: "b1" }, 1);
    s.see("a", { q: "a12" }, 2);
    s.see("c", { q: "c1" }, 3);
    expect(settled).toEqual(["b1"]);
  });

  test("5. idleMs 0 counts every search", () => {
    const { s, settled } = runs(0);
    for (const q of ["s", "sa"]) s.see("a", { q }, 0);
    expect(settled).toEqual(["s", "sa"]);
  });

  test("6. a late report keeps the run's last item", () => {
    const { s, settled } = runs(5_000);
    // A search thread's batch arrives after the main thread's own later search.
    s.see("a", { q: "ча" }, 0);
    s.see("a", { q: "чайник" }, 200);
    s.see("a", { q: "чай" }, 100);
    s.closeIdle(5_150);
    expect(settled).toEqual([]);
    s.closeIdle(5_201);
    expect(settled).toEqual(["чайник"]);
  });
});
