import {
  hasDigit,
  joinUnitPieces,
  maxTypos,
  normalise,
  switchLayout,
  tokenise,
  translitKey,
} from "../analysis/index.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { parseQuery, type QueryWord } from "./parse-query.ts";
import { closestWord, isKnown, translitWord } from "./vocabulary.ts";

// Query correction (PRODUCT.md "corrected_query"): a query word that is not in the domain's
// vocabulary is replaced by what the user meant, tried in this order:
// 1. the same keys on the other keyboard layout ("yjen,er" -> "ноутбук"), per space-separated
//    piece of the raw query, since , . ; ' [ ] are letters of the Cyrillic layout;
// 2. the vocabulary word with the same transliteration ("noutbuk" -> "ноутбук");
// 3. the closest vocabulary word within the word's typo budget ("ноутбкук" -> "ноутбук").
// Words with digits (model codes, sizes) are never corrected, nor a unit after a number.

export interface Correction {
  /** The corrected query, normalised: what corrected_query shows. */
  readonly text: string;
  readonly words: QueryWord[];
}

const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;

/** Corrections per snapshot and raw query: the same typo is typed by many shoppers. */
const memo = new WeakMap<Snapshot, Map<string, Correction | null>>();
const MEMO_LIMIT = 10_000;

export function correctQuery(snap: Snapshot, q: string): Correction | null {
  let known = memo.get(snap);
  if (known === undefined) {
    known = new Map();
    memo.set(snap, known);
  }
  const hit = known.get(q);
  if (hit !== undefined) return hit;
  const correction = computeCorrection(snap, q);
  if (known.size >= MEMO_LIMIT) known.clear();
  known.set(q, correction);
  return correction;
}

function computeCorrection(snap: Snapshot, q: string): Correction | null {
  const pieces = joinUnitPieces(q.split(/\s+/).filter((p) => p !== ""));
  const typing = ENDS_IN_WORD.test(q);
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as string;
    const typingPiece = typing && i === pieces.length - 1;
    const words = plainWords(piece);
    if (allKnown(snap, words, typingPiece)) {
      if (words.length > 0) out.push(words.join(" "));
      continue;
    }
    const switched = switchedPiece(snap, piece, typingPiece);
    if (switched !== null) {
      out.push(switched.join(" "));
      changed = true;
      continue;
    }
    const fixed = words.map((word, j) => {
      const prefix = typingPiece && j === words.length - 1;
      if (isKnown(snap, word, prefix)) return word;
      const replacement = replaceWord(snap, word, prefix);
      if (replacement !== null) changed = true;
      return replacement ?? word;
    });
    if (fixed.length > 0) out.push(fixed.join(" "));
  }
  if (!changed) return null;
  const text = out.join(" ");
  return { text, words: parseQuery(typing ? text : `${text} `) };
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
  for (const candidate of switchLayout(piece)) {
    const words = plainWords(candidate);
    if (words.length > 0 && allKnown(snap, words, typing)) return words;
  }
  return null;
}

/** `typing`: the word is the one being typed (and, unknown, completes no term). */
function replaceWord(snap: Snapshot, word: string, typing: boolean): string | null {
  if (hasDigit(word) || word.length < 3) return null;
  const byTranslit = translitWord(snap, translitKey(word));
  if (byTranslit !== null && byTranslit !== word) return byTranslit;
  const typos = maxTypos(word);
  return typos > 0 ? closestWord(snap, normalise(word), typos, typing) : null;
}
