import type {
  SearchCategory,
  SearchGroup,
  SearchParams,
  SearchProduct,
  SearchResponse,
} from "../../model/search.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { noteShown } from "./answer-stamp.ts";
import type { HitSet } from "./collect-hits.ts";
import { withHighlight } from "./highlight.ts";
import { categoryText, productItem } from "./items.ts";
import type { WordPlan } from "./match.ts";
import { warehouseSlot } from "./offer.ts";
import { pageSlice, pagination } from "./pagination.ts";
import { compareHits, topHits } from "./rank.ts";

// The three layouts of specification 4.3 rule 3, and the category list.
// Decisions:
// - grouped: groups are the categories with matching products, ordered by their best product;
//   pagination counts groups; products of a category that was never imported form a group
//   with that source id and an empty name, and are not listed in `categories`;
// - single category (category_id): exactly one group, even when empty; `total` and the
//   pagination count that category's matching products; filter counts are taken within it;
// - flat: exactly one group without category info, even when empty.

export interface LayoutInput {
  readonly hits: HitSet;
  /** Category slots whose own text matches the query, with their match quality. */
  readonly nameMatches: Map<number, number>;
  readonly correctedQuery: string;
  readonly suggestions: string[];
  /** The query's words as typed that no product of the answer matches (ignored-words.ts). */
  readonly ignoredWords: string[];
  /** The query words' expansions: what `highlight` marks in names. */
  readonly plans: readonly WordPlan[];
}

/** What the three layouts share: the hits counted per category, and how an item is made. */
interface Frame {
  readonly snap: Snapshot;
  readonly params: SearchParams;
  readonly hits: HitSet;
  /** Matching products per category slot. */
  readonly counts: Uint32Array;
  /** The slots with matching products, ordered by their best product. */
  readonly present: number[];
  /**
   * Grouped with a limit per category: the best `limit` hits of a slot, in rank order, taken
   * in the counting pass; null otherwise.
   */
  readonly best: ((slot: number) => number[]) | null;
  /** The answer but its products and pagination. */
  readonly head: (total: number) => Omit<SearchResponse, "products" | "pagination">;
  /** The item of hit `h`, highlighted when asked. */
  readonly item: (h: number) => SearchProduct;
  /** The docs `item` was asked for: what the answer shows (answer-stamp.ts). */
  readonly shown: number[];
}

export function layOut(snap: Snapshot, params: SearchParams, input: LayoutInput): SearchResponse {
  const frame = frameOf(snap, params, input);
  const answer =
    params.category_id !== null
      ? singleCategory(frame, params.category_id)
      : params.group_by_category
        ? grouped(frame)
        : flat(frame);
  noteShown(answer, frame.shown);
  return answer;
}

/** Single category: exactly one group, its products paged; total is the category's count. */
function singleCategory(frame: Frame, categoryId: string): SearchResponse {
  const { snap, params, hits } = frame;
  const slot = snap.categories.slots.get(categoryId) ?? -1;
  const members: number[] = [];
  for (let h = 0; h < hits.count; h++) if (hits.category[h] === slot) members.push(h);
  const entry =
    slot >= 0
      ? group(snap, params, slot, pageOfProducts(frame, members))
      : { source_category_id: categoryId, category_name: "", category_url: "", items: [] };
  return {
    ...frame.head(members.length),
    products: { groups: [entry] },
    pagination: pagination("products", params.page, params.product_page_size, members.length),
  };
}

/** Flat: exactly one group without category info, the products paged. */
function flat(frame: Frame): SearchResponse {
  const { params, hits } = frame;
  const all = Array.from({ length: hits.count }, (_, h) => h);
  const items = pageOfProducts(frame, all);
  return {
    ...frame.head(hits.count),
    products: { groups: [{ source_category_id: "", category_name: "", category_url: "", items }] },
    pagination: pagination("products", params.page, params.product_page_size, hits.count),
  };
}

