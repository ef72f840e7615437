// The admin page (/admin) in a real headless chromium, over a service with a small catalog and
// a few searches of distinct shoppers:
//  1. logging in with the domain's secret token (a POST form read by the page's script: the
//     URL never carries it) shows the catalog counts, the index state, the failed import batch,
//     the top query and the no-result query in their tables and the searches of today as a bar
//     of the per-day chart
//  2. rotating the tokens on the page ends the old secret token (401 over HTTP) and the new one
//     works; the page goes on with the new one
//  3. the operator key lists every domain and opens any
//  4. blocking a suggestion from the top queries lists it; unblocking removes it
//  5. no console errors or page errors throughout (a CSP violation is one)
//  6. the Feeds section lists the registered feeds and their last runs; "Run now" runs one and
//     its run shows; a feed's URL and offer ids stay text, never HTML
// It writes screenshots of the page to VITRINA_SCREENSHOTS (default: a temporary directory).

import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { offersOf, yml } from "../fixtures/feeds/feed-generators.ts";
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
} from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

setDefaultTimeout(30_000);

let service: Service;
let browser: Browser;
let origin: ReturnType<typeof Bun.serve>;
let shop: Tokens;
const shots = process.env.VITRINA_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "vitrina-shots-"));
const today = new Date().toISOString().slice(0, 10);

const item = (id: string, category: string, name: string, extra: Record<string, unknown> = {}) =>
  product(id, {
    source_category_id: category,
    translations: [{ language: "uk", name, url: `https://shop.example/p/${id}` }],
    ...extra,
  });

beforeAll(async () => {
  // The feed server of test 6: an offer id and a URL that would be markup if put in as HTML.
  const feed = yml({
    offers: [...offersOf(1, 40), { id: "&lt;b&gt;7&lt;/b&gt;", name: "Колонка", price: "дорого" }],
  });
  origin = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(feed) });
  [service, browser] = await Promise.all([
    startService({ args: ["--feed-allow-host", "127.0.0.1"] }),
    launchChromium(),
  ]);
  await createDomain(service, "another-shop");
  shop = await createDomain(service, "audio-shop");
  await post(service, CATEGORIES, shop.secret_token, [
    category(1, "Навушники"),
    category(2, "Ноутбуки"),
    category(3, "Колонки"),
  ]);
  const kyiv = (available: boolean) => [{ external_id: "kyiv", available, quantity: 2 }];
  await post(service, PRODUCTS, shop.secret_token, [
    item("1", "1", "Навушники Sony WH-1000XM5", { warehouses: kyiv(true) }),
    item("2", "1", "Навушники JBL Tune 510BT", { warehouses: kyiv(false) }),
    item("3", "2", "Ноутбук Lenovo IdeaPad 5"),
    item("4", "2", "Ноутбук ASUS VivoBook 15", { availability: false }),
    item("5", "3", "Колонка JBL Flip 6", {
      warehouses: [{ external_id: "lviv", available: true, quantity: 5 }],
    }),
  ]);
  // A batch that fails, for the import errors table.
  await post(service, PRODUCTS, shop.secret_token, [item("6", "3", "Колонка", { new_price: -5 })]);
  const search = (q: string, uuid: string, extra = "") =>
    fetch(
      `${service.url}/api/v2/search/?token=${shop.search_token}&q=${encodeURIComponent(q)}&uuid=${uuid}${extra}`,
    ).then((r) => r.json() as Promise<{ total: number }>);
  // Wait for the index without recording (a preview), then search as shoppers do.
  for (;;) {
    if ((await search("навушники", "setup", "&demo=true")).total > 0) break;
    await Bun.sleep(20);
  }
  for (const [q, n] of [
    ["навушники", 4],
    ["ноутбук", 2],
    ["колонка jbl", 1],
    ["телевізор", 1],
  ] as const)
    for (let i = 0; i < n; i++) await search(q, `shopper-${q}-${i}`);
  // What two of the shoppers did next (the widget's clicks, the store's purchase).
  const event = (body: Record<string, unknown>) =>
    fetch(`${service.url}/api/v2/search/events/?token=${shop.search_token}`, {
      method: "POST",
      body: JSON.stringify({ source_id: "1", ...body }),
    });
  await event({ type: "click", query: "навушники", position: 1, uuid: "shopper-навушники-0" });
  await event({ type: "click", query: "навушники", position: 3, uuid: "shopper-навушники-1" });
  await event({ type: "purchase", query: "навушники" });
  // The searches and events are recorded in batches: wait until the report has them all.
  for (;;) {
    const r = await fetch(`${service.url}/api/v2/content/analytics/?days=1`, {
      headers: { "x-secret-token": shop.secret_token },
    });
    const body = (await r.json()) as {
      searches_per_day: { count: number }[];
      query_outcomes: { purchases: number }[];
    };
    if (body.searches_per_day[0]?.count === 8 && body.query_outcomes[0]?.purchases === 1) break;
    await Bun.sleep(50);
  }
}, 30_000);

