import { tokenise } from "../analysis/index.ts";
import type { TermIndexBuilder } from "./term-index.ts";

// Feeding text into a term index builder: positions run on across the items of a list field
// (keywords, synonyms, attribute values) with a gap, so that proximity never joins two items.

const ITEM_GAP = 2;

/** Indexes `text` at positions from `start`; returns the position after its last word. */
export function addText(
  builder: TermIndexBuilder,
  text: string,
  field: number,
  options: { start: number; languages: number },
): number {
  let end = options.start;
  for (const token of tokenise(text)) {
    const position = options.start + token.position;
    builder.add(token.word, field, position, options.languages);
    if (position + 1 > end) end = position + 1;
  }
  return end;
}

export function addTextList(
  builder: TermIndexBuilder,
  texts: readonly string[],
  field: number,
  languages: number,
): void {
  let start = 0;
  for (const text of texts) start = addText(builder, text, field, { start, languages }) + ITEM_GAP;
}
