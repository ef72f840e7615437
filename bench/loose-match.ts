// A deliberately generous matcher used to keep relevance judgments unambiguous: it finds
// every product that ANY reasonable engine could match for a query (prefixes of every word,
// shared stems, up to two typos, every searchable field in every language). A judged query is
// kept only when this set is small (at most 10), so all of its matches fit in the top 10 and
// recall@10 measures matching, not tie-breaking.

import type { ProductItem } from "../src/sample-catalog/types.ts";

/** Lower case, NFKC, ё as е, apostrophes dropped; words are runs of letters and digits. */
export function looseTokens(text: string): string[] {
  const normal = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/['’ʼ`]/g, "");
  const tokens: string[] = [];
  for (const chunk of normal.split(/\s+/)) {
    const parts = chunk.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    tokens.push(...parts);
    // "wh-1000xm5" is also "wh1000xm5".
    if (parts.length > 1) tokens.push(parts.join(""));
  }
  return tokens;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Optimal string alignment distance, cut off above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Could an engine match query word `q` to indexed word `t`? Errs on the side of yes. */
export function looselyMatches(q: string, t: string): boolean {
  if (t.startsWith(q)) return true;
  const shortest = Math.min(q.length, t.length);
  if (shortest >= 3 && commonPrefix(q, t) >= Math.max(3, shortest - 3)) return true;
  const edits = q.length >= 8 ? 2 : q.length >= 4 ? 1 : 0;
  return edits > 0 && editDistance(q, t, edits) <= edits;
}

/** Every searchable word of a product, all languages, with its category's words. */
export function productWords(
  product: ProductItem,
  categoryWords: ReadonlyMap<string, string[]>,
): Set<string> {
  const texts: string[] = [product.code, product.vendor ?? ""];
  for (const t of product.translations) {
    texts.push(t.name, t.description ?? "", ...(t.keywords ?? []), ...(t.synonyms ?? []));
    for (const l of t.labels ?? []) texts.push(typeof l === "string" ? l : l.name);
    for (const p of t.params ?? []) texts.push(p.value);
  }
  const words = new Set(texts.flatMap(looseTokens));
  for (const w of categoryWords.get(product.source_category_id) ?? []) words.add(w);
  return words;
}

export class LooseIndex {
  private readonly vocabulary: string[];
  private readonly postings = new Map<string, number[]>();
  private readonly cache = new Map<string, Set<number>>();

  constructor(
    readonly products: readonly ProductItem[],
    categoryWords: ReadonlyMap<string, string[]>,
  ) {
    products.forEach((product, i) => {
      for (const word of productWords(product, categoryWords)) {
        const list = this.postings.get(word);
        if (list) list.push(i);
        else this.postings.set(word, [i]);
      }
    });
    this.vocabulary = [...this.postings.keys()];
  }

  has(word: string): boolean {
    return this.postings.has(word);
  }

  /** Positions of the products that could match every word of the query. */
  match(query: string): Set<number> {
    const words = looseTokens(query);
    const [first, ...rest] = words;
    if (first === undefined) return new Set();
    let result = this.wordHits(first);
    for (const word of rest) {
      const hits = this.wordHits(word);
      result = new Set([...result].filter((i) => hits.has(i)));
      if (result.size === 0) break;
    }
    return result;
  }

  private wordHits(word: string): Set<number> {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const hits = new Set<number>();
    for (const t of this.vocabulary)
      if (looselyMatches(word, t)) for (const i of this.postings.get(t) ?? []) hits.add(i);
    this.cache.set(word, hits);
    return hits;
  }
}
