// The search endpoint's edges (specification 4.3 rule 1, 5 rule 3; PRODUCT.md "Paths", "Search").
//  1. a missing q, a missing token and a wrong token all get 200 with the empty data set
//  2. every search path answers, with and without the trailing slash; CORS is open
//  3. a malformed parameter gets 400 with detail and per-parameter errors
//  4. an import is searchable without a restart (freshness), and after kill -9 and restart
//  5. searches are recorded for analytics (capped, normalised), except with demo=true; the
//     admin report over a period (?days, ?from&to) answers the exact body; reindex answers 202
//  6. prices are plain decimals in range (no 0x10, 1e3, Infinity); ids and filters are bounded;
//     a long q is cut to its first words, which the answer's `query` shows
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  ADMIN_KEY,
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
  await post(service, CATEGORIES, shop.secret_token, [category(1, "Навушники")]);
});
afterAll(() => service[Symbol.asyncDispose]());

const get = async (path: string) => {
  const r = await fetch(`${service.url}${path}`);
  return {
    status: r.status,
    cors: r.headers.get("access-control-allow-origin"),
    // Only when sent: X-Search-Token says why an answer is empty.
    ...(r.headers.has("x-search-token") ? { token: r.headers.get("x-search-token") } : {}),
    body: (await r.json()) as any,
  };
};

/** Waits until a search finds what `found` looks for: freshness is asynchronous by contract. */
async function until(path: string, found: (body: any) => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await get(path);
    if (found(r.body)) return r;
    if (Date.now() > deadline)
      throw new Error(`not found in time: ${path} ${JSON.stringify(r.body)}`);
    await Bun.sleep(10);
  }
}

const empty = (query: string, type: "categories" | "products" = "categories", pageSize = 10) => ({
  total: 0,
  query,
  corrected_query: "",
  ignored_words: [],
  suggestions: [],
  filters_enabled: false,
  filters: [],
  categories: [],
  products: { groups: [] },
  pagination: {
    type,
    current_page: 1,
    page_size: pageSize,
    total_items: 0,
    total_pages: 0,
    has_next: false,
    has_previous: false,
  },
  stats: { price: null, attributes: [] },
});

describe("the empty data set", () => {
  test("missing q, missing token, wrong token", async () => {
    expect(await get(`/api/v2/search/?token=${shop.search_token}`)).toEqual({
      status: 200,
      cors: "*",
      body: empty(""),
    });
    expect(await get("/api/v2/search/?q=навушники")).toEqual({
      status: 200,
      cors: "*",
      body: empty("навушники"),
    });
    // A wrong token says so in a header (PRODUCT.md), for the store's developer.
    expect(await get("/api/v2/search/?q=навушники&token=wrong")).toEqual({
      status: 200,
      cors: "*",
      token: "unknown",
      body: empty("навушники"),
    });
    expect(await get(`/api/v2/search/?q=x&token=${shop.secret_token}`)).toEqual({
      status: 200,
      cors: "*",
      token: "unknown",
      body: empty("x"),
    });
  });

  test("its pagination follows the layout", async () => {
    expect((await get("/search/v2/?q=a&group_by_category=false&product_page_size=5")).body).toEqual(
      empty("a", "products", 5),
    );
  });
});

test("every search path, with and without the trailing slash; CORS preflight", async () => {
  for (const path of [
    "/api/v2/search/",
    "/api/v2/search",
    "/api/v2/search/search/v2/",
    "/api/v2/search/search/v2",
    "/search/v2/",
    "/search/v2",
  ]) {
    const r = await get(`${path}?q=zzz&token=${shop.search_token}`);
    expect([path, r.status, r.cors, r.body.query]).toEqual([path, 200, "*", "zzz"]);
  }
  const pre = await fetch(`${service.url}/api/v2/search/`, { method: "OPTIONS" });
  expect([pre.status, pre.headers.get("access-control-allow-origin")]).toEqual([204, "*"]);
});

