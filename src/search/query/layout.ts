import type { Banner } from "../../model/merchandising.ts";
import type {
  CategoryCount,
  Hit,
  HitGroup,
  SearchRequest,
  SearchResult,
  VariantGroup,
} from "../engine-types.ts";
import { subtreeMask } from "../index/category-tree.ts";
import type { Snapshot } from "../index/snapshot.ts";
import type { HitSet } from "./collect-hits.ts";
import { nameRangesOf } from "./highlight.ts";
import type { WordPlan } from "./match.ts";
import { pageSlice } from "./pagination.ts";
import { compareHits, ranksBefore, topHits } from "./rank.ts";

// The three layouts of specification 4.3 rule 3, and the category list, as references to the
// docs and category slots of the snapshot (the HTTP side reads and shapes them).
// Decisions:
// - grouped: groups are the categories with matching products, ordered by their best product;
//   the pages count groups; products of a category that was never imported form a group
//   with that source id, and are not listed in `categories`;
// - single category (categoryId): exactly one group, even when empty; `total` counts that
//   category's matching products; filter counts are taken within it;
// - flat: exactly one group without category, even when empty.

export interface LayoutInput {
  readonly hits: HitSet;
  /** Merchandising pins: global doc -> 1-based position of a list (merchandising.ts). */
  readonly pins: ReadonlyMap<number, number> | null;
  /** Category slots whose own text matches the query, with their match quality. */
  readonly nameMatches: Map<number, number>;
  readonly correctedQuery: string;
  readonly suggestions: string[];
  /** The query's words as typed that no product of the answer matches (ignored-words.ts). */
  readonly ignoredWords: string[];
  /** The query words' expansions: what a highlight marks in names. */
  readonly plans: readonly WordPlan[];
  /** With groupVariants: each hit's group (variant-groups.ts); null otherwise. */
  readonly variants: ((h: number) => VariantGroup) | null;
  /** What the merchandising rules show beside the results (merchandising.ts). */
  readonly redirect: string | null;
  readonly banners: readonly Banner[];
}

/** What the three layouts share: the hits counted per category, and how a hit is made. */
interface Frame {
  readonly snap: Snapshot;
  readonly request: SearchRequest;
  readonly hits: HitSet;
  readonly pins: ReadonlyMap<number, number> | null;
  /** Matching products per category slot. */
  readonly counts: Uint32Array;
  /** The slots with matching products, ordered by their best product. */
  readonly present: number[];
  /**
   * Grouped with a limit per category: the best `limit` hits of a slot, in rank order, taken
   * in the counting pass; null otherwise.
   */
  readonly best: ((slot: number) => number[]) | null;
  /** The result but its groups and totals. */
  readonly head: Omit<SearchResult, "groups" | "total" | "groupCount">;
  /** The hit `h` refers to, with its ranges when asked. */
  readonly hit: (h: number) => Hit;
}

export function layOut(snap: Snapshot, request: SearchRequest, input: LayoutInput): SearchResult {
  const frame = frameOf(snap, request, input);
  if (request.categoryId !== null) return singleCategory(frame, request.categoryId);
  return request.grouped ? grouped(frame) : flat(frame);
}

/**
 * Single category: exactly one group, its products and its descendants' paged; total is their
 * count.
 */
function singleCategory(frame: Frame, categoryId: string): SearchResult {
  const { snap, hits } = frame;
  const slot = snap.categories.slots.get(categoryId) ?? -1;
  // The category's products and its descendants' (index/category-tree.ts), in its one group.
  const mask = subtreeMask(snap.categories, categoryId);
  const members: number[] = [];
  for (let h = 0; h < hits.count; h++) if (mask[hits.category[h] as number] === 1) members.push(h);
  const group: HitGroup =
    slot >= 0
      ? groupOf(snap, slot, pageOfProducts(frame, members))
      : // Not imported (yet): the products of its children, if any (a feed lists them first).
        { category: -1, sourceId: categoryId, hits: pageOfProducts(frame, members) };
  return { ...frame.head, total: members.length, groupCount: 1, groups: [group] };
}

/** Flat: exactly one group without category, the products paged. */
function flat(frame: Frame): SearchResult {
  const { hits } = frame;
  const group: HitGroup = {
    category: null,
    sourceId: "",
    hits: pageOfProducts(frame, everyHit(hits.count)),
  };
  return { ...frame.head, total: hits.count, groupCount: 1, groups: [group] };
}

/** Grouped: the categories paged, each with its best products. */
function grouped(frame: Frame): SearchResult {
  const { snap, request, hits, present } = frame;
  const [from, to] = pageSlice(request.page, request.groupsPerPage);
  const onPage = present.slice(from, to);
  const result = { ...frame.head, total: hits.count, groupCount: present.length };
  if (frame.best !== null) {
    const best = frame.best;
    const groups = onPage.map((s) => groupOf(snap, s, best(s).map(frame.hit)));
    return { ...result, groups };
  }
  // Slot -> its index on the page + 1 (0: not on the page), then one pass over the hits.
  const pageIndex = new Int32Array(frame.counts.length);
  onPage.forEach((s, i) => {
    pageIndex[s] = i + 1;
  });
  const lists: number[][] = onPage.map(() => []);
  for (let h = 0; h < hits.count; h++) {
    const i = pageIndex[hits.category[h] as number] as number;
    if (i > 0) (lists[i - 1] as number[]).push(h);
  }
  const limit = request.perGroup < 0 ? Number.POSITIVE_INFINITY : request.perGroup;
  const groups = onPage.map((s, i) => {
    const list = lists[i] as number[];
    return groupOf(snap, s, topHits(hits, list, Math.min(limit, list.length)).map(frame.hit));
  });
  return { ...result, groups };
}

