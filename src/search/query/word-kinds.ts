import { hasDigit, isDigits, isLatin, isUnitRewrite, tokenise } from "../analysis/index.ts";
import { DISPLAY } from "../index/display.ts";
import { readDoc } from "../index/doc-store.ts";
import { categorySlotOf, type Segment } from "../index/segment.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { FIELD } from "../index/term-index.ts";
import { expandWord, type TermExpansion } from "./expand.ts";
import type { WordPlan } from "./match.ts";
import type { QueryWord } from "./parse-query.ts";

// What a query word says about the product, for the words given up when not every word can
// match (give-up.ts): a word that says less is given up first, as Meilisearch's
// `matchingStrategy: "frequency"` and Algolia's optional words give up the words that narrow
// least. Kinds, weakest first:
//   number       a number without its unit ("15" of "iphone 15", "1.7"): many products carry
//                every number, in sizes, years, counts;
//   descriptive  a word of descriptions and names that is none of the kinds below ("тепла",
//                "для", "кіберспорту");
//   attribute    a value of some product's attribute (a colour, "чоловіча", "зимова"), or a
//                number followed by its unit ("1.7 л");
//   model        a word with digits, a word of codes, a Latin word among a name's first words
//                ("pro", "max", "galaxy"), a part of a joined code ("15" of "iphone15");
//   brand        a word of some product's vendor;
//   type         a word naming a category (the first word of the name or first synonym of
//                most categories it is in: "куртка" of "Куртки чоловічі", not "чоловіча", in
//                nine category names and first in one) or the type word of names (the first
//                word of most names and keywords that carry it and its forms, those mostly in
//                one category: "чайник" of "Чайник Tefal …"; not "для" of "Чохол для …",
//                never first, nor "чоловіча", which every department uses).
// A word's kind is read from the terms it stands for taken together: the term as typed and its
// forms (stems, synonyms, the completions of a word of 4+ letters), else its terms one typo
// away. Each term's figures are read from at most SCANNED of its postings and memoised in the
// segment's cache.

export const KIND = {
  number: 0,
  descriptive: 1,
  attribute: 2,
  model: 3,
  brand: 4,
  type: 5,
} as const;

/** Postings read per term and per kind of field (strong, weak). */
const SCANNED = 256;
/** Docs whose vendor is read to see whether a word of their name is their brand. */
const VENDOR_SAMPLES = 4;
/** Terms of one word looked at per segment. */
const MAX_TERMS = 8;
/** Words shorter than this are not read by their completions. */
const MIN_COMPLETED = 4;
/** A name's model words come among its first words: "Смартфон Apple iPhone 15 Pro Max". */
const MAX_MODEL_POSITION = 3;

/** A category posting's byte (term-index.ts packInfo) for the first word of its name, and of
 * its synonyms and keywords (the synonyms come first, category-table.ts). */
const FIRST_OF_NAME = FIELD.name << 5;
const FIRST_OF_SYNONYMS = FIELD.keywords << 5;

/** Per query word, its kind (KIND); joined codes (optional words) count as model words. */
export function wordKinds(
  snap: Snapshot,
  words: readonly QueryWord[],
  plans: readonly WordPlan[],
): Uint8Array {
  const kinds = new Uint8Array(words.length);
  const parts = codeParts(words);
  words.forEach((word, w) => {
    const text = word.text;
    const code = words[parts[w] as number];
    // A part of a joined code with letters is a model word ("15" of "iphone15", not of "1.7").
    if (word.optional || (code !== undefined && !isDigits(code.text))) kinds[w] = KIND.model;
    else if (isDigits(text)) kinds[w] = unitFollows(words, w) ? KIND.attribute : KIND.number;
    else if (namesCategory(snap, word)) kinds[w] = KIND.type;
    else {
      const stats: TermStats[] = [];
      snap.segments.forEach((segment, k) => {
        const exp = (plans[w] as WordPlan).segments[k] as TermExpansion;
        for (const t of termsOf(exp, segment.text.terms, text)) stats.push(termStats(segment, t));
      });
      kinds[w] = kindOf(stats, hasDigit(text));
    }
  });
  return kinds;
}

/**
 * A word of 2+ letters names a category: as typed or as a form (no typo), it is the first word
 * of the name, or of the first synonym, of at least half the categories it is in ("куртка" of
 * "Куртки чоловічі"; not "чоловіча", which is in nine category names and first in one).
 */
function namesCategory(snap: Snapshot, word: QueryWord): boolean {
  if (word.text.length < 2) return false;
  const table = snap.categories;
  const exp = expandWord(table, { ...word, prefix: false }, "exact");
  const { offsets, docs, info } = table.text;
  const first = new Set<number>();
  const all = new Set<number>();
  for (let r = 0; r < exp.ranges.length; r += 3) {
    if (((exp.ranges[r + 2] as number) & 3) !== 0) continue;
    for (let t = exp.ranges[r] as number; t < (exp.ranges[r + 1] as number); t++) {
      for (let p = offsets[t] as number; p < (offsets[t + 1] as number); p++) {
        const b = info[p] as number;
        all.add(docs[p] as number);
        if (b === FIRST_OF_NAME || b === FIRST_OF_SYNONYMS) first.add(docs[p] as number);
      }
    }
  }
  return first.size > 0 && first.size * 2 >= all.size;
}

/** The next required word is a unit ("1.7 л": tokens 17, 1, 7, л). */
function unitFollows(words: readonly QueryWord[], w: number): boolean {
  for (let j = w + 1; j < words.length; j++) {
    const next = words[j] as QueryWord;
    if (next.optional) continue;
    if (isDigits(next.text)) continue;
    return isUnitRewrite(next.text);
  }
  return false;
}

