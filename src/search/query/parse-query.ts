import { type Token, tokenise } from "../analysis/index.ts";

// The query as the stages of a search read it, parsed once (run-search.ts): its words as the
// matcher sees them, its tokens and whether it is still being typed, for the corrections and
// suggestions.

export interface QueryWord {
  readonly text: string;
  /** The last word of a query typed as-you-type: it also matches as a prefix. */
  readonly prefix: boolean;
  /**
   * A joined model code ("wh1000xm5" for "WH-1000XM5") whose parts are words of their own:
   * matching it ranks higher, missing it drops nothing.
   */
  readonly optional: boolean;
}

export interface ParsedQuery {
  /** The query as typed. */
  readonly text: string;
  /** Every token of it, past the words cap included. */
  readonly tokens: readonly Token[];
  /** The words searched: at most MAX_QUERY_WORDS required ones. */
  readonly words: QueryWord[];
  /** It ends in a letter or digit: its last word is still being typed. */
  readonly typing: boolean;
}

/**
 * Words past this many are not searched: no catalog search needs more, and each costs a pass.
 * The HTTP side cuts `q` at as many words (README "Search", limits): one bound for both.
 */
export const MAX_QUERY_WORDS = 12;

const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;

/**
 * The last word is a prefix unless the query ends in a space or punctuation: "ноут" is still
 * being typed, "ноут " is finished.
 */
export function parseQuery(q: string): ParsedQuery {
  const tokens = tokenise(q);
  const words: QueryWord[] = [];
  const typing = ENDS_IN_WORD.test(q);
  let required = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    // tokenise emits a joined code just before its first part, at the same position.
    const optional = tokens[i + 1]?.position === token.position;
    if (!optional && required === MAX_QUERY_WORDS) break;
    if (!optional) required++;
    words.push({ text: token.word, prefix: false, optional });
  }
  if (typing) {
    // The last required word, and the joined code that ends with it.
    let last = words.length - 1;
    while (last >= 0 && (words[last] as QueryWord).optional) last--;
    if (last >= 0) {
      words[last] = { ...(words[last] as QueryWord), prefix: true };
      for (let j = last - 1; j >= 0; j--) {
        const w = words[j] as QueryWord;
        if (!w.optional) continue;
        if (w.text.endsWith((words[last] as QueryWord).text)) words[j] = { ...w, prefix: true };
        break;
      }
    }
  }
  return { text: q, tokens, words, typing };
}
