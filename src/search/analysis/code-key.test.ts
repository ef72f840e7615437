import { expect, test } from "bun:test";
import { codeKey } from "./index.ts";

test("codeKey normalises and keeps only letters and digits", () => {
  expect(
    ["WH-1000XM5", "12 345/B", "Ａ-55", "rtx 4090", "SKU_77.1", "м'ясо-01", "abc"].map(codeKey),
  ).toEqual(["wh1000xm5", "12345b", "a55", "rtx4090", "sku771", "мясо01", "abc"]);
});
