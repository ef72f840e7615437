// A domain's own synonyms (search/synonyms.ts, query/plan.ts):
//  (the body's checks: http/admin/synonyms-body.test.ts)
//  1. synonymWord: a word as the search compares it, null for several or a model code
//  2. a set of equivalent words: a query with any of them finds the products of the others;
//     a one-way rule finds its means from the query word only
//  3. a synonym is no correction: the query keeps its word (corrected_query ""), and without
//     the table the word finds nothing, as any word in no product
//  4. a synonym's own typos are not searched: it is an exact spelling
//  5. the words a synonym found are highlighted

import { describe, expect, test } from "bun:test";
import { CATEGORIES, PRODUCTS, params } from "../../test/fixtures/engine-catalog.ts";
import { parseSynonyms } from "../http/admin/synonyms-body.ts";
import { answerSearch } from "../http/search/search-answer.ts";
import { buildSnapshot } from "./engine.ts";
import { synonymTable, synonymWord } from "./synonyms.ts";

const base = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

function ids(snap: typeof base, q: string): number[] {
  const r = answerSearch(snap, params({ q, group_by_category: false, show_unavailable: true }));
  return r.products.groups.flatMap((g) => g.items.map((p) => p.id)).sort((a, b) => a - b);
}

function withSynonyms(body: unknown) {
  const parsed = parseSynonyms(body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { ...base, synonyms: synonymTable(parsed.sets) };
}

test("1. synonymWord", () => {
  expect(
    ["Ёлка", "Lenovo", "м\u2019ясо", "two words", "wh-1000xm5", "128"].map(synonymWord),
  ).toEqual(["елка", "lenovo", "мясо", null, null, "128"]);
});

describe("search with synonyms", () => {
  const lenovo = ids(base, "lenovo ");
  const apple = ids(base, "apple ");

  test("a set of equivalent words finds the products of each, both ways", () => {
    expect(lenovo.length).toBeGreaterThan(0);
    expect(ids(base, "ленік ")).toEqual([]);
    const snap = withSynonyms({ synonyms: [{ words: ["ленік", "lenovo"] }] });
    expect(ids(snap, "ленік ")).toEqual(lenovo);
    expect(ids(snap, "ленік")).toEqual(lenovo);
    expect(ids(snap, "lenovo ")).toEqual(lenovo);
  });

  test("the words a synonym found are highlighted", () => {
    const snap = withSynonyms({ synonyms: [{ words: ["ленік", "lenovo"] }] });
    const r = answerSearch(
      snap,
      params({ q: "ленік ", group_by_category: false, highlight: "html" }),
    );
    const names = r.products.groups.flatMap((g) => g.items.map((p) => p.name_html));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain("<mark>Lenovo</mark>");
  });

  test("a one-way rule finds its means from the query word only", () => {
    // A word no correction takes to Apple (епл would be, by its sound: sound-key.ts).
    const snap = withSynonyms({ synonyms: [{ query: "яблучко", means: ["apple"] }] });
    expect(ids(snap, "яблучко ")).toEqual(apple);
    expect(ids(snap, "apple ")).toEqual(apple);
    const back = withSynonyms({ synonyms: [{ query: "apple", means: ["яблучко"] }] });
    expect(ids(back, "яблучко ")).toEqual([]);
  });

  test("a synonym is kept as typed, not corrected", () => {
    const snap = withSynonyms({ synonyms: [{ words: ["леново", "lenovo"] }] });
    const r = answerSearch(snap, params({ q: "леново ", use_corrections: true }));
    expect(r.corrected_query).toBe("");
    expect(r.total).toBe(lenovo.length);
  });

  test("a synonym's own typos are not searched", () => {
    // "lenova" is one typo from "lenovo": as a synonym it is an exact spelling of its own.
    const snap = withSynonyms({ synonyms: [{ words: ["леново", "lenova"] }] });
    expect(ids(snap, "леново ")).toEqual([]);
  });
});
