import {
  adjectiveForm,
  hasDigit,
  isCyrillic,
  joinUnitPieces,
  MIN_LENGTH_FOR_TWO_TYPOS,
  maxTypos,
  normalise,
  pronounceable,
  switchLayout,
  tokenise,
  translitKey,
} from "../analysis/index.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { startsSome } from "../index/term-index.ts";
import { exactCodeDocs } from "./collect-hits.ts";
import { type ParsedQuery, parseQuery } from "./parse-query.ts";
import {
  closestWord,
  dictionaries,
  isKnown,
  isTextTerm,
  longerTwoAway,
  nearTranslitWord,
  soundWord,
  translitWord,
} from "./vocabulary.ts";

// Query correction (PRODUCT.md "corrected_query"): a query word that is not in the domain's
// vocabulary is replaced by what the user meant, tried in this order:
// 1. the same keys on the other keyboard layout ("yjen,er" -> "ноутбук"), per space-separated
//    piece of the raw query, since , . ; ' [ ] are letters of the Cyrillic layout;
// 2. the vocabulary word with the same transliteration ("noutbuk" -> "ноутбук");
// 3. the closest vocabulary word within the word's typo budget ("ноутбкук" -> "ноутбук");
// 4. for a Cyrillic word, the Latin brand or product word it sounds like ("епл" -> "apple",
//    "джейбіел" -> "jbl"; sound-key.ts): after the typos, which are nearer to what was typed;
// then two errors at once, each within the typo budget of the word as corrected:
// 5. a transliterated word with a typo: the word of the other script one edit away in
//    transliteration ("kholodylnik" -> "холодильник");
// 6. doubled letters and a typo: the word with its doubled letters single, within its budget;
//    a dropped letter and a typo: two edits from a longer word that has the budget for them;
// 7. two words typed without the space: the split into two words of the vocabulary's texts as
//    they are (not pieces of codes; the second may be transliterated), of 3+ letters each, the
//    most even ("redminote13" -> "redmi note 13", "кавамолока" -> "кава молока");
// 8. a piece some of whose words are still unknown: its other-layout reading, one word of 5+
//    letters, known or a typo away (a typo inside a wrong-layout word).
// A piece that is a product's code typed without separators is left as it is.
// Words with digits (model codes, sizes) are never corrected, nor a unit after a number. Every
// step runs only for a word found nowhere; those of two errors and the sound key only for a word
// that can be one (sound-key.ts "pronounceable"): random letters would find something among the
// many words of a large catalog, and would pay for the look.

export interface Correction {
  /** The corrected query, normalised: what corrected_query shows. */
  readonly text: string;
  readonly query: ParsedQuery;
}

/**
 * Unknown pieces of one query looked at for a correction; later ones stay as typed. Each costs
 * ~1 ms (layout, transliteration, the typo walk over the vocabulary, splits): a query of 12
 * random words cost 12 ms of the thread before this bound, ~2 after, and the search token is
 * public (docs/ARCHITECTURE.md, "Overload and slow clients"). A shopper's query rarely has more
 * than one or two words to correct: both judged relevance sets (460 queries on the project's
 * catalog, 260 on the feed catalog) score the same with and without the bound.
 */
export const MAX_PIECES_CORRECTED = 2;

/** Corrections per snapshot and raw query: the same typo is typed by many shoppers. */
const memo = new WeakMap<Snapshot, Map<string, Correction | null>>();
const MEMO_LIMIT = 10_000;

export function correctQuery(snap: Snapshot, query: ParsedQuery): Correction | null {
  let known = memo.get(snap);
  if (known === undefined) {
    known = new Map();
    memo.set(snap, known);
  }
  const hit = known.get(query.text);
  if (hit !== undefined) return hit;
  const correction = computeCorrection(snap, query);
  if (known.size >= MEMO_LIMIT) known.clear();
  known.set(query.text, correction);
  return correction;
}