test("malformed parameters: 400 with detail and errors per parameter", async () => {
  const r = await get(
    `/api/v2/search/?q=a&token=${shop.search_token}&page=abc&price_from=x&product_page_size=100000&category_page_size=0&per_category_limit=0&show_filters=maybe&filters=1,b`,
  );
  expect(r).toEqual({
    status: 400,
    cors: "*",
    body: {
      detail: "Invalid query parameters.",
      errors: {
        filters: ["Enter a comma-separated list of attribute value ids."],
        price_from: ["A valid number is required."],
        show_filters: ["Must be a valid boolean."],
        page: ["A valid integer is required."],
        product_page_size: ["Ensure this value is less than or equal to 100."],
        category_page_size: ["Ensure this value is greater than or equal to 1."],
        per_category_limit: ["Ensure this value is greater than or equal to 1."],
      },
    },
  });
  expect((await get(`/api/v2/search/?q=a&token=${shop.search_token}&page=0`)).body.errors).toEqual({
    page: ["Ensure this value is greater than or equal to 1."],
  });
});

test("prices are plain decimals, ids bounded, a long q cut to its first words", async () => {
  const base = `/api/v2/search/?q=a&token=${shop.search_token}`;
  expect(
    await get(
      `${base}&price_from=0x10&price_to=1e3&uuid=${"u".repeat(256)}&filters=${"1,".repeat(101)}`,
    ),
  ).toEqual({
    status: 400,
    cors: "*",
    body: {
      detail: "Invalid query parameters.",
      errors: {
        filters: ["Ensure this field has no more than 100 elements."],
        price_from: ["A valid number is required."],
        price_to: ["A valid number is required."],
        uuid: ["Ensure this field has no more than 255 characters."],
      },
    },
  });
  expect((await get(`${base}&price_to=Infinity`)).body.errors).toEqual({
    price_to: ["A valid number is required."],
  });
  const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
  const long = await get(
    `/api/v2/search/?q=${encodeURIComponent(words.join(" "))}&token=${shop.search_token}`,
  );
  expect([long.status, long.body.query]).toEqual([200, words.slice(0, 12).join(" ")]);
});

test("an import is searchable at once, and after kill -9 and a restart", async () => {
  const path = `/api/v2/search/?q=кавоварка&group_by_category=false&token=${shop.search_token}`;
  const p = product("fresh-1", {
    translations: [
      { language: "uk", name: "Кавоварка Delonghi", url: "https://shop.example/p/fresh-1" },
    ],
  });
  expect((await post(service, PRODUCTS, shop.secret_token, [p])).status).toBe(201);
  const r = await until(path, (b) => b.total === 1);
  expect(r.body.products.groups[0].items[0].source_id).toBe("fresh-1");

  await service.kill9();
  service = await startService({ dataDir: service.dataDir });
  // The index is rebuilt before /health (and the listening line) : no waiting needed.
  expect((await get(path)).body.total).toBe(1);
});

test("a partial batch is saved but not indexed until a reindex (rule 8)", async () => {
  const path = `/api/v2/search/?q=термос&group_by_category=false&token=${shop.search_token}`;
  const ok = product("partial-ok", {
    translations: [
      { language: "uk", name: "Термос Stanley", url: "https://shop.example/p/partial" },
    ],
  });
  const r = await post(service, PRODUCTS, shop.secret_token, [
    ok,
    product("partial-bad", { currency_code: "GBP" }),
  ]);
  expect(r.status).toBe(400);
  // A later full batch is indexed; once it is, the partial one's item is still not.
  const marker = product("marker", {
    translations: [{ language: "uk", name: "Маркер", url: "https://shop.example/p/marker" }],
  });
  await post(service, PRODUCTS, shop.secret_token, [marker]);
  await until(
    `/api/v2/search/?q=маркер&group_by_category=false&token=${shop.search_token}`,
    (b) => b.total === 1,
  );
  expect((await get(path)).body.total).toBe(0);
  const re = await post(service, "/api/v2/content/reindex/", shop.secret_token, "");
  expect(re.status).toBe(202);
  await until(path, (b) => b.total === 1);
});

