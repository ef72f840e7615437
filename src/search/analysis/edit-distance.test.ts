// Properties checked:
// 1. Insertions, deletions, substitutions and adjacent transpositions cost 1 each (OSA).
// 2. The bound: any distance above max is reported as max + 1.
// 3. It agrees with the plain full-matrix OSA on many random pairs and bounds.
import { describe, expect, test } from "bun:test";
import { editDistance } from "./index.ts";

/** Full-matrix optimal string alignment, straight from the definition. */
function referenceOsa(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const previous = d[i - 1] as number[];
      let value = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(value);
    }
    d.push(row);
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** Mulberry32, a small seeded generator, so the random cases are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("editDistance", () => {
  test("counts each kind of edit as 1", () => {
    const cases: [string, string, number][] = [
      ["телефон", "телефон", 2],
      ["телефон", "телефони", 2],
      ["телефон", "тлефон", 2],
      ["телефон", "телифон", 2],
      ["телефон", "телефно", 2],
      ["ноутбук", "ноутубк", 2],
      ["ca", "abc", 3],
      ["holodilnik", "xolodilnik", 2],
      ["", "abc", 3],
      ["abc", "", 3],
    ];
    expect(cases.map(([a, b, max]) => editDistance(a, b, max))).toEqual([
      0, 1, 1, 1, 1, 1, 3, 1, 3, 3,
    ]);
  });

  test("stops at max + 1", () => {
    const cases: [string, string, number][] = [
      ["телефон", "ноутбук", 2],
      ["телефон", "телевізор", 1],
      ["a", "abcd", 2],
      ["phone", "phnoe", 0],
      ["abc", "abc", 0],
    ];
    expect(cases.map(([a, b, max]) => editDistance(a, b, max))).toEqual([3, 2, 3, 1, 0]);
  });

  test("agrees with the full-matrix definition", () => {
    const next = random(42);
    const alphabet = "abcаб";
    const word = () => {
      let out = "";
      const length = Math.floor(next() * 9);
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    };
    const mismatches: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const a = word();
      const b = word();
      const max = Math.floor(next() * 4);
      const expected = Math.min(referenceOsa(a, b), max + 1);
      const actual = editDistance(a, b, max);
      if (actual !== expected) mismatches.push(`${a}|${b}|${max}: ${actual} != ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });
});
