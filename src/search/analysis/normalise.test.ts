// Properties checked:
// 1. Case folds to lowercase in every script, ё and Ё become е, ґ and Ґ become г.
// 2. Every apostrophe variant becomes "'", including ´ which NFKC would otherwise split.
// 3. NFKC folds compatibility forms: fullwidth letters and digits, ligatures, №.
// 4. Plain lowercase ASCII comes back unchanged.
// 5. The table-driven fast path agrees with the plain definition on every BMP character.
import { describe, expect, test } from "bun:test";
import { normalise } from "./index.ts";

describe("normalise", () => {
  test("lowercases and turns ё into е", () => {
    expect(["Ёлка", "ЁЖИК", "Телевізор SAMSUNG", "ПРИВЁЛ"].map(normalise)).toEqual([
      "елка",
      "ежик",
      "телевізор samsung",
      "привел",
    ]);
  });

  test("turns ґ into г", () => {
    expect(["Ґудзик", "ґанок", "ҐРУНТ"].map(normalise)).toEqual(["гудзик", "ганок", "грунт"]);
  });

  test("unifies every apostrophe variant", () => {
    expect(
      ["м'ясо", "м’ясо", "мʼясо", "м‘ясо", "м`ясо", "м´ясо", "МʹЯСО", "м′ясо"].map(normalise),
    ).toEqual(["м'ясо", "м'ясо", "м'ясо", "м'ясо", "м'ясо", "м'ясо", "м'ясо", "м'ясо"]);
  });

  test("applies NFKC", () => {
    expect(["ＴＶ ２０２４", "ﬁlter", "№5", "й", "ї"].map(normalise)).toEqual([
      "tv 2024",
      "filter",
      "no5",
      "й",
      "ї",
    ]);
  });

  test("keeps plain lowercase ASCII as it is", () => {
    expect(["iphone 15 pro", "wh-1000xm5", ""].map(normalise)).toEqual([
      "iphone 15 pro",
      "wh-1000xm5",
      "",
    ]);
  });

  test("agrees with NFKC + toLowerCase + replacements on every BMP character", () => {
    const reference = (text: string) =>
      text
        .replace(/[’ʼ‘`´ʹ′]/g, "'")
        .normalize("NFKC")
        .toLowerCase()
        .replace(/ё/g, "е")
        .replace(/ґ/g, "г");
    const mismatches: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      for (const text of [`Ab${char}Я`, `ё${char}’`]) {
        if (normalise(text) !== reference(text)) mismatches.push(code.toString(16));
      }
    }
    expect(mismatches).toEqual([]);
  });
});
