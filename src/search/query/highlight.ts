import type { Language } from "../../model/records.ts";
import { isUnitRewrite, normalise, tokenise } from "../analysis/index.ts";
import type { Range } from "../engine-types.ts";
import type { Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { findTerm } from "../index/term-index.ts";
import { INITIAL_ONLY, type TermExpansion } from "./expand.ts";
import { productName } from "./items.ts";
import type { WordPlan } from "./match.ts";

// Highlighting (the `highlight` parameter): which words of a product's name matched the
// query. A name word is marked when its term in the product's segment lies in the expansion of
// some query word there, so whatever matching accepted is marked alike: the word itself, its
// stems, the words a typed prefix completes, typos, and (the words being the corrected
// query's) keyboard layout and transliteration corrections. Whole words are marked: a typo or
// a stem has no sensible "matched part". Offsets are UTF-16 offsets of the name as returned.

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The ranges of the matched words of the doc's name in `language` (nameRanges). */
export function nameRangesOf(
  snap: Snapshot,
  doc: number,
  language: Language,
  plans: readonly WordPlan[],
): Range[] {
  const k = segmentIndexOf(snap, doc);
  const segment = snap.segments[k] as Segment;
  const expansions = plans.map((p) => p.segments[k] as TermExpansion);
  return nameRanges(productName(snap, doc, language), segment.text.terms, expansions);
}

/**
 * Ranges [start, end) of `name`'s words whose dictionary term (in `terms`) one of the
 * expansions covers; sorted, overlapping or touching ones merged.
 */
export function nameRanges(
  name: string,
  terms: readonly string[],
  expansions: readonly TermExpansion[],
): Range[] {
  const { text, origin } = normalisedWithOrigin(name);
  if (normalise(text) !== text) return [];
  const tokens = tokenise(text);
  const found: Range[] = [];
  let cursor = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as { word: string; position: number };
    const span = locate(text, token.word, cursor);
    if (span === null) {
      // A unit spelled another way in the name ("1 TB" read as "1024 гб"): left unmarked.
      if (isUnitRewrite(token.word)) continue;
      return [];
    }
    // A joined model code comes just before its first part and starts where that part does.
    const joined = tokens[i + 1]?.position === token.position;
    if (!joined) cursor = span[1];
    if (!matches(terms, expansions, token.word, token.position)) continue;
    const last = origin[span[1] - 1] as number;
    found.push([
      origin[span[0]] as number,
      last + ((name.codePointAt(last) as number) > 0xffff ? 2 : 1),
    ]);
  }
  return merge(found);
}

function matches(
  terms: readonly string[],
  expansions: readonly TermExpansion[],
  word: string,
  position: number,
): boolean {
  const t = findTerm(terms, word);
  if (t < 0) return false;
  for (const e of expansions) {
    for (let r = 0; r < e.ranges.length; r += 3) {
      if (t < (e.ranges[r] as number) || t >= (e.ranges[r + 1] as number)) continue;
      // A one-letter query completes only the first two words of a field (expand.ts).
      if (((e.ranges[r + 2] as number) & INITIAL_ONLY) !== 0 && position > 1) continue;
      return true;
    }
  }
  return false;
}

/**
 * The normalised name and, per code unit of it, the offset in `name` of the character it
 * came from. Normalising character by character keeps that mapping where NFKC changes lengths
 * (ﬁ -> fi, 𝐀 -> a); where it would differ from normalising the whole (an accent composed
 * with its letter), the caller gets no ranges rather than wrong ones.
 */
function normalisedWithOrigin(name: string): { text: string; origin: number[] } {
  let text = "";
  const origin: number[] = [];
  for (let i = 0; i < name.length; ) {
    const width = (name.codePointAt(i) as number) > 0xffff ? 2 : 1;
    const piece = normalise(name.slice(i, i + width));
    for (let u = 0; u < piece.length; u++) origin.push(i);
    text += piece;
    i += width;
  }
  return { text, origin };
}

/**
 * Where `word` (a token of `text`) lies, from `from` on: its characters in order, with the
 * characters tokenising drops between them (apostrophes, stress marks, the joiners of a code).
 */
function locate(text: string, word: string, from: number): Range | null {
  let start = text.indexOf(word[0] as string, from);
  while (start >= 0) {
    let i = start;
    let j = 0;
    while (j < word.length && i < text.length) {
      if (text[i] === word[j]) j++;
      else if (LETTER_OR_DIGIT.test(text[i] as string)) break;
      i++;
    }
    if (j === word.length) return [start, i];
    start = text.indexOf(word[0] as string, start + 1);
  }
  return null;
}

function merge(ranges: Range[]): Range[] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of ranges) {
    const prev = out[out.length - 1];
    if (prev !== undefined && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
