// POST /api/v2/search/events/ (issue 23, point 2), real HTTP, both stores:
//  1. searches, then a shopper's clicks, an add to cart and a purchase: the admin report shows
//     per query searches, clicks, click-through rate, average click position, conversions,
//     and the searches without clicks; a beacon's text/plain body counts as JSON does
//  2. bad bodies: 400 naming every bad field (or detail alone for no JSON object), and nothing
//     of them counted; a body past 4,096 bytes is a 413
//  3. an unknown token: 204, nothing counted, X-Search-Token: unknown; a preflight allows POST
//  4. the search token's rate limits events as searches: 429 with Retry-After
import { afterAll, beforeAll, expect, test } from "bun:test";
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
let shop: Tokens & { name: string };

beforeAll(async () => {
  service = await startService();
  shop = (await createDomain(service)) as Tokens & { name: string };
  expect((await post(service, CATEGORIES, shop.secret_token, [category(1)])).status).toBe(200);
  const item = (id: string, name: string) =>
    product(id, { translations: [{ language: "uk", name, url: `https://s.example/${id}` }] });
  expect(
    (
      await post(service, PRODUCTS, shop.secret_token, [
        item("1", "Чайник Bosch"),
        item("2", "Чайник Tefal"),
        item("3", "Праска Philips"),
      ])
    ).status,
  ).toBe(201);
  const deadline = Date.now() + 10_000;
  while ((await search("чайник", "&demo=true")).total !== 2 && Date.now() < deadline)
    await Bun.sleep(20);
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

async function search(q: string, extra = ""): Promise<any> {
  const r = await fetch(
    `${service.url}/api/v2/search/?token=${shop.search_token}&q=${encodeURIComponent(q)}${extra}`,
  );
  return r.json();
}

async function send(body: unknown, options: { token?: string; type?: string; s?: Service } = {}) {
  const r = await fetch(
    `${(options.s ?? service).url}/api/v2/search/events/?token=${options.token ?? shop.search_token}`,
    {
      method: "POST",
      headers: { "content-type": options.type ?? "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
  );
  const text = await r.text();
  return {
    status: r.status,
    said: r.headers.get("x-search-token"),
    body: text === "" ? null : JSON.parse(text),
  };
}

async function report(): Promise<any> {
  const r = await fetch(`${service.url}/api/v2/admin/domains/${shop.name}/analytics/?days=1`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  expect(r.status).toBe(200);
  return r.json();
}

/** The report once `check` holds on it (searches and events are written every 250 ms). */
async function reportWhen(check: (r: any) => boolean): Promise<any> {
  const deadline = Date.now() + 10_000;
  let r = await report();
  while (!check(r) && Date.now() < deadline) {
    await Bun.sleep(100);
    r = await report();
  }
  return r;
}

const click = (query: string, position: number, uuid = "shopper-1") => ({
  type: "click",
  query,
  source_id: "1",
  position,
  uuid,
});

test("1. clicks, add to cart and purchases per query", async () => {
  for (let i = 0; i < 4; i++) await search("чайник", `&uuid=s${i}`);
  await search("праска");
  expect(await send(click("чайник", 2))).toEqual({ status: 204, said: null, body: null });
  // The same shopper again: a second click, not a second search with a click.
  expect((await send(click("чайник", 1))).status).toBe(204);
  // A beacon: text/plain.
  expect(
    (await send(JSON.stringify(click("Чайник", 3, "shopper-2")), { type: "text/plain" })).status,
  ).toBe(204);
  expect((await send({ type: "add_to_cart", query: "чайник", source_id: "1" })).status).toBe(204);
  expect((await send({ type: "purchase", query: "чайник", source_id: "1" })).status).toBe(204);
  const r = await reportWhen(
    (x) =>
      x.query_outcomes?.find((o: any) => o.q === "чайник")?.purchases === 1 &&
      x.query_outcomes?.find((o: any) => o.q === "праска")?.searches === 1,
  );
  expect(r.query_outcomes).toEqual([
    {
      q: "чайник",
      searches: 4,
      clicks: 3,
      click_through_rate: 0.5,
      average_click_position: 2,
      add_to_cart: 1,
      purchases: 1,
    },
    {
      q: "праска",
      searches: 1,
      clicks: 0,
      click_through_rate: 0,
      average_click_position: null,
      add_to_cart: 0,
      purchases: 0,
    },
  ]);
  expect(r.searches_without_clicks).toEqual([
    { q: "чайник", count: 2 },
    { q: "праска", count: 1 },
  ]);
}, 30_000);

test("2. bad bodies: every bad field, nothing counted; too large is a 413", async () => {
  const before = await report();
  expect(await send({ type: "view", query: "", position: 0, extra: 1 })).toEqual({
    status: 400,
    said: null,
    body: {
      detail: "Invalid event.",
      errors: {
        type: ["Must be click, add_to_cart or purchase."],
        query: ["Must be a non-empty string."],
        source_id: ["Must be a non-empty string."],
        position: ["Must be a whole number from 1 to 1000."],
        extra: ["Unknown field."],
      },
    },
  });
  expect(await send({ type: "click", query: "чайник", source_id: "1" })).toEqual({
    status: 400,
    said: null,
    body: {
      detail: "Invalid event.",
      errors: { position: ["Must be a whole number from 1 to 1000 (a click's is required)."] },
    },
  });
  expect(await send("[1]")).toEqual({
    status: 400,
    said: null,
    body: { detail: "The body must be a JSON object." },
  });
  expect((await send({ ...click("чайник", 1), uuid: "x".repeat(5000) })).status).toBe(413);
  await Bun.sleep(600);
  expect((await report()).query_outcomes).toEqual(before.query_outcomes);
});

test("3. an unknown token; the preflight", async () => {
  expect(await send(click("чайник", 1), { token: "wrong" })).toEqual({
    status: 204,
    said: "unknown",
    body: null,
  });
  const pre = await fetch(`${service.url}/api/v2/search/events/?token=${shop.search_token}`, {
    method: "OPTIONS",
    headers: { origin: "https://shop.example", "access-control-request-method": "POST" },
  });
  expect([pre.status, pre.headers.get("access-control-allow-methods")]).toEqual([
    204,
    "POST, OPTIONS",
  ]);
});

test("4. the search token's rate holds for events", async () => {
  await using limited = await startService({ args: ["--search-rate", "2", "--search-burst", "2"] });
  const d = await createDomain(limited);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++)
    statuses.push((await send(click("чайник", 1), { token: d.search_token, s: limited })).status);
  expect(statuses.slice(0, 2)).toEqual([204, 204]);
  expect(statuses.slice(2)).toContain(429);
}, 30_000);
