import { expect, test } from "bun:test";
import { searchRequest } from "../src/http/search/search-answer.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../src/model/search.ts";
import { Rng } from "../src/sample-catalog/prng.ts";
import {
  buildSnapshot,
  laterSteps,
  patchSnapshot,
  productView,
  readProduct,
  type Snapshot,
  search,
  writeOffers,
} from "../src/search/engine.ts";
import type { SearchRequest, SearchResult } from "../src/search/engine-types.ts";
import { collectHits } from "../src/search/query/collect-hits.ts";
import { everyDoc } from "../src/search/query/every-doc.ts";
import { layOut } from "../src/search/query/layout.ts";
import { collapseVariants } from "../src/search/query/variant-groups.ts";
import { type CatalogName, catalogSource } from "./fixtures/catalogs/index.ts";
import { toRecords } from "./fixtures/records.ts";

// A category page is made of its listing (src/search/query/category-page.ts): every page of it,
// in every order, layout and price bound, with one card per product or not, must be the page
// the search's own path makes of the same request (collect, collapse, lay out: run-search.ts
// before listings), on both catalogs, over a snapshot of several segments with replaced docs;
// whether the steps of a listing's later asks were taken ahead or not.

/** The search's own path for a category page without filters or rules. */
function ownPath(snap: Snapshot, request: SearchRequest): SearchResult {
  const given = { candidates: everyDoc(snap, request.categoryId), bits: new Uint16Array(0) };
  const hits = collectHits(snap, request, [], given, new Set(), [], null);
  const grouped = request.groupVariants ? collapseVariants(hits) : null;
  return layOut(snap, request, {
    hits: grouped?.hits ?? hits,
    variants: grouped?.variants ?? null,
    pins: null,
    nameMatches: new Map(),
    correctedQuery: "",
    suggestions: [],
    ignoredWords: [],
    plans: [],
    redirect: null,
    banners: [],
  });
}

function snapshotOf(name: CatalogName): {
  snap: Snapshot;
  wid: string;
  ids: string[];
  records: ReturnType<typeof toRecords>;
} {
  const catalog = catalogSource(name).catalog(5, 3000);
  const records = toRecords(catalog);
  const base = buildSnapshot({
    products: records.products.slice(0, 2400),
    categories: records.categories,
  });
  // Later segments, some of their docs replacing the base's: new prices, other availability.
  const changed = records.products
    .slice(2000)
    .map((p, i) =>
      i % 3 === 0 && p.new_price !== null
        ? { ...p, new_price: p.new_price + 1, available: i % 2 === 0 }
        : p,
    );
  const snap = patchSnapshot(patchSnapshot(base, { products: changed.slice(0, 500) }), {
    products: changed.slice(500),
  });
  const wid =
    records.products.find((p) => (p.warehouses ?? []).length > 0)?.warehouses?.[0]?.external_id ??
    "";
  return { snap, wid, ids: records.products.map((p) => p.source_id), records };
}

const SORTS = ["relevance", "price_asc", "price_desc", "newest", "discount", "popular"] as const;

for (const name of ["project", "feed"] as const) {
  test(`${name} catalog: every page of a listing is the search's own page`, () => {
    const { snap, wid, ids } = snapshotOf(name);
    const rng = new Rng(11);
    const random = () => rng.next();
    const pick = <T>(xs: readonly T[]): T => rng.pick(xs);
    const all = search(snap, searchRequest({ ...SEARCH_DEFAULTS, browse: true }));
    const slots = (all?.categories ?? []).map((c) => c.slot);
    const categoryIds = [
      null,
      ...slots.map((s) => snap.categories.entries[s]?.source ?? ""),
      // Parents: their descendants' products (index/category-tree.ts).
      ...snap.categories.entries
        .filter((e) => e.record?.parent_id != null)
        .map((e) => String(e.record?.parent_id)),
      "no-such-category",
    ];
    const popularity = ids.slice(0, 300).map((id, i) => [id, 300 - (i % 17)] as const);
    const prices = [null, null, 100, 500, 1000, 5000, 20000];
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const params: SearchParams = {
        ...SEARCH_DEFAULTS,
        browse: true,
        category_id: i % 4 === 0 ? null : pick(categoryIds),
        language: pick(["uk", "ru", "en"] as const),
        sort: pick(SORTS),
        group_variants: random() < 0.5,
        group_by_category: random() < 0.5,
        per_category_limit: pick([-1, 0, 1, 3, 20]),
        page: pick([1, 1, 1, 2, 3, 7, 400]),
        product_page_size: pick([1, 10, 50]),
        category_page_size: pick([1, 5, 10]),
        price_from: pick(prices),
        price_to: pick(prices),
        show_unavailable: random() < 0.3,
        show_filters: random() < 0.7,
        wid: random() < 0.2 ? wid : null,
        highlight: random() < 0.2 ? "html" : null,
      };
      // Bounds the wrong way round find nothing: one in ten.
      const [low, high] = [params.price_from, params.price_to];
      if (low !== null && high !== null && low > high && i % 10 !== 0)
        [params.price_from, params.price_to] = [high, low];
      const request = searchRequest(params, [], popularity);
      // The ask that collects a category's hits lays them out unranked, the next ranks them (as
      // the first ask of another order of them does), the next keeps the page without bounds.
      const listed = search(snap, request);
      // Or the steps of its later asks taken between (later-steps.ts): the default order by
      // these scores, by none, or left to the asks.
      if (i % 3 !== 2)
        for (const step of laterSteps(snap, request, i % 3 === 0 ? popularity : [])) step();
      const ranked = search(snap, request);
      const kept = search(snap, request);
      const own = ownPath(snap, request);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(own));
      expect(JSON.stringify(ranked)).toBe(JSON.stringify(own));
      expect(JSON.stringify(kept)).toBe(JSON.stringify(own));
      compared += own.groups.some((g) => g.hits.length > 0) ? 1 : 0;
    }
    // Most pages show products: the comparison is not of empty pages.
    expect(compared).toBeGreaterThan(150);
  });
}

test("a listing is made again once an offer is written in place, or on a new snapshot", () => {
  const { snap, records } = snapshotOf("project");
  const request = searchRequest({
    ...SEARCH_DEFAULTS,
    browse: true,
    group_by_category: false,
    sort: "price_asc",
    product_page_size: 5,
  });
  for (let i = 0; i < 3; i++) search(snap, request);
  const before = search(snap, request);
  const cheapest = before?.groups[0]?.hits[0]?.doc;
  // The cheapest product becomes the dearest.
  expect(cheapest).toBeDefined();
  const { sourceId } = readProduct(snap, cheapest as number, "uk", null, productView());
  const product = records.products.findLast((p) => p.source_id === sourceId);
  if (product === undefined) throw new Error(`no product ${sourceId}`);
  const repriced = {
    ...product,
    new_price: 10_000_000,
    old_price: null,
    updated_at: product.updated_at + 50_000,
    content_updated_at: product.content_updated_at,
  };
  expect(writeOffers(snap, [repriced])).toEqual([]);
  const after = search(snap, request);
  expect(after?.groups[0]?.hits.map((h) => h.doc)).not.toContain(cheapest);
  expect(JSON.stringify(after)).toBe(JSON.stringify(ownPath(snap, request)));
  // A new snapshot: the same, through its own listing.
  const next = patchSnapshot(snap, { products: [{ ...repriced, new_price: 1 }] });
  expect(JSON.stringify(search(next, request))).toBe(JSON.stringify(ownPath(next, request)));
});
