import { lexiconLines } from "./lexicon.ts";

// The pairs of stem keys "uk ru" of lexicon/uk-ru-pairs.txt (stemKey: the uk key of the
// Ukrainian word, the ru key of the Russian one), one a line: made by lexicon/make-uk-ru.ts from
// Apertium's dictionary and the Hunspell word lists, GPL-2.0-or-later (lexicon/README.md).

export const UK_RU_PAIRS = lexiconLines("uk-ru-pairs.txt").join("\n");
