// The listing page's classes of the new-query benchmark (issue 32, point 7): each new query of
// a class asked once as it is, once sorted (price_asc, price_desc, newest, discount in turn)
// and once with group_variants=true, in a random order of the three, so that the sorted and
// grouped p50 and p99 of a class compare with its own plain ones in one run; then category
// pages (browse=true, filters shown) of the largest category and of the whole store, each URL
// new (another page, sort, price bound, grouped or not), so that no answer comes from the cache.

import type { MixQuery } from "../../test/fixtures/query-mix.ts";
import { timedGet } from "../suite/load.ts";
import { percentile } from "../suite/report.ts";

const SORTS = ["price_asc", "price_desc", "newest", "discount"] as const;
/** Category pages asked per kind: pages 1-5 of each sort and price bound, all distinct URLs. */
const PAGES = 60;
/** Within this of the same queries plain and flat, at p50 and p99 (point 7). */
const RATIO_TARGET = 1.5;

/** The forms a query is asked in; `plain` is the query as the class makes it. */
export type Form = "plain" | "sorted" | "grouped";
type Answer = Awaited<ReturnType<typeof timedGet>>;

/** Server ms of each form, per class. */
export type ListingTimes = Record<Exclude<Form, "plain">, Map<string, number[]>>;

export const listingTimes = (): ListingTimes => ({ sorted: new Map(), grouped: new Map() });

/** A tiny PRNG of its own: the order of each query's three forms, the same for a seed. */
export function formOrder(seed: number): () => Form[] {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  return () => {
    const forms: Form[] = ["plain", "sorted", "grouped"];
    for (let i = forms.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [forms[i], forms[j]] = [forms[j] as Form, forms[i] as Form];
    }
    return forms;
  };
}

/** The parameters of query `q` (the `k`th asked) in `form`. */
export function inForm(q: MixQuery, form: Form, k: number): Record<string, string> {
  if (form === "sorted") return { ...q.params, sort: SORTS[k % SORTS.length] as string };
  if (form === "grouped") return { ...q.params, group_variants: "true" };
  return q.params;
}

/** Records a sorted or grouped answer's server time into `times`. */
export function recordForm(times: ListingTimes, form: Form, q: MixQuery, r: Answer): void {
  if (form === "plain") return;
  if (r.status !== 200 || r.serverMs === null)
    throw new Error(`${form} ${q.params.q}: ${r.status}`);
  const into = times[form];
  into.set(q.class, [...(into.get(q.class) ?? []), r.serverMs]);
}

interface Figures {
  p50: number;
  p99: number;
}
const figures = (ms: number[]): Figures => ({ p50: percentile(ms, 50), p99: percentile(ms, 99) });

export interface CategoryPages {
  /** The largest category: its source id, its products, and the pages' figures. */
  category: Figures & { id: string; products: number };
  store: Figures & { products: number };
}

/**
 * The i-th category page asked of a page kind (i < PAGES) whose prices run from min to max:
 * pages 1-5 of each sort, half of them grouped, the last 30 with a price bound a shopper's
 * slider sends, another each (5% to 34% of the range from its lowest price): no URL twice.
 */
export function categoryPageParams(i: number, min: number, max: number): Record<string, string> {
  return {
    browse: "true",
    page: String(1 + (i % 5)),
    ...(i % 6 < 4 ? { sort: SORTS[i % 4] as string } : {}),
    ...(i >= 30
      ? { price_from: String(Math.round(min + ((max - min) * (5 + (i % 30))) / 100)) }
      : {}),
    ...(i % 2 === 1 ? { group_variants: "true" } : {}),
  };
}

/**
 * Category pages of the largest category and of the whole store; `search` makes the URL of
 * the given parameters (token added).
 */
