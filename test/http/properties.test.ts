// Generated input against a real server (fast-check; issue 12 point 3): whatever the body of an
// import or the parameters of a search, the answer is never a 5xx; it is a clear 4xx with
// `detail` (and per-field `errors`), or a valid answer of the documented shape.
//  1. product and category batches whose items carry every field of the wire shape with values
//     of random types: strings with lone surrogates, huge and fractional numbers, nested junk
//  2. arbitrary JSON bodies, and arbitrary bytes (not UTF-8, not JSON)
//  3. every search parameter of the specification (and wid), as random strings or near-valid
//     values, with the domain's token or another
// A few thousand cases a run; a failure prints the smallest counterexample fast-check found.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import fc from "fast-check";
import { SearchResponse } from "../../src/model/search.ts";
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  await post(service, CATEGORIES, shop.secret_token, [category(1, "Навушники"), category(2)]);
  const colour = (value: string) => ({ name: "Колір", value, is_filter: true });
  await post(
    service,
    PRODUCTS,
    shop.secret_token,
    ["Чорний", "Білий", "Сірий"].map((c, i) =>
      product(`seed-${i}`, {
        translations: [
          {
            language: "uk",
            name: `Навушники ${c}`,
            url: `https://shop.example/p/${i}`,
            params: [colour(c)],
          },
        ],
        warehouses: [{ external_id: "w1", available: true, new_price: 50 + i }],
      }),
    ),
  );
}, 30_000);
afterAll(() => service[Symbol.asyncDispose]());

// ---- generators ----

/** One character: at times a lone surrogate, else any code point or a few usual ones. */
const char = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  {
    arbitrary: fc.constantFrom("a", "б", "😀", " ", ",", "#", "/", "0", "1", "\u0000"),
    weight: 4,
  },
);
const text = fc.string({ unit: char, maxLength: 12 });
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1e12, 1e13, 2 ** 53, 2 ** 60, 1e300, 0.5),
);
/** A value of any JSON type, shallow or nested. */
const junk = fc.oneof(
  { depthSize: "small" },
  text,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Mostly a value of the field's own kind (so that whole items pass), else anything. */
const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof({ arbitrary: a, weight: 4 }, junk);
const url = fc.oneof(
  { arbitrary: fc.constantFrom("https://shop.example/p", "http://x.example/a?b=1"), weight: 3 },
  text.map((t) => `https://shop.example/${t}`),
);
const price = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 10_000 }), weight: 3 }, number);
const language = fc.oneof({ arbitrary: fc.constantFrom("uk", "ru", "en"), weight: 4 }, text);
const list = <T>(a: fc.Arbitrary<T>) => fc.array(maybe(a), { maxLength: 4 });

const translation = fc.record({ language, name: maybe(text), url: maybe(url) });
const fullTranslation = fc.record(
  {
    language,
    name: maybe(text),
    url: maybe(url),
    description: maybe(text),
    labels: maybe(list(fc.oneof(text, fc.record({ name: text, color: maybe(text) })))),
    keywords: maybe(list(text)),
    synonyms: maybe(list(text)),
    params: maybe(
      list(
        fc.record(
          {
            name: maybe(text),
            value: maybe(text),
            is_filter: maybe(fc.boolean()),
            is_variation: maybe(fc.boolean()),
            color: maybe(fc.constantFrom("#FF0000", "#zzzzzz", "")),
            swatch_image: maybe(url),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
  },
  { requiredKeys: [] },
);

// Ids that SQLite and UTF-8 would have folded into one ("q\ufffd") come up often.
const id = fc.oneof(
  text,
  fc.integer(),
  fc.constantFrom("1", "2", "p1", "q\ud801", "q\udc00", "q\ufffd"),
);
const productFields = {
  source_id: maybe(id),
  code: maybe(id),
  source_category_id: maybe(fc.oneof({ arbitrary: fc.constantFrom(1, 2, "1"), weight: 4 }, id)),
  currency_code: maybe(fc.constantFrom("UAH", "USD", "EUR", "GBP")),
  translations: maybe(fc.array(maybe(fc.oneof(translation, fullTranslation)), { maxLength: 3 })),
  new_price: maybe(price),
  old_price: maybe(price),
  picture: maybe(url),
  availability: maybe(fc.boolean()),
  vendor: maybe(text),
  group_id: maybe(id),
  is_main: maybe(fc.boolean()),
  warehouses: maybe(
    list(
      fc.record(
        {
          external_id: maybe(id),
          available: maybe(fc.boolean()),
          quantity: maybe(price),
          new_price: maybe(price),
          old_price: maybe(price),
          currency_code: maybe(fc.constantFrom("UAH", "XXX")),
        },
        { requiredKeys: [] },
      ),
    ),
  ),
};
/** A valid item with one or two of its fields replaced by generated values. */
const mutated = fc
  .tuple(
    fc.constantFrom("p1", "p2", 7, "7", "q\ud801", "q\udc00", "q\ufffd"),
    fc
      .subarray(Object.keys(productFields) as (keyof typeof productFields)[], {
        minLength: 1,
        maxLength: 2,
      })
      .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, productFields[k]])))),
  )
  .map(([sourceId, fields]) => ({ ...product("x"), source_id: sourceId, ...fields }));
