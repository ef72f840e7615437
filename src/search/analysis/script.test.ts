import { expect, test } from "bun:test";
import { isCyrillic, isDigits, isLatin } from "./index.ts";

test("isCyrillic, isLatin and isDigits tell the script of a word", () => {
  const words = ["ноутбук", "м'ясо", "ґанок", "phone", "a55", "rtxка", "128", ""];
  expect(words.map((w) => [isCyrillic(w), isLatin(w), isDigits(w)])).toEqual([
    [true, false, false],
    [true, false, false],
    [true, false, false],
    [false, true, false],
    [false, true, false],
    [false, false, false],
    [false, false, true],
    [false, false, false],
  ]);
});
