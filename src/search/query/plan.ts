import type { Snapshot } from "../index/snapshot.ts";
import { startsSome } from "../index/term-index.ts";
import { type ExpansionMode, expandWord, INITIAL_ONLY, type TermExpansion } from "./expand.ts";
import { categoryMatchInfo, infoTypos, type WordPlan } from "./match.ts";
import type { QueryWord } from "./parse-query.ts";

// Expands each query word against every dictionary of a snapshot: the two segments and the
// category table, whose matches stand for all products of the matched categories.

interface CategoryMatches {
  readonly slots: Uint32Array;
  readonly info: Uint16Array;
}

export function planWords(snap: Snapshot, words: readonly QueryWord[]): WordPlan[] {
  const single = words.filter((w) => !w.optional).length === 1;
  return words.map((word) => {
    const mode = expansionMode(snap, word, single);
    const others = snap.synonyms?.get(word.text) ?? [];
    const segments: TermExpansion[] = snap.segments.map((s) =>
      withSynonyms(expandWord(s, word, mode), others, (w) => expandWord(s, w, "exact")),
    );
    const categories = withSynonymCategories(matchCategories(snap, word, mode), others, (w) =>
      matchCategories(snap, w, "exact"),
    );
    let cost = 0;
    let lists = categories.slots.length;
    for (const e of segments) {
      cost += e.cost;
      for (let r = 0; r < e.ranges.length; r += 3) {
        lists += (e.ranges[r + 1] as number) - (e.ranges[r] as number);
      }
    }
    let categoryDocs = 0;
    for (const seg of snap.segments) {
      const offsets = seg.categoryDocs.offsets;
      for (const s of categories.slots) {
        if (s + 1 < offsets.length)
          categoryDocs += (offsets[s + 1] as number) - (offsets[s] as number);
      }
    }
    return {
      word,
      segments,
      categorySlots: categories.slots,
      categoryInfo: categories.info,
      categoryDocs,
      cost: cost + categoryDocs,
      lists,
    };
  });
}

/** The "not exact" bit of a match info (match.ts). */
const NOT_EXACT = 1 << 5;

/** A finished word, as a synonym stands for itself. */
const synonymWord = (text: string): QueryWord => ({ text, prefix: false, optional: false });

/**
 * The word's expansion joined by its synonyms' (search/synonyms.ts): their own terms and stems,
 * not their typos (a synonym is an exact spelling), all matched as "not exact", as a stem is.
 */
function withSynonyms(
  own: TermExpansion,
  others: readonly string[],
  expand: (word: QueryWord) => TermExpansion,
): TermExpansion {
  if (others.length === 0) return own;
  const ranges = [...own.ranges];
  let cost = own.cost;
  for (const other of others) {
    const e = expand(synonymWord(other));
    for (let r = 0; r < e.ranges.length; r += 3) {
      if (((e.ranges[r + 2] as number) & 3) !== 0) continue;
      ranges.push(e.ranges[r] as number, e.ranges[r + 1] as number, e.ranges[r + 2] as number);
    }
    cost += e.cost;
  }
  return { ranges: Int32Array.from(ranges), exact: own.exact, cost };
}

/** The categories the word matches and those its synonyms match, the best info per slot. */
function withSynonymCategories(
  own: CategoryMatches,
  others: readonly string[],
  match: (word: QueryWord) => CategoryMatches,
): CategoryMatches {
  if (others.length === 0) return own;
  const best = new Map<number, number>();
  const keep = (slot: number, inf: number) => {
    const seen = best.get(slot);
    if (seen === undefined || inf < seen) best.set(slot, inf);
  };
  own.slots.forEach((slot, i) => {
    keep(slot, own.info[i] as number);
  });
  for (const other of others) {
    const m = match(synonymWord(other));
    m.slots.forEach((slot, i) => {
      const inf = m.info[i] as number;
      if (infoTypos(inf) === 0) keep(slot, inf | NOT_EXACT);
    });
  }
  const slots = Uint32Array.from(best.keys());
  return { slots, info: Uint16Array.from(slots, (s) => best.get(s) as number) };
}

function expansionMode(snap: Snapshot, word: QueryWord, single: boolean): ExpansionMode {
  if (!word.prefix) return "exact";
  if (single && !word.optional && word.text.length === 1) return "initial";
  return completesAnything(snap, word.text) ? "prefix" : "typoPrefix";
}

/** Some dictionary has a term starting with `prefix`. */
function completesAnything(snap: Snapshot, prefix: string): boolean {
  for (const dict of [...snap.segments, snap.categories]) {
    if (startsSome(dict.text.terms, prefix)) return true;
  }
  return false;
}

/** Category slots whose own text matches the word, each with its best match info. */
function matchCategories(snap: Snapshot, word: QueryWord, mode: ExpansionMode): CategoryMatches {
  const table = snap.categories;
  const key = `c${mode}\u0001${word.text}`;
  const cached = table.cache.get(key) as CategoryMatches | undefined;
  if (cached !== undefined) return cached;
  const exp = expandWord(table, word, mode);
  const best = new Map<number, number>();
  const { offsets, docs, info } = table.text;
  for (let r = 0; r < exp.ranges.length; r += 3) {
    const flags = exp.ranges[r + 2] as number;
    const typos = flags & 3;
    // "initial": only categories whose name starts with the word.
    const initial = (flags & INITIAL_ONLY) !== 0;
    for (let t = exp.ranges[r] as number; t < (exp.ranges[r + 1] as number); t++) {
      for (let p = offsets[t] as number; p < (offsets[t + 1] as number); p++) {
        if (initial && (info[p] as number) > 1) continue;
        const slot = docs[p] as number;
        const inf = categoryMatchInfo(typos, t !== exp.exact, (info[p] as number) & 31);
        const seen = best.get(slot);
        if (seen === undefined || inf < seen) best.set(slot, inf);
      }
    }
  }
  const slots = Uint32Array.from(best.keys());
  const matches = { slots, info: Uint16Array.from(slots, (s) => best.get(s) as number) };
  table.cache.set(key, matches);
  return matches;
}

/** Category slots matched by every given word, with the sum of their match infos (lower is better). */
export function categoriesMatchingAll(plans: readonly WordPlan[]): Map<number, number> {
  let result: Map<number, number> | null = null;
  for (const plan of plans) {
    const next = new Map<number, number>();
    for (let i = 0; i < plan.categorySlots.length; i++) {
      const s = plan.categorySlots[i] as number;
      const inf = plan.categoryInfo[i] as number;
      if (result === null) next.set(s, inf);
      else if (result.has(s)) next.set(s, (result.get(s) as number) + inf);
    }
    result = next;
  }
  return result ?? new Map();
}