afterAll(async () => {
  origin?.stop(true);
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
});

async function logIn(key: string, kind: "owner" | "operator"): Promise<Page> {
  const page = await browser.newPage({ width: 1280, height: 900 });
  await page.goto(`${service.url}/admin`);
  await page.locator(kind === "owner" ? "#kind-owner" : "#kind-operator").check();
  await page.locator("#token").fill(key);
  await page.locator("#login-button").click();
  return page;
}

const rows = (page: Page, id: string) =>
  page
    .locator(`#${id} tr`)
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );

test("1. the owner's page: counts, index, import errors, top and no-result queries, chart", async () => {
  const page = await logIn(shop.secret_token, "owner");
  await page.locator("#catalog-products").filter({ hasText: "5" }).waitFor();
  await page.locator("#top-body tr").first().waitFor();
  expect(page.url()).toBe(`${service.url}/admin`);
  const text = (id: string) => page.locator(`#${id}`).textContent();
  expect(
    await Promise.all(
      ["categories", "products", "unavailable", "warehouses"].map((k) => text(`catalog-${k}`)),
    ),
  ).toEqual(["3", "5", "2", "2"]);
  expect(await text("index-documents")).toBe("8");
  expect(await text("index-lag")).toBe("up to date");
  expect(await text("who")).toBe("audio-shop");
  expect(await rows(page, "top-body")).toEqual([
    ["навушники", "4", "", "Block"],
    ["ноутбук", "2", "", "Block"],
    ["колонка jbl", "1", "", "Block"],
    ["телевізор", "1", "", "Block"],
  ]);
  expect(await rows(page, "zero-body")).toEqual([["телевізор", "1"]]);
  expect(await rows(page, "outcomes-body")).toEqual([
    ["навушники", "4", "50%", "2", "0", "1"],
    ["ноутбук", "2", "0%", "–", "0", "0"],
    ["колонка jbl", "1", "0%", "–", "0", "0"],
    ["телевізор", "1", "0%", "–", "0", "0"],
  ]);
  expect(await rows(page, "noclick-body")).toEqual([
    ["навушники", "2"],
    ["ноутбук", "2"],
    ["колонка jbl", "1"],
    ["телевізор", "1"],
  ]);
  const errors = await rows(page, "errors-body");
  expect(errors.map((r) => r.slice(1))).toEqual([
    ["products", "1", "source_id 6: new_price: Ensure this value is greater than 0."],
  ]);
  // The chart: one bar a day of the 30, today's the 8 searches.
  const bars = await page
    .locator("#chart-svg rect")
    .evaluateAll((rs) => rs.map((r) => [r.getAttribute("data-day"), r.getAttribute("data-count")]));
  expect(bars.length).toBe(30);
  expect(bars.at(-1)).toEqual([today, "8"]);
  expect(await text("searches-total")).toBe("8");
  // The tokens are masked until shown.
  expect(await text("secret-token")).not.toContain(shop.secret_token);
  await page.locator(".token-row button").first().click();
  expect(await text("secret-token")).toBe(shop.secret_token);
  await page.locator(".token-row button").first().click();
  await page.screenshot({ path: join(shots, "admin.png"), fullPage: true });
  await page.close();
});

test("2. rotating on the page ends the old secret token", async () => {
  const page = await logIn(shop.secret_token, "owner");
  await page.locator("#catalog-products").filter({ hasText: "5" }).waitFor();
  page.once("dialog", (d) => void d.accept());
  await page.locator("#rotate").click();
  await page.locator("#rotate-note").filter({ hasText: "Rotated" }).waitFor();
  const overview = (token: string) =>
    fetch(`${service.url}/api/v2/content/overview/`, { headers: { "x-secret-token": token } });
  expect((await overview(shop.secret_token)).status).toBe(401);
  expect((await post(service, PRODUCTS, shop.secret_token, [item("7", "1", "X")])).status).toBe(
    401,
  );
  const stored = await page.evaluate(() => sessionStorage.getItem("vitrina-admin"));
  const fresh = (JSON.parse(stored ?? "{}") as { key: string }).key;
  expect(fresh).not.toBe(shop.secret_token);
  const r = await overview(fresh);
  expect(r.status).toBe(200);
  const body = (await r.json()) as { tokens: { secret_token: string; search_token: string } };
  expect(body.tokens.secret_token).toBe(fresh);
  // The page goes on with the new token, also after a reload.
  await page.reload();
  await page.locator("#catalog-products").filter({ hasText: "5" }).waitFor();
  await page.locator(".token-row button").first().click();
  expect(await page.locator("#secret-token").textContent()).toBe(fresh);
  shop = { ...shop, ...body.tokens };
  await page.close();
});

