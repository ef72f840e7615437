import { scanWords, type WordScan } from "../analysis/index.ts";
import type { TermIndexBuilder } from "./term-index.ts";
import { WordIds } from "./word-ids.ts";

// Feeding product and category text into a term index builder. Positions run on across the
// items of a list field (keywords, synonyms, attribute values) with a gap, so that proximity
// never joins two items. Short texts repeat across a catalog (attribute values, vendors,
// synonyms of a product type): their analysis is memoised as (term id, position) pairs, which
// skips both the tokeniser and the dictionary lookup for every repetition.

const ITEM_GAP = 2;
/** Texts up to this length are memoised... */
const MEMO_TEXT_LENGTH = 48;
/** ...up to this many of them. */
const MEMO_LIMIT = 100_000;

export class TextIndexer {
  // Memoised texts by a 64-bit hash (see WordIds): a Map or an object keyed by fresh strings
  // measured slower than tokenising them again.
  private readonly memoIds = new WordIds(1 << 12);
  private readonly memo: Int32Array[] = [];

  constructor(readonly builder: TermIndexBuilder) {}

  /**
   * Indexes `text` at positions from `start`; returns the position after its last word.
   * `repeated`: the text is of a kind that repeats across products (attribute values, vendors,
   * synonyms), worth memoising; names and descriptions are not.
   */
  add(text: string, field: number, start: number, languages: number, repeated = false): number {
    let end = start;
    if (repeated && text.length <= MEMO_TEXT_LENGTH) {
      const pairs = this.memoised(text);
      for (let i = 0; i < pairs.length; i += 2) {
        const position = start + (pairs[i + 1] as number);
        this.builder.addId(pairs[i] as number, field, position, languages);
        if (position + 1 > end) end = position + 1;
      }
      return end;
    }
    const words = scanWords(text);
    for (let k = 0; k < words.count * 3; k += 3) {
      const position = start + (words.spans[k + 2] as number);
      this.builder.addId(this.wordId(words, k), field, position, languages);
      if (position + 1 > end) end = position + 1;
    }
    return end;
  }

  /** Indexes the items of a list field from position `start`; returns where the next starts. */
  addList(texts: readonly string[], field: number, start: number, languages: number): number {
    let next = start;
    for (const text of texts) next = this.addItem(text, field, next, languages);
    return next;
  }

  /** Indexes one item of a list field at `start`; returns where the next item starts. */
  addItem(text: string, field: number, start: number, languages: number): number {
    return this.add(text, field, start, languages, true) + ITEM_GAP;
  }

  /** The (term id, position) pairs of a short repeated text. */
  private memoised(text: string): Int32Array {
    const known = this.memoIds.find(text);
    if (known >= 0) return this.memo[known] as Int32Array;
    const words = scanWords(text);
    const pairs = new Int32Array(words.count * 2);
    for (let k = 0; k < words.count; k++) {
      pairs[k * 2] = this.wordId(words, k * 3);
      pairs[k * 2 + 1] = words.spans[k * 3 + 2] as number;
    }
    if (this.memo.length < MEMO_LIMIT) {
      this.memoIds.intern(text);
      this.memo.push(pairs);
    }
    return pairs;
  }

  /** The term id of the word at spans[k] of a scan. */
  private wordId(words: WordScan, k: number): number {
    const start = words.spans[k] as number;
    return start >= 0
      ? this.builder.internSpan(words.text, start, words.spans[k + 1] as number)
      : this.builder.intern(words.extra[-start - 1] as string);
  }
}
