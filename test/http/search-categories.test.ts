// GET /api/v2/search/categories/ (issue 35: the tree the InstantSearch client's hierarchical
// menu is made of), real HTTP, both stores:
//  1. every category, depth first (a parent before its children, siblings by source id), with
//     its parent's source_id, names and urls in the asked language (uk when it has none); a
//     category whose parent is not imported is at the top, its parent_id null
//  2. a parent imported later joins the tree: the category waiting for it moves under it
//  3. an unknown token: an empty list and X-Search-Token: unknown; a bad parameter: 400
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  CATEGORIES,
  createDomain,
  post,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
const PATH = "/api/v2/search/categories/";

const category = (id: number, uk: string, en: string | null, parent?: number) => ({
  source_category_id: id,
  ...(parent === undefined ? {} : { parent_id: parent }),
  translations: [
    { language: "uk", name: uk, url: `https://shop.example/uk/c/${id}` },
    ...(en === null ? [] : [{ language: "en", name: en, url: `https://shop.example/en/c/${id}` }]),
  ],
});

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  const sent = await post(service, CATEGORIES, shop.secret_token, [
    category(1, "Електроніка", "Electronics"),
    category(3, "Смартфони", "Smartphones", 2),
    category(4, "Кнопкові телефони", null, 2),
    category(2, "Телефони", "Phones", 1),
    category(5, "Кабелі", "Cables", 9),
  ]);
  expect(sent.status).toBe(200);
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

async function tree(query: string) {
  for (let i = 0; ; i++) {
    const r = await fetch(`${service.url}${PATH}?${query}`);
    const body = (await r.json()) as any;
    // The index follows the import: wait for the five categories.
    if (
      r.status !== 200 ||
      body.categories.length === 5 ||
      i === 150 ||
      !query.includes(shop.search_token)
    )
      return {
        status: r.status,
        token: r.headers.get("x-search-token"),
        cors: r.headers.get("access-control-allow-origin"),
        body,
      };
    await Bun.sleep(100);
  }
}

/** A category of the answer: internal id, source id, name, the url's path, parent, depth. */
const row = (
  id: number,
  source: number,
  name: string,
  url: string,
  parent: string | null,
  depth: number,
) => ({
  id,
  source_id: String(source),
  name,
  url: `https://shop.example/${url}`,
  parent_id: parent,
  depth,
});

test("1. the tree, depth first, in the asked language", async () => {
  const en = await tree(`token=${shop.search_token}&language=en`);
  // Internal ids are given in the order categories first arrive.
  expect(en).toEqual({
    status: 200,
    token: null,
    cors: "*",
    body: {
      categories: [
        row(1, 1, "Electronics", "en/c/1", null, 0),
        row(4, 2, "Phones", "en/c/2", "1", 1),
        row(2, 3, "Smartphones", "en/c/3", "2", 2),
        row(3, 4, "Кнопкові телефони", "uk/c/4", "2", 2),
        row(5, 5, "Cables", "en/c/5", null, 0),
      ],
    },
  });
  const uk = await tree(`token=${shop.search_token}`);
  expect(uk.body.categories.map((c: any) => c.name)).toEqual([
    "Електроніка",
    "Телефони",
    "Смартфони",
    "Кнопкові телефони",
    "Кабелі",
  ]);
});

test("2. a parent imported later joins the tree", async () => {
  expect(
    (await post(service, CATEGORIES, shop.secret_token, [category(9, "Аксесуари", "Accessories")]))
      .status,
  ).toBe(200);
  let body: any;
  for (let i = 0; i < 150; i++) {
    body = (await (await fetch(`${service.url}${PATH}?token=${shop.search_token}`)).json()) as any;
    if (body.categories.length === 6) break;
    await Bun.sleep(100);
  }
  expect(body.categories.slice(4)).toEqual([
    row(6, 9, "Аксесуари", "uk/c/9", null, 0),
    row(5, 5, "Кабелі", "uk/c/5", "9", 1),
  ]);
});

test("3. an unknown token, a bad parameter", async () => {
  expect(await tree("token=nope")).toEqual({
    status: 200,
    token: "unknown",
    cors: "*",
    body: { categories: [] },
  });
  expect(await tree(`token=${shop.search_token}&page=x`)).toEqual({
    status: 400,
    token: null,
    cors: "*",
    body: {
      detail: "Invalid query parameters.",
      errors: { page: ["A valid integer is required."] },
    },
  });
});
