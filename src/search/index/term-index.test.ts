// Properties of the term dictionary and its postings:
//  1. the builder keeps one posting per (term, doc): the strongest field, its first position;
//     strong-field postings come before weak ones within a term
//  2. prefixRange is the binary-searched range of the terms starting with a prefix
//  3. merging renumbers docs, drops the docs mapped to -1 and the terms left without postings,
//     and maps old terms to new ones
//  4. WordIds interns equal strings to one id, distinct strings to distinct ids

import { describe, expect, test } from "bun:test";
import {
  FIELD,
  findTerm,
  packInfo,
  prefixRange,
  type TermIndex,
  TermIndexBuilder,
} from "./term-index.ts";
import { mergeTermIndexes } from "./term-merge.ts";
import { WordIds } from "./word-ids.ts";

function build(docs: [string, number, number][][]): TermIndex {
  const b = new TermIndexBuilder();
  docs.forEach((words, doc) => {
    for (const [w, field, position] of words) b.add(w, field, position);
    b.endDoc(doc);
  });
  return b.build().index;
}

const postings = (ix: TermIndex, term: string) => {
  const t = findTerm(ix.terms, term);
  const out: [number, number][] = [];
  for (let p = ix.offsets[t] as number; p < (ix.offsets[t + 1] as number); p++) {
    out.push([ix.docs[p] as number, ix.info[p] as number]);
  }
  return { strong: (ix.strongEnd[t] as number) - (ix.offsets[t] as number), out };
};

describe("term index", () => {
  const ix = build([
    [
      ["ноутбук", FIELD.description, 7],
      ["ноутбук", FIELD.name, 2],
      ["lenovo", FIELD.vendor, 0],
    ],
    [["ноутбук", FIELD.description, 0]],
    [
      ["ноутбуки", FIELD.name, 0],
      ["ноутбук", FIELD.keywords, 40],
    ],
  ]);

  test("1. one posting per (term, doc), strong ones first", () => {
    expect(ix.terms).toEqual(["lenovo", "ноутбук", "ноутбуки"]);
    expect(postings(ix, "ноутбук")).toEqual({
      strong: 2,
      out: [
        [0, packInfo(FIELD.name, 2)],
        [2, packInfo(FIELD.keywords, 31)],
        [1, packInfo(FIELD.description, 0)],
      ],
    });
  });

  test("2. prefix ranges", () => {
    expect(prefixRange(ix.terms, "ноут")).toEqual([1, 3]);
    expect(prefixRange(ix.terms, "ноутбуки")).toEqual([2, 3]);
    expect(prefixRange(ix.terms, "x")).toEqual([1, 1]);
  });

  test("3. merge renumbers, drops and maps", () => {
    const other = build([[["asus", FIELD.vendor, 0]], [["ноутбук", FIELD.name, 0]]]);
    const { index, termMaps } = mergeTermIndexes([
      { index: ix, docMap: Int32Array.from([0, -1, -1]) },
      { index: other, docMap: Int32Array.from([1, 2]) },
    ]);
    expect(index.terms).toEqual(["asus", "lenovo", "ноутбук"]);
    expect(postings(index, "ноутбук").out).toEqual([
      [0, packInfo(FIELD.name, 2)],
      [2, packInfo(FIELD.name, 0)],
    ]);
    expect(termMaps.map((m) => Array.from(m))).toEqual([
      [1, 2, -1],
      [0, 2],
    ]);
  });

  test("4. WordIds", () => {
    const ids = new WordIds(4);
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}`);
    const first = words.map((w) => ids.intern(w));
    expect(first).toEqual(words.map((_, i) => i));
    expect(words.map((w) => ids.intern(`${w}`))).toEqual(first);
    expect(ids.find("w5")).toBe(5);
    expect(ids.find("nope")).toBe(-1);
  });
});
