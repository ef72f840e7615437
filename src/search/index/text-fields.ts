import { tokenise } from "../analysis/index.ts";
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
    const pairs = this.analyse(text, repeated);
    let end = start;
    for (let i = 0; i < pairs.length; i += 2) {
      const position = start + (pairs[i + 1] as number);
      this.builder.addId(pairs[i] as number, field, position, languages);
      if (position + 1 > end) end = position + 1;
    }
    return end;
  }

  addList(texts: readonly string[], field: number, languages: number): void {
    let start = 0;
    for (const text of texts) start = this.add(text, field, start, languages, true) + ITEM_GAP;
  }

  private analyse(text: string, repeated: boolean): Int32Array {
    const short = repeated && text.length <= MEMO_TEXT_LENGTH;
    if (short) {
      const known = this.memoIds.find(text);
      if (known >= 0) return this.memo[known] as Int32Array;
    }
    const tokens = tokenise(text);
    const pairs = new Int32Array(tokens.length * 2);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as { word: string; position: number };
      pairs[i * 2] = this.builder.intern(token.word);
      pairs[i * 2 + 1] = token.position;
    }
    if (short && this.memo.length < MEMO_LIMIT) {
      this.memoIds.intern(text);
      this.memo.push(pairs);
    }
    return pairs;
  }
}
