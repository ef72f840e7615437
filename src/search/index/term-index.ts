import { U8Vec, U32Vec } from "./growable.ts";
import {
  EMPTY_SHARED_PREFIXES,
  type SharedPrefixes,
  SharedPrefixesBuilder,
  WALKED_FROM,
} from "./shared-prefixes.ts";
import {
  buildTranslitIndex,
  mergeTranslitIndex,
  type TranslitIndex,
  TranslitIndexBuilder,
} from "./translit-index.ts";
import { WordIds } from "./word-ids.ts";

// A sorted term dictionary with postings in CSR form (Lucene/Meilisearch style, no object per
// posting): the postings of term t are docs[offsets[t] .. offsets[t + 1]), ascending, with a
// parallel byte of what matched there. Terms are sorted by UTF-16 code units, so a prefix is
// one binary-searched range and the postings of a whole range are one contiguous slice.

/** Fields in order of strength; lower is stronger. Fits in 3 bits. */
export const FIELD = {
  name: 0,
  keywords: 1,
  vendor: 2,
  code: 3,
  category: 4,
  attribute: 5,
  description: 6,
} as const;

/** Positions beyond this share the last value: proximity matters only near the start. */
export const MAX_POSITION = 31;

/** One posting's byte: the best field of the term in the doc and its first position there. */
export function packInfo(field: number, position: number): number {
  return (field << 5) | Math.min(position, MAX_POSITION);
}

export interface TermIndex {
  readonly terms: readonly string[];
  readonly offsets: Uint32Array;
  /**
   * Per term, the end of its strong postings: a term's postings in the strong fields (name,
   * keywords, vendor, code) come first, docs[offsets[t] .. strongEnd[t]), then the weak ones
   * (attributes, description). A one- or two-letter prefix reads only the strong run: it
   * would otherwise touch most of the description postings to find noise.
   */
  readonly strongEnd: Uint32Array;
  readonly docs: Uint32Array;
  readonly info: Uint8Array;
  /** Where neighbouring terms part: the typo walk's trie (fuzzy-terms.ts). */
  readonly prefixes: SharedPrefixes;
  /**
   * Transliteration keys of the terms (corrections, query/vocabulary.ts), built with a large
   * dictionary so that the first query after a start or a merge into the base does not pay
   * for them (32 ms at 100,000 products); null for a smaller one, whose first transliterated
   * query builds them (1.5 ms for a patch of 1,000 products, which would pay 3-5% more).
   */
  readonly translit: TranslitIndex | null;
}

/** Posting bytes below this are of a strong field. */
export const STRONG_INFO_LIMIT = (FIELD.category as number) << 5;

export const EMPTY_TERM_INDEX: TermIndex = {
  terms: [],
  offsets: new Uint32Array(1),
  strongEnd: new Uint32Array(0),
  docs: new Uint32Array(0),
  info: new Uint8Array(0),
  prefixes: EMPTY_SHARED_PREFIXES,
  translit: null,
};

/** Dictionaries of at least this many terms get their transliteration keys when built. */
const EAGER_TRANSLIT_TERMS = 100_000;

/**
 * The keys of a large dictionary, from the index of `from` (a part it was merged from, whose
 * term i became termMap[i]) when that part has one.
 */
export function eagerTranslit(
  terms: readonly string[],
  from?: { index: TranslitIndex; termMap: Int32Array },
): TranslitIndex | null {
  if (terms.length < EAGER_TRANSLIT_TERMS) return null;
  return from === undefined
    ? buildTranslitIndex(terms)
    : mergeTranslitIndex(from.index, from.termMap, terms);
}

