import type { SynonymSet } from "../model/synonyms.ts";
import { tokenise } from "./analysis/index.ts";

// A domain's own synonyms (model/synonyms.ts), checked and normalised at the edge
// (http/admin/synonyms-body.ts, with synonymWord), turned into the table the query side reads
// (query/plan.ts: a query word that is a key also matches the words it maps to).

/** Per query word (normalised), the other words it also finds. */
export type SynonymTable = ReadonlyMap<string, readonly string[]>;

export const NO_SYNONYMS: SynonymTable = new Map();

/**
 * `text` as the search compares a word of a synonym set (lower case, ё as е, apostrophes
 * dropped), or null when it is not one word (several, or a model code mixing letters and
 * digits, whose parts are words of their own).
 */
export function synonymWord(text: string): string | null {
  const tokens = tokenise(text);
  return tokens.length === 1 ? (tokens[0] as { word: string }).word : null;
}

/** The table of a domain's sets: each word of a set finds the others, a query its means. */
export function synonymTable(sets: readonly SynonymSet[]): SynonymTable {
  const table = new Map<string, Set<string>>();
  const add = (from: string, to: readonly string[]) => {
    const found = table.get(from) ?? new Set<string>();
    table.set(from, found);
    for (const w of to) if (w !== from) found.add(w);
  };
  for (const set of sets) {
    if ("words" in set) for (const w of set.words) add(w, set.words);
    else add(set.query, set.means);
  }
  return new Map([...table].map(([w, to]) => [w, [...to]]));
}
