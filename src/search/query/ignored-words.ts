import { tokenise } from "../analysis/index.ts";
import type { QueryWord } from "./parse-query.ts";

// The answer's `ignored_words` (PRODUCT.md "Search"): the query's words, as typed, that no
// returned product matches, for the widget to say so ("без «samsung»"). A word as typed is a
// space-separated piece of the searched text (the query, or the corrected query when the
// answer is that of the correction): "1.7" is ignored when its part "7" is, "iPhone15" when
// "15" is. Only words given up can be ignored (give-up.ts): a kept word is matched by every
// product of the answer.

/**
 * The pieces of `text` holding a word given up (`bits[w]` set) that no hit matches
 * (`matched[w]` 0), in query order, each once.
 */
export function ignoredWords(
  text: string,
  words: readonly QueryWord[],
  bits: Uint16Array,
  matched: Uint8Array,
): string[] {
  const ignored = (w: number) =>
    !(words[w] as QueryWord).optional && bits[w] !== 0 && matched[w] === 0;
  if (!words.some((_, w) => ignored(w))) return [];
  const pieces = text.split(/\s+/).filter((p) => p !== "");
  const out: string[] = [];
  // Word w of the query is token w of the whole text (parse-query.ts); a piece's tokens are
  // counted on the text up to it, as units join a number to the piece after it ("1 тб").
  let from = 0;
  for (let i = 0; i < pieces.length && from < words.length; i++) {
    const to = tokenise(pieces.slice(0, i + 1).join(" ")).length;
    for (let w = from; w < Math.min(to, words.length); w++) {
      if (ignored(w)) {
        if (!out.includes(pieces[i] as string)) out.push(pieces[i] as string);
        break;
      }
    }
    from = Math.max(from, to);
  }
  return out;
}