function computeCorrection(snap: Snapshot, query: ParsedQuery): Correction | null {
  // A piece is corrected as a whole (a layout switch reads its punctuation as letters).
  const pieces = joinUnitPieces(query.text.split(/\s+/).filter((p) => p !== ""));
  const typing = query.typing;
  const out: string[] = [];
  let changed = false;
  let looked = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as string;
    const typingPiece = typing && i === pieces.length - 1;
    const words = plainWords(piece);
    if (allKnown(snap, words, typingPiece) || looked === MAX_PIECES_CORRECTED) {
      if (words.length > 0) out.push(words.join(" "));
      continue;
    }
    looked++;
    if (hasDigit(piece) && exactCodeDocs(snap, piece).size > 0) {
      // A product's own code typed without its separators (JOKOGEL46WC9) is no typo.
      out.push(words.join(" "));
      continue;
    }
    const switched = switchedPiece(snap, piece, typingPiece);
    if (switched !== null) {
      out.push(switched.join(" "));
      changed = true;
      continue;
    }
    let fixed = fixWords(snap, words, typingPiece, replaceWord);
    if (fixed.some((w) => w === null)) {
      fixed = switchedWithTypos(snap, piece, typingPiece) ?? fixed;
    }
    const text = fixed.map((w, j) => w ?? (words[j] as string));
    if (fixed.some((w, j) => w !== words[j] && w !== null)) changed = true;
    if (text.length > 0) out.push(text.join(" "));
  }
  if (!changed) return null;
  const text = out.join(" ");
  return { text, query: parseQuery(typing ? text : `${text} `) };
}

/** The words of a piece without the joined model codes (their parts are words already). */
function plainWords(piece: string): string[] {
  const tokens = tokenise(piece);
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i + 1]?.position === tokens[i]?.position) continue;
    words.push((tokens[i] as { word: string }).word);
  }
  return words;
}

function allKnown(snap: Snapshot, words: readonly string[], typing: boolean): boolean {
  for (let j = 0; j < words.length; j++) {
    if (!isKnown(snap, words[j] as string, typing && j === words.length - 1)) return false;
  }
  return true;
}

function switchedPiece(snap: Snapshot, piece: string, typing: boolean): string[] | null {
  const single = plainWords(piece).length === 1;
  let best: string[] | null = null;
  let bestSpelt = -1;
  for (const candidate of switchLayout(piece)) {
    const words = plainWords(candidate);
    if (words.length === 0 || (single && words.length > 1 && words.some(isFragment))) continue;
    if (!allKnown(snap, words, typing)) continue;
    // Both readings of the keys where the ru and uk layouts differ (s: ы/і, ': э/є, ]: ъ/ї)
    // can be known, since a word's uk and ru spellings share a stem key: the one with more
    // words spelt as the store spells them is what was typed ("vsrcth" is міксер, not мыксер).
    const spelt = words.filter((w, j) =>
      typing && j === words.length - 1 ? startsSomeTerm(snap, w) : isTextTerm(snap, w),
    ).length;
    if (spelt > bestSpelt) {
      best = words;
      bestSpelt = spelt;
    }
  }
  return best;
}

/** Some term of some dictionary starts with the word (itself included), as it is spelt. */
function startsSomeTerm(snap: Snapshot, word: string): boolean {
  return dictionaries(snap).some((dict) => startsSome(dict.text.terms, word));
}

/**
 * A one- or two-letter word: one word that the other layout cuts into such pieces ("соббк" ->
 * "cj,,r") is a Cyrillic word with б ю ж х on their punctuation keys, not Latin words.
 */
const isFragment = (word: string): boolean => word.length < 3 && !hasDigit(word);

type Replace = (snap: Snapshot, word: string, typing: boolean) => string | null;

/** Each word as it is when known, else its replacement, else null. */
function fixWords(
  snap: Snapshot,
  words: readonly string[],
  typing: boolean,
  replace: Replace,
): (string | null)[] {
  return words.map((word, j) => {
    const prefix = typing && j === words.length - 1;
    if (isKnown(snap, word, prefix)) return word;
    return replace(snap, word, prefix);
  });
}

