import type {
  SearchCategory,
  SearchGroup,
  SearchParams,
  SearchResponse,
} from "../../model/search.ts";
import type { Snapshot } from "../index/snapshot.ts";
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
  /** The query words' expansions: what `highlight` marks in names. */
  readonly plans: readonly WordPlan[];
}

export function layOut(snap: Snapshot, params: SearchParams, input: LayoutInput): SearchResponse {
  const { hits } = input;
  const language = params.language;
  const warehouse = warehouseSlot(snap, params.wid);
  const item = (h: number) => {
    const doc = hits.docs[h] as number;
    const product = productItem(snap, doc, language, warehouse);
    if (params.highlight === null) return product;
    return withHighlight(snap, doc, product, input.plans, params.highlight);
  };

  // Per category: matching products and the best of them.
  const slots = snap.categories.entries.length;
  const counts = new Uint32Array(slots);
  const best = new Int32Array(slots).fill(-1);
  const present: number[] = [];
  for (let h = 0; h < hits.count; h++) {
    const s = hits.category[h] as number;
    if (counts[s] === 0) present.push(s);
    counts[s] = (counts[s] as number) + 1;
    const b = best[s] as number;
    if (b < 0 || compareHits(hits, h, b) < 0) best[s] = h;
  }
  present.sort((a, b) => compareHits(hits, best[a] as number, best[b] as number));

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

  const group = (s: number, items: SearchGroup["items"]): SearchGroup => {
    const entry = snap.categories.entries[s];
    const { name, url } =
      entry === undefined ? { name: "", url: "" } : categoryText(entry, language);
    return {
      source_category_id: entry?.source ?? "",
      category_name: name,
      category_url: url,
      items,
    };
  };

  const head = (total: number) => ({
    total,
    query: params.q,
    corrected_query: input.correctedQuery,
    suggestions: input.suggestions,
    filters_enabled: params.show_filters,
    filters,
    categories,
  });
  const filters = hits.filters?.result() ?? [];
  if (params.category_id !== null) {
    // Single category: its products paged; total is the category's count.
    const slot = snap.categories.slots.get(params.category_id) ?? -1;
    const members: number[] = [];
    for (let h = 0; h < hits.count; h++) if (hits.category[h] === slot) members.push(h);
    const [from, to] = pageSlice(params.page, params.product_page_size);
    const ranked = topHits(hits, members, to).slice(from);
    const entry =
      slot >= 0
        ? group(slot, ranked.map(item))
        : {
            source_category_id: params.category_id,
            category_name: "",
            category_url: "",
            items: [],
          };
    return {
      ...head(members.length),
      products: { groups: [entry] },
      pagination: pagination("products", params.page, params.product_page_size, members.length),
    };
  }

  if (!params.group_by_category) {
    const [from, to] = pageSlice(params.page, params.product_page_size);
    const list = Array.from({ length: hits.count }, (_, h) => h);
    const ranked = topHits(hits, list, to).slice(from);
    return {
      ...head(hits.count),
      products: {
        groups: [
          { source_category_id: "", category_name: "", category_url: "", items: ranked.map(item) },
        ],
      },
      pagination: pagination("products", params.page, params.product_page_size, hits.count),
    };
  }

  // Grouped: categories paged, each with its best products.
  const [from, to] = pageSlice(params.page, params.category_page_size);
  const onPage = present.slice(from, to);
  // Slot -> its index on the page + 1 (0: not on the page), then one pass over the hits.
  const pageIndex = new Int32Array(slots);
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
    return group(s, topHits(hits, list, Math.min(limit, list.length)).map(item));
  });
  return {
    ...head(hits.count),
    products: { groups },
    pagination: pagination("categories", params.page, params.category_page_size, present.length),
  };
}