/** First index whose term is >= key. */
export function lowerBound(terms: readonly string[], key: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((terms[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function findTerm(terms: readonly string[], key: string): number {
  const i = lowerBound(terms, key);
  return terms[i] === key ? i : -1;
}

/** Some term starts with `prefix` (or is it). */
export function startsSome(terms: readonly string[], prefix: string): boolean {
  return terms[lowerBound(terms, prefix)]?.startsWith(prefix) ?? false;
}

/** Past the last term starting with `prefix`. */
export function prefixEnd(terms: readonly string[], prefix: string): number {
  return lowerBound(terms, `${prefix}\uffff`);
}

/** [lo, hi) of the terms starting with `prefix`. */
export function prefixRange(terms: readonly string[], prefix: string): [number, number] {
  return [lowerBound(terms, prefix), prefixEnd(terms, prefix)];
}

/**
 * Collects postings doc by doc (docs must arrive in ascending order), keeping per (term, doc)
 * only the strongest field and its first position, then sorts the dictionary once.
 */
export class TermIndexBuilder {
  private readonly ids = new WordIds(1 << 14);
  private readonly langs = new U8Vec(1 << 12);
  private readonly postTerm: U32Vec;
  private readonly postDoc: U32Vec;
  private readonly postInfo: U8Vec;

  /** `expectedPostings`: a capacity hint that spares the growth copies of a big build. */
  constructor(expectedPostings = 1 << 16) {
    this.postTerm = new U32Vec(expectedPostings);
    this.postDoc = new U32Vec(expectedPostings);
    this.postInfo = new U8Vec(expectedPostings);
  }
  // The current doc's terms: best info per term id, valid where seen[id] === docMark.
  private seen = new Uint32Array(1 << 12);
  private best = new Uint8Array(1 << 12);
  private readonly touched = new U32Vec(256);
  private docMark = 1;

  /** Adds a word of the current doc; `languages` is a bit mask of the languages it came from. */
  add(word: string, field: number, position: number, languages = 0): void {
    this.addId(this.intern(word), field, position, languages);
  }

  /** The builder's id of a word, for callers that memoise the ids of repeated texts. */
  intern(word: string): number {
    return this.ids.intern(word);
  }

  /** The builder's id of the word text[start, end) (see WordIds.internSpan). */
  internSpan(text: string, start: number, end: number): number {
    return this.ids.internSpan(text, start, end);
  }

  addId(id: number, field: number, position: number, languages: number): void {
    if (id === this.langs.length) {
      this.langs.push(0);
      if (id === this.seen.length) this.growSeen();
    }
    if (languages !== 0) this.langs.set(id, this.langs.get(id) | languages);
    const info = packInfo(field, position);
    if (this.seen[id] !== this.docMark) {
      this.seen[id] = this.docMark;
      this.best[id] = info;
      this.touched.push(id);
    } else if (info < (this.best[id] as number)) {
      this.best[id] = info;
    }
  }

  endDoc(doc: number): void {
    const touched = this.touched.view();
    for (let i = 0; i < touched.length; i++) {
      const id = touched[i] as number;
      this.postTerm.push(id);
      this.postDoc.push(doc);
      this.postInfo.push(this.best[id] as number);
    }
    this.touched.clear();
    this.docMark++;
  }

  private growSeen(): void {
    const seen = new Uint32Array(this.seen.length * 2);
    seen.set(this.seen);
    this.seen = seen;
    const best = new Uint8Array(seen.length);
    best.set(this.best);
    this.best = best;
  }

  /** The index, and per sorted term the mask of languages it was seen in. */
  build(): { index: TermIndex; languages: Uint8Array } {
    const words = this.ids.words;
    const count = words.length;
    // The native sort of a string array beats any comparator; ids are found again by hash.
    const sorted = words.slice().sort();
    const rank = new Uint32Array(count);
    const languages = new Uint8Array(count);
    // The walk's prefixes and the transliteration keys are taken in the same pass, while each
    // term's string is in the cache (a pass of their own costs a cache miss per term).
    const walkedFrom = lowerBound(sorted, WALKED_FROM);
    const prefixes = new SharedPrefixesBuilder(walkedFrom, count - walkedFrom);
    const translit = count >= EAGER_TRANSLIT_TERMS ? new TranslitIndexBuilder() : null;
    for (let i = 0; i < count; i++) {
      const term = sorted[i] as string;
      const id = this.ids.intern(term);
      rank[id] = i;
      languages[i] = this.langs.get(id);
      if (i >= walkedFrom) prefixes.add(term);
      translit?.add(term, i);
    }
    const offsets = new Uint32Array(count + 1);
    const strongCount = new Uint32Array(count);
    const terms = this.postTerm.view();
    const srcDoc = this.postDoc.view();
    const srcInfo = this.postInfo.view();
    const total = terms.length;
    for (let p = 0; p < total; p++) {
      const t = rank[terms[p] as number] as number;
      offsets[t + 1] = (offsets[t + 1] as number) + 1;
      if ((srcInfo[p] as number) < STRONG_INFO_LIMIT)
        strongCount[t] = (strongCount[t] as number) + 1;
    }
    for (let i = 0; i < count; i++) {
      offsets[i + 1] = (offsets[i + 1] as number) + (offsets[i] as number);
    }
    const strongEnd = new Uint32Array(count);
    const strongCursor = offsets.slice(0, count);
    const weakCursor = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      strongEnd[i] = (offsets[i] as number) + (strongCount[i] as number);
      weakCursor[i] = strongEnd[i] as number;
    }
    const docs = new Uint32Array(total);
    const info = new Uint8Array(total);
    for (let p = 0; p < total; p++) {
      const t = rank[terms[p] as number] as number;
      const b = srcInfo[p] as number;
      const cursor = b < STRONG_INFO_LIMIT ? strongCursor : weakCursor;
      const at = cursor[t] as number;
      cursor[t] = at + 1;
      docs[at] = srcDoc[p] as number;
      info[at] = b;
    }
    return {
      index: {
        terms: sorted,
        offsets,
        strongEnd,
        docs,
        info,
        prefixes: prefixes.build(),
        translit: translit?.build() ?? null,
      },
      languages,
    };
  }
}
