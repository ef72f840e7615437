// Bounds of the search parameters (PRODUCT.md "Search"; README "Search", limits):
//  1. q is cut to its first QUERY_LIMITS.qWords words and QUERY_LIMITS.qChars characters,
//     never between the halves of a surrogate pair
//  2. prices are plain non-negative decimals up to QUERY_LIMITS.price: no hex, exponent, sign,
//     Infinity
//  3. ids (uuid, wid, category_id) and the filters list are bounded: 400 beyond
import { expect, test } from "bun:test";
import { capQuery, parseSearchParams, QUERY_LIMITS } from "./parse-params.ts";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query), 100);

test("1. q keeps its first words and characters", () => {
  const words = Array.from({ length: 600 }, (_, i) => `w${i}`);
  expect(capQuery(words.join(" "))).toBe(words.slice(0, QUERY_LIMITS.qWords).join(" "));
  expect(capQuery("чорні, навушники")).toBe("чорні, навушники");
  const emoji = "😀".repeat(QUERY_LIMITS.qChars + 1);
  expect(capQuery(emoji)).toBe("😀".repeat(QUERY_LIMITS.qChars));
  const r = parse(`q=${"a".repeat(5000)}`);
  expect(r.ok && r.params.q).toBe("a".repeat(QUERY_LIMITS.qChars));
});

test("2. prices are plain decimals in range", () => {
  const ok = parse("price_from=10&price_to=10.5");
  expect(ok.ok && [ok.params.price_from, ok.params.price_to]).toEqual([10, 10.5]);
  for (const bad of ["0x10", "1e3", "Infinity", "-1", "+5", "1,5", " ", ".5", "NaN"])
    expect(parse(`price_from=${encodeURIComponent(bad)}`)).toEqual({
      ok: false,
      errors: { price_from: ["A valid number is required."] },
    });
  expect(parse("price_to=1000000000001")).toEqual({
    ok: false,
    errors: { price_to: ["Ensure this value is less than or equal to 1000000000000."] },
  });
});

test("3. ids and the filters list are bounded", () => {
  const long = "u".repeat(QUERY_LIMITS.id + 1);
  const filters = Array.from({ length: QUERY_LIMITS.filters + 1 }, (_, i) => i + 1).join(",");
  expect(parse(`uuid=${long}&wid=${long}&category_id=${long}&filters=${filters}`)).toEqual({
    ok: false,
    errors: {
      uuid: [`Ensure this field has no more than ${QUERY_LIMITS.id} characters.`],
      wid: [`Ensure this field has no more than ${QUERY_LIMITS.id} characters.`],
      category_id: [`Ensure this field has no more than ${QUERY_LIMITS.id} characters.`],
      filters: [`Ensure this field has no more than ${QUERY_LIMITS.filters} elements.`],
    },
  });
  const emoji = parse(`wid=${"😀".repeat(QUERY_LIMITS.id)}`);
  expect(emoji.ok && emoji.params.wid).toBe("😀".repeat(QUERY_LIMITS.id));
});
