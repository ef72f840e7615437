// Properties checked:
// 1. A Latin word gives its Russian then Ukrainian reading (і ї є on s ] ', the apostrophe
//    on `), deduplicated; punctuation keys that are Cyrillic letters are read as letters.
// 2. A Cyrillic word (uk or ru, any case) gives its QWERTY reading.
// 3. Nothing to switch (digits, punctuation only): no reading.
// 4. switchLayoutText reads a whole raw query, Latin and Cyrillic letters alike.
import { describe, expect, test } from "bun:test";
import { switchLayout, switchLayoutText } from "./index.ts";

describe("switchLayout", () => {
  test("reads Latin keys as Cyrillic", () => {
    expect(
      [
        "yjen,er",
        "ghbdtn",
        "Ghbdtn",
        "ntktdspjh",
        "'ktrnhjxfqybr",
        "v`zcj",
        "[jkjlbkmybr",
        "ult",
      ].map(switchLayout),
    ).toEqual([
      ["ноутбук"],
      ["привет"],
      ["привет"],
      ["телевызор", "телевізор"],
      ["электрочайник", "єлектрочайник"],
      ["мёясо", "м'ясо"],
      ["холодильник"],
      ["где"],
    ]);
  });

  test("reads Cyrillic letters as QWERTY keys", () => {
    expect(
      ["ноутбук", "ТЕЛЕФОН", "телевізор", "їжак", "м'ясо", "шзрщту"].map(switchLayout),
    ).toEqual([["yjen,er"], ["ntktajy"], ["ntktdspjh"], ["];fr"], ["v`zcj"], ["iphone"]]);
  });

  test("gives nothing when nothing changes", () => {
    expect(["128", "", ".,", "-"].map(switchLayout)).toEqual([[], [], [], []]);
  });
});

describe("switchLayoutText", () => {
  test("reads the whole raw query", () => {
    expect([
      switchLayoutText("yjen,er asus"),
      switchLayoutText("шзрщту 15 зкщ"),
      switchLayoutText("ноутбук asus"),
    ]).toEqual([
      ["ноутбук фыгы", "ноутбук фігі"],
      ["iphone 15 pro"],
      ["ноутбук фыгы", "ноутбук фігі", "yjen,er asus"],
    ]);
  });
});
