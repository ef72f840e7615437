// Code-shaped queries (code-query.ts), exact answers on a small catalog of store SKUs, a model
// code that is also a name's model word, and a bare number:
//  1. what is code-shaped: one chunk of letters and digits (joined by - / . or glued) with a
//     digit and a key of 4+ characters
//  2. the codes one edit away: substitution, deletion, insertion, adjacent swap; never two
//     edits; a product's old code (a dead doc) never; its new code in a later segment does
//  3. search: a code that does not exist answers its nearest codes or nothing, never the
//     products that share its letter part; a real code typed without separators, with a space
//     or glued, finds its product first; a code that is also a model word finds by name;
//     codes being typed complete; a code-shaped model name ("sony-9999": a letter word of
//     names) and queries of words keep the fallback that drops a word
import { describe, expect, test } from "bun:test";
import { category, params, product } from "../../../test/fixtures/engine-catalog.ts";
import type { ProductRecord } from "../../model/records.ts";
import { buildSnapshot, patchSnapshot, search } from "../engine.ts";
import { productIdOf, type Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { codeShapedKey, nearestCodeDocs } from "./code-query.ts";

const item = (id: number, code: string, name: string, updatedAt = id): ProductRecord =>
  product(id, { category: "1", code, newPrice: 100, updatedAt, translations: { uk: { name } } });

const PRODUCTS = [
  item(1, "SKU-000101", "Чайник Bosch TWK"),
  item(2, "SKU-000102", "Чайник Tefal KO"),
  item(3, "SKU-000210", "Праска Philips Azur"),
  item(4, "WH-1000XM5", "Навушники Sony WH-1000XM5"),
  item(5, "17359070", "Крісло офісне Special4You"),
  item(6, "SKU-777301", "Фен Dyson Supersonic"),
];
const base = buildSnapshot({ products: PRODUCTS, categories: [category(1, 1, { uk: "Дім" })] });
// Product 6 gets a new code: its old doc is dead, the new one lives in a second segment.
const snap = patchSnapshot(base, { products: [item(6, "SKU-900301", "Фен Dyson Supersonic", 99)] });

/** The skus of a flat search's items, in order. */
const skus = (s: Snapshot, q: string) =>
  search(s, params({ q, group_by_category: false })).products.groups[0]?.items.map((i) => i.sku);

/** The product ids of the nearest-code docs of `key`. */
const nearest = (s: Snapshot, key: string) => {
  const ids = [...nearestCodeDocs(s, key)].map((doc) => {
    const k = segmentIndexOf(s, doc);
    return productIdOf(s.segments[k] as Segment, doc - (s.starts[k] as number));
  });
  return ids.sort((a, b) => a - b);
};

test("1. what is code-shaped", () => {
  const shapes = [
    "SKU-1234567",
    "sku722108",
    "sku-722108 ",
    "12345/B",
    "WH-1000XM5",
    "wh.1000.xm5",
    "17359071",
    "2024",
    "sku 7506095",
    "iphone 15",
    "usb-c",
    "wi-fi",
    "a55",
    "x-1",
    "",
    "навушники",
  ];
  expect(shapes.map((q) => [q, codeShapedKey(q)])).toEqual([
    ["SKU-1234567", "sku1234567"],
    ["sku722108", "sku722108"],
    ["sku-722108 ", "sku722108"],
    ["12345/B", "12345b"],
    ["WH-1000XM5", "wh1000xm5"],
    ["wh.1000.xm5", "wh1000xm5"],
    ["17359071", "17359071"],
    ["2024", "2024"],
    ["sku 7506095", null],
    ["iphone 15", null],
    ["usb-c", null],
    ["wi-fi", null],
    ["a55", null],
    ["x-1", null],
    ["", null],
    ["навушники", null],
  ]);
});

test("2. the codes one edit away, live docs only", () => {
  expect(nearest(snap, "sku000103")).toEqual([1, 2]); // a digit substituted
  expect(nearest(snap, "sku00101")).toEqual([1]); // a digit dropped
  expect(nearest(snap, "sku0000101")).toEqual([1]); // a digit added
  expect(nearest(snap, "sku000120")).toEqual([2, 3]); // two digits swapped, either pair
  expect(nearest(snap, "sku000155")).toEqual([]); // two edits from sku000101 and sku000102
  expect(nearest(base, "sku777302")).toEqual([6]);
  expect(nearest(snap, "sku777302")).toEqual([]); // product 6's old code: dead
  expect(nearest(snap, "sku900302")).toEqual([6]); // its new code, in the second segment
  expect(nearest(snap, "17359071")).toEqual([5]);
});

describe("3. search", () => {
  test("a code that does not exist: its nearest codes, or nothing", () => {
    expect(skus(snap, "SKU-000103")).toEqual(["SKU-000102", "SKU-000101"]);
    expect(skus(snap, "sku000103")).toEqual(["SKU-000102", "SKU-000101"]);
    expect(skus(snap, "SKU-1234567")).toEqual([]);
    expect(skus(snap, "sku722108")).toEqual([]);
    expect(skus(snap, "17359071")).toEqual(["17359070"]);
    expect(skus(snap, "xyz-12345")).toEqual([]);
  });

  test("a real code without its separators, with a space or glued, finds its product first", () => {
    expect(skus(snap, "sku000101")).toEqual(["SKU-000101"]);
    expect(skus(snap, "sku 000101")).toEqual(["SKU-000101"]);
    expect(skus(snap, "SKU000210")).toEqual(["SKU-000210"]);
    expect(skus(snap, "sku/000210")).toEqual(["SKU-000210"]);
  });

  test("a code that is also a model word finds by name; a code being typed completes", () => {
    expect(skus(snap, "wh-1000xm5")).toEqual(["WH-1000XM5"]);
    expect(skus(snap, "sony wh1000")).toEqual(["WH-1000XM5"]);
    expect(skus(snap, "sku-0002")).toEqual(["SKU-000210"]);
  });

  test("a code-shaped model name keeps the fallback: its letter words name products", () => {
    expect(skus(snap, "sony-9999")).toEqual(["WH-1000XM5"]);
    expect(skus(snap, "чайник-99")).toEqual(["SKU-000102", "SKU-000101"]);
    expect(skus(snap, "azur5")).toEqual(["SKU-000210"]);
    // "sku" names nothing but codes; "a" is one letter, "9" has a digit.
    expect(skus(snap, "sku-a9999")).toEqual([]);
  });

  test("queries of words keep dropping a word found nowhere", () => {
    expect(skus(snap, "чайник 9999")).toEqual(["SKU-000102", "SKU-000101"]);
    expect(skus(snap, "sku 7506095")).toEqual([
      "SKU-900301",
      "SKU-000210",
      "SKU-000102",
      "SKU-000101",
    ]);
  });
});
