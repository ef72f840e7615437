import { isCyrillic, isLatin, switchLayoutText, translitKey } from "./analysis/index.ts";
import type { SearchRequest } from "./engine-types.ts";
import { categorySlotOf, type Segment } from "./index/segment.ts";
import type { Snapshot } from "./index/snapshot.ts";
import { nameCounts, nameCountsAsked } from "./query/suggest.ts";
import {
  dictionaries,
  nearTranslitIndex,
  soundAsked,
  soundIndex,
  translitAsked,
  translitIndex,
} from "./query/vocabulary.ts";

// The first searches of a process, or of a thread, run in the interpreter: each code path of
// the engine (a correction, a typo walk, facets, a layout) costs tens of milliseconds the
// first time it runs, while JavaScriptCore compiles it. A warm-up asks those paths before the
// first shopper does: queries made of the snapshot's own words, one or more of each kind a
// widget sends (prefixes, a typo, the wrong layout, a transliteration, words in no product,
// codes, several words) under each layout and filter. Pure: the same snapshot gives the same
// queries. docs/ARCHITECTURE.md, "The first searches: warm-up".

/** What a widget asks by default (specification 4.3's defaults). */
const WIDGET_REQUEST: SearchRequest = {
  query: "",
  language: "uk",
  filters: [],
  ranges: [],
  priceFrom: null,
  priceTo: null,
  categoryId: null,
  grouped: true,
  showUnavailable: false,
  page: 1,
  pageSize: 10,
  groupsPerPage: 10,
  perGroup: 3,
  facets: true,
  corrections: true,
  suggestions: false,
  popular: [],
  popularity: [],
  warehouse: null,
  highlight: false,
  sort: "relevance",
  browse: false,
  groupVariants: false,
};

/** Queries of one set: one of each kind (below), and a category page. */
export const WARM_UP_SET = 20;
/** Words of each script taken from the dictionary: one set of queries is made per 4 of each. */
const WORDS_PER_SCRIPT = 64;
const WORDS_PER_SET = 4;

/**
 * Queries covering every path of a search over `snap`, `sets` variants of each (other words,
 * the same kinds); [] for a snapshot without words.
 */
export function warmUpQueries(
  snap: Snapshot,
  sets = WORDS_PER_SCRIPT / WORDS_PER_SET,
): SearchRequest[] {
  const base = largest(snap.segments);
  if (base === undefined) return [];
  const { cyrillic, latin } = commonWords(base);
  const codes = base.codes.keys;
  const code = codes[codes.length >> 1] ?? "ab12345";
  const filter = snap.facets.values[0]?.id;
  const category = snap.categories.entries[categorySlotOf(base, 0)]?.source ?? null;
  const wid = snap.warehouses.slots.keys().next().value ?? null;
  const out: SearchRequest[] = [];
  for (let set = 0; set < sets; set++) {
    const c = pick(cyrillic, set);
    const l = pick(latin, set);
    if (c.length + l.length === 0) break;
    const [c1 = "", c2 = c1, c3 = c2, c4 = c3] = c.length > 0 ? c : l;
    const [l1 = "", l2 = l1, l3 = l2] = l.length > 0 ? l : c;
    // The cheaper first: a cold path costs the most the first time, and the budget may end the
    // warm-up early on a busy machine.
    const texts = [
      // Several words, the last one complete.
      `${c1} ${c2} ${l1} `,
      `${l2} ${c3}`,
      // One typo: a swap, a deletion, an insertion, a substitution.
      swap(c3),
      drop(c4),
      `${l2.slice(0, 3)}e${l2.slice(3)}`,
      `${l3.slice(0, -2)}q${l3.slice(-1)}`,
      // The wrong layout, both ways; a transliteration.
      switchLayoutText(c1)[0] ?? c1,
      switchLayoutText(l1)[0] ?? l1,
      translitKey(c2).toLowerCase(),
      // Words in no product, Latin and Cyrillic, one and two.
      `zqxjv${set}kwpy`,
      "щжфхцчшщ",
      `${c1} zqxjvkwp щжфхцч`,
      // Codes: real, without separators; absent, code-shaped.
      code,
      `zq-90${set}1346`,
      `${code.slice(0, -1)}${code.endsWith("9") ? "8" : "9"}`,
      // As typed: prefixes of one word, then of the second; 3 letters complete many words.
      l1.slice(0, 4),
      c2.slice(0, 5),
      `${c1} ${c2.slice(0, 4)}`,
      c1.slice(0, 3),
    ];
    texts.forEach((q, k) => {
      out.push({ ...WIDGET_REQUEST, query: q, ...variant(k + set, filter, category, wid) });
    });
    // A category page: no words, every product of a category, or of the store, sorted or not.
    out.push({
      ...WIDGET_REQUEST,
      browse: true,
      ...(set % 2 === 0 ? { categoryId: category } : { grouped: false, groupVariants: true }),
      sort: set % 3 === 0 ? "relevance" : "price_asc",
    });
  }
  return out;
}