/** The hits of the products page among `members` (hit indexes), by rank. */
/** 0, 1, .. n - 1, from one array grown as needed: a list of every hit, never written to. */
let identity = new Int32Array(0);
function everyHit(n: number): Int32Array {
  if (identity.length < n) {
    identity = new Int32Array(n + (n >>> 1));
    for (let i = 0; i < identity.length; i++) identity[i] = i;
  }
  return identity.subarray(0, n);
}

function pageOfProducts(frame: Frame, members: ArrayLike<number>): Hit[] {
  const [from, to] = pageSlice(frame.request.page, frame.request.pageSize);
  return placePins(frame.hits, members, frame.pins, to).slice(from).map(frame.hit);
}

/**
 * The best `k` of `members` in rank order, with the pinned ones at their positions (a pin past
 * the end of the list comes last; merchandising.ts).
 */
function placePins(
  hits: HitSet,
  members: ArrayLike<number>,
  pins: ReadonlyMap<number, number> | null,
  k: number,
): number[] {
  if (pins === null || pins.size === 0) return topHits(hits, members, k);
  const pinned: [number, number][] = [];
  const rest: number[] = [];
  for (let i = 0; i < members.length; i++) {
    const h = members[i] as number;
    const position = pins.get(hits.docs[h] as number);
    if (position === undefined) rest.push(h);
    else pinned.push([position, h]);
  }
  if (pinned.length === 0) return topHits(hits, members, k);
  pinned.sort((a, b) => a[0] - b[0]);
  const ranked = topHits(hits, rest, k);
  const out: number[] = [];
  let r = 0;
  let p = 0;
  while (out.length < k && (r < ranked.length || p < pinned.length)) {
    const next = pinned[p];
    if (next !== undefined && (next[0] <= out.length + 1 || r >= ranked.length)) {
      out.push(next[1]);
      p++;
    } else out.push(ranked[r++] as number);
  }
  return out;
}

/** A category's group; a slot never imported still has its source id. */
function groupOf(snap: Snapshot, slot: number, hits: Hit[]): HitGroup {
  return { category: slot, sourceId: snap.categories.entries[slot]?.source ?? "", hits };
}

/** Above this perGroup, a category's best are a heap's (topHits), not insertions. */
const MAX_KEPT_IN_PASS = 16;

/** Counts the hits per category, lists the categories, and builds what every layout shares. */
function frameOf(snap: Snapshot, request: SearchRequest, input: LayoutInput): Frame {
  const { hits } = input;
  const hit = (h: number): Hit => {
    const doc = hits.docs[h] as number;
    return {
      doc,
      ranges: request.highlight ? nameRangesOf(snap, doc, request.language, input.plans) : null,
      variants: input.variants?.(h) ?? null,
    };
  };

  // Per category: matching products and the best of them (the best `keep`, in rank order:
  // the products a grouped page shows, found in this pass rather than in one per category).
  const slots = snap.categories.entries.length;
  const counts = new Uint32Array(slots);
  const limit = request.perGroup;
  const inPass =
    request.categoryId === null && request.grouped && limit >= 0 && limit <= MAX_KEPT_IN_PASS;
  const keep = inPass ? Math.max(1, limit) : 1;
  const top = new Int32Array(slots * keep);
  const present: number[] = [];
  // Newest docs last: hits come in doc order, and a store's later docs are mostly its newer
  // ones, which win the ties of relevance. Read from the last, most hits lose to a slot's
  // last best at once; from the first, each new one went to the top of its slot (жіноча:
  // 20,851 moves for 13,018 hits).
  for (let h = hits.count - 1; h >= 0; h--) {
    const s = hits.category[h] as number;
    const n = counts[s] as number;
    if (n === 0) present.push(s);
    counts[s] = n + 1;
    const base = s * keep;
    // Insertion into the slot's sorted best: most hits lose to its last and stop there.
    let i: number;
    if (n < keep) i = n;
    else if (ranksBefore(hits, h, top[base + keep - 1] as number)) i = keep - 1;
    else continue;
    while (i > 0 && ranksBefore(hits, h, top[base + i - 1] as number)) {
      top[base + i] = top[base + i - 1] as number;
      i--;
    }
    top[base + i] = h;
  }
  present.sort((a, b) => compareHits(hits, top[a * keep] as number, top[b * keep] as number));
  const best = inPass
    ? (s: number) =>
        Array.from(top.subarray(s * keep, s * keep + Math.min(limit, counts[s] as number)))
    : null;

  const categories: CategoryCount[] = [];
  const listCategory = (s: number) => {
    if (snap.categories.entries[s]?.record == null) return;
    categories.push({ slot: s, total: counts[s] as number });
  };
  for (const s of present) listCategory(s);
  const byName = [...input.nameMatches]
    .filter(([s]) => counts[s] === 0)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [s] of byName) listCategory(s);

  const head = {
    correctedQuery: input.correctedQuery,
    ignoredWords: input.ignoredWords,
    suggestions: input.suggestions,
    facets: hits.filters?.result() ?? [],
    categories,
    price: hits.price,
    redirect: input.redirect,
    banners: input.banners,
  };
  return { snap, request, hits, pins: input.pins, counts, present, best, head, hit };
}
