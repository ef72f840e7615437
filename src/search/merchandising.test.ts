// Merchandising rules in the engine (search/merchandising.ts; the body's checks:
// http/admin/merchandising-body.ts):
//  1. no rules: the ordinary ranking (newest first among equal matches)
//  2. hide: left out of the list, the total and the facet counts; hide wins over pin
//  3. boost by brand, category or attribute value; bury sinks below the unburied
//  4. pin at a position, past the end last, on later pages, and with the request's filters
//  5. a rule's query: exact or contains; other queries unaffected
//  6. dates: a rule applies within [from, to) only
//  7. the body: every error, per field, by JSON path
//  8. a cached answer made before a rule's date no longer holds once the date passed

import { describe, expect, test } from "bun:test";
import { category, param, params, product } from "../../test/fixtures/engine-catalog.ts";
import { parseRules } from "../http/admin/merchandising-body.ts";
import { answerSearch } from "../http/search/search-answer.ts";
import type { SearchParams } from "../model/search.ts";
import { answerHolds, buildSnapshot, offerEpoch, patchSnapshot, stampAnswer } from "./engine.ts";

const kettle = (id: number, vendor: string, cat: string, colour: string) =>
  product(id, {
    category: cat,
    code: `K-${id}`,
    vendor,
    newPrice: 100 * id,
    updatedAt: id,
    translations: { uk: { name: `Чайник ${vendor}`, params: [param("Колір", colour)] } },
  });

// Newest first among equal matches: p5, p4, p3, p2, p1 with no rules.
const base = buildSnapshot({
  products: [
    kettle(1, "Bosch", "10", "білий"),
    kettle(2, "Tefal", "10", "чорний"),
    kettle(3, "Bosch", "20", "чорний"),
    kettle(4, "Philips", "20", "білий"),
    kettle(5, "Tefal", "20", "білий"),
    product(6, {
      category: "20",
      code: "M-6",
      vendor: "Bosch",
      updatedAt: 6,
      translations: { uk: { name: "Міксер Bosch" } },
    }),
  ],
  categories: [category(1, 10, { uk: "Електричні" }), category(2, 20, { uk: "Скляні" })],
});

function withRules(rules: unknown[]) {
  const parsed = parseRules({ rules });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { ...base, merchandising: parsed.rules };
}

const flat = (p: Partial<SearchParams> = {}) =>
  params({ q: "чайник", group_by_category: false, show_unavailable: true, ...p });

function order(snap: typeof base, p: Partial<SearchParams> = {}): string[] {
  const r = answerSearch(snap, flat(p));
  return r.products.groups.flatMap((g) => g.items.map((i) => `p${i.id}`));
}

test("1. no rules: the ordinary ranking", () => {
  expect(order(base)).toEqual(["p5", "p4", "p3", "p2", "p1"]);
  expect(order(withRules([]))).toEqual(["p5", "p4", "p3", "p2", "p1"]);
});

describe("2. hide", () => {
  test("left out of the list, the total and the facet counts", () => {
    const snap = withRules([{ hide: ["p5", "p4", "nope"] }]);
    expect(order(snap)).toEqual(["p3", "p2", "p1"]);
    const r = answerSearch(snap, flat({ show_filters: true }));
    expect(r.total).toBe(3);
    const colour = r.filters.find((f) => f.name === "Колір");
    expect(colour?.values.map((v) => [v.name, v.total])).toEqual([
      ["чорний", 2],
      ["білий", 1],
    ]);
  });

  test("hide wins over pin", () => {
    expect(
      order(withRules([{ pin: [{ source_id: "p1", position: 1 }] }, { hide: ["p1"] }])),
    ).toEqual(["p5", "p4", "p3", "p2"]);
  });
});

test("2b. a product written again (a newer segment) is found by its source id", () => {
  const patched = patchSnapshot(base, { products: [kettle(1, "Bosch", "10", "білий")] });
  const snap = { ...patched, merchandising: withRules([{ hide: ["p1"] }]).merchandising };
  expect(order(snap)).toEqual(["p5", "p4", "p3", "p2"]);
});

describe("3. boost and bury", () => {
  test("by brand (case ignored), before text relevance and the tie-breaks", () => {
    expect(order(withRules([{ boost: [{ field: "brand", value: "bosch", weight: 3 }] }]))).toEqual([
      "p3",
      "p1",
      "p5",
      "p4",
      "p2",
    ]);
  });

  test("by category, weights added up across boosts and rules", () => {
    const snap = withRules([
      { boost: [{ field: "category", value: "10", weight: 2 }] },
      { boost: [{ field: "brand", value: "Tefal", weight: 1 }] },
    ]);
    // p2: 2 + 1, p1: 2, p5: 1, then p4, p3.
    expect(order(snap)).toEqual(["p2", "p1", "p5", "p4", "p3"]);
  });

  test("by attribute value", () => {
    const snap = withRules([
      { boost: [{ field: "attribute", attribute: "колір", value: "Чорний", weight: 5 }] },
    ]);
    expect(order(snap)).toEqual(["p3", "p2", "p5", "p4", "p1"]);
  });

  test("bury sinks below the unburied", () => {
    const snap = withRules([{ boost: [{ field: "brand", value: "Tefal", weight: -1 }] }]);
    expect(order(snap)).toEqual(["p4", "p3", "p1", "p5", "p2"]);
  });
});

