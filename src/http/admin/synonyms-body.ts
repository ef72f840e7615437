import {
  MAX_SYNONYM_CHARS,
  MAX_SYNONYM_SETS,
  MAX_SYNONYM_WORDS,
  type SynonymSet,
} from "../../model/synonyms.ts";
import { synonymWord } from "../../search/engine.ts";

// The body of a PUT of a domain's synonyms (model/synonyms.ts, docs/API.md "Synonyms"),
// checked whole at the edge: every error, per field, in DRF's style, with the limits of the
// model's schema. The engine gets the sets typed and normalised (its synonymWord says what a
// word is as the search compares it) and builds its table of them (synonymTable).

export type ParsedSynonyms =
  | { ok: true; sets: SynonymSet[] }
  | { ok: false; errors: Record<string, string[]> };

type Fail = (field: string, message: string) => void;

/**
 * The body {"synonyms": [...]} checked whole (every error, per field) and normalised: words as
 * the tokeniser makes them, repeats within a set dropped.
 */
export function parseSynonyms(body: unknown): ParsedSynonyms {
  const errors: Record<string, string[]> = {};
  const fail: Fail = (field, message) => {
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
    const set = parseSet(item, `synonyms[${i}]`, fail);
    if (set !== null) sets.push(set);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, sets };
}

function parseSet(item: unknown, at: string, fail: Fail): SynonymSet | null {
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
  fail: Fail,
): string[] | null {
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    fail(at, `Expected a list of ${min} to ${max} words.`);
    return null;
  }
  const words = value.map((w, j) => parseWord(w, `${at}[${j}]`, fail));
  if (words.some((w) => w === null)) return null;
  return [...new Set(words as string[])];
}

function parseWord(value: unknown, at: string, fail: Fail): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_SYNONYM_CHARS) {
    fail(at, `Expected a word of 1 to ${MAX_SYNONYM_CHARS} characters.`);
    return null;
  }
  const word = synonymWord(value);
  if (word === null)
    fail(at, "Expected one word: letters, or digits, not both (no model code) nor several words.");
  return word;
}
