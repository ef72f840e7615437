import { expect, test } from "bun:test";
import { MIN_LENGTH_FOR_ONE_TYPO, MIN_LENGTH_FOR_TWO_TYPOS, maxTypos } from "./index.ts";

test("maxTypos follows the length thresholds of PRODUCT.md", () => {
  expect([MIN_LENGTH_FOR_ONE_TYPO, MIN_LENGTH_FOR_TWO_TYPOS]).toEqual([4, 8]);
  expect(
    [
      "",
      "тв",
      "usb",
      "сумка",
      "чохол",
      "phone",
      "ноутбук",
      "телевізор",
      "навушники",
      "headphones",
    ].map(maxTypos),
  ).toEqual([0, 0, 0, 1, 1, 1, 1, 2, 2, 2]);
});
