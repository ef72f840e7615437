// The store's listing page over HTTP (issue 32): sorting, category pages (browse), price stats.
//  1. sort orders within the tiers of relevance: "iphone" cheapest first opens with the phones
//     (their category names the query), not the cases; available before unavailable
//  2. browse=true with no q lists the store, or a category, newest first, with filters and stats;
//     without browse a missing q is still the empty data set
//  3. stats.price: the bounds of the matching products with every filter but the price's own
//  4. a bad sort or browse is 400 with per-parameter errors
//  5. a cached sorted answer is stale once a price it orders by changes
//  7. ranges: numeric attributes' bounds in stats.attributes, and ranges=ATTR:MIN:MAX filtering in
//     one unit (1,7 л is 1700 мл)
//  8. sort=popular, and a category page's default order: what shoppers did with each product
//     after a search (POST /api/v2/search/events/), a purchase more than a click; within tiers
//  6. group_variants: one card per group_id (the main variant, or under a filter the one that
//     has it), with its variant count, lowest price and variations; total, counts and pages
//     count products
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

const item = (
  sourceId: string,
  name: string,
  categoryId: string,
  prices: { new_price: number; old_price?: number },
  extra: Record<string, unknown> = {},
) =>
  product(sourceId, {
    source_category_id: categoryId,
    ...prices,
    translations: [{ language: "uk", name, url: `https://shop.example/p/${sourceId}` }],
    ...extra,
  });

beforeAll(async () => {
  // Popularity refreshed each second (the default is 5 s), for test 8.
  service = await startService({ args: ["--suggestion-refresh", "1"] });
  shop = await createDomain(service);
  await post(service, CATEGORIES, shop.secret_token, [
    {
      ...category(1, "Смартфони"),
      translations: [
        {
          language: "uk",
          name: "Смартфони",
          url: "https://shop.example/c/1",
          keywords: ["iphone"],
        },
      ],
    },
    category(2, "Чохли"),
    category(3, "Навушники"),
  ]);
  // One at a time: ids, and so "newest", follow the order of first import.
  for (const p of [
    item("p1", "Смартфон Apple iPhone 15", "1", { new_price: 38000, old_price: 40000 }),
    item("p2", "Смартфон Apple iPhone 13", "1", { new_price: 25000 }),
    item("p3", "Чохол для iPhone 15", "2", { new_price: 500, old_price: 1000 }),
    item("p4", "Смартфон Apple iPhone 14", "1", { new_price: 30000 }, { availability: false }),
    item("p5", "Чохол iPhone 13", "2", { new_price: 300 }),
    item("p6", "Навушники Apple AirPods", "3", { new_price: 9000, old_price: 10000 }),
  ])
    await post(service, PRODUCTS, shop.secret_token, [p]);
  await until("q=airpods", (b) => b.total === 1);
});
afterAll(() => service[Symbol.asyncDispose]());

const get = async (query: string) => {
  const r = await fetch(`${service.url}/api/v2/search/?token=${shop.search_token}&${query}`);
  return { status: r.status, body: (await r.json()) as any };
};

/** The source ids of every group's items, in order. */
const ids = (body: any): string[] =>
  body.products.groups.flatMap((g: any) => g.items.map((i: any) => i.source_id));

const listed = async (query: string) => {
  const { status, body } = await get(query);
  return { status, total: body.total, ids: ids(body), stats: body.stats };
};

async function until(query: string, found: (body: any) => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await get(query);
    if (found(body)) return body;
    if (Date.now() > deadline)
      throw new Error(`not found in time: ${query} ${JSON.stringify(body)}`);
    await Bun.sleep(10);
  }
}

const flat = "group_by_category=false&show_unavailable=true";
const phonesAndCases = { price: { min: 300, max: 38000 }, attributes: [] };

