import {
  editDistance,
  hasDigit,
  isCyrillic,
  maxTypos,
  queryStemKeys,
  translitKey,
} from "../analysis/index.ts";
import { fuzzyTerms } from "../index/fuzzy-terms.ts";
import type { Snapshot } from "../index/snapshot.ts";
import {
  buildNearTranslitIndex,
  buildSoundIndex,
  nearTranslitCandidates,
  soundLookup,
} from "../index/sound-index.ts";
import { multiMapGet } from "../index/string-multimap.ts";
import { FIELD, findTerm, lowerBound, prefixEnd, startsSome } from "../index/term-index.ts";
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
  // A store's own synonym is a word of its vocabulary, whatever its products say.
  if (snap.synonyms?.has(word)) return true;
  const stems = word.length >= 3 ? queryStemKeys(word) : [];
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

/** An index derived from a dictionary's terms, built on first use and kept with it. */
function derived(dict: Dictionary, name: string, build: () => TranslitIndex): TranslitIndex {
  let index = dict.cache.get(name) as TranslitIndex | undefined;
  if (index === undefined) {
    index = build();
    dict.cache.set(name, index);
  }
  return index;
}

/** The dictionary's transliteration keys: built with a large one, else on first use. */
export function translitIndex(dict: Dictionary): TranslitIndex {
  if (dict.text.translit !== null) return dict.text.translit;
  return derived(dict, TRANSLIT, () => buildTranslitIndex(dict.text.terms));
}

/** Whether this dictionary's keys were built on first use: a search asked for them. */
export function translitAsked(dict: Dictionary): boolean {
  return dict.cache.has(TRANSLIT);
}

/** The sound keys of the dictionary's brand and model words (sound-index.ts), built once. */
export function soundIndex(dict: Dictionary): TranslitIndex {
  return derived(dict, SOUND, () => buildSoundIndex(dict.text));
}

/** The deletion neighbourhood of the strong terms' transliteration keys, built once. */
export function nearTranslitIndex(dict: Dictionary): TranslitIndex {
  return derived(dict, NEAR_TRANSLIT, () => buildNearTranslitIndex(dict.text));
}

/** Whether a search asked for the dictionary's sound keys (and so will for its neighbours'). */
export function soundAsked(dict: Dictionary): boolean {
  return dict.cache.has(SOUND) || dict.cache.has(NEAR_TRANSLIT);
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

/**
 * The Latin brand or product word a Cyrillic word sounds like ("епл" -> "apple", "джейбіел" ->
 * "jbl"; sound-key.ts), the most frequent; or null.
 */
export function soundWord(snap: Snapshot, word: string): string | null {
  // A word that starts a word of the store is a piece of it ("комп" of "комп'ютер"), not a brand.
  for (const dict of dictionaries(snap)) if (startsSome(dict.text.terms, word)) return null;
  let best: string | null = null;
  let bestFreq = -1;
  for (const dict of dictionaries(snap)) {
    soundLookup(soundIndex(dict), dict.text.terms, word, (t) => {
      const f = frequency(dict, t);
      if (f > bestFreq) {
        best = dict.text.terms[t] as string;
        bestFreq = f;
      }
    });
  }
  return best;
}

/**
 * The word of the other script whose transliteration is one edit from this word's (a
 * transliterated word with a typo: "kholodylnik" -> "холодильник"), the most frequent; or null.
 * Only strong terms (names, keywords, vendors, codes) are candidates.
 */
export function nearTranslitWord(snap: Snapshot, word: string): string | null {
  const key = translitKey(word);
  const cyrillic = isCyrillic(word);
  let best: string | null = null;
  let bestDistance = 2;
  let bestFreq = -1;
  for (const dict of dictionaries(snap)) {
    for (const t of nearTranslitCandidates(nearTranslitIndex(dict), word, key)) {
      const term = dict.text.terms[t] as string;
      if (isCyrillic(term) === cyrillic) continue;
      const distance = editDistance(key, translitKey(term), 1);
      if (distance > 1 || maxTypos(term) < distance) continue;
      const f = frequency(dict, t);
      if (distance < bestDistance || (distance === bestDistance && f > bestFreq)) {
        best = term;
        bestDistance = distance;
        bestFreq = f;
      }
    }
  }
  return best;
}

/**
 * The word is a term of some dictionary as it is (no stems, no prefix: a cheap look), and a
 * word of some text there, not only a piece of product codes ("gpadr" of "XIAGPADR0LD0").
 */
export function isTextTerm(snap: Snapshot, word: string): boolean {
  for (const dict of dictionaries(snap)) {
    const t = findTerm(dict.text.terms, word);
    if (t < 0) continue;
    const { offsets, info } = dict.text;
    for (let p = offsets[t] as number; p < (offsets[t + 1] as number); p++) {
      if ((info[p] as number) >> 5 !== FIELD.code) return true;
    }
  }
  return false;
}

/**
 * The most frequent term two edits from the word, longer than it and starting with its first
 * letter (a dropped letter and a typo; a first letter is rarely the one mistyped), or null.
 * The walk covers only the terms of that first letter: a two-edit walk of the whole
 * dictionary would cost every word in no product several times more.
 */
export function longerTwoAway(snap: Snapshot, word: string): string | null {
  let best: string | null = null;
  let bestFreq = -1;
  for (const dict of dictionaries(snap)) {
    const { terms } = dict.text;
    const first = word.slice(0, 1);
    const range = { from: lowerBound(terms, first), to: prefixEnd(terms, first) };
    fuzzyTerms(dict.text, word, { maxDistance: 2, prefix: false, ...range }, (lo, hi, d) => {
      if (d !== 2) return;
      for (let t = lo; t < hi; t++) {
        const term = terms[t] as string;
        const f = frequency(dict, t);
        if (term.length > word.length && maxTypos(term) >= 2 && f > bestFreq) {
          best = term;
          bestFreq = f;
        }
      }
    });
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
const SOUND = "\u0000sound";
const NEAR_TRANSLIT = "\u0000nearTranslit";
