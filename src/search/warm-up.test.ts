// The warm-up's queries and derived data (search/warm-up.ts), on the hand-made catalog of
// test/fixtures/engine-catalog.ts. Properties checked:
//  1. the queries come from the snapshot's own words, the same for the same records (another
//     build), one of each kind a widget sends, under each layout and filter
//  2. each one is a search with words: it has a result, whose answer echoes its query
//  3. prepareSnapshot builds every dictionary's transliteration keys and name counts;
//     prepareIfSearched builds those of a patched snapshot only when a search asked for them
import { expect, test } from "bun:test";
import { CATEGORIES, PRODUCTS, product } from "../../test/fixtures/engine-catalog.ts";
import { searchAnswer } from "../http/search/search-answer.ts";
import {
  buildSnapshot,
  patchSnapshot,
  prepareIfSearched,
  prepareSnapshot,
  search,
  WARM_UP_SET,
  warmUpQueries,
} from "./engine.ts";
import type { Snapshot } from "./index/snapshot.ts";
import { nameCountsAsked } from "./query/suggest.ts";
import { translitAsked } from "./query/vocabulary.ts";

const KETTLE = product(50, {
  category: "10",
  code: "KT-50",
  updatedAt: 50,
  translations: { uk: { name: "Чайник електричний" } },
});

const build = () => buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

test("1. the queries: the snapshot's words, deterministic, every kind and layout", () => {
  const queries = warmUpQueries(build());
  expect(queries).toEqual(warmUpQueries(build()));
  expect(queries.length).toBe(80);
  // The most frequent words of each script come first: here the colour, indexed in uk, ru and
  // en (the attribute value's words in every language).
  expect(queries.slice(0, WARM_UP_SET).map((p) => p.query)).toEqual([
    // several words
    "черный чорний black ",
    "apple навушники",
    // one typo
    "нваушники",
    "нотбук",
    "appele",
    "airpoqs",
    // wrong layout both ways, transliteration
    "xthysq",
    "идфсл",
    "corni",
    // in no product
    "zqxjv0kwpy",
    "щжфхцчшщ",
    "черный zqxjvkwp щжфхцч",
    // a real code without its separator, absent codes
    "mbam2",
    "zq-9001346",
    "mbam9",
    // prefixes
    "blac",
    "чорни",
    "черный чорн",
    "чер",
    // a category page
    "",
  ]);
  // The first is a widget's defaults (specification 4.3); the others differ as below.
  const defaults = queries[0] as (typeof queries)[number];
  const changed = queries
    .slice(0, 10)
    .map(({ query: _, ...rest }) =>
      Object.fromEntries(
        Object.entries(rest).filter(
          ([k, v]) => !Bun.deepEquals(v, defaults[k as keyof typeof defaults]),
        ),
      ),
    );
  expect(defaults).toMatchObject({ grouped: true, page: 1, pageSize: 10, perGroup: 3 });
  expect(changed).toEqual([
    {},
    { grouped: false },
    { categoryId: "10" },
    { filters: [8511556655354663], showUnavailable: true },
    { language: "ru", priceFrom: 1, priceTo: 100000 },
    { corrections: false, suggestions: true },
    { language: "en", page: 2, highlight: true },
    { facets: false, warehouse: "kyiv" },
    { grouped: false, pageSize: 30, perGroup: -1 },
    { grouped: false, sort: "price_asc" },
  ]);
  expect(warmUpQueries(buildSnapshot({ products: [], categories: [] }))).toEqual([]);
});

test("2. each is a search with words, or a category page", () => {
  const snap = build();
  for (const request of warmUpQueries(snap)) {
    const result = search(snap, request);
    expect(result).not.toBeNull();
    expect(searchAnswer(snap, request, result, null).query).toBe(request.query);
  }
});

const dictionaries = (snap: Snapshot) => [...snap.segments, snap.categories];

test("3. derived data: all of it at start, after a patch only what searches asked for", () => {
  const snap = build();
  expect(dictionaries(snap).map(translitAsked)).toEqual([false, false]);
  prepareSnapshot(snap);
  expect(dictionaries(snap).map(translitAsked)).toEqual([true, true]);
  expect(snap.segments.map(nameCountsAsked)).toEqual([true]);

  const unsearched = patchSnapshot(build(), { products: [KETTLE] });
  prepareIfSearched(unsearched);
  expect(dictionaries(unsearched).map(translitAsked)).toEqual([false, false, false]);

  const patched = patchSnapshot(snap, { products: [KETTLE] });
  expect(dictionaries(patched).map(translitAsked)).toEqual([true, false, true]);
  expect(patched.segments.map(nameCountsAsked)).toEqual([true, false]);
  prepareIfSearched(patched);
  expect(dictionaries(patched).map(translitAsked)).toEqual([true, true, true]);
  expect(patched.segments.map(nameCountsAsked)).toEqual([true, true]);
});
