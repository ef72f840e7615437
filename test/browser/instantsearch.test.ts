// The real InstantSearch.js (npm's instantsearch.js, bundled by Bun.build) over Vitrina's search
// client, on /demo/instantsearch in a headless chromium over `serve --demo`. A shopper's visit,
// each view compared with what Vitrina answers for the very search the page sent (the same URL
// fetched again):
//  1. the store's page (no query), opened from /demo's link: every product; the menu's
//     departments, each counting the products of its categories at any depth, as a category
//     page of it (browse=true) counts
//  2. a query typed with a typo, letter by letter: the corrected query named, its products in
//     order with the matched words marked, their prices, the total, the facets (dynamicWidgets:
//     every attribute Vitrina answered, in its order) and their counts, the pages; a
//     merchandising rule's banner for the query, through userData
//  3. two facets refined (a colour, then a power): `filters=` with both value ids; the
//     products, the total, and each facet's counts with the other's refinement applied
//  4. the price range: `price_from`/`price_to`, prices within it; its bounds are `stats.price`
//  5. sortBy: the index `products_price_asc` is `sort=price_asc`
//  6. the pages: page 2 is Vitrina's `page=2`
//  7. the hierarchical menu: a department, then one of its categories: `category_id` of the
//     tree's category, and the products of that category, counted as Vitrina counts them
//  8. a click on a product reaches the store's analytics as a click after that query, at its
//     position (insights); the query counts as one search, not one per letter, refinement or
//     InstantSearch's own extra queries
//  9. no console errors or page errors throughout
// Steps 3 to 7 each start from the query alone. It writes a screenshot of the query's view to
// VITRINA_SCREENSHOTS (default: a temporary directory; docs/img/instantsearch.png comes from it).
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ADMIN_KEY, type Service, startService } from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

setDefaultTimeout(30_000);

let service: Service;
let browser: Browser;
let page: Page;
let token: string;
const QUERY = "phillips";
const CORRECTED = "philips";
const BANNER = "https://vitrina.example/b/black.svg";
const shots = process.env.VITRINA_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "vitrina-shots-"));

beforeAll(async () => {
  [service, browser] = await Promise.all([
    // Typing runs of 10 s: the letters of one query, then its refinements, are one search (with
    // room for a slow machine between two steps).
    startService({ args: ["--demo", "--typing-session", "10"] }),
    launchChromium(),
  ]);
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  token = ((await r.json()) as { name: string; search_token: string }[]).find(
    (d) => d.name === "demo",
  )?.search_token as string;
  const rules = await fetch(`${service.url}/api/v2/admin/domains/demo/rules/`, {
    method: "PUT",
    headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
    body: JSON.stringify({
      rules: [
        {
          query: { match: "exact", text: QUERY },
          banner: {
            image_url: BANNER,
            link: "https://vitrina.example/sale/",
            alt: "Тиждень Philips",
          },
        },
      ],
    }),
  });
  expect(r.status).toBe(200);
  expect(rules.status).toBe(200);
  page = await browser.newPage();
  // The store's pictures and product pages are not on this machine.
  await page.route("https://vitrina.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>product</title>" }),
  );
  // The rule's banner (a route added later is tried first).
  await page.route(BANNER, (route) =>
    route.fulfill({
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1008" height="90"><rect width="1008" height="90" rx="12" fill="#0b63ce"/><text x="32" y="56" font-family="sans-serif" font-size="30" fill="#fff">Тиждень Philips: −20%</text></svg>',
    }),
  );
}, 30_000);

afterAll(async () => {
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
});

/** A search the page sent for its hits (not one of InstantSearch's counts-only queries). */
const isHitsSearch = (url: string) => {
  const u = new URL(url);
  return u.pathname === "/api/v2/search/" && !u.searchParams.has("demo");
};

/**
 * Runs `action` and waits for the page's search whose parameters pass `wanted` and for its
 * rendering; answers that search's URL parameters and Vitrina's answer to them.
 */