export async function askCategoryPages(
  search: (params: Record<string, string>) => string,
): Promise<CategoryPages> {
  const all = search({
    browse: "true",
    show_unavailable: "true",
    show_filters: "false",
    group_by_category: "false",
  });
  const browsed = (await (await fetch(all)).json()) as {
    total: number;
    categories: { source_id: string; total: number }[];
  };
  const largest = [...browsed.categories].sort((a, b) => b.total - a.total)[0];
  const pages = async (base: Record<string, string>) => {
    // The page's own price range, for the bounds of its slider.
    const range = (await (await fetch(search({ ...base, browse: "true" }))).json()) as {
      stats: { price: { min: number; max: number } | null };
    };
    const { min, max } = range.stats.price ?? { min: 0, max: 0 };
    const ms: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const params = { ...base, ...categoryPageParams(i, min, max) };
      const r = await timedGet(search(params));
      if (r.status !== 200 || r.serverMs === null) throw new Error(`browse: ${r.status}`);
      ms.push(r.serverMs);
    }
    return figures(ms);
  };
  const id = largest?.source_id ?? "";
  return {
    category: {
      id,
      products: largest?.total ?? 0,
      ...(await pages({ category_id: id, show_filters: "true" })),
    },
    store: {
      products: browsed.total,
      ...(await pages({ group_by_category: "false", show_filters: "true" })),
    },
  };
}

const f3 = (n: number) => n.toFixed(3);
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
const shown = (r: number) => (Number.isNaN(r) ? "-" : r.toFixed(2));

/**
 * The listing table: per class, plain / sorted / grouped p50 and p99 and their ratios to
 * plain; then the category pages (part 7's targets are the class table's).
 */
export function listingTable(
  plain: ReadonlyMap<string, number[]>,
  times: ListingTimes,
  pages: CategoryPages,
  target: { p50: number; p99: number; max: number },
): string {
  const rows = [...plain].map(([name, ms]) => {
    const a = figures(ms);
    const b = figures(times.sorted.get(name) ?? []);
    const g = figures(times.grouped.get(name) ?? []);
    const ratios = [
      ratio(b.p50, a.p50),
      ratio(g.p50, a.p50),
      ratio(b.p99, a.p99),
      ratio(g.p99, a.p99),
    ];
    const met = ratios.every((r) => r <= RATIO_TARGET);
    return `| ${name} | ${ms.length} | ${f3(a.p50)} / ${f3(b.p50)} / ${f3(g.p50)} | ${shown(ratios[0] as number)} / ${shown(ratios[1] as number)} | ${f3(a.p99)} / ${f3(b.p99)} / ${f3(g.p99)} | ${shown(ratios[2] as number)} / ${shown(ratios[3] as number)} | ${met ? "met" : "**not met**"} |`;
  });
  const page = (name: string, products: number, p: Figures) => {
    const met = p.p50 <= target.p50 && p.p99 <= target.p99;
    return `| ${name} | ${products.toLocaleString("en")} | ${f3(p.p50)} | ${f3(p.p99)} | ${met ? "met" : "**not met**"} |`;
  };
  return `The listing page (issue 32): each query of the classes above was asked plain, sorted
(\`price_asc\`, \`price_desc\`, \`newest\`, \`discount\` in turn) and with \`group_variants=true\`, in a
random order of the three; server ms. Target: sorted / plain and grouped / plain ≤ ${RATIO_TARGET} at p50 and p99.

| class | queries | p50 plain / sorted / grouped | ratios | p99 plain / sorted / grouped | ratios | target |
|---|---:|---:|---:|---:|---:|---|
${rows.join("\n")}

Category pages (\`browse=true\`, filters shown), ${PAGES} each: pages 1-5 of each sort, with and
without a price bound, half of them grouped, each URL new. Target: server p50 ≤ ${target.p50}, p99 ≤ ${target.p99} ms.

| category page | products | server p50 | server p99 | target |
|---|---:|---:|---:|---|
${page(`the largest category (${pages.category.id})`, pages.category.products, pages.category)}
${page("the whole store, flat", pages.store.products, pages.store)}
`;
}
