import { isDigits } from "../analysis/index.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { type Candidates, matchWords, type WordPlan } from "./match.ts";
import type { QueryWord } from "./parse-query.ts";
import { codeParts, KIND, wordKinds } from "./word-kinds.ts";

// Which query words a search gives up, and in which order, when not every word can match
// (PRODUCT.md "Search": rank rather than drop). Every word must match at first. Then:
// 1. words found in no product go (a stray preposition, a word of another shop);
// 2. while nothing matches, the lightest set of words whose absence lets the others match
//    goes: each word weighs what its kind says about the product (WEIGHT, word-kinds.ts), sets
//    are tried by weight, then fewer words, then the lighter and more frequent words, one
//    match pass each (at most MAX_PASSES; then the lightest words go one at a time until
//    something matches). So a type word goes only when no one or two weaker words would do
//    ("тепла" and "зимова" of "тепла зимова куртка чоловіча", not "куртка"), and a brand
//    before three model words; the parts of a joined code with letters go from its last
//    ("azur5" loses "5" first), those of a number freely ("7" of "чайник 1.7" when the kettle
//    holds 1 l);
// 3. while the answer has fewer products than its room (a page of products) and a word of
//    the product type is kept, a descriptive word goes (not a fragment being typed), the most
//    frequent first ("для", then "кіберспорту" of "ігровий монітор для
//    кіберспорту"): the products with every word come first, the others after them. Only
//    descriptive words: a colour, a gender, a model number or a brand the shopper typed keeps
//    narrowing the answer however few products have it.
// A word given up still ranks: each gets a bit in the rank key (rank.ts), the later given up
// the higher, so the products are ordered by the words that say most about them (Meilisearch's
// `matchingStrategy` and Algolia's optional words).

/** Match passes spent trying which words to give up before giving up without trying. */
const MAX_PASSES = 24;
/** The lightest words among which the sets to give up are looked for. */
const MAX_SET_WORDS = 10;
/**
 * What giving up a word costs, by kind (KIND order: number, descriptive, attribute, model,
 * brand, type): the set of words given up is the lightest that leaves something to match, so
 * a type word (16) goes only when the weaker words to give up instead weigh as much (a brand
 * and two model words; five attribute values), and a brand (8) before three model words (on
 * a store whose "Max" is Max Factor, "iphone 15 pro max" answers the iPhone 15 Pro).
 */
const WEIGHT = [1, 2, 3, 4, 8, 16];
/** A common descriptive word ("для") weighs less than a number. */
const COMMON_WEIGHT = 0.5;
/** The word being typed is whole, and may be given up to fill a page, from this length. */
const MIN_WHOLE = 4;
/** A descriptive word in at least 1/COMMON_SHARE of the products goes before numbers. */
const COMMON_SHARE = 16;

export interface GivenUp {
  readonly candidates: Candidates;
  /** Per word: its bit in the rank key when given up (the later, the higher), else 0. */
  readonly bits: Uint16Array;
}

/**
 * The candidates once as few words as needed are given up; `required` (per word) ends with
 * the words kept. `first` is the match of every required word when already made, else null.
 */