test("3. the operator key lists every domain and opens any", async () => {
  const page = await logIn(ADMIN_KEY, "operator");
  await page.locator("#domains-body tr").nth(1).waitFor();
  expect((await rows(page, "domains-body")).map((r) => [r[0], r[3]])).toEqual([
    ["another-shop", "Open"],
    ["audio-shop", "Open"],
  ]);
  await page.screenshot({ path: join(shots, "admin-domains.png") });
  await page.locator('[data-domain="audio-shop"]').click();
  await page.locator("#catalog-products").filter({ hasText: "5" }).waitFor();
  expect(await page.locator("#who").textContent()).toBe("audio-shop");
  await page.locator("#back").click();
  await page.locator("#domains-body tr").nth(1).waitFor();
  await page.close();
});

test("4. blocking a suggestion from the top queries, and unblocking it", async () => {
  const page = await logIn(shop.secret_token, "owner");
  await page.locator("#top-body tr").first().waitFor();
  await page.locator("#top-body tr").nth(1).locator("button").click();
  await page.locator("#blocked-list li").first().waitFor();
  expect(await page.locator("#blocked-list li span").allTextContents()).toEqual(["ноутбук"]);
  await page.locator("#blocked-list li button").click();
  await page.locator("#blocked-empty").waitFor({ state: "visible" });
  expect(await page.locator("#blocked-list li").count()).toBe(0);
  await page.close();
});

test("6. the Feeds section: registered feeds, last runs, Run now; a feed's text stays text", async () => {
  const feedUrl = `http://127.0.0.1:${origin.port}/feed.xml?x=<b>bold</b>`;
  // A store of its own: the feed lacks the audio shop's products, which the half rule keeps.
  const store = await createDomain(service);
  const put = await fetch(`${service.url}/api/v2/content/feeds/`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-secret-token": store.secret_token },
    body: JSON.stringify({ feeds: [{ url: feedUrl, every_minutes: 1440 }] }),
  });
  expect(put.status).toBe(200);
  const page = await logIn(store.secret_token, "owner");
  // The first run starts at once (a feed new to the list); the page shows it once recorded.
  await page.locator("#feeds-body tr").first().waitFor();
  for (let i = 0; (await page.locator("#runs-body tr").count()) === 0; i++) {
    if (i > 100) throw new Error("the feed's first run never showed");
    await Bun.sleep(100);
    await page.reload();
    await page.locator("#feeds-body tr").first().waitFor();
  }
  const feeds = await rows(page, "feeds-body");
  expect(feeds.map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
    [feedUrl, "auto", "1,440", "Run now"],
  ]);
  const first = await rows(page, "runs-body");
  expect(first.map((r) => [...r.slice(1, 10), r[11]])).toEqual([
    [
      feedUrl,
      "schedule",
      "ok",
      "1",
      "0",
      "0",
      "0",
      "0",
      "1",
      expect.stringMatching(/^offer <b>7<\/b>: /),
    ],
  ]);
  await page.locator("#feeds-body button").click();
  await page.locator("#feeds-note").filter({ hasText: "Run finished" }).waitFor();
  // Run again as it was: a diff, nothing created or updated.
  expect((await rows(page, "runs-body")).map((r) => r.slice(1, 6))).toEqual([
    [feedUrl, "manual", "ok", "0", "0"],
    [feedUrl, "schedule", "ok", "1", "0"],
  ]);
  // Text, never markup: no element came of the URL or the offer id.
  expect(await page.locator("#feeds b, #feeds img").count()).toBe(0);
  await page.locator("#feeds").screenshot({ path: join(shots, "admin-feeds.png") });
  await page.close();
});

test("5. a wrong token is refused on the page; no console errors throughout", async () => {
  const page = await logIn("not-a-token", "owner");
  await page.locator("#login-error").filter({ hasText: "not accepted" }).waitFor();
  expect(await page.locator("#app").isHidden()).toBe(true);
  await page.close();
  // The 401 above is the page's own request: chromium logs it as a failed resource.
  expect(browser.errors.filter((e) => !e.includes("401"))).toEqual([]);
});