describe("1. sort", () => {
  test("each order within the tiers: the phones first, available first", async () => {
    const orders = await Promise.all(
      ["price_asc", "price_desc", "newest", "discount"].map((s) =>
        listed(`q=iphone&${flat}&sort=${s}`),
      ),
    );
    expect(orders).toEqual([
      { status: 200, total: 5, ids: ["p2", "p1", "p4", "p5", "p3"], stats: phonesAndCases },
      { status: 200, total: 5, ids: ["p1", "p2", "p4", "p3", "p5"], stats: phonesAndCases },
      { status: 200, total: 5, ids: ["p2", "p1", "p4", "p5", "p3"], stats: phonesAndCases },
      { status: 200, total: 5, ids: ["p1", "p2", "p4", "p3", "p5"], stats: phonesAndCases },
    ]);
  });

  test("relevance is the default, and the order of an answer without sort", async () => {
    const plain = await get(`q=iphone&${flat}`);
    expect(await get(`q=iphone&${flat}&sort=relevance`)).toEqual(plain);
    expect(plain.status).toBe(200);
  });
});

describe("2. browse: category pages", () => {
  test("the whole store, newest first, grouped by category as a search is", async () => {
    expect(await listed("browse=true&group_by_category=false")).toEqual({
      status: 200,
      total: 5,
      ids: ["p6", "p5", "p3", "p2", "p1"],
      stats: { price: { min: 300, max: 38000 }, attributes: [] },
    });
    const grouped = await get("browse=true&per_category_limit=1");
    expect(grouped.status).toBe(200);
    expect(grouped.body.categories.map((c: any) => [c.source_id, c.total])).toEqual([
      ["3", 1],
      ["2", 2],
      ["1", 2],
    ]);
    expect(ids(grouped.body)).toEqual(["p6", "p5", "p2"]);
  });

  test("one category: its products, a sort, a price bound, the whole answer", async () => {
    const { status, body } = await get("browse=1&category_id=1&sort=price_desc&price_from=30000");
    expect(status).toBe(200);
    expect(body).toEqual({
      total: 1,
      query: "",
      corrected_query: "",
      ignored_words: [],
      suggestions: [],
      filters_enabled: true,
      filters: [],
      categories: [
        {
          id: expect.any(Number),
          source_id: "1",
          name: "Смартфони",
          url: "https://shop.example/c/1",
          total: 1,
        },
      ],
      products: {
        groups: [
          {
            source_category_id: "1",
            category_name: "Смартфони",
            category_url: "https://shop.example/c/1",
            items: [
              {
                id: expect.any(Number),
                source_id: "p1",
                category_id: expect.any(Number),
                sku: "SKU-p1",
                vendor: "",
                name: "Смартфон Apple iPhone 15",
                url: "https://shop.example/p/p1",
                price: 40000,
                discounted_price: 38000,
                currency: "UAH",
                picture_url: "",
                availability: true,
                labels: [],
              },
            ],
          },
        ],
      },
      pagination: {
        type: "products",
        current_page: 1,
        page_size: 10,
        total_items: 1,
        total_pages: 1,
        has_next: false,
        has_previous: false,
      },
      // The bounds with every filter but the price's own: what the slider spans.
      stats: { price: { min: 25000, max: 38000 }, attributes: [] },
    });
  });

  test("without browse, or with a q, it is today's answer", async () => {
    expect(await listed("category_id=1")).toEqual({
      status: 200,
      total: 0,
      ids: [],
      stats: { price: null, attributes: [] },
    });
    expect(await get("q=iphone&browse=true&category_id=2")).toEqual(
      await get("q=iphone&category_id=2"),
    );
    // A category the store does not have: its one empty group.
    expect(await listed("browse=true&category_id=99")).toEqual({
      status: 200,
      total: 0,
      ids: [],
      stats: { price: null, attributes: [] },
    });
  });
});

describe("3. stats", () => {
  test("every filter applies to the bounds but the price's own", async () => {
    expect(await listed("q=чохол&price_to=400&group_by_category=false")).toEqual({
      status: 200,
      total: 1,
      ids: ["p5"],
      stats: { price: { min: 300, max: 500 }, attributes: [] },
    });
    expect((await listed("q=зебра")).stats).toEqual({ price: null, attributes: [] });
  });
});

describe("4. bad values", () => {
  test("sort and browse are checked", async () => {
    expect(await get("q=iphone&sort=cheapest&browse=maybe")).toEqual({
      status: 400,
      body: {
        detail: "Invalid query parameters.",
        errors: {
          sort: [
            '"cheapest" is not a valid choice (relevance, price_asc, price_desc, newest, discount, popular).',
          ],
          browse: ["Must be a valid boolean."],
        },
      },
    });
  });
});

