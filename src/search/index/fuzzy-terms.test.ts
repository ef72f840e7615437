// Properties of the Levenshtein walk, against a brute force over the same dictionary:
//  1. whole-word mode reports exactly the terms within the bound, each with its OSA distance
//  2. prefix mode reports every term that has a prefix (at least as long as the word) within
//     the bound, and every shorter term within the bound as a whole word
//  3. scriptRange keeps Cyrillic words among Cyrillic terms and Latin among Latin

import { describe, expect, test } from "bun:test";
import { editDistance } from "../analysis/index.ts";
import { fuzzyTerms, scriptRange } from "./fuzzy-terms.ts";
import { sharedPrefixes, WALKED_FROM } from "./shared-prefixes.ts";
import { lowerBound } from "./term-index.ts";

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
  fuzzyTerms(
    { terms: TERMS, prefixes: sharedPrefixes(TERMS, lowerBound(TERMS, WALKED_FROM)) },
    word,
    options,
    (lo, hi, distance) => {
      for (let t = lo; t < hi; t++) found.set(TERMS[t] as string, distance);
    },
  );
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

describe("fuzzyTerms over a larger dictionary", () => {
  // Random words over a small alphabet share many prefixes: every shape of the trie occurs.
  let state = 7;
  const rnd = (n: number) => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const randomWord = (min: number, max: number) => {
    let w = "";
    for (let i = min + rnd(max - min + 1); i > 0; i--) w += "abcde"[rnd(5)];
    return w;
  };
  const terms = [...new Set(Array.from({ length: 3000 }, () => randomWord(1, 11)))].sort();
  const dict = { terms, prefixes: sharedPrefixes(terms, 0) };

  test("4. whole words and prefixes match the brute force, k = 1 and 2", () => {
    for (let q = 0; q < 60; q++) {
      const word = randomWord(3, 10);
      for (const k of [1, 2]) {
        const whole = new Map<string, number>();
        const prefixed = new Set<string>();
        for (const t of terms) {
          const d = editDistance(word, t, k);
          if (d <= k) whole.set(t, d);
          let within = t.length < word.length && d <= k;
          for (let len = word.length; len <= t.length && !within; len++) {
            within = editDistance(word, t.slice(0, len), k) <= k;
          }
          if (within) prefixed.add(t);
        }
        const found = new Map<string, number>();
        const foundPrefixed = new Set<string>();
        const options = { maxDistance: k, from: 0, to: terms.length };
        fuzzyTerms(dict, word, { ...options, prefix: false }, (lo, hi, distance) => {
          for (let t = lo; t < hi; t++) found.set(terms[t] as string, distance);
        });
        fuzzyTerms(dict, word, { ...options, prefix: true }, (lo, hi) => {
          for (let t = lo; t < hi; t++) foundPrefixed.add(terms[t] as string);
        });
        expect(found).toEqual(whole);
        expect(foundPrefixed).toEqual(prefixed);
      }
    }
  });

  test("5. words over 31 characters (rows as numbers) match the brute force too", () => {
    const long = randomWord(32, 40);
    // The word itself and words one or two edits away, among the random ones.
    const near = [long, long.slice(1), `${long}a`, long.slice(0, 5) + long.slice(7)];
    const all = [...new Set([...terms, ...near, ...near.map((w) => w.slice(0, 33))])].sort();
    const longDict = { terms: all, prefixes: sharedPrefixes(all, 0) };
    for (const word of [long, `b${long.slice(1)}`]) {
      for (const k of [1, 2]) {
        const expected = new Map<string, number>();
        for (const t of all) {
          const d = editDistance(word, t, k);
          if (d <= k) expected.set(t, d);
        }
        const found = new Map<string, number>();
        const options = { maxDistance: k, prefix: false, from: 0, to: all.length };
        fuzzyTerms(longDict, word, options, (lo, hi, distance) => {
          for (let t = lo; t < hi; t++) found.set(all[t] as string, distance);
        });
        expect(found).toEqual(expected);
        expect(found.size).toBeGreaterThan(0);
      }
    }
  });
});
