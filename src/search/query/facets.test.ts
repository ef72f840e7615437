// The bounds of filters (PRODUCT.md "Search"; README "Search", limits), on a catalog built to
// exceed them:
//  1. an answer carries at most FACET_LIMITS.attributes attributes, the heaviest first
//  2. and at most FACET_LIMITS.values values of each, the most frequent, in the order of
//     count then name; a selected value is always listed, and its attribute too
//  3. an attribute holds at most REGISTRY_LIMITS.valuesPerAttribute values in a domain's
//     index: the values past it are no filters (selecting one is an unknown id: ignored)
import { expect, test } from "bun:test";
import { category, param, params, product } from "../../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../../http/search/search-answer.ts";
import { buildSnapshot } from "../engine.ts";
import { REGISTRY_LIMITS } from "../index/facet-registry.ts";
import { attributeId, valueId } from "../index/hash-ids.ts";
import { FACET_LIMITS } from "./facets.ts";

const ATTRIBUTES = FACET_LIMITS.attributes + 5;
const VALUES = REGISTRY_LIMITS.valuesPerAttribute + 10;
// Product i has value `v{i}` of "Size" (VALUES of them, v0..v9 twice as frequent: products
// VALUES..VALUES+9 repeat them), and value "x" of attributes A0..A{ATTRIBUTES-1}, attribute Ak
// on the products i < VALUES - 20 - k: Size weighs most, then A0, A1...
const products = Array.from({ length: VALUES + 10 }, (_, i) =>
  product(i + 1, {
    category: "1",
    code: `C${i}`,
    updatedAt: 1,
    translations: {
      uk: {
        name: "Футболка",
        params: [
          param("Size", `v${i % VALUES}`),
          ...Array.from({ length: ATTRIBUTES }, (_, k) => k)
            .filter((k) => i < VALUES - 20 - k)
            .map((k) => param(`A${k}`, "x")),
        ],
      },
    },
  }),
);
const snap = buildSnapshot({ products, categories: [category(1, 1, { uk: "Одяг" })] });
const SIZE = attributeId("uk", "Size");
const find = (filters: number[] = []) =>
  answerSearch(snap, params({ q: "футболка", show_unavailable: true, filters }));

test("1-2. attributes and values per answer are capped, most frequent first", () => {
  const { filters } = find();
  expect(filters.map((f) => f.name)).toEqual([
    "Size",
    ...Array.from({ length: FACET_LIMITS.attributes - 1 }, (_, k) => `A${k}`),
  ]);
  const size = filters[0]?.values ?? [];
  const names = Array.from({ length: 10 }, (_, i) => `v${i}`).concat(
    Array.from({ length: FACET_LIMITS.values - 10 }, (_, i) => `v${i + 10}`),
  );
  // Count first (v0..v9 have 2), then name in the collation of numbers (v10 < v11 < ... v99).
  expect(size.map((v) => [v.name, v.total])).toEqual(
    names.map((n, i) => [n, i < 10 ? 2 : 1]).sort((x, y) => (y[1] as number) - (x[1] as number)),
  );
});

test("2. a selected value past the cap is listed, and the attribute of a light one too", () => {
  const last = valueId(SIZE, `v${REGISTRY_LIMITS.valuesPerAttribute - 1}`);
  const heavy = find([last]).filters[0];
  expect(heavy?.values.length).toBe(FACET_LIMITS.values + 1);
  expect(heavy?.values.at(-1)).toEqual({
    id: last,
    name: `v${REGISTRY_LIMITS.valuesPerAttribute - 1}`,
    total: 1,
  });
  const lightest = attributeId("uk", `A${ATTRIBUTES - 1}`);
  const r = find([valueId(lightest, "x")]);
  expect(r.filters.map((f) => f.id)).toContain(lightest);
  expect(r.total).toBe(VALUES - 20 - (ATTRIBUTES - 1));
});

test("3. values past the registry's cap are no filters", () => {
  const past = valueId(SIZE, `v${REGISTRY_LIMITS.valuesPerAttribute}`);
  // An unknown value id selects nothing: every product still matches.
  expect(find([past]).total).toBe(VALUES + 10);
});