/** The layouts and filters of the answers, one variant per query in turn. */
function variant(
  k: number,
  filter: number | undefined,
  category: string | null,
  wid: string | null,
): Partial<SearchRequest> {
  switch (k % 10) {
    case 1:
      return { grouped: false };
    case 2:
      return { categoryId: category };
    case 3:
      return { filters: filter === undefined ? [] : [filter], showUnavailable: true };
    case 4:
      return { priceFrom: 1, priceTo: 100_000, language: "ru" };
    case 5:
      return { corrections: false, suggestions: true };
    case 6:
      return { highlight: true, page: 2, language: "en" };
    case 7:
      return { warehouse: wid, facets: false };
    case 8:
      return { grouped: false, perGroup: -1, pageSize: 30 };
    case 9:
      return { grouped: false, sort: k % 20 === 9 ? "price_asc" : "discount" };
    default:
      return {};
  }
}

/**
 * Builds what searches derive from a snapshot's dictionaries on first use (the transliteration
 * keys of a small dictionary, the sound keys and near transliterations of the corrections
 * across scripts, the counts of name words for suggestions), so that no search pays for it.
 * Idempotent: what is built is kept with the dictionary.
 */
export function prepareSnapshot(snap: Snapshot): void {
  for (const dict of dictionaries(snap)) {
    translitIndex(dict);
    soundIndex(dict);
    nearTranslitIndex(dict);
  }
  for (const segment of snap.segments) nameCounts(segment);
}

/**
 * After a patch: the same for the new dictionaries of a snapshot whose domain is searched,
 * that is whose older dictionaries had theirs built (by a search or by `prepareSnapshot`);
 * what no search asked for is left to be built on first use, so that a bulk load that nobody
 * searches pays nothing more (a 1,000-product segment's keys cost ~10% of its patch).
 */
export function prepareIfSearched(snap: Snapshot): void {
  const dicts = dictionaries(snap);
  if (dicts.some(translitAsked)) for (const dict of dicts) translitIndex(dict);
  if (dicts.some(soundAsked))
    for (const dict of dicts) {
      soundIndex(dict);
      nearTranslitIndex(dict);
    }
  if (snap.segments.some(nameCountsAsked)) for (const segment of snap.segments) nameCounts(segment);
}

function largest(segments: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  for (const s of segments) if (best === undefined || s.size > best.size) best = s;
  return best;
}

/**
 * Words of 5-12 letters of one script each, the most frequent first (ties: dictionary order)
 * among those in at most 1 doc in 400: a shopper's words, not the boilerplate of every
 * description (a query of those costs more than the budget allows a warm-up query).
 */
function commonWords(segment: Segment): { cyrillic: string[]; latin: string[] } {
  const { terms, offsets } = segment.text;
  const most = Math.max(50, segment.size / 400);
  const top = { cyrillic: [] as [string, number][], latin: [] as [string, number][] };
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t] as string;
    if (term.length < 5 || term.length > 12) continue;
    const freq = (offsets[t + 1] as number) - (offsets[t] as number);
    if (freq > most) continue;
    const list = isCyrillic(term) ? top.cyrillic : isLatin(term) ? top.latin : null;
    if (list === null || !/^\p{L}+$/u.test(term)) continue;
    if (list.length === WORDS_PER_SCRIPT && freq <= (list[list.length - 1]?.[1] ?? 0)) continue;
    let at = list.length;
    while (at > 0 && (list[at - 1]?.[1] ?? 0) < freq) at--;
    list.splice(at, 0, [term, freq]);
    if (list.length > WORDS_PER_SCRIPT) list.pop();
  }
  return {
    cyrillic: top.cyrillic.map(([w]) => w),
    latin: top.latin.map(([w]) => w),
  };
}

const pick = (words: readonly string[], set: number) =>
  words.slice(set * WORDS_PER_SET, (set + 1) * WORDS_PER_SET);

const swap = (w: string) => `${w.slice(0, 1)}${w[2] ?? ""}${w[1] ?? ""}${w.slice(3)}`;
const drop = (w: string) => `${w.slice(0, 2)}${w.slice(3)}`;
