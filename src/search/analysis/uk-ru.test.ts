import { describe, expect, test } from "bun:test";
import { stemKey, stemsForQuery } from "./stem.ts";
import { queryStemKeys } from "./uk-ru.ts";
import { foldUkRu } from "./uk-ru-fold.ts";
import { UK_RU_PAIRS } from "./uk-ru-pairs.ts";

// Ukrainian and Russian words meet at stem keys:
//  1. cognates by the folded spelling, in every form, short stems kept apart;
//  2. words that differ by the dictionary's pairs or the derived cognates, in every form, both
//     ways;
//  3. a word with letters of one language only is read in that language;
//  4. the generated table is current for the stemmers (regenerate with lexicon/make-uk-ru.ts);
//  5. a compound meets through its second part (авто + крісло/кресло);
//  6. a dictionary pair that crosses between two cognate pairs is a sense, left out;
//  7. a word whose final-syllable і the Ukrainian stemmer gives as о meets its Russian spelling.

/** Some key of one word is a key of the other. */
const meet = (a: string, b: string) => {
  const keys = new Set(queryStemKeys(a));
  return (
    queryStemKeys(b).some((k) => keys.has(k)) ||
    [stemKey(b, "uk"), stemKey(b, "ru")].some((k) => keys.has(k))
  );
};

describe("uk-ru", () => {
  test("1. cognates fold to one key, short stems do not", () => {
    for (const [uk, ru] of [
      ["тепловізор", "тепловизор"],
      ["тепловізором", "тепловизоры"],
      ["кондиціонери", "кондиционеры"],
      ["акумулятор", "аккумулятор"],
      ["електронна", "электронная"],
      ["поліестер", "полиэстер"],
      ["електричний", "электрический"],
      ["графічна", "графическая"],
    ]) {
      expect([uk, ru, stemKey(uk as string, "uk") === stemKey(ru as string, "ru")]).toEqual([
        uk,
        ru,
        true,
      ]);
    }
    expect(foldUkRu("кіт")).toBe("кіт");
    expect(foldUkRu("кит")).toBe("кит");
  });

  test("2. the dictionary's pairs meet in every form, both ways", () => {
    const forms: [string[], string[]][] = [
      [
        ["жіноча", "жіночий", "жіночі", "жіночу", "жіночих"],
        ["женская", "женский", "женские", "женскую", "женских"],
      ],
      [
        ["чоловічий", "чоловіча", "чоловічі"],
        ["мужской", "мужская", "мужские", "мужских"],
      ],
      [
        ["годинник", "годинники", "годинників"],
        ["часы", "часов"],
      ],
      [
        ["шкіра", "шкіри", "шкірою"],
        ["кожа", "кожи", "кожей"],
      ],
      // An adjective the dictionary lacks, derived from its noun (lexicon/uk-ru-derive.ts).
      [
        ["шкіряна", "шкіряні", "шкіряну", "шкіряний", "шкіряного"],
        ["кожаная", "кожаные", "кожаную", "кожаный", "кожаного"],
      ],
      // Cognates the fold cannot join (lexicon/uk-ru-cognates.ts): і/е, о/е, a prothetic в.
      [
        ["пилосос", "пилососи", "пилососів"],
        ["пылесос", "пылесосы", "пылесосов"],
      ],
      [
        ["навушники", "навушників"],
        ["наушники", "наушников"],
      ],
      [
        ["бігова", "біговий", "бігові"],
        ["беговая", "беговой", "беговые"],
      ],
      [
        ["чорний", "чорна", "чорні"],
        ["черный", "черная", "черные"],
      ],
      // Prefixes and suffixes that differ by rule: a numeral, the agent suffix.
      [
        ["двокамерний", "двокамерні"],
        ["двухкамерный", "двухкамерные"],
      ],
      [
        ["водонагрівач", "водонагрівачі"],
        ["водонагреватель", "водонагреватели"],
      ],
    ];
    for (const [uk, ru] of forms) {
      for (const u of uk) for (const r of ru) expect([u, r, meet(u, r)]).toEqual([u, r, true]);
    }
  });

  test("3. a word with letters of one language is read in it only", () => {
    // "час" (no letter of one language) is the Russian hour too; "годинників" only Ukrainian.
    expect(queryStemKeys("часы")).toContain(stemKey("годинник", "uk"));
    expect(queryStemKeys("годинників")).toContain(stemKey("часы", "ru"));
    // A word of neither table keeps its own keys.
    expect(queryStemKeys("смартфони")).toEqual(stemsForQuery("смартфони"));
    expect(queryStemKeys("phones")).toEqual(["phone"]);
  });

  test("4. the table is current: its pairs are keys the stemmers give today", () => {
    const lines = UK_RU_PAIRS.split("\n");
    expect(lines.length).toBeGreaterThan(3000);
    expect(lines.filter((l) => !/^[а-щьюяіїєыэъ']+ [а-щьюяіїєыэъ']+$/.test(l))).toEqual([]);
    for (const [uk, ru] of [
      ["жіночий", "женский"],
      ["годинник", "часы"],
      ["шкіра", "кожа"],
      ["автомобіль", "автомобиль"],
      ["пилосос", "пылесос"],
    ] as const) {
      expect(lines).toContain(`${stemKey(uk, "uk")} ${stemKey(ru, "ru")}`);
    }
  });

  test("5. a compound meets through its second part", () => {
    for (const [uk, ru] of [
      ["автокрісло", "автокресла"],
      ["відеореєстратор", "видеорегистраторы"],
      ["мікрохвильова", "микроволновая"],
    ] as const) {
      expect([uk, ru, meet(uk, ru), meet(ru, uk)]).toEqual([uk, ru, true, true]);
    }
    // Not without a linking vowel: the first part must end as a compound's does.
    expect(queryStemKeys("смартфон")).toEqual(stemsForQuery("смартфон"));
  });

  test("6. a pair crossing between two cognate pairs is a sense, left out", () => {
    // рація is рация (a radio set); смисл is смысл; рація/смысл is another use of the word.
    for (const [uk, ru] of [
      ["рація", "смысл"],
      ["музика", "музыкант"],
    ] as const) {
      expect([uk, ru, meet(uk, ru)]).toEqual([uk, ru, false]);
    }
    expect(meet("рація", "рация")).toBe(true);
    expect(meet("музика", "музыка")).toBe(true);
  });

  test("7. the Ukrainian і/о alternation meets the Russian и, both ways", () => {
    for (const [uk, ru] of [
      ["електроніка", "электроника"],
      ["спліт", "сплит"],
      ["арабіка", "арабика"],
    ] as const) {
      expect([uk, ru, meet(uk, ru), meet(ru, uk)]).toEqual([uk, ru, true, true]);
    }
    // Short keys are left alone: мир is not мор.
    expect(queryStemKeys("мир")).not.toContain("мор");
  });
});
