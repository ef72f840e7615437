import { normalise } from "../analysis/index.ts";
import { type Bitset, hasBit } from "../index/bitset.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { FIELD, prefixRange, type TermIndex } from "../index/term-index.ts";
import type { Dictionary } from "./expand.ts";
import type { ParsedQuery } from "./parse-query.ts";

// Query suggestions (PRODUCT.md): up to 10 completions of the query, best first: the domain's
// popular past queries that start with it (in their given order), then the query with its last
// word completed by the words of product names, most frequent first. The past queries come
// vetted (analytics/analytics-service.ts): asked with results by several distinct shoppers,
// short and clean, not blocked by the operator.

export const MAX_SUGGESTIONS = 10;
/** Completion candidates read per dictionary: a one-letter prefix covers thousands of words. */
const MAX_CANDIDATES = 4096;

export function suggest(snap: Snapshot, parsed: ParsedQuery, popular: readonly string[]): string[] {
  const query = collapse(normalise(parsed.text));
  if (query === "") return [];
  const out: string[] = [];
  const seen = new Set<string>([query]);
  const push = (s: string) => {
    if (out.length < MAX_SUGGESTIONS && !seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  };
  for (const p of popular) {
    const text = collapse(normalise(p));
    if (text.startsWith(query)) push(text);
    if (out.length === MAX_SUGGESTIONS) return out;
  }
  const last = parsed.tokens[parsed.tokens.length - 1];
  if (last === undefined || !parsed.typing || !query.endsWith(last.word)) return out;
  const head = query.slice(0, query.length - last.word.length);
  const candidates: { word: string; count: number; k: number; t: number }[] = [];
  snap.segments.forEach((segment, k) => {
    const dict = segment as Dictionary;
    const counts = nameCounts(dict);
    const [lo, hi] = prefixRange(dict.text.terms, last.word);
    for (let t = lo; t < hi && t < lo + MAX_CANDIDATES; t++) {
      const count = counts[t] as number;
      if (count > 0) candidates.push({ word: dict.text.terms[t] as string, count, k, t });
    }
  });
  candidates.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
  for (const c of candidates) {
    // The counts are the segment's, tombstones included: a word only replaced or deleted
    // products' names hold is no suggestion.
    if (!liveName(snap, c.k, c.t)) continue;
    push(`${head}${c.word}`);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/** Whether a live doc of segment k has term t in its name. */
function liveName(snap: Snapshot, k: number, t: number): boolean {
  const dead = snap.dead[k] as Bitset;
  const { offsets, docs, info } = (snap.segments[k] as Dictionary).text;
  const nameByte = FIELD.name << 5;
  for (let p = offsets[t] as number; p < (offsets[t + 1] as number); p++)
    if (((info[p] as number) & 0xe0) === nameByte && !hasBit(dead, docs[p] as number)) return true;
  return false;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Whether a search asked this dictionary for suggestions. */
export function nameCountsAsked(dict: Dictionary): boolean {
  return dict.cache.has(NAME_COUNTS);
}

/** Per term, the docs whose name has it; derived once per dictionary. */
export function nameCounts(dict: Dictionary): Uint32Array {
  const cached = dict.cache.get(NAME_COUNTS) as Uint32Array | undefined;
  if (cached !== undefined) return cached;
  const counts = countNames(dict.text);
  dict.cache.set(NAME_COUNTS, counts);
  return counts;
}

function countNames(text: TermIndex): Uint32Array {
  const counts = new Uint32Array(text.terms.length);
  const nameByte = FIELD.name << 5;
  for (let t = 0; t < counts.length; t++) {
    let n = 0;
    for (let p = text.offsets[t] as number; p < (text.offsets[t + 1] as number); p++) {
      if (((text.info[p] as number) & 0xe0) === nameByte) n++;
    }
    counts[t] = n;
  }
  return counts;
}

const NAME_COUNTS = "\u0000names";