/** Grouped: the categories paged, each with its best products. */
function grouped(frame: Frame): SearchResponse {
  const { snap, params, hits, present } = frame;
  const [from, to] = pageSlice(params.page, params.category_page_size);
  const onPage = present.slice(from, to);
  const head = frame.head(hits.count);
  const paged = pagination("categories", params.page, params.category_page_size, present.length);
  if (frame.best !== null) {
    const best = frame.best;
    const groups = onPage.map((s) => group(snap, params, s, best(s).map(frame.item)));
    return { ...head, products: { groups }, pagination: paged };
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
  const limit =
    params.per_category_limit < 0 ? Number.POSITIVE_INFINITY : params.per_category_limit;
  const groups = onPage.map((s, i) => {
    const list = lists[i] as number[];
    return group(
      snap,
      params,
      s,
      topHits(hits, list, Math.min(limit, list.length)).map(frame.item),
    );
  });
  return { ...head, products: { groups }, pagination: paged };
}

/** The items of the products page among `members` (hit indexes), by rank. */
function pageOfProducts(frame: Frame, members: number[]): SearchProduct[] {
  const [from, to] = pageSlice(frame.params.page, frame.params.product_page_size);
  return topHits(frame.hits, members, to).slice(from).map(frame.item);
}

/** A category's group; a slot never imported has its source id and an empty name. */
function group(
  snap: Snapshot,
  params: SearchParams,
  slot: number,
  items: SearchProduct[],
): SearchGroup {
  const entry = snap.categories.entries[slot];
  const { name, url } =
    entry === undefined ? { name: "", url: "" } : categoryText(entry, params.language);
  return { source_category_id: entry?.source ?? "", category_name: name, category_url: url, items };
}

/** Above this per_category_limit, a category's best are a heap's (topHits), not insertions. */
const MAX_KEPT_IN_PASS = 16;

/** Counts the hits per category, lists the categories, and builds what every layout shares. */
function frameOf(snap: Snapshot, params: SearchParams, input: LayoutInput): Frame {
  const { hits } = input;
  const language = params.language;
  const warehouse = warehouseSlot(snap, params.wid);
  const shown: number[] = [];
  const item = (h: number) => {
    const doc = hits.docs[h] as number;
    shown.push(doc);
    const product = productItem(snap, doc, language, warehouse);
    if (params.highlight === null) return product;
    return withHighlight(snap, doc, product, input.plans, params.highlight);
  };

  // Per category: matching products and the best of them (the best `keep`, in rank order:
  // the products a grouped page shows, found in this pass rather than in one per category).
  const slots = snap.categories.entries.length;
  const counts = new Uint32Array(slots);
  const limit = params.per_category_limit;
  const inPass =
    params.category_id === null &&
    params.group_by_category &&
    limit >= 0 &&
    limit <= MAX_KEPT_IN_PASS;
  const keep = inPass ? Math.max(1, limit) : 1;
  const top = new Int32Array(slots * keep);
  const present: number[] = [];
  for (let h = 0; h < hits.count; h++) {
    const s = hits.category[h] as number;
    const n = counts[s] as number;
    if (n === 0) present.push(s);
    counts[s] = n + 1;
    const base = s * keep;
    // Insertion into the slot's sorted best: most hits lose to its last and stop there.
    let i: number;
    if (n < keep) i = n;
    else if (compareHits(hits, h, top[base + keep - 1] as number) < 0) i = keep - 1;
    else continue;
    while (i > 0 && compareHits(hits, h, top[base + i - 1] as number) < 0) {
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

  const categories: SearchCategory[] = [];
  const listCategory = (s: number) => {
    const entry = snap.categories.entries[s];
    if (entry?.record == null) return;
    const { name, url } = categoryText(entry, language);
    categories.push({
      id: entry.record.id,
      source_id: entry.source,
      name,
      url,
      total: counts[s] as number,
    });
  };
  for (const s of present) listCategory(s);
  const byName = [...input.nameMatches]
    .filter(([s]) => counts[s] === 0)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [s] of byName) listCategory(s);

  const filters = hits.filters?.result() ?? [];
  const head = (total: number) => ({
    total,
    query: params.q,
    corrected_query: input.correctedQuery,
    ignored_words: input.ignoredWords,
    suggestions: input.suggestions,
    filters_enabled: params.show_filters,
    filters,
    categories,
  });
  return { snap, params, hits, counts, present, best, head, item, shown };
}
