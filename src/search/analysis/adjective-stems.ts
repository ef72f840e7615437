import { lexiconLines } from "./lexicon.ts";

// The Bloom filter of the Ukrainian and Russian adjective stems (analysis/adjective-forms.ts) of
// lexicon/adjective-stems.txt, made by lexicon/make-adjective-stems.ts from the Hunspell word
// lists, GPL-2.0-or-later (lexicon/README.md): its number of hashes, and its bytes in base64.

const fields = new Map(
  lexiconLines("adjective-stems.txt").map((line) => {
    const space = line.indexOf(" ");
    return [line.slice(0, space), line.slice(space + 1)];
  }),
);

export const ADJECTIVE_STEMS = {
  hashes: Number(fields.get("hashes")),
  data: fields.get("bloom") ?? "",
};