/** Mostly near-valid items (one or two fields wrong, or odd), else items of any fields. */
const productItem = fc.oneof(
  { arbitrary: mutated, weight: 3 },
  fc.record(productFields, { requiredKeys: [] }),
);
const categoryItem = fc.record(
  {
    source_category_id: maybe(fc.oneof(id, fc.integer({ min: 1, max: 50 }))),
    translations: maybe(
      fc.array(
        maybe(
          fc.record(
            {
              language,
              name: maybe(text),
              url: maybe(url),
              synonyms: maybe(list(text)),
              keywords: maybe(list(text)),
            },
            { requiredKeys: [] },
          ),
        ),
        { maxLength: 3 },
      ),
    ),
  },
  { requiredKeys: [] },
);

// ---- the shapes of the answers ----

const isSearchResponse = TypeCompiler.Compile(SearchResponse);
const isMessages = (v: unknown, of: (m: unknown) => boolean) =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every(of);
const isStrings = (m: unknown) =>
  Array.isArray(m) && m.length > 0 && m.every((s) => typeof s === "string" && s !== "");

/** Why an import answer is not one the contract allows; null when it is. */
function importProblem(path: string, status: number, body: any): string | null {
  if (typeof body !== "object" || body === null) return "no JSON body";
  if (status === 413 || (status === 400 && "detail" in body))
    return typeof body.detail === "string" && Object.keys(body).length === 1 ? null : "detail";
  if (status !== 200 && status !== 201 && status !== 400) return `status ${status}`;
  if (!Array.isArray(body.successful)) return "no successful";
  for (const s of body.successful)
    if (![200, 201].includes(s.status) || typeof s.data?.id !== "number") return "success entry";
  if (status !== 400) return body.errors === undefined ? null : "errors on success";
  if (!Array.isArray(body.errors) || body.errors.length === 0) return "no errors";
  const message = path === PRODUCTS ? isStrings : (m: unknown) => typeof m === "string";
  for (const e of body.errors)
    if (typeof e.index !== "number" || !isMessages(e.errors, message)) return "error entry";
  return null;
}

async function send(path: string, body: string | Uint8Array) {
  const r = await fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-secret-token": shop.secret_token },
    body,
  });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: r.status, body: parsed };
}

const checkImport = async (path: string, body: string | Uint8Array) => {
  const r = await send(path, body);
  const problem = importProblem(path, r.status, r.body);
  if (problem !== null) throw new Error(`${problem}: ${r.status} ${JSON.stringify(r.body)}`);
};

// ---- properties ----

test("1. product and category batches of random items: a valid answer or item errors", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(productItem, { maxLength: 4 }), (items) =>
      checkImport(PRODUCTS, JSON.stringify(items)),
    ),
    { numRuns: 300 },
  );
  await fc.assert(
    fc.asyncProperty(fc.array(categoryItem, { maxLength: 4 }), (items) =>
      checkImport(CATEGORIES, JSON.stringify(items)),
    ),
    { numRuns: 200 },
  );
}, 60_000);

test("2. arbitrary JSON and arbitrary bytes: 400 with detail, or a valid answer", async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue(), fc.constantFrom(PRODUCTS, CATEGORIES), (value, path) =>
      checkImport(path, JSON.stringify(value)),
    ),
    { numRuns: 300 },
  );
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), (bytes) => checkImport(PRODUCTS, bytes)),
    { numRuns: 200 },
  );
}, 60_000);

const PARAMS = {
  q: fc.oneof(text, fc.constantFrom("навушники", "чорні навушн", "yfdeiybrb", "a b c d e")),
  token: fc.constant("<search>"),
  language: language,
  filters: fc.oneof(
    text,
    fc.array(fc.nat(), { maxLength: 3 }).map((a) => a.join(",")),
  ),
  price_from: fc.oneof(text, fc.constantFrom("10", "10.5", "0x10", "1e3", "Infinity", "-1")),
  price_to: fc.oneof(text, fc.constantFrom("100", "1000000000000", "1000000000001")),
  category_id: fc.oneof(text, fc.constantFrom("1", "2", "999")),
  group_by_category: fc.oneof(text, fc.constantFrom("true", "false")),
  show_unavailable: fc.oneof(text, fc.constantFrom("true", "0")),
  page: fc.oneof(text, fc.constantFrom("1", "2", "0", "-1", "99999999")),
  product_page_size: fc.oneof(text, fc.constantFrom("1", "100", "101")),
  category_page_size: fc.oneof(text, fc.constantFrom("1", "5")),
  per_category_limit: fc.oneof(text, fc.constantFrom("-1", "0", "3")),
  show_filters: fc.oneof(text, fc.constantFrom("true", "false")),
  use_corrections: fc.oneof(text, fc.constantFrom("true", "false")),
  use_suggestions: fc.oneof(text, fc.constantFrom("true", "false")),
  wid: fc.oneof(text, fc.constantFrom("w1", "w2")),
  uuid: fc.oneof(text, fc.uuid()),
  demo: fc.oneof(text, fc.constantFrom("true", "false")),
};

test("3. every search parameter, random: 200 of the documented shape, or 400 per parameter", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record(PARAMS, { requiredKeys: [] }),
      fc.constantFrom(shop.search_token, "wrong-token"),
      async (params, token) => {
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(params))
          query.set(k, k === "token" ? token : (v as string));
        const r = await fetch(`${service.url}/api/v2/search/?${query}`);
        const body = (await r.json()) as any;
        if (r.status === 200 && isSearchResponse.Check(body)) return;
        if (
          r.status === 400 &&
          body.detail === "Invalid query parameters." &&
          Object.keys(body).length === 2 &&
          isMessages(body.errors, isStrings) &&
          Object.keys(body.errors).every((k) => k in PARAMS)
        )
          return;
        throw new Error(`${r.status} ${JSON.stringify(body)}`);
      },
    ),
    { numRuns: 2000 },
  );
  expect(true).toBe(true);
}, 60_000);
