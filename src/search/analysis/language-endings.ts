import { lexiconLines } from "./lexicon.ts";

// The endings only one of Ukrainian and Russian has, of lexicon/language-endings.txt ("ru ая",
// "uk ння" a line), counted by lexicon/make-language-endings.ts over the Hunspell word forms:
// facts about the languages (lexicon/README.md).

const lines = lexiconLines("language-endings.txt");
const endingsOf = (language: string) =>
  lines.filter((line) => line.startsWith(`${language} `)).map((line) => line.slice(3));

/** Endings only Russian words have (without ы э ъ, which tell it already). */
export const RUSSIAN_ENDINGS: readonly string[] = endingsOf("ru");

/** Endings only Ukrainian words have (without і ї є). */
export const UKRAINIAN_ENDINGS: readonly string[] = endingsOf("uk");
