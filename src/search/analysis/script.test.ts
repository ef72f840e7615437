import { expect, test } from "bun:test";
import { cyrillicLanguageOf, isCyrillic, isDigits, isLatin } from "./index.ts";

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

test("cyrillicLanguageOf tells uk and ru by the letters only one of them has", () => {
  expect(
    ["шкіряна", "кожаные", "сумка", "їжак", "объём", "эко", "ыі", "phone"].map(cyrillicLanguageOf),
  ).toEqual(["uk", "ru", null, "uk", "ru", "ru", null, null]);
});

test("cyrillicLanguageOf tells a word without those letters by an ending only one language has", () => {
  const words = ["кожаная", "беспроводные", "мужская", "утюг", "бездротова", "шкіряна"];
  expect(words.map(cyrillicLanguageOf)).toEqual(["ru", "ru", "ru", null, null, "uk"]);
  expect(["вимикання", "гаманець", "телефон", "сумка"].map(cyrillicLanguageOf)).toEqual([
    "uk",
    "uk",
    null,
    null,
  ]);
});
