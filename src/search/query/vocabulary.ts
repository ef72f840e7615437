import { editDistance, hasDigit, maxTypos, stemsForQuery } from "../analysis/index.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { multiMapGet } from "../index/string-multimap.ts";
import { findTerm, startsSome } from "../index/term-index.ts";
import { buildTranslitIndex, type TranslitIndex, translitLookup } from "../index/translit-index.ts";
import { type Dictionary, typoTerms } from "./expand.ts";

// The domain's vocabulary as corrections see it: every dictionary of the snapshot (segments
// and categories), with word frequency (postings) to choose among candidates.

export function dictionaries(snap: Snapshot): Dictionary[] {
  return [...snap.segments, snap.categories];
}

/** The word, one of its stems, or (while typed) a word it starts, is in the vocabulary. */
export function isKnown(snap: Snapshot, word: string, prefix: boolean): boolean {
  if (hasDigit(word)) return true;
  const stems = word.length >= 3 ? stemsForQuery(word) : [];
  for (const dict of dictionaries(snap)) {
    const terms = dict.text.terms;
    if (prefix ? startsSome(terms, word) : findTerm(terms, word) >= 0) return true;
    for (const s of stems) if (multiMapGet(dict.stems, s).length > 0) return true;
  }
  return false;
}

function frequency(dict: Dictionary, term: number): number {
  const o = dict.text.offsets;
  return (o[term + 1] as number) - (o[term] as number);
}

/** The dictionary's transliteration keys: built with a large one, else on first use. */
export function translitIndex(dict: Dictionary): TranslitIndex {
  if (dict.text.translit !== null) return dict.text.translit;
  let index = dict.cache.get(TRANSLIT) as TranslitIndex | undefined;
  if (index === undefined) {
    index = buildTranslitIndex(dict.text.terms);
    dict.cache.set(TRANSLIT, index);
  }
  return index;
}

/** Whether this dictionary's keys were built on first use: a search asked for them. */
export function translitAsked(dict: Dictionary): boolean {
  return dict.cache.has(TRANSLIT);
}

/** The most frequent vocabulary word with the same transliteration key, or null. */
export function translitWord(snap: Snapshot, key: string): string | null {
  let best: string | null = null;
  let bestFreq = -1;
  for (const dict of dictionaries(snap)) {
    for (const t of translitLookup(translitIndex(dict), dict.text.terms, key)) {
      const f = frequency(dict, t);
      if (f > bestFreq) {
        best = dict.text.terms[t] as string;
        bestFreq = f;
      }
    }
  }
  return best;
}

/** Terms under the prefixes found for a typed word that are measured one by one at most. */
const MAX_MEASURED = 256;

/**
 * The closest vocabulary word within the word's typo budget (then the most frequent), or null.
 * `typing`: the word is being typed and completes nothing, so its expansion will look for its
 * typos among prefixes (expand.ts "typoPrefix"). That walk goes first: every term within the
 * budget as a whole word lies under one of the prefixes it finds, so when it finds none (a
 * word in no product) nothing is left to do, and when they hold few terms, measuring those
 * spares the whole-word walk.
 */
export function closestWord(
  snap: Snapshot,
  word: string,
  maxDistance: number,
  typing: boolean,
): string | null {
  let best: string | null = null;
  let bestDistance = maxDistance + 1;
  let bestFreq = -1;
  const consider = (dict: Dictionary, t: number, distance: number) => {
    // Both words must be long enough for the typos between them (see expand.ts).
    if (maxTypos(dict.text.terms[t] as string) < distance) return;
    const f = frequency(dict, t);
    if (distance < bestDistance || (distance === bestDistance && f > bestFreq)) {
      best = dict.text.terms[t] as string;
      bestDistance = distance;
      bestFreq = f;
    }
  };
  for (const dict of dictionaries(snap)) {
    if (typing) {
      const around = typoTerms(dict, word, maxDistance, true);
      let measured = 0;
      for (let r = 0; r < around.length; r += 3) {
        measured += (around[r + 1] as number) - (around[r] as number);
      }
      if (measured <= MAX_MEASURED) {
        for (let r = 0; r < around.length; r += 3) {
          for (let t = around[r] as number; t < (around[r + 1] as number); t++) {
            const distance = editDistance(word, dict.text.terms[t] as string, maxDistance);
            if (distance <= maxDistance) consider(dict, t, distance);
          }
        }
        continue;
      }
    }
    const found = typoTerms(dict, word, maxDistance, false);
    for (let r = 0; r < found.length; r += 3) {
      for (let t = found[r] as number; t < (found[r + 1] as number); t++) {
        consider(dict, t, found[r + 2] as number);
      }
    }
  }
  return best;
}

const TRANSLIT = "\u0000translit";