export function matchGivingUp(
  snap: Snapshot,
  words: readonly QueryWord[],
  plans: readonly WordPlan[],
  required: boolean[],
  first: Candidates | null,
  room: number,
): GivenUp {
  const bits = new Uint16Array(words.length);
  let given = 0;
  const giveUp = (w: number) => {
    required[w] = false;
    bits[w] = 1 << given++;
  };
  if (plans.some((p, w) => required[w] && p.cost > 0)) {
    plans.forEach((p, w) => {
      if (required[w] && p.cost === 0) giveUp(w);
    });
  }
  let candidates = first !== null && given === 0 ? first : matchWords(snap, plans, required);
  const kept = () => required.filter(Boolean).length;
  if (kept() < 2 || (candidates.count >= room && candidates.count > 0)) {
    return { candidates, bits };
  }
  const kinds = wordKinds(snap, words, plans);
  const parts = codeParts(words);
  const isPart = (w: number) => (parts[w] as number) >= 0;
  // A descriptive word in a large share of the products says no more than a number: "для".
  const total = snap.starts[snap.segments.length] as number;
  const common = (w: number) =>
    kinds[w] === KIND.descriptive && (plans[w] as WordPlan).cost * COMMON_SHARE >= total;
  const weight = (w: number) =>
    common(w) ? COMMON_WEIGHT : (WEIGHT[kinds[w] as number] as number);
  // The required words, the one to give up first first: the lightest, then the most frequent,
  // then the earlier (an adjective before its noun); a code's parts after the other words of
  // their weight, its last part first.
  const order = () =>
    words
      .map((_, w) => w)
      .filter((w) => required[w])
      .sort(
        (a, b) =>
          weight(a) - weight(b) ||
          Number(isPart(a)) - Number(isPart(b)) ||
          (isPart(a) ? b - a : (plans[b] as WordPlan).cost - (plans[a] as WordPlan).cost || a - b),
      );
  // Passes that only ask whether anything matches leave the words not required unread; the
  // candidates kept are those of a complete pass, with every word's matches for the ranking.
  if (candidates.count === 0) {
    const list = order();
    const drop = lightestDrop(list, weight, parts, words, (set) => {
      for (const w of set) required[w] = false;
      const next = matchWords(snap, plans, required, false);
      for (const w of set) required[w] = true;
      return next.count > 0;
    });
    // Within its budget no set left anything: the lightest words go one by one.
    for (const w of drop ?? list.slice(0, -1)) {
      giveUp(w);
      if (drop === null && matchWords(snap, plans, required, false).count > 0) break;
    }
    candidates = matchWords(snap, plans, required);
  }
  // The page is filled within the product type the query names ("hd73 для волосся стайлер"
  // names none the store knows, and "hd 73" alone would add a kettle HD9327/73), never by
  // giving up a fragment of the word being typed ("ai" of "apple ai"; "кіберспорту" is whole).
  const typed = () => words.some((_, w) => required[w] && kinds[w] === KIND.type);
  // The word being typed is a fragment unless it is a word of the store of 4+ letters.
  const fragment = (w: number) => {
    const { word, segments } = plans[w] as WordPlan;
    return word.prefix && (word.text.length < MIN_WHOLE || segments.every((e) => e.exact < 0));
  };
  let filled = false;
  while (candidates.count > 0 && candidates.count < room && kept() > 1 && typed()) {
    const w = order().find((d) => kinds[d] === KIND.descriptive && !isPart(d) && !fragment(d));
    if (w === undefined) break;
    giveUp(w);
    candidates = matchWords(snap, plans, required, false);
    filled = true;
  }
  if (filled) candidates = matchWords(snap, plans, required);
  return { candidates, bits };
}

/**
 * The lightest set of words to give up (ascending by weight, then fewer words, then the more
 * frequent) that leaves something to match, as `list` orders them, or null when none of the
 * first MAX_PASSES sets does. Every set keeps a word; the parts of a joined code with letters
 * go from its last ("azur5" loses "5" before "azur"), those of a number freely ("7" of "1.7").
 */
function lightestDrop(
  list: readonly number[],
  weight: (w: number) => number,
  parts: Int32Array,
  words: readonly QueryWord[],
  matches: (set: readonly number[]) => boolean,
): number[] | null {
  const n = Math.min(list.length, MAX_SET_WORDS);
  // Most queries have no joined code with letters: no set to check for it.
  const codes = list.some((w) => {
    const code = parts[w] as number;
    return code >= 0 && !isDigits((words[code] as QueryWord).text);
  });
  const sets: { mask: number; weight: number; size: number }[] = [];
  for (let mask = 1; mask < 1 << n; mask++) {
    if (mask === (1 << list.length) - 1) continue;
    let sum = 0;
    let size = 0;
    for (let i = 0; i < n; i++) {
      if ((mask & (1 << i)) === 0) continue;
      sum += weight(list[i] as number);
      size++;
    }
    if (!codes || suffixesOfCodes(list, mask, parts, words)) sets.push({ mask, weight: sum, size });
  }
  // Ties keep the order of `list`: its lighter and more frequent words are the lower bits.
  sets.sort((a, b) => a.weight - b.weight || a.size - b.size || a.mask - b.mask);
  for (const { mask } of sets.slice(0, MAX_PASSES)) {
    const set = list.filter((_, i) => (mask & (1 << i)) !== 0);
    if (matches(set)) return set;
  }
  return null;
}

/** Whether the words of `mask` (over `list`) give up only the last parts of each code. */
function suffixesOfCodes(
  list: readonly number[],
  mask: number,
  parts: Int32Array,
  words: readonly QueryWord[],
): boolean {
  const dropped = new Set(list.filter((_, i) => (mask & (1 << i)) !== 0));
  for (const w of dropped) {
    const code = parts[w] as number;
    if (code < 0 || isDigits((words[code] as QueryWord).text)) continue;
    // Every later part of the same code must go too.
    for (let j = w + 1; j < parts.length && parts[j] === code; j++) {
      if (!dropped.has(j)) return false;
    }
  }
  return true;
}
