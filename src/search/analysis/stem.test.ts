// Properties checked:
// 1. Plural and case forms of a catalog word reduce to one stem, per language (uk, ru, en).
// 2. The known misses stay documented: they are asserted as they are, so a change is noticed.
// 3. Words with digits, short words and other scripts come back unchanged; a Latin word is
//    stemmed as English in any language.
// 4. stemsForQuery gives the uk then the ru stem of a Cyrillic word, deduplicated, and the
//    English stem of a Latin word.
import { describe, expect, test } from "bun:test";
import type { Language } from "../../model/records.ts";
import { stem, stemsForQuery } from "./index.ts";

function stems(language: Language, words: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const word of words.split(" ")) result[word] = stem(word, language);
  return result;
}

describe("stem uk", () => {
  test("joins the forms of catalog nouns and adjectives", () => {
    expect(
      stems(
        "uk",
        "телефон телефони телефонів телефоном ноутбук ноутбуки ноутбуків навушники навушників " +
          "сумка сумки сумок сумкою чохол чохли чохлів кава каву кави пилосос пилососи " +
          "пилососів кросівки кросівок гаманець гаманця гаманці стіл стола столи ніж ножі " +
          "мясо гарантія гарантії гарантій",
      ),
    ).toEqual({
      телефон: "телефон",
      телефони: "телефон",
      телефонів: "телефон",
      телефоном: "телефон",
      ноутбук: "ноутбук",
      ноутбуки: "ноутбук",
      ноутбуків: "ноутбук",
      навушники: "навушник",
      навушників: "навушник",
      сумка: "сумк",
      сумки: "сумк",
      сумок: "сумк",
      сумкою: "сумк",
      чохол: "чохл",
      чохли: "чохл",
      чохлів: "чохл",
      кава: "кав",
      каву: "кав",
      кави: "кав",
      пилосос: "пилосос",
      пилососи: "пилосос",
      пилососів: "пилосос",
      кросівки: "кросівк",
      кросівок: "кросівк",
      гаманець: "гаманц",
      гаманця: "гаманц",
      гаманці: "гаманц",
      стіл: "стол",
      стола: "стол",
      столи: "стол",
      ніж: "нож",
      ножі: "нож",
      мясо: "мяс",
      гарантія: "гарант",
      гарантії: "гарант",
      гарантій: "гарант",
    });
    expect(
      stems("uk", "бездротовий бездротова бездротові бездротового синій синя сині синього"),
    ).toEqual({
      бездротовий: "бездротов",
      бездротова: "бездротов",
      бездротові: "бездротов",
      бездротового: "бездротов",
      синій: "син",
      синя: "син",
      сині: "син",
      синього: "син",
    });
  });

  test("known misses: е/і alternation, -ей after a vowel, -ем genitive plural", () => {
    expect(stems("uk", "ремінь ремені батарея батарей система систем")).toEqual({
      ремінь: "ремон",
      ремені: "ремен",
      батарея: "батаре",
      батарей: "батар",
      система: "систем",
      систем: "сист",
    });
  });
});

describe("stem ru", () => {
  test("joins the forms of catalog nouns and adjectives", () => {
    expect(
      stems(
        "ru",
        "телефон телефоны телефонов ноутбук ноутбуки ноутбуков наушники наушников сумка " +
          "сумки сумок чехол чехлы чехлов кошелек кошельки кофе беспроводной беспроводные",
      ),
    ).toEqual({
      телефон: "телефон",
      телефоны: "телефон",
      телефонов: "телефон",
      ноутбук: "ноутбук",
      ноутбуки: "ноутбук",
      ноутбуков: "ноутбук",
      наушники: "наушник",
      наушников: "наушник",
      сумка: "сумк",
      сумки: "сумк",
      сумок: "сумк",
      чехол: "чехл",
      чехлы: "чехл",
      чехлов: "чехл",
      кошелек: "кошелк",
      кошельки: "кошелк",
      кофе: "коф",
      беспроводной: "беспроводн",
      беспроводные: "беспроводн",
    });
  });
});

describe("stem en", () => {
  test("joins plurals, including the irregular ones", () => {
    expect(
      stems(
        "en",
        "phone phones laptop laptops headphones headphone battery batteries box boxes knife " +
          "knives mouse mice",
      ),
    ).toEqual({
      phone: "phone",
      phones: "phone",
      laptop: "laptop",
      laptops: "laptop",
      headphones: "headphon",
      headphone: "headphon",
      battery: "batteri",
      batteries: "batteri",
      box: "box",
      boxes: "box",
      knife: "knife",
      knives: "knife",
      mouse: "mous",
      mice: "mous",
    });
  });
});

describe("stem leaves alone", () => {
  test("digits, codes, short words; picks the stemmer by script", () => {
    expect([
      stem("128", "uk"),
      stem("wh1000xm5", "en"),
      stem("a55", "ru"),
      stem("тв", "uk"),
      stem("phones", "uk"),
      stem("phones", "ru"),
      stem("телефони", "en"),
      stem("日本語", "en"),
    ]).toEqual(["128", "wh1000xm5", "a55", "тв", "phone", "phone", "телефон", "日本語"]);
  });
});

describe("stemsForQuery", () => {
  test("gives uk and ru stem keys for Cyrillic (uk/ru spellings folded), the en stem for Latin", () => {
    expect(
      ["телефонів", "ноутбуки", "сумок", "чехлов", "phones", "knives", "wh1000xm5", "128"].map(
        stemsForQuery,
      ),
    ).toEqual([
      ["телефон", "телефонив"],
      ["ноутбук"],
      ["сумк"],
      ["чехлов", "чехл"],
      ["phone"],
      ["knife"],
      ["wh1000xm5"],
      ["128"],
    ]);
  });
});
