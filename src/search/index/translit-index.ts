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
    const pairs = this.pairs;
    const order = new Uint32Array(pairs.length / 2);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => (pairs[a * 2] as number) - (pairs[b * 2] as number));
    return {
      hashes: Uint32Array.from(order, (i) => pairs[i * 2] as number),
      terms: Uint32Array.from(order, (i) => pairs[i * 2 + 1] as number),
    };
  }
}

export function buildTranslitIndex(terms: readonly string[]): TranslitIndex {
  const builder = new TranslitIndexBuilder();
  for (let t = 0; t < terms.length; t++) builder.add(terms[t] as string, t);
  return builder.build();
}

/**
 * The index of a merged dictionary `terms` (merge-runs.ts) from the index of one of its parts,
 * whose term i became termMap[i] (-1: dropped): only the terms that part lacks get their keys
 * computed, and the two sorted lists merge by (hash, term), the order buildTranslitIndex gives.
 * A merge into a base of 200,000 terms computed every key again: ~40 ms.
 */
export function mergeTranslitIndex(
  part: TranslitIndex,
  termMap: Int32Array,
  terms: readonly string[],
): TranslitIndex {
  const covered = new Uint8Array(terms.length);
  for (let i = 0; i < termMap.length; i++) {
    const t = termMap[i] as number;
    if (t >= 0) covered[t] = 1;
  }
  const builder = new TranslitIndexBuilder();
  for (let t = 0; t < terms.length; t++) if (covered[t] === 0) builder.add(terms[t] as string, t);
  const fresh = builder.build();
  const size = part.hashes.length + fresh.hashes.length;
  const hashes = new Uint32Array(size);
  const ids = new Uint32Array(size);
  let a = 0;
  let b = 0;
  let n = 0;
  const next = (): number => {
    // Skip the part's entries of dropped terms.
    while (a < part.hashes.length && (termMap[part.terms[a] as number] as number) < 0) a++;
    return a;
  };
  while (next() < part.hashes.length || b < fresh.hashes.length) {
    const fromPart =
      b === fresh.hashes.length ||
      (a < part.hashes.length &&
        ((part.hashes[a] as number) < (fresh.hashes[b] as number) ||
          (part.hashes[a] === fresh.hashes[b] &&
            (termMap[part.terms[a] as number] as number) < (fresh.terms[b] as number))));
    if (fromPart) {
      hashes[n] = part.hashes[a] as number;
      ids[n++] = termMap[part.terms[a++] as number] as number;
    } else {
      hashes[n] = fresh.hashes[b] as number;
      ids[n++] = fresh.terms[b++] as number;
    }
  }
  return { hashes: hashes.slice(0, n), terms: ids.slice(0, n) };
}

/** Terms whose translitKey equals `key`. */
export function translitLookup(
  index: TranslitIndex,
  dictionary: readonly string[],
  key: string,
): number[] {
  const h = keyHash(key);
  let lo = 0;
  let hi = index.hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((index.hashes[mid] as number) < h) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < index.hashes.length && index.hashes[i] === h; i++) {
    const t = index.terms[i] as number;
    if (translitKey(dictionary[t] as string) === key) out.push(t);
  }
  return out;
}
