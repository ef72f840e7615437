import type { Snapshot } from "../index/snapshot.ts";
import { type Candidates, matchWords, NO_MATCH, type WordPlan } from "./match.ts";
import type { QueryWord } from "./parse-query.ts";
import { codeParts, KIND, wordKinds } from "./word-kinds.ts";

// Which query words a search gives up, and in which order, when not every word can match
// (PRODUCT.md "Search": rank rather than drop). Every word must match at first. Then:
// 1. words found in no product go (a stray preposition, a word of another shop);
// 2. while nothing matches, one word goes: the first, in order of what words say (word-kinds.ts:
//    a number without its unit, then descriptive words, attribute values, model words and
//    codes; in one kind the most frequent, which says least, then the earlier), whose absence
//    lets the others match ("тепла" of "тепла зимова куртка чоловіча"); when none does, the
//    first in that order goes and the next round looks again ("7" of "чайник 1.7" when the
//    kettle holds 1 l). Only when brand and type words
//    alone are left does one of them go: the one whose answer best matches the words given up
//    so far, the brand before the type on a tie ("samsung" of "холодильник samsung"). A part
//    of a joined code with letters is never tried alone ("azur" of "azur5"): a code loses its
//    last part first;
// 3. while the answer has fewer products than its room (a page of products) and a word of
//    the product type is kept, a descriptive word goes (not a fragment being typed), the most
//    frequent first ("для", then "кіберспорту" of "ігровий монітор для
//    кіберспорту"): the products with every word come first, the others after them. Only
//    descriptive words: a colour, a gender, a model number or a brand the shopper typed keeps
//    narrowing the answer however few products have it.
// A word given up still ranks: each gets a bit in the rank key (rank.ts), the later given up
// the higher, so the products are ordered by the words that say most about them (Meilisearch's
// `matchingStrategy` and Algolia's optional words). At most MAX_PASSES match passes are spent
// trying words (2.), then words go without trials, only for queries that match nothing whole.

/** Match passes spent trying which word to give up before giving up without trying. */
const MAX_PASSES = 16;
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
  const rank = (w: number) =>
    kinds[w] === KIND.descriptive && (plans[w] as WordPlan).cost * COMMON_SHARE >= total
      ? KIND.number - 1
      : (kinds[w] as number);
  // The required words, the one to give up first first: the weakest kind, then the most
  // frequent, then the earlier (an adjective before its noun); a code's parts after the other
  // words of their kind, its last part first.
  const order = () =>
    words
      .map((_, w) => w)
      .filter((w) => required[w])
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          Number(isPart(a)) - Number(isPart(b)) ||
          (isPart(a) ? b - a : (plans[b] as WordPlan).cost - (plans[a] as WordPlan).cost || a - b),
      );
  // Passes that only ask whether anything matches leave the words not required unread;
  // `complete` says whether the candidates have every word's matches, as ranking needs.
  let complete = true;
  let passes = 0;
  while (candidates.count === 0 && kept() > 1) {
    const list = order();
    // A part of a joined number ("7" of "1.7") is a number still, and may go alone.
    const weak = list.filter(
      (w) => (kinds[w] as number) < KIND.brand && (!isPart(w) || kinds[w] === KIND.number),
    );
    // Only brand and type words left: each is tried, and the one whose answer best keeps the
    // words given up goes ("спальний" of a query corrected to "спальний рожевий смартфон
    // realme": the smartphones have the pink Realme, the sleeping bags nothing).
    const strong = weak.length === 0;
    const trials = strong ? list.filter((w) => !isPart(w)) : weak;
    let best = -1;
    let bestKept = -1;
    let last = -1;
    const tried = new Set<number>();
    for (const w of trials) {
      if (passes >= MAX_PASSES) break;
      required[w] = false;
      passes++;
      tried.add(w);
      last = w;
      const next = matchWords(snap, plans, required, strong);
      required[w] = true;
      if (next.count === 0) continue;
      const keeps = strong ? bestGivenUpMatch(next, bits) : 0;
      if (keeps > bestKept) {
        best = w;
        bestKept = keeps;
        candidates = next;
        complete = strong;
      }
      if (!strong || keeps === (1 << given) - 1) break;
    }
    if (best >= 0) {
      giveUp(best);
      // The matcher's arrays are shared: a later trial overwrote the best one's.
      if (best !== last) {
        candidates = matchWords(snap, plans, required);
        complete = true;
      }
      break;
    }
    const w = list[0] as number;
    giveUp(w);
    // A word tried alone left nothing: no pass to learn it again.
    if (!tried.has(w)) {
      candidates = matchWords(snap, plans, required, false);
      complete = false;
    }
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
  while (candidates.count > 0 && candidates.count < room && kept() > 1 && typed()) {
    const w = order().find(
      (d) => rank(d) <= KIND.descriptive && kinds[d] !== KIND.number && !isPart(d) && !fragment(d),
    );
    if (w === undefined) break;
    giveUp(w);
    candidates = matchWords(snap, plans, required, false);
    complete = false;
  }
  if (!complete) candidates = matchWords(snap, plans, required);
  return { candidates, bits };
}

/** The most of the words given up (their bits) that one candidate matches, as a rank key does. */
function bestGivenUpMatch(candidates: Candidates, bits: Uint16Array): number {
  const W = candidates.words;
  let best = 0;
  for (let c = 0; c < candidates.count; c++) {
    let mask = 0;
    for (let w = 0; w < bits.length; w++) {
      if (candidates.info[c * W + w] !== NO_MATCH) mask |= bits[w] as number;
    }
    if (mask > best) best = mask;
  }
  return best;
}
