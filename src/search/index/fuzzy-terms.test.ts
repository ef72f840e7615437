// Properties of the Levenshtein walk, against a brute force over the same dictionary:
//  1. whole-word mode reports exactly the terms within the bound, each with its OSA distance
//  2. prefix mode reports every term that has a prefix (at least as long as the word) within
//     the bound, and every shorter term within the bound as a whole word
//  3. scriptRange keeps Cyrillic words among Cyrillic terms and Latin among Latin

import { describe, expect, test } from "bun:test";
import { editDistance } from "../analysis/index.ts";
import { fuzzyTerms, scriptRange } from "./fuzzy-terms.ts";

const TERMS = [
  "12",
  "1200",
  "a55",
  "galaxy",
  "galaxi",
  "gala",
  "samsung",
  "samsnug",
  "навушник",
  "навушники",
  "навушниками",
  "наушники",
  "ноутбук",
  "ноутбуки",
  "ноутбуків",
  "нутбук",
  "смартфон",
  "смартфона",
].sort();

function walk(word: string, maxDistance: number, prefix: boolean): Map<string, number> {
  const found = new Map<string, number>();
  const options = { maxDistance, prefix, from: 0, to: TERMS.length };
  fuzzyTerms(TERMS, word, options, (lo, hi, distance) => {
    for (let t = lo; t < hi; t++) found.set(TERMS[t] as string, distance);
  });
  return found;
}

describe("fuzzyTerms", () => {
  test("1. whole words: exactly the terms within the bound", () => {
    for (const word of ["ноутбук", "наушнки", "samsugn", "galaxy", "смартфно"]) {
      for (const k of [1, 2]) {
        const expected = new Map<string, number>();
        for (const t of TERMS) {
          const d = editDistance(word, t, k);
          if (d <= k) expected.set(t, d);
        }
        expect(walk(word, k, false)).toEqual(expected);
      }
    }
  });

  test("2. prefixes: terms starting within the bound, shorter terms as whole words", () => {
    for (const word of ["ноутб", "нотбу", "навуш", "gala", "smasu"]) {
      const k = 1;
      const expected = new Set<string>();
      for (const t of TERMS) {
        let within = t.length < word.length && editDistance(word, t, k) <= k;
        for (let len = word.length; len <= t.length && !within; len++) {
          within = editDistance(word, t.slice(0, len), k) <= k;
        }
        if (within) expected.add(t);
      }
      expect(new Set(walk(word, k, true).keys())).toEqual(expected);
    }
  });

  test("3. the script range of a word", () => {
    const cyrillic = scriptRange(TERMS, "ноутбук");
    expect(TERMS.slice(cyrillic.from, cyrillic.to)).toEqual(
      TERMS.filter((t) => /^[а-яіїєґ]/.test(t)),
    );
    const latin = scriptRange(TERMS, "galaxy");
    expect(TERMS.slice(latin.from, latin.to)).toEqual([
      "a55",
      "gala",
      "galaxi",
      "galaxy",
      "samsnug",
      "samsung",
    ]);
  });
});