async function step(
  action: () => Promise<unknown>,
  wanted: (p: URLSearchParams) => boolean,
): Promise<{ params: URLSearchParams; answer: any }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => isHitsSearch(r.url()) && wanted(new URL(r.url()).searchParams)),
    action(),
  ]);
  const params = new URL(response.url()).searchParams;
  const answer = await vitrina(params);
  const names = items(answer).map((p: any) => p.name);
  // dynamicWidgets mounts the facets' widgets after the first results, and their lists come
  // with a render of their own: wait for every facet the answer has to show its values too
  // (on a loaded machine the view was read between the two).
  const facets = (answer.filters ?? []).length;
  await page.waitForFunction(
    ([total, first, panels]) => {
      const d = (globalThis as any).document;
      const shown = [...d.querySelectorAll("#facets .ais-Panel:not([hidden])")];
      return (
        d.querySelector("#stats .ais-Stats-text")?.textContent === `${total} товарів` &&
        (d.querySelector(".ais-Hits-item .name")?.textContent ?? null) === first &&
        shown.length >= panels &&
        shown.every((p: any) => p.querySelector(".ais-RefinementList-item, input") !== null)
      );
    },
    [answer.total, names[0] ?? null, facets] as const,
  );
  return { params, answer };
}

/** Vitrina's answer to the same search (not counted: `demo`). */
async function vitrina(params: URLSearchParams, more: Record<string, string> = {}): Promise<any> {
  const p = new URLSearchParams(params);
  for (const [k, v] of Object.entries(more)) p.set(k, v);
  p.set("demo", "true");
  const r = await fetch(`${service.url}/api/v2/search/?${p}`);
  expect(r.status).toBe(200);
  return r.json();
}

const items = (answer: any): any[] => answer.products.groups.flatMap((g: any) => g.items);

/** The view as a shopper reads it. */
function view() {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    const all = (selector: string): any[] => [...d.querySelectorAll(selector)];
    const text = (e: any): string => e?.textContent?.trim() ?? "";
    const values = (panel: any) =>
      Object.fromEntries(
        [...panel.querySelectorAll(".ais-RefinementList-item")].map((e) => [
          text(e.querySelector(".ais-RefinementList-labelText")),
          Number(text(e.querySelector(".ais-RefinementList-count"))),
        ]),
      );
    /** The facets dynamicWidgets shows, in their order: their names and their values' counts. */
    const facets: [string, Record<string, number>][] = all("#facets .ais-Panel:not([hidden])").map(
      (p) => [text(p.querySelector(".ais-Panel-header")), values(p)],
    );
    const menuItem = (e: any) => ({
      label: text(e.querySelector(":scope > div .ais-HierarchicalMenu-label")),
      count: Number(text(e.querySelector(":scope > div .ais-HierarchicalMenu-count"))),
      selected: e.classList.contains("ais-HierarchicalMenu-item--selected"),
    });
    return {
      // The widget also says it in English to screen readers (`.ais-Stats-announcement`).
      stats: text(d.querySelector("#stats .ais-Stats-text")),
      names: all(".ais-Hits-item .name").map(text),
      marked: all(".ais-Hits-item .name mark").map(text),
      prices: all(".ais-Hits-item .price").map(text),
      facets: facets.map(([name]) => name),
      color: Object.fromEntries(facets).Колір ?? {},
      power: Object.fromEntries(facets).Потужність ?? {},
      menu: all(
        "#categories .ais-HierarchicalMenu > .ais-HierarchicalMenu-list > .ais-HierarchicalMenu-item",
      ).map(menuItem),
      /** The categories under the one chosen. */
      under: all(
        "#categories .ais-HierarchicalMenu-item--selected > .ais-HierarchicalMenu-list--child > ul > li",
      ).map(menuItem),
      page: text(d.querySelector(".ais-Pagination-item--selected")),
      pages: all(".ais-Pagination-item--page").map(text),
      note: d.querySelector("#query-note").hidden ? "" : text(d.querySelector("#query-note")),
      banners: all("#banners img").map((e) => e.getAttribute("src")),
      priceBounds: [
        d.querySelector(".ais-RangeInput-input--min")?.placeholder,
        d.querySelector(".ais-RangeInput-input--max")?.placeholder,
      ],
    };
  });
}

/** A facet's values as Vitrina counts them, for those the page shows (at most 10 by count). */
function counts(answer: any, attribute: string): Record<string, number> {
  const values = answer.filters.find((f: any) => f.name === attribute)?.values ?? [];
  return Object.fromEntries(values.map((v: any) => [v.name, v.total]));
}

const price = (n: number) => `${n.toLocaleString("uk-UA")} ₴`;

