// The value lists of a segment (facet-lists.ts):
//  1. the same values in the same order are one list; list 0 is the empty one
//  2. built, each list holds its values, in order

import { expect, test } from "bun:test";
import { FacetListsBuilder, listValues } from "./facet-lists.ts";

test("1. the same values are one list, the empty list is 0", () => {
  const lists = new FacetListsBuilder();
  expect(lists.intern([])).toBe(0);
  expect(lists.intern([3, 1])).toBe(1);
  expect(lists.intern([7])).toBe(2);
  expect(lists.intern(Uint32Array.of(3, 1))).toBe(1);
  expect(lists.intern([1, 3])).toBe(3);
  // "1,2" and "12" stay apart.
  expect(lists.intern([12])).toBe(4);
  expect(lists.intern([1, 2])).toBe(5);
});

test("2. built, each list holds its values in order", () => {
  const builder = new FacetListsBuilder();
  for (const values of [[3, 1], [7], [3, 1], [], [1, 3]]) builder.intern(values);
  const lists = builder.build();
  expect(Array.from(lists.offsets)).toEqual([0, 0, 2, 3, 5]);
  expect([0, 1, 2, 3].map((l) => Array.from(listValues(lists, l)))).toEqual([
    [],
    [3, 1],
    [7],
    [1, 3],
  ]);
});
