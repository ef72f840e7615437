import { hasDigit, maxTypos, queryStemKeys } from "../analysis/index.ts";
import { fuzzyTerms, scriptRange } from "../index/fuzzy-terms.ts";
import { multiMapGet, type StringMultiMap } from "../index/string-multimap.ts";
import { lowerBound, prefixEnd, type TermIndex } from "../index/term-index.ts";
import type { QueryWord } from "./parse-query.ts";

// Which dictionary terms a query word stands for: the word itself, the terms sharing one of its
// stems or of its counterpart's in the other of uk and ru (analysis/uk-ru.ts), the terms it
// starts (last word, as-you-type) and the terms within its typo budget.
// Memoised per dictionary: segments and category tables are immutable, so an expansion stays
// true for as long as its dictionary lives, across snapshots that share it.

export interface Dictionary {
  readonly text: TermIndex;
  readonly stems: StringMultiMap;
  readonly cache: Map<string, unknown>;
}

/** Flag of a range's third value: read only the strong postings of its terms. */
export const STRONG_ONLY = 4;
/** Flag of a range's third value: only postings at the first two positions of their field. */
export const INITIAL_ONLY = 8;

/**
 * How a query word expands:
 * - "exact": a finished word: itself, its stems, its typos;
 * - "prefix": the word being typed, which completes some term: also every term it starts;
 *   its typos only as a whole word (completing every prefix within a typo of "елек" would drag
 *   in "алек...", "плек..." and their thousands of products for nothing);
 * - "typoPrefix": the word being typed completes no term as typed, so its typos are looked
 *   for in prefixes too ("електоч" -> "електроч...");
 * - "initial": a query of one letter completes only the first two words of the strong fields
 *   (a name's type and brand, a vendor, a code; a category name's first two words): the
 *   widget's first keystroke answers with the products whose type or brand starts with that
 *   letter, not with a third of the catalog.
 */
export type ExpansionMode = "exact" | "prefix" | "typoPrefix" | "initial";
/** Prefixes shorter than this complete only words of the strong fields (see TermIndex). */
export const MIN_PREFIX_FOR_ALL_FIELDS = 3;

export interface TermExpansion {
  /**
   * Triples (lo, hi, flags): term ranges [lo, hi), flags = typos | STRONG_ONLY. Ranges may
   * overlap; the best match wins.
   */
  readonly ranges: Int32Array;
  /** The term equal to the word, or -1; the only term matched "exactly". */
  readonly exact: number;
  /** Postings under the ranges: the work of reading them. */
  readonly cost: number;
}

const CACHE_LIMIT = 20_000;
/** Words shorter than this neither expand by stem nor are reached by one. */
const MIN_STEMMED = 3;
const MIN_STEMMED_TYPED = 5;

export function expandWord(dict: Dictionary, word: QueryWord, mode: ExpansionMode): TermExpansion {
  const key = `${mode}\u0001${word.text}`;
  const cached = dict.cache.get(key) as TermExpansion | undefined;
  if (cached !== undefined) return cached;
  const expansion = computeExpansion(dict, word, mode);
  remember(dict, key, expansion);
  return expansion;
}

function remember(dict: Dictionary, key: string, value: unknown): void {
  if (dict.cache.size >= CACHE_LIMIT) {
    // Forget the expansions; keep the derived indexes (keys starting with NUL).
    for (const k of dict.cache.keys()) if (!k.startsWith("\u0000")) dict.cache.delete(k);
  }
  dict.cache.set(key, value);
}

/**
 * The terms within `maxDistance` typos of a word (of its script), as triples (lo, hi,
 * distance) of fuzzyTerms' visits; memoised like the expansions, since a word that the
 * corrections looked up (vocabulary.ts) is expanded right after.
 */
export function typoTerms(
  dict: Dictionary,
  word: string,
  maxDistance: number,
  prefix: boolean,
): Int32Array {
  const key = `${prefix ? "~p" : "~w"}${maxDistance}\u0001${word}`;
  const cached = dict.cache.get(key) as Int32Array | undefined;
  if (cached !== undefined) return cached;
  const found: number[] = [];
  const options = { maxDistance, prefix, ...scriptRange(dict.text.terms, word) };
  fuzzyTerms(dict.text, word, options, (lo, hi, distance) => {
    found.push(lo, hi, distance);
  });
  const triples = Int32Array.from(found);
  remember(dict, key, triples);
  return triples;
}

function computeExpansion(dict: Dictionary, word: QueryWord, mode: ExpansionMode): TermExpansion {
  const { terms } = dict.text;
  const text = word.text;
  const ranges: number[] = [];
  // The first term >= the word: the word itself when it is a term, else the first it starts.
  const first = lowerBound(terms, text);
  if (mode === "initial") {
    return finish(dict, [first, prefixEnd(terms, text), STRONG_ONLY | INITIAL_ONLY], -1);
  }
  const exact = terms[first] === text ? first : -1;
  if (exact >= 0) ranges.push(exact, exact + 1, 0);
  let prefixLo = 0;
  let prefixHi = 0;
  if (mode !== "exact") {
    prefixLo = first;
    prefixHi = prefixEnd(terms, text);
    // The word itself sorts first among the terms it starts.
    const from = exact >= 0 ? prefixLo + 1 : prefixLo;
    const flags = text.length < MIN_PREFIX_FOR_ALL_FIELDS ? STRONG_ONLY : 0;
    if (prefixHi > from) ranges.push(from, prefixHi, flags);
  }
  const digits = hasDigit(text);
  // Stems of a word still being typed are stems of a fragment ("віде" would stem to "від", a
  // preposition in every description): only a typed word of 5+ letters is stemmed.
  const minLength = mode === "exact" ? MIN_STEMMED : MIN_STEMMED_TYPED;
  if (!digits && text.length >= minLength) {
    for (const s of queryStemKeys(text)) {
      for (const t of multiMapGet(dict.stems, s)) {
        if (t === exact || (t >= prefixLo && t < prefixHi)) continue;
        // Nor do short words join by a shared stem: they are function words, not forms.
        if ((terms[t] as string).length < MIN_STEMMED) continue;
        ranges.push(t, t + 1, 0);
      }
    }
  }
  const typos = digits ? 0 : maxTypos(text);
  if (typos > 0) {
    const found = typoTerms(dict, text, typos, mode === "typoPrefix");
    for (let f = 0; f < found.length; f += 3) {
      const lo = found[f] as number;
      const hi = found[f + 1] as number;
      const distance = found[f + 2] as number;
      // A single term must itself be long enough for that many typos: "віде" is one typo
      // from "від", a preposition in every description, and must not match it.
      if (distance > 0 && (hi - lo > 1 || maxTypos(terms[lo] as string) >= distance)) {
        ranges.push(lo, hi, distance);
      }
    }
  }
  return finish(dict, ranges, exact);
}

function finish(dict: Dictionary, ranges: number[], exact: number): TermExpansion {
  const offsets = dict.text.offsets;
  let cost = 0;
  for (let r = 0; r < ranges.length; r += 3) {
    const lo = ranges[r] as number;
    const hi = ranges[r + 1] as number;
    if (((ranges[r + 2] as number) & STRONG_ONLY) === 0) {
      cost += (offsets[hi] as number) - (offsets[lo] as number);
    } else {
      for (let t = lo; t < hi; t++)
        cost += (dict.text.strongEnd[t] as number) - (offsets[t] as number);
    }
  }
  return { ranges: Int32Array.from(ranges), exact, cost };
}
