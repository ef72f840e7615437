// Code-shaped queries (code-query.ts), exact answers on a small catalog of store SKUs, a model
// code that is also a name's model word, a bare number, and codes of other shapes that a feed
// also repeats in its names (A1466/B, AB.127.78, SKU-000777):
//  1. what is code-shaped: one to three chunks of letters and digits (joined by - / . or glued)
//     with a digit and a key of 4+ characters
//  2. the codes one edit away: substitution, deletion, insertion, adjacent swap; never two
//     edits; a product's old code (a dead doc) never; its new code in a later segment does
//  3. search: a code that does not exist answers its nearest codes or nothing, never the
//     products that share its letter part; a real code typed without separators, with a space
//     or glued, finds its product first; a code that is also a model word finds by name;
//     codes being typed complete; a code-shaped model name ("sony-9999": a letter word of
//     names, four digits at most, letters that begin no code) and queries of words keep the
//     fallback that drops a word
//  4. codes of any shape: letters that begin the store's codes, or five digits in a row, make
//     a code even when names repeat the codes; a real code whose words match nothing together
//     answers its product alone
import { describe, expect, test } from "bun:test";
import { category, params, product } from "../../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../../http/search/search-answer.ts";
import type { ProductRecord } from "../../model/records.ts";
import { buildSnapshot, patchSnapshot } from "../engine.ts";
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
  answerSearch(s, params({ q, group_by_category: false })).products.groups[0]?.items.map(
    (i) => i.sku,
  );

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
    "a1466 b",
    "E4883/L",
    "iphone 15",
    "sku 12 34 56",
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
    ["sku 7506095", "sku7506095"],
    ["a1466 b", "a1466b"],
    ["E4883/L", "e4883l"],
    ["iphone 15", "iphone15"],
    ["sku 12 34 56", null],
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
    expect(skus(snap, "sony 99")).toEqual(["WH-1000XM5"]);
    // A code typed with a space is a code: its nearest codes, or nothing.
    expect(skus(snap, "sku 7506095")).toEqual([]);
    expect(skus(snap, "sku 000103")).toEqual(["SKU-000102", "SKU-000101"]);
  });
});

describe("4. codes of any shape, repeated in names", () => {
  // A feed's names carry codes: "sku", "ab" and "a" are words of names here.
  const feed = buildSnapshot({
    products: [
      item(1, "SKU-000777", "Смартфон Blackview BV9300 Pro (SKU-000777)"),
      item(2, "A1466/B", "Ноутбук Apple MacBook Air (A1466/B)"),
      item(3, "AB.127.78", "Сковорода Biol Granit 24 см (AB.127.78)"),
      item(4, "4823456789012", "Чайник Ardesto EKL-1617 1.7 л (4823456789012)"),
      item(5, "FAVORIT5-AB6", "Набір посуду Gipfel Favorit 5 (FAVORIT5-AB6)"),
      item(6, "SKU-000778", "Смартфон Doogee S100 Pro"),
    ],
    categories: [category(1, 1, { uk: "Дім" })],
  });

  test("letters that begin the store's codes make a code, although names repeat them", () => {
    expect(skus(feed, "sku-7506095")).toEqual([]);
    expect(skus(feed, "SKU 7506095")).toEqual([]);
    expect(skus(feed, "sku-000779")).toEqual(["SKU-000778", "SKU-000777"]);
    expect(skus(feed, "A1467/B")).toEqual(["A1466/B"]);
    expect(skus(feed, "a1466 c")).toEqual(["A1466/B"]);
    expect(skus(feed, "E4883/L")).toEqual([]);
    expect(skus(feed, "AB.127.79")).toEqual(["AB.127.78"]);
    // Without digits, a code only with the store's code prefix: "sku" begins codes, "wi" none.
    expect(skus(feed, "SKU-AZTCYK")).toEqual([]);
    // The first part decides: "sku" begins codes, although "js" is a word of names.
    expect(skus(feed, "SKU-VAA0JS")).toEqual([]);
    expect(skus(snap, "sku-aztcyk")).toEqual([]);
  });

  test("five digits in a row make a code; a barcode off by one digit is its neighbour", () => {
    expect(skus(feed, "AB-12345")).toEqual([]);
    expect(skus(feed, "bv-93001")).toEqual([]);
    expect(skus(feed, "4823456789013")).toEqual(["4823456789012"]);
    expect(skus(feed, "4820000000000")).toEqual([]);
    expect(skus(feed, "12345678")).toEqual([]);
    // A word and a number are no code: the word's products.
    expect(skus(feed, "чайник 12345")).toEqual(["4823456789012"]);
  });

  test("a real code in any case, with or without separators, finds its product first", () => {
    for (const q of ["a1466/b", "A1466B", "a1466 b", "ab12778", "AB 127 78", "favorit5ab6"])
      expect([q, skus(feed, q)?.[0]]).toEqual([q, expectedOf(q)]);
    // Its words matching nothing together, the code's own product comes alone.
    expect(skus(feed, "ab12778")).toEqual(["AB.127.78"]);
  });

  test("model names keep the fallback", () => {
    // "bv" begins no code and four digits are a model number: the model one typo away.
    expect(skus(feed, "bv9301")).toEqual(["SKU-000777"]);
    expect(skus(feed, "doogee-s99")).toEqual(["SKU-000778"]);
    expect(skus(feed, "blackview-pro")).toEqual(["SKU-000777"]);
  });
});

function expectedOf(q: string): string {
  const key = q.toLowerCase().replace(/[^a-z0-9]/g, "");
  return key.startsWith("a1466") ? "A1466/B" : key.startsWith("ab") ? "AB.127.78" : "FAVORIT5-AB6";
}
