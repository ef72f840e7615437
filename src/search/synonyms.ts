import {
  MAX_SYNONYM_CHARS,
  MAX_SYNONYM_SETS,
  MAX_SYNONYM_WORDS,
  type SynonymSet,
} from "../model/synonyms.ts";
import { tokenise } from "./analysis/index.ts";

// A domain's own synonyms (model/synonyms.ts): checked and put in the form query words take,
// then turned into the table the query side reads (query/plan.ts: a query word that is a key
// also matches the words it maps to).

/** Per query word (normalised), the other words it also finds. */
export type SynonymTable = ReadonlyMap<string, readonly string[]>;

export const NO_SYNONYMS: SynonymTable = new Map();

export type ParsedSynonyms =
  | { ok: true; sets: SynonymSet[] }
  | { ok: false; errors: Record<string, string[]> };

/**
 * The body {"synonyms": [...]} checked whole (every error, per field) and normalised: words as
 * the tokeniser makes them, repeats within a set dropped.
 */
export function parseSynonyms(body: unknown): ParsedSynonyms {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const list = (body as { synonyms?: unknown } | null)?.synonyms;
  if (typeof body !== "object" || body === null || Array.isArray(body) || !Array.isArray(list)) {
    fail("synonyms", "Expected a list of sets.");
    return { ok: false, errors };
  }
  if (list.length > MAX_SYNONYM_SETS) {
    fail("synonyms", `At most ${MAX_SYNONYM_SETS} sets are accepted.`);
    return { ok: false, errors };
  }
  const sets: SynonymSet[] = [];
  list.forEach((item, i) => {
    const at = `synonyms[${i}]`;
    const set = parseSet(item, at, fail);
    if (set !== null) sets.push(set);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, sets };
}

function parseSet(
  item: unknown,
  at: string,
  fail: (field: string, message: string) => void,
): SynonymSet | null {
  const fields = typeof item === "object" && item !== null ? Object.keys(item) : [];
  const o = item as Record<string, unknown>;
  const oneWay = fields.length === 2 && "query" in o && "means" in o;
  if (!(fields.length === 1 && "words" in o) && !oneWay) {
    fail(at, 'Expected {"words": [...]} or {"query": "...", "means": [...]}.');
    return null;
  }
  if (oneWay) {
    const query = parseWord(o.query, `${at}.query`, fail);
    const means = parseWords(o.means, `${at}.means`, 1, MAX_SYNONYM_WORDS - 1, fail);
    if (query === null || means === null) return null;
    const others = means.filter((w) => w !== query);
    if (others.length === 0) {
      fail(`${at}.means`, "Expected a word other than the query.");
      return null;
    }
    return { query, means: others };
  }
  const words = parseWords(o.words, `${at}.words`, 2, MAX_SYNONYM_WORDS, fail);
  if (words === null) return null;
  if (words.length < 2) {
    fail(`${at}.words`, "Expected at least 2 different words.");
    return null;
  }
  return { words };
}

function parseWords(
  value: unknown,
  at: string,
  min: number,
  max: number,
  fail: (field: string, message: string) => void,
): string[] | null {
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    fail(at, `Expected a list of ${min} to ${max} words.`);
    return null;
  }
  const words = value.map((w, j) => parseWord(w, `${at}[${j}]`, fail));
  if (words.some((w) => w === null)) return null;
  return [...new Set(words as string[])];
}

function parseWord(
  value: unknown,
  at: string,
  fail: (field: string, message: string) => void,
): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_SYNONYM_CHARS) {
    fail(at, `Expected a word of 1 to ${MAX_SYNONYM_CHARS} characters.`);
    return null;
  }
  const tokens = tokenise(value);
  if (tokens.length !== 1) {
    fail(at, "Expected one word: letters, or digits, not both (no model code) nor several words.");
    return null;
  }
  return (tokens[0] as { word: string }).word;
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
