// Properties checked:
// 1. Words are normalised, punctuation separates them, positions count words from 0.
// 2. Letters and digits split apart; a chunk of several parts (letters+digits, or parts joined
//    by - / .) also yields its joined code, placed first, at the position of its first part.
// 3. An apostrophe inside a Cyrillic word is dropped (uk and ru spellings meet); elsewhere it
//    separates words. Combining stress marks vanish.
// 4. No letters or digits: no tokens.
// 5. A comma between digits joins them like a point; a unit after a number takes one spelling
//    in any language, inches vanish, terabytes are counted in gigabytes.
import { describe, expect, test } from "bun:test";
import { tokenise } from "./index.ts";

describe("tokenise", () => {
  test("splits words of every language and counts positions", () => {
    expect(tokenise("Навушники Sony, бездротові — «ЧОРНИЙ»! Ёлка")).toEqual([
      { word: "навушники", position: 0 },
      { word: "sony", position: 1 },
      { word: "бездротові", position: 2 },
      { word: "чорний", position: 3 },
      { word: "елка", position: 4 },
    ]);
  });

  test("splits model codes and adds the joined code", () => {
    expect(tokenise("Sony WH-1000XM5")).toEqual([
      { word: "sony", position: 0 },
      { word: "wh1000xm5", position: 1 },
      { word: "wh", position: 1 },
      { word: "1000", position: 2 },
      { word: "xm", position: 3 },
      { word: "5", position: 4 },
    ]);
    expect(tokenise("Galaxy A55 128GB RTX-4090 iphone15")).toEqual([
      { word: "galaxy", position: 0 },
      { word: "a55", position: 1 },
      { word: "a", position: 1 },
      { word: "55", position: 2 },
      { word: "128gb", position: 3 },
      { word: "128", position: 3 },
      { word: "гб", position: 4 },
      { word: "rtx4090", position: 5 },
      { word: "rtx", position: 5 },
      { word: "4090", position: 6 },
      { word: "iphone15", position: 7 },
      { word: "iphone", position: 7 },
      { word: "15", position: 8 },
    ]);
  });

  test("joins parts glued by - / . but not by spaces or trailing punctuation", () => {
    expect(tokenise("Wi-Fi 12 345/B мм.")).toEqual([
      { word: "wifi", position: 0 },
      { word: "wi", position: 0 },
      { word: "fi", position: 1 },
      { word: "12", position: 2 },
      { word: "345b", position: 3 },
      { word: "345", position: 3 },
      { word: "b", position: 4 },
      { word: "мм", position: 5 },
    ]);
  });

  test("drops apostrophes inside Cyrillic words only", () => {
    expect(tokenise("М’ясо, мʼясо і сім'я; levi's")).toEqual([
      { word: "мясо", position: 0 },
      { word: "мясо", position: 1 },
      { word: "і", position: 2 },
      { word: "сімя", position: 3 },
      { word: "levi", position: 4 },
      { word: "s", position: 5 },
    ]);
  });

  test("drops combining stress marks and folds compatibility forms", () => {
    expect(tokenise("за́мок ＴＶ ﬁlter")).toEqual([
      { word: "замок", position: 0 },
      { word: "tv", position: 1 },
      { word: "filter", position: 2 },
    ]);
  });

  test("returns nothing for text without letters or digits", () => {
    expect([tokenise(""), tokenise("  ... — !!! ")]).toEqual([[], []]);
  });

  test("reads units after a number in one spelling", () => {
    const words = (text: string) => tokenise(text).map((t) => `${t.word}@${t.position}`);
    for (const text of ["32гб", "32 gb", "32GB", "32 гігабайти", "32 ГБ"])
      expect(words(text).slice(-2)).toEqual(["32@0", "гб@1"]);
    expect(words("2 тб")).toEqual(["2048@0", "гб@1"]);
    expect(words("1TB")).toEqual(["1tb@0", "1024@0", "гб@1"]);
    expect(words("0.5 тб")).toEqual(["05@0", "0@0", "5@1", "тб@2"]);
    expect(words("13,3")).toEqual(words("13.3"));
    expect(words('13.3"')).toEqual(["133@0", "13@0", "3@1"]);
    expect(words("телевізор 43 дюйми")).toEqual(["телевізор@0", "43@1"]);
    expect(words("43 inch tv")).toEqual(["43@0", "tv@2"]);
    expect(words("0.5l")).toEqual(["05l@0", "0@0", "5@1", "л@2"]);
    expect(words("0,5 л")).toEqual(["05@0", "0@0", "5@1", "л@2"]);
  });

  test("leaves letters that are no unit, or follow no number, as they are", () => {
    const words = (text: string) => tokenise(text).map((t) => t.word);
    expect(words("шампунь 2 в 1")).toEqual(["шампунь", "2", "в", "1"]);
    expect(words("gb l w")).toEqual(["gb", "l", "w"]);
    expect(words("8 кілограм")).toEqual(["8", "кг"]);
  });
});