test("domains never see each other's products", async () => {
  const other = await createDomain(service);
  await post(service, CATEGORIES, other.secret_token, [category(1)]);
  await post(service, PRODUCTS, other.secret_token, [
    product("iso-1", {
      translations: [{ language: "uk", name: "Самокат", url: "https://o.example/p/1" }],
    }),
  ]);
  await until(`/api/v2/search/?q=самокат&token=${other.search_token}`, (b) => b.total === 1);
  expect((await get(`/api/v2/search/?q=самокат&token=${shop.search_token}`)).body.total).toBe(0);
});

test("searches are recorded for analytics, except demo=true", async () => {
  const me = await createDomain(service);
  await get(`/api/v2/search/?q=Велосипед&token=${me.search_token}&uuid=u-1`);
  await get(`/api/v2/search/?q=%20велосипед%00%20&token=${me.search_token}`);
  await get(`/api/v2/search/?q=ВЕЛОСИПЕД&token=${me.search_token}&language=ru`);
  await get(`/api/v2/search/?q=прев'ю&token=${me.search_token}&demo=true`);
  await get(`/api/v2/search/?q=${"ж ".repeat(500)}&token=${me.search_token}`);
  const analytics = async (query = "") => {
    const r = await fetch(`${service.url}/api/v2/admin/domains/${me.name}/analytics${query}`, {
      headers: { "x-admin-key": ADMIN_KEY },
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  const deadline = Date.now() + 5000;
  let a = await analytics("/");
  // The searches may reach the store in more than one batch of the analytics writer.
  while (a.body.searches_per_day[0]?.count !== 4 && Date.now() < deadline) {
    await Bun.sleep(20);
    a = await analytics("/");
  }
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  // Recorded capped (10 words), normalised; languages apart, reported together.
  const body = {
    period: { from: monthAgo, to: today },
    catalog: { products: 0, categories: 0, warehouses: 0 },
    top_queries: [
      { q: "велосипед", count: 3, corrected_query: "" },
      { q: "ж ж ж ж ж ж ж ж ж ж", count: 1, corrected_query: "" },
    ],
    zero_result_queries: [
      { q: "велосипед", count: 3 },
      { q: "ж ж ж ж ж ж ж ж ж ж", count: 1 },
    ],
    searches_per_day: [{ day: today, count: 4 }],
    category_views: [],
    // No click was reported: every search ended without one.
    query_outcomes: [
      { q: "велосипед", searches: 3 },
      { q: "ж ж ж ж ж ж ж ж ж ж", searches: 1 },
    ].map((o) => ({
      ...o,
      clicks: 0,
      click_through_rate: 0,
      average_click_position: null,
      add_to_cart: 0,
      purchases: 0,
    })),
    searches_without_clicks: [
      { q: "велосипед", count: 3 },
      { q: "ж ж ж ж ж ж ж ж ж ж", count: 1 },
    ],
  };
  expect(a).toEqual({ status: 200, body });
  expect(await analytics("?days=1")).toEqual({
    status: 200,
    body: { ...body, period: { from: today, to: today } },
  });
  expect(await analytics("/?from=2020-01-01&to=2020-01-31")).toEqual({
    status: 200,
    body: {
      ...body,
      period: { from: "2020-01-01", to: "2020-01-31" },
      top_queries: [],
      zero_result_queries: [],
      searches_per_day: [],
      category_views: [],
      query_outcomes: [],
      searches_without_clicks: [],
    },
  });
  expect(await analytics("/?days=91")).toEqual({
    status: 400,
    body: {
      detail: "Invalid query parameters.",
      errors: { days: ["Ensure this value is less than or equal to 90."] },
    },
  });
  expect(await analytics("/?from=2020-01-31&to=2020-01-01")).toEqual({
    status: 400,
    body: { detail: "Invalid query parameters.", errors: { from: ["Must not be after to."] } },
  });
});
