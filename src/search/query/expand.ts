import { hasDigit, maxTypos, stemsForQuery } from "../analysis/index.ts";
import { fuzzyTerms, scriptRange } from "../index/fuzzy-terms.ts";
import { multiMapGet, type StringMultiMap } from "../index/string-multimap.ts";
import { findTerm, prefixRange, type TermIndex } from "../index/term-index.ts";
import type { QueryWord } from "./parse-query.ts";

// Which dictionary terms a query word stands for: the word itself, the terms sharing one of its
// stems, the terms it starts (last word, as-you-type) and the terms within its typo budget.
// Memoised per dictionary: segments and category tables are immutable, so an expansion stays
// true for as long as its dictionary lives, across snapshots that share it.

export interface Dictionary {
  readonly text: TermIndex;
  readonly stems: StringMultiMap;
  readonly cache: Map<string, unknown>;
}

/** Flag of a range's third value: read only the strong postings of its terms. */
export const STRONG_ONLY = 4;
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

/**
 * `typoPrefix`: the (prefix) word completes no term as typed, so its typos are looked for in
 * prefixes too ("електоч" -> "електроч..."). Otherwise a prefix word tolerates typos only as a
 * whole word: completing every prefix within a typo of "елек" would drag in "алек...", "плек..."
 * and their thousands of products for nothing.
 */
export function expandWord(dict: Dictionary, word: QueryWord, typoPrefix = false): TermExpansion {
  const key = `${word.prefix ? (typoPrefix ? "t" : "p") : "w"}${word.text}`;
  const cached = dict.cache.get(key) as TermExpansion | undefined;
  if (cached !== undefined) return cached;
  const expansion = computeExpansion(dict, word, typoPrefix);
  if (dict.cache.size >= CACHE_LIMIT) {
    // Forget the expansions; keep the derived indexes (keys starting with NUL).
    for (const k of dict.cache.keys()) if (!k.startsWith("\u0000")) dict.cache.delete(k);
  }
  dict.cache.set(key, expansion);
  return expansion;
}

function computeExpansion(dict: Dictionary, word: QueryWord, typoPrefix: boolean): TermExpansion {
  const { terms, offsets } = dict.text;
  const text = word.text;
  const ranges: number[] = [];
  const exact = findTerm(terms, text);
  if (exact >= 0) ranges.push(exact, exact + 1, 0);
  let prefixLo = 0;
  let prefixHi = 0;
  if (word.prefix) {
    [prefixLo, prefixHi] = prefixRange(terms, text);
    // The word itself sorts first among the terms it starts.
    const from = exact >= 0 ? prefixLo + 1 : prefixLo;
    const flags = text.length < MIN_PREFIX_FOR_ALL_FIELDS ? STRONG_ONLY : 0;
    if (prefixHi > from) ranges.push(from, prefixHi, flags);
  }
  const digits = hasDigit(text);
  if (!digits && text.length >= 3) {
    for (const s of stemsForQuery(text)) {
      for (const t of multiMapGet(dict.stems, s)) {
        if (t !== exact && (t < prefixLo || t >= prefixHi)) ranges.push(t, t + 1, 0);
      }
    }
  }
  const typos = digits ? 0 : maxTypos(text);
  if (typos > 0) {
    const range = scriptRange(terms, text);
    const options = { maxDistance: typos, prefix: word.prefix && typoPrefix, ...range };
    fuzzyTerms(terms, text, options, (lo, hi, distance) => {
      if (distance > 0) ranges.push(lo, hi, distance);
    });
  }
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
