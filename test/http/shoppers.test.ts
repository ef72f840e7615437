// Analytics and suggestions from real shoppers (issue 23, points 1 and 6; PRODUCT.md
// "Analytics"), over real HTTP in both store modes. Distinct clients are distinct loopback
// source addresses (client-address.ts). Properties checked:
//  1. a typing run (s, sa, sam, sams, samsung within a second, then a filter and a page change)
//     shows in the analytics as one search of `samsung` (--typing-session 1)
//  2. one client with four invented uuids cannot make a query a suggestion; three clients do
//  3. one client past its day's share of new queries (CLIENT_QUERIES_PER_DAY) records no new
//     query, and another client's query is still recorded
//  4. a host-name-shaped query asked by three distinct clients is never suggested
//  5. a clean stop counts the open typing runs: after a restart the search is in the report
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CLIENT_QUERIES_PER_DAY } from "../../src/analytics/client-share.ts";
import { getFrom } from "./client-address.ts";
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
  tempDir,
} from "./harness.ts";

let service: Service;
beforeAll(async () => {
  service = await startService({
    args: ["--suggestion-refresh", "1", "--typing-session", "1"],
  });
});
afterAll(() => service[Symbol.asyncDispose]());

async function shop(): Promise<Tokens & { name: string }> {
  const d = await createDomain(service);
  await post(service, CATEGORIES, d.secret_token, [category(1, "Аудіо")]);
  const item = (id: string, name: string) =>
    product(id, { translations: [{ language: "uk", name, url: `https://s.example/${id}` }] });
  await post(service, PRODUCTS, d.secret_token, [
    item("1", "Навушники Sony WH-1000XM5"),
    item("2", "Навушники JBL Tune"),
    item("3", "Samsung Galaxy Buds"),
  ]);
  await until(async () => (await search(d, "127.0.0.1", "навушники", "&demo=true")).total === 2);
  return d as Tokens & { name: string };
}

async function search(d: Tokens, from: string, q: string, extra = ""): Promise<any> {
  const r = await getFrom(
    from,
    `${service.url}/api/v2/search/?token=${d.search_token}&q=${encodeURIComponent(q)}${extra}`,
  );
  expect(r.status).toBe(200);
  return r.body;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(100);
  }
}

async function analytics(d: { name: string }): Promise<any> {
  const r = await fetch(`${service.url}/api/v2/admin/domains/${d.name}/analytics/?days=1`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  expect(r.status).toBe(200);
  return r.json();
}

/** The analytics once the day counts `searches` (typing runs close after 1 s of inactivity). */
async function settled(d: { name: string }, searches: number): Promise<any> {
  let seen: any;
  await until(async () => {
    seen = await analytics(d);
    return (seen.searches_per_day[0]?.count ?? 0) >= searches;
  }).catch(() => {});
  return seen;
}

/** Suggestions for `q` once they are `expected` (or the last seen), asked as a preview. */
async function suggested(d: Tokens, q: string, expected: string[]): Promise<string[]> {
  let seen: string[] = [];
  await until(async () => {
    seen = (
      await search(d, "127.0.0.1", q, "&use_corrections=false&use_suggestions=true&demo=true")
    ).suggestions;
    return Bun.deepEquals(seen, expected);
  }).catch(() => {});
  return seen;
}

const today = () => new Date().toISOString().slice(0, 10);

test("1. a typing run counts once, as the query settled on", async () => {
  const d = await shop();
  const from = "127.0.0.2";
  let last: any;
  for (const q of ["s", "sa", "sam", "sams", "samsung"])
    last = await search(d, from, q, "&uuid=typist");
  const value = last.filters?.[0]?.values?.[0]?.id ?? 1;
  await search(d, from, "samsung", `&uuid=typist&filters=${value}`);
  await search(d, from, "samsung", `&uuid=typist&filters=${value}&page=2`);
  const report = await settled(d, 1);
  // A second's wait more: nothing else is counted later.
  await Bun.sleep(1_500);
  expect(await analytics(d)).toEqual({
    ...report,
    top_queries: [{ q: "samsung", count: 1, corrected_query: "" }],
    zero_result_queries: [],
    searches_per_day: [{ day: today(), count: 1 }],
  });
}, 60_000);

test("2. one client with invented uuids is one shopper; three clients make a suggestion", async () => {
  const d = await shop();
  for (const uuid of ["a", "b", "c", "d"])
    await search(d, "127.0.0.2", "навушники sony", `&uuid=${uuid}`);
  for (const from of ["127.0.0.3", "127.0.0.4", "127.0.0.5"])
    await search(d, from, "навушники jbl", "&uuid=same");
  await settled(d, 7);
  expect(await suggested(d, "нав", ["навушники jbl", "навушники"])).toEqual([
    "навушники jbl",
    "навушники",
  ]);
}, 60_000);

test("3. one client past its share of new queries leaves room for the others", async () => {
  const d = await shop();
  const flood = CLIENT_QUERIES_PER_DAY + 2;
  for (let i = 0; i < flood; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, flood - i) }, () =>
        search(d, "127.0.0.2", crypto.randomUUID(), "&uuid=flood"),
      ),
    );
  // Past its share, the flooding client's new query is counted in the day only.
  for (const uuid of ["x", "y"]) await search(d, "127.0.0.2", "навушники sony", `&uuid=${uuid}`);
  for (const from of ["127.0.0.3", "127.0.0.4"]) await search(d, from, "навушники jbl");
  const report = await settled(d, flood + 4);
  expect(report.searches_per_day).toEqual([{ day: today(), count: flood + 4 }]);
  expect(report.top_queries[0]).toEqual({ q: "навушники jbl", count: 2, corrected_query: "" });
  expect(report.top_queries.map((r: { q: string }) => r.q)).not.toContain("навушники sony");
}, 120_000);

const HOST_SHAPED = "навушники scam-shop.example шахраї";

test("4. a host-name-shaped query is never suggested, however many clients ask it", async () => {
  const d = await shop();
  for (const from of ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]) {
    expect((await search(d, from, HOST_SHAPED, "&uuid=u")).total).toBeGreaterThan(0);
    await search(d, from, "навушники jbl", "&uuid=v");
  }
  await settled(d, 8);
  expect(await suggested(d, "нав", ["навушники jbl", "навушники"])).toEqual([
    "навушники jbl",
    "навушники",
  ]);
}, 60_000);

test("5. a clean stop counts the open typing runs", async () => {
  using dir = tempDir();
  const first = await startService({ dataDir: dir, args: ["--typing-session", "60"] });
  const d = await createDomain(first, "typing-stop");
  await post(first, PRODUCTS, d.secret_token, [
    product("1", {
      translations: [{ language: "uk", name: "Чайник Bosch", url: "https://s.example/1" }],
    }),
  ]);
  const url = (q: string) => `${first.url}/api/v2/search/?token=${d.search_token}&q=${q}`;
  for (const q of ["ча", "чай", "чайник"])
    expect((await getFrom("127.0.0.2", url(encodeURIComponent(q)))).status).toBe(200);
  expect(await first.stop()).toBe(0);
  await using again = await startService({ dataDir: dir });
  const r = await fetch(`${again.url}/api/v2/admin/domains/typing-stop/analytics/?days=1`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const report = (await r.json()) as any;
  expect([report.top_queries.map((t: { q: string }) => t.q), report.searches_per_day]).toEqual([
    ["чайник"],
    [{ day: today(), count: 1 }],
  ]);
}, 60_000);