describe("5. a sorted answer and a price change", () => {
  test("the cheapest first follows a new price at once", async () => {
    const query = `q=смартфон&${flat}&sort=price_asc`;
    expect((await listed(query)).ids).toEqual(["p2", "p1", "p4"]);
    await post(service, PRODUCTS, shop.secret_token, [
      item("p1", "Смартфон Apple iPhone 15", "1", { new_price: 20000, old_price: 40000 }),
    ]);
    const body = await until(query, (b) => ids(b)[0] === "p1");
    expect(ids(body)).toEqual(["p1", "p2", "p4"]);
  });
});

describe("6. one card per product", () => {
  const tee = (id: string, size: string, colour: [string, string], price: number, main: boolean) =>
    item(
      id,
      `Футболка Basic ${size}`,
      "4",
      { new_price: price },
      {
        group_id: "tee",
        is_main: main,
        translations: [
          {
            language: "uk",
            name: `Футболка Basic ${size}`,
            url: `https://shop.example/p/${id}`,
            params: [
              {
                name: "Колір",
                value: colour[0],
                color: colour[1],
                is_filter: true,
                is_variation: true,
              },
              { name: "Розмір", value: size, is_variation: true },
            ],
          },
        ],
      },
    );
  beforeAll(async () => {
    await post(service, CATEGORIES, shop.secret_token, [category(4, "Футболки")]);
    for (const p of [
      tee("tee-s", "S", ["Червоний", "#ff0000"], 500, false),
      tee("tee-m", "M", ["Червоний", "#ff0000"], 450, true),
      tee("tee-l", "L", ["Синій", "#0000ff"], 600, false),
      item(
        "nike",
        "Футболка Nike",
        "4",
        { new_price: 900 },
        {
          translations: [
            {
              language: "uk",
              name: "Футболка Nike",
              url: "https://shop.example/p/nike",
              params: [{ name: "Колір", value: "Червоний", color: "#ff0000", is_filter: true }],
            },
          ],
        },
      ),
    ]) {
      await post(service, PRODUCTS, shop.secret_token, [p]);
      // Equal relevance goes to the newest content, then the lower id: a millisecond apart,
      // the expected order is the import's, reversed, whatever the node's speed.
      await Bun.sleep(2);
    }
    await until("q=футболка&group_by_category=false", (b) => b.total === 4);
  });

  const cards = async (query: string) => {
    const { status, body } = await get(`q=футболка&group_by_category=false&${query}`);
    return {
      status,
      total: body.total,
      pages: body.pagination.total_items,
      colours: body.filters[0]?.values.map((v: any) => [v.name, v.total]),
      items: body.products.groups[0].items.map((i: any) => ({
        source_id: i.source_id,
        variants: i.variants,
        price_from: i.price_from,
        variations: i.variations,
      })),
    };
  };

  test("the main variant shows, with the group's count, lowest price and variations", async () => {
    const colours = [
      { value: "Червоний", color: "#ff0000" },
      { value: "Синій", color: "#0000ff" },
    ];
    expect(await cards("group_variants=true")).toEqual({
      status: 200,
      total: 2,
      pages: 2,
      colours: [
        ["Червоний", 2],
        ["Синій", 1],
      ],
      // The newest first: Nike, then the tee, ranked as its best variant (L, the newest of it).
      items: [
        { source_id: "nike", variants: 1, price_from: 900, variations: [] },
        {
          source_id: "tee-m",
          variants: 3,
          price_from: 450,
          variations: [
            { name: "Колір", values: [colours[0], colours[1]] },
            { name: "Розмір", values: [{ value: "M" }, { value: "L" }, { value: "S" }] },
          ],
        },
      ],
    });
  });

  test("under a filter, the variant that has the value; without the parameter, every variant", async () => {
    const blue = (await get("q=футболка&group_by_category=false")).body.filters[0].values.find(
      (v: any) => v.name === "Синій",
    ).id;
    expect(await cards(`group_variants=true&filters=${blue}`)).toEqual({
      status: 200,
      total: 1,
      pages: 1,
      colours: [
        ["Червоний", 2],
        ["Синій", 1],
      ],
      items: [
        {
          source_id: "tee-l",
          variants: 1,
          price_from: 600,
          variations: [
            { name: "Колір", values: [{ value: "Синій", color: "#0000ff" }] },
            { name: "Розмір", values: [{ value: "L" }] },
          ],
        },
      ],
    });
    const plain = await cards("");
    expect([plain.total, plain.colours, plain.items.map((i: any) => i.source_id)]).toEqual([
      4,
      [
        ["Червоний", 3],
        ["Синій", 1],
      ],
      ["nike", "tee-l", "tee-m", "tee-s"],
    ]);
    expect(plain.items[0]).toEqual({
      source_id: "nike",
      variants: undefined,
      price_from: undefined,
      variations: undefined,
    });
  });

  test("a category page of cards", async () => {
    const { status, body } = await get("browse=true&category_id=4&group_variants=true");
    expect([status, body.total, body.pagination.total_items, ids(body)]).toEqual([
      200,
      2,
      2,
      ["nike", "tee-m"],
    ]);
  });
});