test("1. the store's page: every product, the departments as their category pages count", async () => {
  // From the first storefront's link.
  await page.goto(`${service.url}/demo`);
  const { params, answer } = await step(
    () => page.getByRole("link", { name: "the same catalog on InstantSearch.js" }).click(),
    (p) => p.get("product_page_size") === "8",
  );
  expect(page.url()).toBe(`${service.url}/demo/instantsearch`);
  expect(params.get("browse")).toBe("true");
  expect(params.get("q")).toBe("");
  const v = await view();
  expect(v.stats).toBe("276 товарів");
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  // Each department counts what its category page (browse=true&category_id=) lists.
  const tree = (await (
    await fetch(`${service.url}/api/v2/search/categories/?token=${token}`)
  ).json()) as any;
  const departments = tree.categories.filter((c: any) => c.depth === 0);
  const pages = await Promise.all(
    departments.map(async (c: any) => ({
      label: c.name,
      count: (await vitrina(params, { category_id: c.source_id })).total,
      selected: false,
    })),
  );
  expect(v.menu.toSorted((a, b) => a.label.localeCompare(b.label))).toEqual(
    pages.filter((d) => d.count > 0).toSorted((a, b) => a.label.localeCompare(b.label)),
  );
  expect(v.menu.reduce((n, d) => n + d.count, 0)).toBe(276);
});

test("2. a query with a typo: the corrected query's products and facets", async () => {
  const { params, answer } = await step(
    () => page.locator(".ais-SearchBox-input").pressSequentially(QUERY, { delay: 30 }),
    (p) => p.get("q") === QUERY,
  );
  expect(answer.corrected_query).toBe(CORRECTED);
  expect(params.get("browse")).toBe(null);
  expect(params.get("product_page_size")).toBe("8");
  expect(params.get("page")).toBe("1");
  const v = await view();
  expect(v.note).toBe(`Показано результати для «${CORRECTED}»`);
  expect(v.stats).toBe(`${answer.total} товарів`);
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  expect(v.marked).toEqual(items(answer).map(() => "Philips"));
  expect(v.prices).toEqual(items(answer).map((p) => price(p.discounted_price)));
  expect(v.color).toEqual(counts(answer, "Колір"));
  expect(v.power).toEqual(counts(answer, "Потужність"));
  // dynamicWidgets shows every attribute Vitrina answered, in its order.
  expect(v.facets).toEqual(answer.filters.map((f: any) => f.name));
  expect(v.pages).toEqual(["1", "2"]);
  expect(answer.pagination.total_pages).toBe(2);
  expect(v.page).toBe("1");
  expect(v.banners).toEqual([BANNER]);
  await page.screenshot({ path: join(shots, "instantsearch.png") });
  expect(v.priceBounds).toEqual([String(answer.stats.price.min), String(answer.stats.price.max)]);
});

/** Undoes a step: back to the query alone. */
async function reset(): Promise<void> {
  await step(
    () => page.locator(".ais-ClearRefinements-button").click(),
    (p) => p.get("q") === QUERY && [...p.keys()].every((k) => !UNDONE.includes(k)),
  );
}
const UNDONE = ["filters", "price_from", "price_to", "category_id"];

/** A value's label in the facet of `attribute`. */
const label = (attribute: string, value: string) =>
  page
    .locator("#facets .ais-Panel", {
      has: page.locator(".ais-Panel-header", { hasText: attribute }),
    })
    .locator(".ais-RefinementList-label", { hasText: value });

const idOf = (answer: any, name: string, value: string): number =>
  answer.filters.find((f: any) => f.name === name).values.find((x: any) => x.name === value).id;

test("3. two facets refined: both value ids, each facet counted with the other applied", async () => {
  const colour = Object.keys((await view()).color)[0] as string;
  const first = await step(
    () => label("Колір", colour).click(),
    (p) => p.has("filters"),
  );
  const colourId = idOf(first.answer, "Колір", colour);
  expect(first.params.get("filters")).toBe(String(colourId));
  const power = Object.keys((await view()).power)[0] as string;
  const { params, answer } = await step(
    () => label("Потужність", power).click(),
    (p) => (p.get("filters") ?? "").split(",").length === 2,
  );
  const sent = (params.get("filters") ?? "").split(",").map(Number);
  expect(sent.toSorted()).toEqual([colourId, idOf(answer, "Потужність", power)].toSorted());
  const v = await view();
  expect(v.stats).toBe(`${answer.total} товарів`);
  expect(answer.total).toBeGreaterThan(0);
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  // Vitrina counts a facet with every refinement but its own, as InstantSearch counts a
  // disjunctive facet.
  expect(v.color).toEqual(counts(answer, "Колір"));
  expect(v.power).toEqual(counts(answer, "Потужність"));
  await reset();
});