describe("4. pin", () => {
  test("at a position; a taken position slides the next pin down", () => {
    const snap = withRules([
      { pin: [{ source_id: "p1", position: 1 }] },
      {
        pin: [
          { source_id: "p2", position: 1 },
          { source_id: "p3", position: 4 },
        ],
      },
    ]);
    expect(order(snap)).toEqual(["p1", "p2", "p5", "p3", "p4"]);
  });

  test("past the end: last; on a later page: there", () => {
    const snap = withRules([
      {
        pin: [
          { source_id: "p5", position: 100 },
          { source_id: "p1", position: 3 },
        ],
      },
    ]);
    expect(order(snap)).toEqual(["p4", "p3", "p1", "p2", "p5"]);
    expect(order(snap, { product_page_size: 2, page: 2 })).toEqual(["p1", "p2"]);
  });

  test("a product the words do not match, if it passes the filters", () => {
    const snap = withRules([{ pin: [{ source_id: "p6", position: 2 }] }]);
    expect(order(snap)).toEqual(["p5", "p6", "p4", "p3", "p2", "p1"]);
    expect(answerSearch(snap, flat()).total).toBe(6);
    // p6 has no price: a price bound leaves it out.
    expect(order(snap, { price_from: 50 })).toEqual(["p5", "p4", "p3", "p2", "p1"]);
    expect(order(snap, { category_id: "10" })).toEqual(["p2", "p1"]);
  });
});

describe("5. the rule's query", () => {
  const rules = [
    { query: { match: "exact", text: "Чайник bosch" }, hide: ["p1"] },
    { query: { match: "contains", text: "tefal" }, hide: ["p2"] },
  ];
  test("exact: the same words in order", () => {
    const snap = withRules(rules);
    expect(order(snap, { q: "чайник  BOSCH" })).toEqual(["p3"]);
    expect(order(snap, { q: "bosch чайник" })).toEqual(["p3", "p1"]);
    expect(order(snap)).toEqual(["p5", "p4", "p3", "p2", "p1"]);
  });
  test("contains: the words anywhere", () => {
    expect(order(withRules(rules), { q: "tefal чайник" })).toEqual(["p5"]);
  });
});

test("6. dates: [from, to)", () => {
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const now = Date.now();
  const hideP5 = (from: number, to: number) =>
    withRules([{ hide: ["p5"], from: iso(from), to: iso(to) }]);
  expect(order(hideP5(now - day, now + day))[0]).toBe("p4");
  expect(order(hideP5(now + day, now + 2 * day))[0]).toBe("p5");
  expect(order(hideP5(now - 2 * day, now - day))[0]).toBe("p5");
});

test("7. the body: every error, per field, nothing kept", () => {
  expect(parseRules({ rules: "x" })).toEqual({
    ok: false,
    errors: { rules: ["Expected a list of rules."] },
  });
  expect(
    parseRules({
      rules: [
        { query: { match: "like", text: "" }, pin: [{ source_id: "p1", position: 0 }] },
        { boost: [{ field: "brand", value: "x", weight: 11 }], extra: 1 },
        { hide: ["p1"], from: "2026-12-02", to: "2026-12-01" },
        { boost: [{ field: "attribute", value: "x", weight: 1 }] },
        {},
        { query: { match: "exact", text: "!!" }, hide: ["p1"] },
      ],
    }),
  ).toEqual({
    ok: false,
    errors: {
      "rules[0].query.match": ['Expected "exact" or "contains".'],
      "rules[0].query.text": ["Expected a text of 1 to 200 characters."],
      "rules[0].pin[0].position": ["Expected an integer from 1 to 1000."],
      "rules[1].extra": ["Unknown field."],
      "rules[1].boost[0].weight": ["Expected a non-zero integer from -10 to 10."],
      "rules[2].to": ["Expected a date after from."],
      "rules[3].boost[0].attribute": ["Expected a text of 1 to 200 characters."],
      "rules[4]": ["Expected at least one of pin, hide, boost, redirect, banner."],
      "rules[5].query.text": ["Expected at least one word."],
    },
  });
  expect(
    parseRules({ rules: [{ hide: ["p1"], from: "2026-12-01", to: "2026-12-01T10:00" }] }),
  ).toEqual({
    ok: true,
    rules: [{ hide: ["p1"], from: "2026-12-01T00:00:00.000Z", to: "2026-12-01T10:00:00.000Z" }],
  });
});

test("8. a cached answer no longer holds once a rule's date passed", async () => {
  const to = new Date(Date.now() + 40).toISOString();
  const snap = withRules([{ hide: ["p5"], to }]);
  const stamp = stampAnswer(
    offerEpoch(snap),
    { priceFrom: null, priceTo: null, sort: "relevance" },
    null,
  );
  expect(answerHolds(snap, stamp)).toBe(true);
  await Bun.sleep(60);
  expect(answerHolds(snap, stamp)).toBe(false);
  // Without rules' dates, the same wait changes nothing.
  const plain = stampAnswer(
    offerEpoch(base),
    { priceFrom: null, priceTo: null, sort: "relevance" },
    null,
  );
  await Bun.sleep(60);
  expect(answerHolds(base, plain)).toBe(true);
});
