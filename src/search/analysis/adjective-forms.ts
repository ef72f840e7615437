// Is a Cyrillic word a form of a Ukrainian or Russian adjective? Asked before a word found
// nowhere in the store is corrected into a Latin brand by how it sounds or by its
// transliteration with a typo (query/correct.ts): `тепла` (warm) is one edit from `tesla` in
// transliteration, but a shopper who types a common adjective means it, and adjectives are the
// words a query adds to a product type (тепла куртка, зимові черевики). A word is such a form
// when it is a stem of an adjective of Debian's Hunspell dictionaries plus one of the
// adjective endings of either language (тепл + а, тепл + ий, тепл + ая). Brands said in
// Cyrillic rarely are (інвікта, ровента, макіта: no adjective інвікт-ий). The stems (the
// lemmas without -ий -ій -ый -ой) are held in a Bloom filter (Bloom 1970; two FNV-1a hashes
// combined as Kirsch and Mitzenmacher 2006), generated once by lexicon/make-adjective-stems.ts
// into lexicon/adjective-stems.txt (read by adjective-stems.ts).

import { ADJECTIVE_STEMS } from "./adjective-stems.ts";
import { isCyrillic } from "./script.ts";

/** A shorter word is not asked: its stem would be a stem of too many words. */
export const MIN_ADJECTIVE_FORM = 5;
/** Stems are at least this long. */
export const MIN_ADJECTIVE_STEM = 3;

/** The endings of Ukrainian and Russian adjectives, full and short forms. */
const ENDINGS = [
  // Ukrainian, hard and soft (теплий, синій)
  "ий",
  "ій",
  "а",
  "я",
  "е",
  "є",
  "і",
  "ого",
  "ього",
  "ому",
  "ьому",
  "ої",
  "ьої",
  "ою",
  "ьою",
  "им",
  "ім",
  "их",
  "іх",
  "ими",
  "іми",
  "у",
  "ю",
  // Russian, hard and soft (теплый, синий), and short forms (тепла, тепло, теплы)
  "ый",
  "ой",
  "ая",
  "яя",
  "ое",
  "ее",
  "его",
  "ему",
  "ую",
  "юю",
  "ые",
  "ие",
  "ых",
  "ым",
  "ыми",
  "ей",
  "ею",
  "о",
  "ы",
];

/** FNV-1a over the UTF-16 code units, from `seed`. */
function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The i-th bit position of a key whose two hashes are a and b, in a filter of `bits` bits. */
export function bloomBit(a: number, b: number, i: number, bits: number): number {
  return ((a + Math.imul(i, b | 1)) >>> 0) % bits;
}

/** The key's two hashes. */
export function bloomHashes(key: string): [number, number] {
  return [fnv1a(key, 0x811c9dc5), fnv1a(key, 0x01000193)];
}

let filter: Uint8Array | null = null;

function isStem(stem: string): boolean {
  filter ??= Uint8Array.from(atob(ADJECTIVE_STEMS.data), (c) => c.charCodeAt(0));
  const bits = filter.length * 8;
  const [a, b] = bloomHashes(stem);
  for (let i = 0; i < ADJECTIVE_STEMS.hashes; i++) {
    const bit = bloomBit(a, b, i, bits);
    if (((filter[bit >> 3] as number) & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

/** True when the normalised word (5+ Cyrillic letters) is a form of a uk or ru adjective. */
export function adjectiveForm(word: string): boolean {
  if (word.length < MIN_ADJECTIVE_FORM || !isCyrillic(word)) return false;
  for (const ending of ENDINGS) {
    if (word.length - ending.length < MIN_ADJECTIVE_STEM || !word.endsWith(ending)) continue;
    if (isStem(word.slice(0, -ending.length))) return true;
  }
  return false;
}
