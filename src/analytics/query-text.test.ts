// What analytics record of a query and what may become a suggestion (analytics/query-text.ts):
//  1. recorded: NFKC, lower case, ё→е, one apostrophe, whitespace collapsed, invisible
//     characters dropped, at most 10 words and 100 characters (code points, pairs kept whole)
//  2. suggestible: at most 64 characters and 6 words; letters, digits, spaces and - ' . , / + & ( );
//     never a host name, URL or phone number
//  3. a search whose raw text carried an invisible character never counts towards a suggestion
//  4. a block is kept in the recorded form, or refused when it could never be a suggestion
import { describe, expect, test } from "bun:test";
import { blockedForm, mayBeSuggested, recordedQuery, suggestible } from "./query-text.ts";

describe("recordedQuery", () => {
  test("normalised", () => {
    expect(recordedQuery("  Ноутбук   Asus\tЁлка\nПрев’ю  ")).toBe("ноутбук asus елка прев'ю");
    expect(recordedQuery("ＡＢＣ ﬁ")).toBe("abc fi");
  });
  test("invisible characters dropped", () => {
    expect(recordedQuery("нав\u0000ушники\u200b sony\u202e")).toBe("навушники sony");
    expect(recordedQuery("\u0000\u0001")).toBe("");
    expect(recordedQuery("a\ud801b")).toBe("ab");
  });
  test("capped at 10 words and 100 characters", () => {
    expect(recordedQuery("a b c d e f g h i j k l")).toBe("a b c d e f g h i j");
    expect(recordedQuery("x".repeat(8000))).toBe("x".repeat(100));
    expect(recordedQuery(`${"y".repeat(99)}😀😀`)).toBe(`${"y".repeat(99)}😀`);
    expect(recordedQuery(`${"z".repeat(99)} tail`)).toBe("z".repeat(99));
  });
});

describe("suggestions", () => {
  test("suggestible", () => {
    const ok = [
      "навушники sony",
      "wh-1000xm5",
      "чайник 1.7 л",
      "iphone 15 pro 256",
      "кава 1/2 кг",
      "m&m's (500 г)",
      "1.5 l, 2+1",
      "a".repeat(64),
      "one two three four five six",
    ];
    const bad = [
      "a".repeat(65),
      "one two three four five six seven",
      "http://evil.example",
      "навушники evil.example шахраї",
      "scam-shop.example",
      "www.x.com",
      "x.com/sale",
      "buy@evil",
      "+380 67 123 45 67",
      "call 067-123-4567",
      "100%",
      "<script>",
      "шахраї!",
      "---",
      "",
    ];
    expect(ok.filter(suggestible)).toEqual(ok);
    expect(bad.filter(suggestible)).toEqual([]);
  });
  test("a raw text with an invisible character never counts", () => {
    expect(mayBeSuggested("навушники sony", "навушники sony")).toBe(true);
    expect(mayBeSuggested("навушники\tsony ", "навушники sony")).toBe(true);
    const raw = "навушники\u0000sony";
    expect(mayBeSuggested(raw, recordedQuery(raw))).toBe(false);
    const junk = `навушники ${"x".repeat(1000)}`;
    expect(mayBeSuggested(junk, recordedQuery(junk))).toBe(false);
  });
  test("blockedForm", () => {
    expect(blockedForm(" Навушники  EVIL.example ")).toBe("навушники evil.example");
    expect([blockedForm(""), blockedForm("\u0000"), blockedForm("a".repeat(65))]).toEqual([
      null,
      null,
      null,
    ]);
    expect(blockedForm("a b c d e f g")).toBe(null);
  });
});