/**
 * Per word: the index of the joined code it is a part of ("fv", "4868" after "fv4868"; "1",
 * "7" after "17" of "1.7"), or -1.
 */
export function codeParts(words: readonly QueryWord[]): Int32Array {
  const parts = new Int32Array(words.length).fill(-1);
  words.forEach((code, i) => {
    if (!code.optional) return;
    let joined = "";
    for (let j = i + 1; j < words.length && joined.length < code.text.length; j++) {
      const part = words[j] as QueryWord;
      if (part.optional || !code.text.startsWith(joined + part.text)) break;
      joined += part.text;
      parts[j] = i;
    }
  });
  return parts;
}

/**
 * The terms a word stands for in one dictionary, at most MAX_TERMS (see the top): not the
 * completions of a word of under MIN_COMPLETED letters ("mal" is not "malibu").
 */
function termsOf(exp: TermExpansion, dictionary: readonly string[], word: string): number[] {
  const completes = (t: number) =>
    word.length < MIN_COMPLETED && t !== exp.exact && (dictionary[t] as string).startsWith(word);
  // Two typos away is too far to say what the word is ("стильний" is not "спальний").
  for (const typos of [0, 1]) {
    const terms: number[] = [];
    for (let r = 0; r < exp.ranges.length && terms.length < MAX_TERMS; r += 3) {
      const lo = exp.ranges[r] as number;
      const hi = exp.ranges[r + 1] as number;
      if (((exp.ranges[r + 2] as number) & 3) !== typos || hi - lo > MAX_TERMS) continue;
      for (let t = lo; t < hi && terms.length < MAX_TERMS; t++) if (!completes(t)) terms.push(t);
    }
    if (terms.length > 0) return terms;
  }
  return [];
}

/** What decides a term's kind, read once per segment and term (see the top). */
interface TermStats {
  /** A word of some product's vendor. */
  readonly brand: boolean;
  /** A word of some product's code, or one with digits. */
  readonly model: boolean;
  /** A Latin word among some name's first words. */
  readonly latinEarly: boolean;
  /** A word of some product's attributes. */
  readonly attribute: boolean;
  /** Postings in names and keywords, those at the first position, and these per category. */
  readonly names: number;
  readonly first: number;
  readonly perCategory: ReadonlyMap<number, number>;
}

/**
 * The kind of a word from the stats of the terms it stands for, taken together: "зимова",
 * whose form "зимове" starts one product's name, is not a type word for that form.
 */
function kindOf(stats: readonly TermStats[], digits: boolean): number {
  if (stats.some((s) => s.brand)) return KIND.brand;
  let names = 0;
  let first = 0;
  const perCategory = new Map<number, number>();
  for (const s of stats) {
    names += s.names;
    first += s.first;
    for (const [slot, n] of s.perCategory) perCategory.set(slot, (perCategory.get(slot) ?? 0) + n);
  }
  let modal = 0;
  for (const n of perCategory.values()) modal = Math.max(modal, n);
  if (first > 0 && first * 2 >= names && modal * 2 >= first) return KIND.type;
  if (digits || stats.some((s) => s.model)) return KIND.model;
  if (stats.some((s) => s.attribute)) return KIND.attribute;
  return stats.some((s) => s.latinEarly) ? KIND.model : KIND.descriptive;
}

/** The stats of term `t` of a segment, memoised in the segment's cache. */
function termStats(segment: Segment, t: number): TermStats {
  const key = `\u0002kind\u0001${t}`;
  const cached = segment.cache.get(key);
  if (cached !== undefined) return cached as TermStats;
  const stats = readTermStats(segment, t);
  segment.cache.set(key, stats);
  return stats;
}

function readTermStats(segment: Segment, t: number): TermStats {
  const { offsets, strongEnd, docs, info, terms } = segment.text;
  const term = terms[t] as string;
  let names = 0;
  let first = 0;
  let brand = false;
  let model = hasDigit(term);
  let inFirstWords = false;
  const samples: number[] = [];
  const perCategory = new Map<number, number>();
  const strongTo = Math.min(strongEnd[t] as number, (offsets[t] as number) + SCANNED);
  for (let p = offsets[t] as number; p < strongTo; p++) {
    const b = info[p] as number;
    const field = b >> 5;
    const position = b & 31;
    if (field === FIELD.vendor) brand = true;
    if (field === FIELD.code) model = true;
    if (field === FIELD.name && position <= MAX_MODEL_POSITION) inFirstWords = true;
    if (field !== FIELD.name && field !== FIELD.keywords) continue;
    names++;
    const doc = docs[p] as number;
    if (position <= 2 && samples.length < VENDOR_SAMPLES) samples.push(doc);
    if (position > 0) continue;
    first++;
    const slot = categorySlotOf(segment, doc);
    perCategory.set(slot, (perCategory.get(slot) ?? 0) + 1);
  }
  // A brand's word in a name outranks its vendor posting (one posting per term and doc, the
  // best field's): read the vendor of a few docs whose name has it among its first words.
  for (let i = 0; i < samples.length && !brand; i++) {
    const vendor = readDoc(segment.display, samples[i] as number)[DISPLAY.vendor] ?? "";
    brand = vendor !== "" && tokenise(vendor).some((token) => token.word === term);
  }
  let attribute = false;
  const weakTo = Math.min(offsets[t + 1] as number, (strongEnd[t] as number) + SCANNED);
  for (let p = strongEnd[t] as number; p < weakTo && !attribute; p++) {
    attribute = (info[p] as number) >> 5 === FIELD.attribute;
  }
  const latinEarly = inFirstWords && isLatin(term);
  return { brand, model, latinEarly, attribute, names, first, perCategory };
}
