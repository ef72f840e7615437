// The body of a PUT of synonyms (synonyms-body.ts):
//  1. words of both kinds are normalised as the search compares them, repeats dropped
//  2. a body is checked whole: every error, per field, in one answer
import { describe, expect, test } from "bun:test";
import { parseSynonyms } from "./synonyms-body.ts";

describe("parseSynonyms", () => {
  test("1. normalises the words of both kinds and drops repeats", () => {
    expect(
      parseSynonyms({
        synonyms: [
          { words: ["Ленове", "LENOVO", "lenovo", "Ёлка"] },
          { query: "Яблуко", means: ["Apple", "яблуко"] },
        ],
      }),
    ).toEqual({
      ok: true,
      sets: [{ words: ["ленове", "lenovo", "елка"] }, { query: "яблуко", means: ["apple"] }],
    });
  });

  test("2. reports every error of the body per field", () => {
    expect(
      parseSynonyms({
        synonyms: [
          { words: ["one"] },
          { words: ["two words", "x".repeat(65), 3] },
          { query: "a", means: ["a"] },
          { query: "a", means: ["b"], extra: 1 },
          "word",
          { words: ["same", "SAME"] },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: {
        "synonyms[0].words": ["Expected a list of 2 to 10 words."],
        "synonyms[1].words[0]": [
          "Expected one word: letters, or digits, not both (no model code) nor several words.",
        ],
        "synonyms[1].words[1]": ["Expected a word of 1 to 64 characters."],
        "synonyms[1].words[2]": ["Expected a word of 1 to 64 characters."],
        "synonyms[2].means": ["Expected a word other than the query."],
        "synonyms[3]": ['Expected {"words": [...]} or {"query": "...", "means": [...]}.'],
        "synonyms[4]": ['Expected {"words": [...]} or {"query": "...", "means": [...]}.'],
        "synonyms[5].words": ["Expected at least 2 different words."],
      },
    });
    expect(parseSynonyms([])).toEqual({
      ok: false,
      errors: { synonyms: ["Expected a list of sets."] },
    });
    expect(parseSynonyms({ synonyms: Array.from({ length: 1001 }, () => ({})) })).toEqual({
      ok: false,
      errors: { synonyms: ["At most 1000 sets are accepted."] },
    });
  });
});