test("4. the price range: price_from and price_to, and the prices within them", async () => {
  await page.locator(".ais-RangeInput-input--min").fill("1000");
  await page.locator(".ais-RangeInput-input--max").fill("10000");
  const { params, answer } = await step(
    () => page.locator(".ais-RangeInput-submit").click(),
    (p) => p.has("price_from"),
  );
  expect([params.get("price_from"), params.get("price_to")]).toEqual(["1000", "10000"]);
  const v = await view();
  expect(v.stats).toBe(`${answer.total} товарів`);
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  expect(
    items(answer).every((p) => p.discounted_price >= 1000 && p.discounted_price <= 10000),
  ).toBe(true);
  // The bounds are those of the query with every filter but the price's own.
  expect(v.priceBounds).toEqual([String(answer.stats.price.min), String(answer.stats.price.max)]);
  await reset();
});

test("5. sortBy: products_price_asc is sort=price_asc", async () => {
  const { params, answer } = await step(
    () => page.locator("#sort select").selectOption("products_price_asc"),
    (p) => p.get("sort") === "price_asc",
  );
  const v = await view();
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  const prices = items(answer).map((p) => p.discounted_price);
  expect(prices).toEqual(prices.toSorted((a, b) => a - b));
  expect(params.get("q")).toBe(QUERY);
});

test("6. the pages: page 2 is Vitrina's page=2", async () => {
  const { answer } = await step(
    () => page.locator(".ais-Pagination-item--page a", { hasText: "2" }).click(),
    (p) => p.get("page") === "2",
  );
  const v = await view();
  expect(v.page).toBe("2");
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  expect(answer.pagination.current_page).toBe(2);
  // Back to the relevance order's first page for the steps below.
  await step(
    () => page.locator("#sort select").selectOption("products"),
    (p) => !p.has("sort") && p.get("page") === "1",
  );
});

test("7. the hierarchical menu: a department, then a category under it", async () => {
  const tree = (await (
    await fetch(`${service.url}/api/v2/search/categories/?token=${token}`)
  ).json()) as any;
  const byName = (name: string, depth: number) =>
    tree.categories.find((c: any) => c.name === name && c.depth === depth);
  const top = (await view()).menu.toSorted((a, b) => b.count - a.count)[0] as { label: string };
  const department = byName(top.label, 0);
  const first = await step(
    () => page.locator("#categories .ais-HierarchicalMenu-link", { hasText: top.label }).click(),
    (p) => p.get("category_id") === department.source_id,
  );
  const opened = await view();
  expect(opened.stats).toBe(`${first.answer.total} товарів`);
  expect(opened.names).toEqual(items(first.answer).map((p) => p.name));
  // The department's categories, each counted as its own search counts it.
  expect(opened.menu.filter((m) => m.selected).map((m) => m.label)).toEqual([top.label]);
  const children = opened.under;
  expect(children.length).toBeGreaterThan(0);
  for (const child of children) {
    const c = tree.categories.find(
      (x: any) => x.name === child.label && x.parent_id === department.source_id,
    );
    expect((await vitrina(first.params, { category_id: c.source_id })).total).toBe(child.count);
  }
  const child = children[0] as { label: string; count: number };
  const category = tree.categories.find(
    (x: any) => x.name === child.label && x.parent_id === department.source_id,
  );
  const { answer } = await step(
    () => page.locator("#categories .ais-HierarchicalMenu-link", { hasText: child.label }).click(),
    (p) => p.get("category_id") === category.source_id,
  );
  const v = await view();
  expect(v.stats).toBe(`${child.count} товарів`);
  expect(answer.total).toBe(child.count);
  expect(v.names).toEqual(items(answer).map((p) => p.name));
  await reset();
});

test("8. a click on a product reaches the store's analytics", async () => {
  const v = await view();
  const [clicked] = [v.names[1] as string];
  await Promise.all([
    page.waitForEvent("framenavigated"),
    page.locator(".ais-Hits-item .name", { hasText: clicked }).click(),
  ]);
  let report = await analytics();
  // The run is counted once it ends, 10 s after its last search.
  for (let i = 0; i < 250 && report.query_outcomes?.[0]?.clicks !== 1; i++) {
    await Bun.sleep(100);
    report = await analytics();
  }
  expect(report.top_queries).toEqual([{ q: QUERY, count: 1, corrected_query: CORRECTED }]);
  expect(report.query_outcomes).toEqual([
    {
      q: QUERY,
      searches: 1,
      clicks: 1,
      click_through_rate: 1,
      average_click_position: 2,
      add_to_cart: 0,
      purchases: 0,
    },
  ]);
});

async function analytics(): Promise<any> {
  const r = await fetch(`${service.url}/api/v2/admin/domains/demo/analytics/?days=1`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  return r.json();
}

test("9. no console errors or page errors", () => {
  expect(browser.errors).toEqual([]);
});
