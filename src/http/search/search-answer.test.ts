// The specification's answer made of the engine's result (search-answer.ts); the layouts,
// names and highlights are checked through it by the engine's tests (src/search/*.test.ts).
//  1. a facet value's swatch is the filter value's `swatch_image`, after its `color`; a facet
//     without swatches is sent with the same fields
//  2. a query without words (no result) is the empty data set with the filters flag asked
//  3. answerBytes is JSON.stringify of the answer in UTF-8, byte for byte, its filters' and categories'
//     JSON kept for the lists of counts answered again (a listing's pages) and a query that
//     spells the keys
import { expect, test } from "bun:test";
import { category, param, product } from "../../../test/fixtures/engine-catalog.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../../model/search.ts";
import { buildSnapshot, search } from "../../search/engine.ts";
import {
  answerBytes,
  answerSearch,
  emptyAnswer,
  searchAnswer,
  searchRequest,
} from "./search-answer.ts";

const swatch = {
  ...param("Колір", "червоний", "#ff0000"),
  swatch_image: "https://img.example/r.png",
};
const snap = buildSnapshot({
  categories: [category(1, 10, { uk: "Чайники" })],
  products: [
    product(1, {
      category: "10",
      code: "K-1",
      updatedAt: 1,
      translations: { uk: { name: "Чайник", params: [swatch, param("Обʼєм", "1,7 л")] } },
    }),
  ],
});
const params = (p: Partial<SearchParams>): SearchParams => ({ ...SEARCH_DEFAULTS, ...p });

test("1. swatches are swatch_image", () => {
  const filters = answerSearch(snap, params({ q: "чайник" })).filters;
  expect(JSON.stringify(filters.map((f) => f.values))).toBe(
    JSON.stringify([
      [
        {
          id: filters[0]?.values[0]?.id,
          name: "червоний",
          total: 1,
          color: "#ff0000",
          swatch_image: "https://img.example/r.png",
        },
      ],
      [{ id: filters[1]?.values[0]?.id, name: "1,7 л", total: 1 }],
    ]),
  );
});

test("2. no words, no result: the empty data set", () => {
  // Its exact shape is checked by the engine's tests (engine.test.ts, 20).
  const request = searchRequest(params({ q: " ,. ", page: 2, show_filters: false }));
  expect(search(snap, request)).toBeNull();
  const answer = searchAnswer(snap, request, null, null);
  expect(answer).toEqual(emptyAnswer(request, false));
  expect([answer.query, answer.pagination.current_page]).toEqual([" ,. ", 1]);
});

test("3. answerBytes is the answer's JSON", () => {
  const answerJson = (...args: Parameters<typeof answerBytes>) =>
    new TextDecoder().decode(answerBytes(...args));
  const asks = [
    params({ q: "чайник" }),
    params({ q: '"filters":[] чайник' }),
    params({ q: '"categories":[] чайник' }),
    params({ q: "чайник", show_filters: false }),
    params({ browse: true, group_by_category: false }),
    params({ q: " ,. " }),
  ];
  for (const p of asks) {
    const request = searchRequest(p);
    const result = search(snap, request);
    const whole = JSON.stringify(searchAnswer(snap, request, result, null));
    // Twice: the second with the filters' and the categories' JSON kept, for a listing's page.
    expect(answerJson(snap, request, result, null)).toBe(whole);
    expect(answerJson(snap, request, result, null)).toBe(whole);
  }
  const browsed = searchRequest(params({ browse: true, group_by_category: false }));
  const json = answerJson(snap, browsed, search(snap, browsed), null);
  expect(json).toContain('"filters":[{"id":');
  expect(json).toContain('"categories":[{"id":');
  // Another page of the listing in another language: its own lists, its own names.
  for (const language of ["ru", "uk"] as const) {
    const paged = searchRequest(
      params({ browse: true, group_by_category: false, language, page: 2 }),
    );
    const result = search(snap, paged);
    const whole = JSON.stringify(searchAnswer(snap, paged, result, null));
    expect(answerJson(snap, paged, result, null)).toBe(whole);
    expect(answerJson(snap, paged, search(snap, paged), null)).toBe(whole);
  }
});
