import { expect, test } from "bun:test";
import { adjectiveForm } from "./adjective-forms.ts";

// A Cyrillic word is a form of a Ukrainian or Russian adjective (Hunspell's adjectives' stems
// plus an adjective ending of either language):
//  1. every form of common adjectives, both languages, short Russian forms too;
//  2. brands as shoppers say them in Cyrillic are not, nor nouns;
//  3. words under 5 letters and Latin words are not asked.

test("1. forms of adjectives, uk and ru", () => {
  const words = ["тепла", "теплий", "теплі", "теплого", "теплая", "теплые", "тепло", "зимова"];
  expect(words.filter((w) => !adjectiveForm(w))).toEqual([]);
  expect(
    ["синій", "синього", "синяя", "шкіряна", "кожаные"].filter((w) => !adjectiveForm(w)),
  ).toEqual([]);
});

test("2. brands said in Cyrillic and nouns are not", () => {
  const words = [
    "тесла",
    "інвікта",
    "ровента",
    "макіта",
    "блеквью",
    "самсунг",
    "ноутбук",
    "куртка",
  ];
  expect(words.filter(adjectiveForm)).toEqual([]);
});

test("3. short and Latin words are not asked", () => {
  expect(["нова", "теп", "tepla", "warm"].filter(adjectiveForm)).toEqual([]);
});
