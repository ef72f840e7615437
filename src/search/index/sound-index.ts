import {
  cyrillicSoundKey,
  hasDigit,
  isLatin,
  latinSoundKeys,
  translitKey,
} from "../analysis/index.ts";
import type { TermIndex } from "./term-index.ts";
import { hashedTerms, keyHash, sortedByHash, type TranslitIndex } from "./translit-index.ts";

// Two derived indexes of a dictionary for the corrections that cross scripts (query/vocabulary.ts),
// both over its strong terms only (names, keywords, vendors, codes: what a brand or a product
// word is written in) and both kept as translit-index.ts keeps its keys (hash -> term, sorted):
// - the sound index: the sound keys of the Latin terms (sound-key.ts), so that "епл" finds
//   "apple" and "джейбіел" finds "jbl";
// - the near-translit index: each term's transliteration key and every key one letter shorter
//   (a deletion neighbourhood, as SymSpell does), so that a transliterated word with one typo
//   ("kholodylnik", "самсугн") finds the term of the other script one edit away in key.

/** A strong term: some of its postings are in a strong field. */
function isStrong(index: TermIndex, t: number): boolean {
  return (index.strongEnd[t] as number) > (index.offsets[t] as number);
}

/** Keys shorter than this pair too many words by sound ("pm" is Puma, but "p" is anything). */
export const MIN_SOUND_KEY = 2;

export function buildSoundIndex(index: TermIndex): TranslitIndex {
  const pairs: number[] = [];
  const { terms } = index;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t] as string;
    if (term.length < 2 || !isLatin(term) || !isStrong(index, t)) continue;
    const seen = new Set<string>();
    for (const { key } of latinSoundKeys(term)) {
      if (key.length < MIN_SOUND_KEY || seen.has(key)) continue;
      seen.add(key);
      pairs.push(keyHash(key), t);
    }
  }
  return sortedByHash(pairs);
}

/** Terms whose sound is that of the Cyrillic `word`, each with how far their syllables are. */
export function soundLookup(
  index: TranslitIndex,
  dictionary: readonly string[],
  word: string,
  visit: (t: number, syllableGap: number) => void,
): void {
  const sound = cyrillicSoundKey(word);
  if (sound === null || sound.key.length < MIN_SOUND_KEY) return;
  for (const t of hashedTerms(index, keyHash(sound.key))) {
    let gap = Number.POSITIVE_INFINITY;
    for (const k of latinSoundKeys(dictionary[t] as string)) {
      if (k.key === sound.key) gap = Math.min(gap, Math.abs(k.syllables - sound.syllables));
    }
    if (gap <= 1) visit(t, gap);
  }
}

/** Words shorter than this are not looked for one edit away (as the typo budget says). */
const MIN_NEAR = 4;

export function buildNearTranslitIndex(index: TermIndex): TranslitIndex {
  const pairs: number[] = [];
  const { terms } = index;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t] as string;
    if (term.length < MIN_NEAR || hasDigit(term) || !isStrong(index, t)) continue;
    for (const h of nearHashes(translitKey(term))) pairs.push(h, t);
  }
  return sortedByHash(pairs);
}

/** The hashes of a key and of each key one character shorter, distinct. */
function nearHashes(key: string): Set<number> {
  const out = new Set<number>([keyHash(key)]);
  for (let i = 0; i < key.length; i++) out.add(keyHash(key.slice(0, i) + key.slice(i + 1)));
  return out;
}

/** Candidate terms whose key may be one edit from `key` (callers measure the distance). */
export function nearTranslitCandidates(index: TranslitIndex, key: string): Set<number> {
  const out = new Set<number>();
  for (const h of nearHashes(key)) for (const t of hashedTerms(index, h)) out.add(t);
  return out;
}
