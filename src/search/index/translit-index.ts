import { hasDigit, translitKey } from "../analysis/index.ts";

// translitKey -> terms, so that "noutbuk" finds "ноутбук" and "самсунг" finds "samsung".
// Kept as two parallel typed arrays sorted by a 32-bit hash of the key (8 bytes per term, no
// string per term); a hit is confirmed by recomputing the candidate's key.

export interface TranslitIndex {
  readonly hashes: Uint32Array;
  readonly terms: Uint32Array;
}

/** FNV-1a over UTF-16 code units. */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Collects the keys of terms given in dictionary order (one pass that also does other work). */
export class TranslitIndexBuilder {
  private readonly pairs: number[] = [];

  add(term: string, t: number): void {
    if (term.length < 3 || hasDigit(term)) return;
    const key = translitKey(term);
    if (key !== "") this.pairs.push(keyHash(key), t);
  }

  build(): TranslitIndex {
    return sortedByHash(this.pairs);
  }
}

/** (hash, term) pairs, flat, as two parallel arrays sorted by hash. */
export function sortedByHash(pairs: readonly number[]): TranslitIndex {
  const order = new Uint32Array(pairs.length / 2);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => (pairs[a * 2] as number) - (pairs[b * 2] as number));
  return {
    hashes: Uint32Array.from(order, (i) => pairs[i * 2] as number),
    terms: Uint32Array.from(order, (i) => pairs[i * 2 + 1] as number),
  };
}

export function buildTranslitIndex(terms: readonly string[]): TranslitIndex {
  const builder = new TranslitIndexBuilder();
  for (let t = 0; t < terms.length; t++) builder.add(terms[t] as string, t);
  return builder.build();
}

/** Terms whose translitKey equals `key`. */
export function translitLookup(
  index: TranslitIndex,
  dictionary: readonly string[],
  key: string,
): number[] {
  const out: number[] = [];
  for (const t of hashedTerms(index, keyHash(key))) {
    if (translitKey(dictionary[t] as string) === key) out.push(t);
  }
  return out;
}

/** The terms filed under hash `h` (a hash may be shared: callers confirm by the key). */
export function hashedTerms(index: TranslitIndex, h: number): Uint32Array {
  let lo = 0;
  let hi = index.hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((index.hashes[mid] as number) < h) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < index.hashes.length && index.hashes[end] === h) end++;
  return index.terms.subarray(lo, end);
}