describe("7. numeric attributes: stats and ranges", () => {
  const withParam = (id: string, name: string, category: string, param: [string, string]) =>
    item(
      id,
      name,
      category,
      { new_price: 1000 },
      {
        translations: [
          {
            language: "uk",
            name,
            url: `https://shop.example/p/${id}`,
            params: [{ name: param[0], value: param[1], is_filter: true }],
          },
        ],
      },
    );
  let diagonal = 0;
  let volume = 0;
  beforeAll(async () => {
    await post(service, CATEGORIES, shop.secret_token, [
      category(5, "Телевізори"),
      category(6, "Чайники"),
    ]);
    for (const p of [
      withParam("tv55", "Телевізор LG 55", "5", ["Діагональ", '55"']),
      withParam("tv65", "Телевізор LG 65", "5", ["Діагональ", '65"']),
      withParam("tv43", "Телевізор LG 43", "5", ["Діагональ", '43"']),
      withParam("k17", "Чайник Bosch", "6", ["Об'єм", "1,7 л"]),
      withParam("k15", "Чайник Tefal", "6", ["Об'єм", "1500 мл"]),
      withParam("k20", "Чайник Philips", "6", ["Об'єм", "2 л"]),
    ])
      await post(service, PRODUCTS, shop.secret_token, [p]);
    const tv = await until("q=телевізор&group_by_category=false", (b) => b.total === 3);
    const kettles = await until("q=чайник&group_by_category=false", (b) => b.total === 3);
    diagonal = tv.filters[0].id;
    volume = kettles.filters[0].id;
  });

  const ranged = async (query: string) => {
    const { status, body } = await get(`group_by_category=false&${query}`);
    return {
      status,
      ids: ids(body),
      attributes: body.stats.attributes,
      counts: body.filters[0]?.values.map((v: any) => [v.name, v.total]),
    };
  };

  test("the bounds of a numeric attribute, and a range, either bound open", async () => {
    const all = [
      ['43"', 1],
      ['55"', 1],
      ['65"', 1],
    ];
    expect(await ranged("q=телевізор")).toEqual({
      status: 200,
      ids: ["tv43", "tv65", "tv55"],
      attributes: [{ id: diagonal, min: 43, max: 65, unit: '"' }],
      counts: all,
    });
    // Its own range narrows the products, not its bounds nor its counts (as a filter's own).
    expect(await ranged(`q=телевізор&ranges=${diagonal}:50:`)).toEqual({
      status: 200,
      ids: ["tv65", "tv55"],
      attributes: [{ id: diagonal, min: 43, max: 65, unit: '"' }],
      counts: all,
    });
  });

  test("one unit: 1,7 л is 1700 мл; the unit most values are written in", async () => {
    const stats = [{ id: volume, min: 1.5, max: 2, unit: "л" }];
    expect(await ranged(`q=чайник&ranges=${volume}:1.6:1.8`)).toMatchObject({
      status: 200,
      ids: ["k17"],
      attributes: stats,
    });
    expect(await ranged(`q=чайник&ranges=${volume}::1.5`)).toMatchObject({
      ids: ["k15"],
      attributes: stats,
    });
    expect((await ranged(`q=чайник&ranges=${volume}:3:`)).ids).toEqual([]);
    // Repeated and comma-separated, AND-ed; a range of an attribute that is no number is ignored.
    expect((await ranged(`browse=true&ranges=${volume}:1.6:&ranges=${diagonal}::50`)).ids).toEqual(
      [],
    );
    expect((await ranged(`q=чайник&ranges=${volume}:1.6:,1648635615845352:1:2`)).ids).toEqual([
      "k20",
      "k17",
    ]);
  });

  test("a bad range is 400", async () => {
    for (const bad of ["abc", "1:2", "1:5:2", "1:x:"])
      expect(await get(`q=чайник&ranges=${bad}`)).toEqual({
        status: 400,
        body: {
          detail: "Invalid query parameters.",
          errors: {
            ranges: [
              bad === "1:5:2"
                ? "The range 1:5:2 has its lowest bound above its highest."
                : "Enter ATTRIBUTE_ID:MIN:MAX items (either bound may be empty), comma-separated.",
            ],
          },
        },
      });
  });
});

