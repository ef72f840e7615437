// Properties checked:
// 1. A Cyrillic word and the Latin spellings shoppers type for it share one key.
// 2. Spellings that differ in a sound the rules do not merge end one edit apart.
// 3. Case and soft signs do not matter; digits stay; other characters vanish.
import { describe, expect, test } from "bun:test";
import { editDistance, translitKey } from "./index.ts";

function keys(words: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const word of words.split(" ")) result[word] = translitKey(word);
  return result;
}

describe("translitKey", () => {
  test("maps a word and its transliterations to one key", () => {
    expect(
      keys(
        "ноутбук noutbuk холодильник holodilnik kholodilnik xolodilnik телевізор телевизор " +
          "televizor пылесос pylesos pilesos чайник chainik chaynik щетка schetka шампунь shampun " +
          "гарнітура garnitura harnitura яблуко yabluko iabluko джинси dzhinsy їжак yizhak " +
          "ЧАЙНИК Chaynik м'ясо myaso",
      ),
    ).toEqual({
      ноутбук: "noutbuk",
      noutbuk: "noutbuk",
      холодильник: "holodilnik",
      holodilnik: "holodilnik",
      kholodilnik: "holodilnik",
      xolodilnik: "holodilnik",
      телевізор: "televizor",
      телевизор: "televizor",
      televizor: "televizor",
      пылесос: "pilesos",
      pylesos: "pilesos",
      pilesos: "pilesos",
      чайник: "Cainik",
      chainik: "Cainik",
      chaynik: "Cainik",
      щетка: "Setka",
      schetka: "Setka",
      шампунь: "Sampun",
      shampun: "Sampun",
      гарнітура: "harnitura",
      garnitura: "harnitura",
      harnitura: "harnitura",
      яблуко: "iabluko",
      yabluko: "iabluko",
      iabluko: "iabluko",
      джинси: "dZinsi",
      dzhinsy: "dZinsi",
      їжак: "iZak",
      yizhak: "iZak",
      ЧАЙНИК: "Cainik",
      Chaynik: "Cainik",
      "м'ясо": "miaso",
      myaso: "miaso",
    });
  });

  test("keeps near spellings one edit apart", () => {
    const pairs: [string, string][] = [
      ["shchitka", "щетка"],
      ["krosivky", "кроссовки"],
      ["evro", "євро"],
    ];
    expect(pairs.map(([a, b]) => editDistance(translitKey(a), translitKey(b), 2))).toEqual([
      1, 1, 1,
    ]);
  });

  test("keeps digits and drops punctuation", () => {
    expect(["iphone-15", "ГАЗ-24", ""].map(translitKey)).toEqual(["ifone15", "haz24", ""]);
  });
});
