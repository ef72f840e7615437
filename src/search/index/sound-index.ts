import {
  cyrillicSoundKey,
  hasDigit,
  isLatin,
  latinSoundKeys,
  pronounceable,
  slavicForm,
  translitKey,
} from "../analysis/index.ts";
import { FIELD, type TermIndex } from "./term-index.ts";
import { hashedTerms, keyHash, sortedByHash, type TranslitIndex } from "./translit-index.ts";

// Two derived indexes of a dictionary for the corrections that cross scripts (query/vocabulary.ts),
// both over its strong terms only (names, keywords, vendors, codes: what a brand or a product
// word is written in) and both kept as translit-index.ts keeps its keys (hash -> term, sorted):
// - the sound index: the sound keys of the Latin brand and model words (sound-key.ts), so that
//   "епл" finds "apple" and "джейбіел" finds "jbl": words of a vendor, words among the
//   first three of a name, and the first two Latin words of a name;
// - the near-translit index: each term's transliteration key and every key one letter shorter
//   (a deletion neighbourhood, as SymSpell does), so that a transliterated word with one typo
//   ("kholodylnik", "самсугн") finds the term of the other script one edit away in key.

/** A strong term: some of its postings are in a strong field. */
function isStrong(index: TermIndex, t: number): boolean {
  return (index.strongEnd[t] as number) > (index.offsets[t] as number);
}

/** Keys shorter than this pair too many words by sound ("Vpl" is Apple, "pV" anything). */
export const MIN_SOUND_KEY = 3;
/** A name's brand and model words come first: "Смартфон Apple iPhone 15". */
const MAX_BRAND_POSITION = 2;
/**
 * Or they are the first Latin words of a Cyrillic name, wherever it puts them ("Протиударний
 * захищений смартфон Blackview BV9300", "Годинник наручний чоловічий Invicta Pro Diver"), as
 * real feeds write them, often with no vendor given.
 */
const LATIN_WORDS_OF_NAME = 2;

const NONE = 255;

/**
 * Per Latin term, whether some product has it as (a word of) its vendor, among the first
 * words of its name, or among the first Latin words of its name.
 */
function brandWords(index: TermIndex): Uint8Array {
  const { terms, offsets, strongEnd, docs, info } = index;
  const latin: number[] = [];
  let maxDoc = -1;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t] as string;
    if (term.length < 2 || !isLatin(term)) continue;
    latin.push(t);
    for (let p = offsets[t] as number; p < (strongEnd[t] as number); p++) {
      if ((docs[p] as number) > maxDoc) maxDoc = docs[p] as number;
    }
  }
  // The positions of the first two Latin words of each product's name (NONE if fewer).
  const first = new Uint8Array(maxDoc + 1).fill(NONE);
  const second = new Uint8Array(maxDoc + 1).fill(NONE);
  for (const t of latin) {
    for (let p = offsets[t] as number; p < (strongEnd[t] as number); p++) {
      const inf = info[p] as number;
      if (inf >> 5 !== FIELD.name) continue;
      const doc = docs[p] as number;
      const position = inf & 31;
      if (position < (first[doc] as number)) {
        second[doc] = first[doc] as number;
        first[doc] = position;
      } else if (position !== first[doc] && position < (second[doc] as number)) {
        second[doc] = position;
      }
    }
  }
  const brand = new Uint8Array(terms.length);
  for (const t of latin) {
    for (let p = offsets[t] as number; p < (strongEnd[t] as number); p++) {
      const inf = info[p] as number;
      const field = inf >> 5;
      const position = inf & 31;
      const doc = docs[p] as number;
      const early =
        position <= MAX_BRAND_POSITION ||
        position === first[doc] ||
        (LATIN_WORDS_OF_NAME > 1 && position === second[doc]);
      if (field === FIELD.vendor || (field === FIELD.name && early)) {
        brand[t] = 1;
        break;
      }
    }
  }
  return brand;
}

export function buildSoundIndex(index: TermIndex): TranslitIndex {
  const pairs: number[] = [];
  const { terms } = index;
  const brand = brandWords(index);
  for (let t = 0; t < terms.length; t++) {
    if (brand[t] !== 1) continue;
    for (const key of latinSoundKeys(terms[t] as string)) {
      if (key.length >= MIN_SOUND_KEY) pairs.push(keyHash(key), t);
    }
  }
  return sortedByHash(pairs);
}

/** Terms that sound as the Cyrillic `word` does. */
export function soundLookup(
  index: TranslitIndex,
  dictionary: readonly string[],
  word: string,
  visit: (t: number) => void,
): void {
  const key = pronounceable(word) && !slavicForm(word) ? cyrillicSoundKey(word) : null;
  if (key === null || key.length < MIN_SOUND_KEY) return;
  for (const t of hashedTerms(index, keyHash(key))) {
    if (latinSoundKeys(dictionary[t] as string).includes(key)) visit(t);
  }
}

/**
 * Words shorter than this are not looked for one edit away in the other script: among the
 * many short words of a large catalog, random letters would find one.
 */
const MIN_NEAR = 5;

export function buildNearTranslitIndex(index: TermIndex): TranslitIndex {
  const pairs: number[] = [];
  const { terms } = index;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t] as string;
    if (term.length < MIN_NEAR - 1 || hasDigit(term) || !isStrong(index, t)) continue;
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
export function nearTranslitCandidates(
  index: TranslitIndex,
  word: string,
  key: string,
): Set<number> {
  const out = new Set<number>();
  // An adjective's ending makes a Cyrillic word Slavic ("новий" is not "nova" mistyped).
  if (word.length < MIN_NEAR || !pronounceable(word) || slavicForm(word)) return out;
  for (const h of nearHashes(key)) for (const t of hashedTerms(index, h)) out.add(t);
  return out;
}
