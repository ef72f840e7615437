// GET /api/v2/search/popular/ (issue 24, points 4-5: help when nothing matches), real HTTP,
// both stores:
//  1. the domain's suggestion-worthy past queries (asked by three distinct clients) and its
//     categories holding the most products, largest first, in the asked language; a category
//     with no product is not offered
//  2. an unknown token: both lists empty and X-Search-Token: unknown; no token: empty, no header
import { afterAll, beforeAll, expect, test } from "bun:test";
import { getFrom } from "./client-address.ts";
import {
  CATEGORIES,
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
const PATH = "/api/v2/search/popular/";

const category = (id: number, uk: string, en: string) => ({
  source_category_id: id,
  translations: [
    { language: "uk", name: uk, url: `https://shop.example/uk/c/${id}` },
    { language: "en", name: en, url: `https://shop.example/en/c/${id}` },
  ],
});
const item = (id: string, categoryId: string, name: string) =>
  product(id, {
    source_category_id: categoryId,
    translations: [{ language: "uk", name, url: `https://shop.example/p/${id}` }],
  });

beforeAll(async () => {
  service = await startService({ args: ["--suggestion-refresh", "1"] });
  shop = await createDomain(service);
  expect(
    (
      await post(service, CATEGORIES, shop.secret_token, [
        category(1, "Навушники", "Headphones"),
        category(2, "Телефони", "Phones"),
        category(3, "Порожня", "Empty"),
      ])
    ).status,
  ).toBe(200);
  expect(
    (
      await post(service, PRODUCTS, shop.secret_token, [
        item("1", "2", "Телефон Samsung Galaxy"),
        item("2", "1", "Навушники Sony"),
        item("3", "1", "Навушники JBL"),
        item("4", "1", "Навушники Marshall"),
      ])
    ).status,
  ).toBe(201);
  await until(async () => (await search("навушники", "127.0.0.1", "&demo=true")).total === 3);
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

async function search(q: string, from: string, extra = ""): Promise<any> {
  const url = `${service.url}/api/v2/search/?token=${shop.search_token}&q=${encodeURIComponent(q)}${extra}`;
  return (await getFrom(from, url)).body;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(100);
  }
}

async function popular(query: string) {
  const r = await fetch(`${service.url}${PATH}?${query}`);
  return {
    status: r.status,
    token: r.headers.get("x-search-token"),
    cors: r.headers.get("access-control-allow-origin"),
    body: await r.json(),
  };
}

test("1. past queries of many shoppers, the largest categories, in the asked language", async () => {
  for (const from of ["127.0.0.2", "127.0.0.3", "127.0.0.4"]) await search("навушники", from);
  let seen: any;
  await until(async () => {
    seen = await popular(`token=${shop.search_token}&language=uk`);
    return seen.body.queries.length > 0;
  });
  // The categories' ids as the search answer gives them.
  const ids = new Map<string, number>();
  for (const q of ["навушники", "телефон"])
    for (const c of (await search(q, "127.0.0.1", "&demo=true")).categories)
      ids.set(c.source_id, c.id);
  const categories = (language: "uk" | "en", one: string, two: string) => [
    {
      id: ids.get("1"),
      source_id: "1",
      name: one,
      url: `https://shop.example/${language}/c/1`,
      total: 3,
    },
    {
      id: ids.get("2"),
      source_id: "2",
      name: two,
      url: `https://shop.example/${language}/c/2`,
      total: 1,
    },
  ];
  expect(seen).toEqual({
    status: 200,
    token: null,
    cors: "*",
    body: { queries: ["навушники"], categories: categories("uk", "Навушники", "Телефони") },
  });
  expect(await popular(`token=${shop.search_token}&language=en`)).toEqual({
    status: 200,
    token: null,
    cors: "*",
    body: { queries: ["навушники"], categories: categories("en", "Headphones", "Phones") },
  });
}, 60_000);

test("2. an unknown token, no token", async () => {
  expect(await popular("token=wrong&language=uk")).toEqual({
    status: 200,
    token: "unknown",
    cors: "*",
    body: { queries: [], categories: [] },
  });
  expect(await popular("language=uk")).toEqual({
    status: 200,
    token: null,
    cors: "*",
    body: { queries: [], categories: [] },
  });
});
