// oneEditAway against the definition: on random sorted dictionaries over a small alphabet
// (dense, as codes are), it reports exactly the keys at optimal-string-alignment distance 1
// from the word, whatever the word (in the dictionary or not, empty, longer than every key).
import { expect, test } from "bun:test";
import fc from "fast-check";
import { editDistance } from "../analysis/edit-distance.ts";
import { oneEditAway } from "./one-edit.ts";

const word = fc.string({ unit: fc.constantFrom("a", "b", "0", "1"), maxLength: 6 });

test("reports exactly the keys one edit away", () => {
  fc.assert(
    fc.property(fc.uniqueArray(word, { maxLength: 200 }), word, (list, w) => {
      const keys = list.sort();
      const found = new Set<number>();
      oneEditAway(keys, w, (i) => found.add(i));
      const expected = keys.flatMap((k, i) => (editDistance(w, k, 1) === 1 ? [i] : []));
      expect([...found].sort((a, b) => a - b)).toEqual(expected);
    }),
    { numRuns: 2000 },
  );
});

test("a swap, a substitution, a deletion and an insertion", () => {
  const keys = ["sku000101", "sku000102", "sku000210", "sku00101", "sku0001011"].sort();
  const near = (w: string) => {
    const found: string[] = [];
    oneEditAway(keys, w, (i) => found.push(keys[i] as string));
    return [...new Set(found)].sort();
  };
  expect(near("sku000120")).toEqual(["sku000102", "sku000210"]);
  // The word itself is no answer: distance 0.
  expect(near("sku000101")).toEqual(["sku0001011", "sku000102", "sku00101"]);
  expect(near("sku9")).toEqual([]);
});