describe("8. popular", () => {
  const event = (type: string, source_id: string, position?: number) =>
    fetch(`${service.url}/api/v2/search/events/?token=${shop.search_token}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type, query: "чохол", source_id, ...(position ? { position } : {}) }),
    });

  test("events order the products, within the tiers; a category page's default too", async () => {
    expect((await listed("q=чохол&group_by_category=false&sort=popular")).ids).toEqual([
      "p5",
      "p3",
    ]);
    const sent = await Promise.all([
      event("click", "p5", 1),
      event("click", "p5", 1),
      event("click", "p5", 1),
      event("purchase", "p3"),
    ]);
    expect(sent.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    await until("q=чохол&group_by_category=false&sort=popular", (b) => ids(b)[0] === "p3");
    expect(await listed("q=чохол&group_by_category=false&sort=popular")).toEqual({
      status: 200,
      total: 2,
      ids: ["p3", "p5"],
      stats: { price: { min: 300, max: 500 }, attributes: [] },
    });
    // A category page: merchandising, then popular, then newest.
    expect((await listed("browse=true&category_id=2")).ids).toEqual(["p3", "p5"]);
    // Within the tiers: the phones (no events) before the cases, newest first among them.
    expect((await listed(`q=iphone&${flat}&sort=popular`)).ids).toEqual([
      "p2",
      "p1",
      "p4",
      "p3",
      "p5",
    ]);
  });
});

describe("9. category pages in analytics", () => {
  test("a view is counted apart from searches, by category; demo and unknown ones are not", async () => {
    // A store of its own: the other tests' pages are views too.
    const own = await createDomain(service);
    await post(service, CATEGORIES, own.secret_token, [category(1), category(2)]);
    await post(service, PRODUCTS, own.secret_token, [
      product("a"),
      product("b", { source_category_id: "2" }),
    ]);
    const view = async (query: string) => {
      const url = `${service.url}/api/v2/search/?token=${own.search_token}&browse=true&${query}`;
      return (await (await fetch(url)).json()) as { total: number; query: string };
    };
    const deadline = Date.now() + 5000;
    while ((await view("demo=true")).total !== 2 && Date.now() < deadline) await Bun.sleep(20);
    for (const q of [
      "category_id=1",
      "category_id=1",
      "category_id=2",
      "",
      "category_id=999",
      "category_id=2&demo=true",
    ])
      expect((await view(q)).query).toBe("");
    const report = async () => {
      const r = await fetch(`${service.url}/api/v2/admin/domains/${own.name}/analytics/?days=1`, {
        headers: { "x-admin-key": ADMIN_KEY },
      });
      return (await r.json()) as {
        category_views: { views: number }[];
        top_queries: unknown[];
        searches_per_day: unknown[];
      };
    };
    let r = await report();
    const views = () => r.category_views.reduce((n, v) => n + v.views, 0);
    while (views() < 4 && Date.now() < deadline + 5000) {
      await Bun.sleep(50);
      r = await report();
    }
    expect(r).toMatchObject({
      category_views: [
        { category_id: "1", views: 2 },
        { category_id: "", views: 1 },
        { category_id: "2", views: 1 },
      ],
      // No view is a search.
      top_queries: [],
      searches_per_day: [],
    });
  });
});
