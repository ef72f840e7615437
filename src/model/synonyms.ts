import { type Static, Type as t } from "@sinclair/typebox";

// A store's own spellings that mean the same (issue 15 point 1), for words that neither the
// catalog nor the corrections pair: a brand as shoppers say it, a slang name, an old name. The
// two kinds of Algolia, Typesense and Elasticsearch: a set of equivalent words (multi-way:
// each finds what any other finds) and a one-way rule (the query word also finds what its
// meanings find, not the reverse).

/** At most this many sets a domain. */
export const MAX_SYNONYM_SETS = 1000;
/** At most this many words in a set (`words`, or `query` with its `means`). */
export const MAX_SYNONYM_WORDS = 10;
/** At most this many characters a word. */
export const MAX_SYNONYM_CHARS = 64;
/** A body of the most sets, words and characters, in Cyrillic, with room for spacing. */
export const MAX_SYNONYM_BYTES = 2_000_000;

const Word = t.String({
  minLength: 1,
  maxLength: MAX_SYNONYM_CHARS,
  description:
    "One word as shoppers type it: letters, or digits (not a model code mixing both, nor several words); compared as the search compares words (lower case, ё as е, apostrophes dropped).",
});

export const SynonymSet = t.Union([
  t.Object(
    {
      words: t.Array(Word, {
        minItems: 2,
        maxItems: MAX_SYNONYM_WORDS,
        description: "Equivalent words: a query with any of them also finds what the others find.",
      }),
    },
    { additionalProperties: false, description: "Equivalent words (multi-way)." },
  ),
  t.Object(
    {
      query: Word,
      means: t.Array(Word, {
        minItems: 1,
        maxItems: MAX_SYNONYM_WORDS - 1,
        description: "What the query word also finds; a query with these does not find `query`.",
      }),
    },
    { additionalProperties: false, description: "A one-way rule." },
  ),
]);
export type SynonymSet = Static<typeof SynonymSet>;

export const Synonyms = t.Object({
  synonyms: t.Array(SynonymSet, { maxItems: MAX_SYNONYM_SETS }),
});
export type Synonyms = Static<typeof Synonyms>;