/** The piece on the other layout with every word known or a typo away, or null. */
function switchedWithTypos(snap: Snapshot, piece: string, typing: boolean): string[] | null {
  for (const candidate of switchLayout(piece)) {
    // One word: a piece that the other layout cuts into several (its punctuation keys are
    // letters here) and that only typos would make known is random keys.
    const words = plainWords(candidate);
    if (words.length !== 1 || (words[0] as string).length < MIN_SWITCHED_WITH_TYPO) continue;
    const fixed = fixWords(snap, words, typing, (_, word, prefix) =>
      pronounceable(word) ? closestWithin(snap, word, prefix) : null,
    );
    if (fixed.every((w) => w !== null)) return fixed as string[];
  }
  return null;
}

/** Shorter words on the other layout are a typo away from too many words to be a reading. */
const MIN_SWITCHED_WITH_TYPO = 5;

/** `typing`: the word is the one being typed (and, unknown, completes no term). */
function replaceWord(snap: Snapshot, word: string, typing: boolean): string | null {
  if (hasDigit(word) || word.length < 3) return null;
  const byTranslit = translitWord(snap, translitKey(word));
  if (byTranslit !== null && byTranslit !== word) return byTranslit;
  // A Cyrillic adjective (тепла, зимова) means itself: not a Latin brand it sounds like or is
  // one transliterated edit from (тепла is not tesla); the steps of its own script stay.
  const intoLatin = !isCyrillic(word) || !adjectiveForm(normalise(word));
  return (
    closestWithin(snap, word, typing) ??
    (intoLatin && isCyrillic(word) ? soundWord(snap, word) : null) ??
    (intoLatin && maxTypos(word) > 0 ? nearTranslitWord(snap, word) : null) ??
    doubledOrDropped(snap, word, typing) ??
    splitWord(snap, word)
  );
}

/** The closest vocabulary word within the word's typo budget, or null. */
function closestWithin(snap: Snapshot, word: string, typing: boolean): string | null {
  if (hasDigit(word)) return null;
  const typos = maxTypos(word);
  return typos > 0 ? closestWord(snap, normalise(word), typos, typing) : null;
}

const DOUBLED = /(\p{L})\1+/gu;

/**
 * A doubled letter and a typo ("ноутббукк" with one more slip): the word with its doubled
 * letters single, within that word's budget; a dropped letter and a typo in a word one letter
 * short of two typos' length: two edits from a longer word, whose budget that is.
 */
function doubledOrDropped(snap: Snapshot, word: string, typing: boolean): string | null {
  const single = word.replace(DOUBLED, "$1");
  if (single !== word && single.length >= 3) {
    const found = isKnown(snap, single, typing) ? single : closestWithin(snap, single, typing);
    if (found !== null) return found;
  }
  if (word.length !== MIN_LENGTH_FOR_TWO_TYPOS - 1 || !pronounceable(word)) return null;
  return longerTwoAway(snap, normalise(word));
}

/** Parts of a split word are at least this long: shorter ones are in every text. */
const MIN_SPLIT_PART = 3;

/**
 * Two vocabulary words typed without the space, the most even split; or null. The second
 * may be transliterated ("ноутбукасус" -> "ноутбук asus").
 */
function splitWord(snap: Snapshot, word: string): string | null {
  let best: string | null = null;
  let bestShorter = 0;
  for (let i = MIN_SPLIT_PART; i <= word.length - MIN_SPLIT_PART; i++) {
    const shorter = Math.min(i, word.length - i);
    if (shorter <= bestShorter) continue;
    const left = word.slice(0, i);
    const right = word.slice(i);
    if (!isTextTerm(snap, left)) continue;
    const second = isTextTerm(snap, right) ? right : translitWord(snap, translitKey(right));
    if (second !== null) {
      best = `${left} ${second}`;
      bestShorter = shorter;
    }
  }
  return best;
}
