// Analytics and suggestions that a holder of the public search token cannot turn against the
// service (issue 12, points 1-2; PRODUCT.md "Search > Analytics"), over real HTTP in both store
// modes. Properties checked:
//  1. 100 searches of a poison query from one client never make it a suggestion; once 3 distinct
//     clients asked it, it is one (the server refreshes every second: --suggestion-refresh 1)
//  2. a query with a NUL byte, or 1 KB long, is never suggested, however many shoppers ask it
//  3. a blocked suggestion disappears at once on the node whose admin API blocked it, and
//     within the refresh when the CLI blocked it; unblocked it comes back; the admin API
//     answers with and without the trailing slash, and bad input with a 4xx and `detail`
//  4. 1,000 searches of 8 KB random queries grow the store by less than 512 KB (it was 8 MB)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "redis";
import { getFrom } from "./client-address.ts";
import {
  ADMIN_KEY,
  CATEGORIES,
  CLI,
  category,
  clusterForTests,
  createDomain,
  PRODUCTS,
  post,
  product,
  redisFor,
  type Service,
  STORE,
  startService,
  storeArgs,
  type Tokens,
} from "./harness.ts";

let service: Service;
beforeAll(async () => {
  service = await startService({ args: ["--suggestion-refresh", "1"] });
});
afterAll(() => service[Symbol.asyncDispose]());

/** A domain with two headphones, searchable. */
async function shop(): Promise<Tokens> {
  const d = await createDomain(service);
  await post(service, CATEGORIES, d.secret_token, [category(1, "Аудіо")]);
  const item = (id: string, name: string) =>
    product(id, { translations: [{ language: "uk", name, url: `https://s.example/${id}` }] });
  await post(service, PRODUCTS, d.secret_token, [
    item("1", "Навушники Sony WH-1000XM5"),
    item("2", "Навушники JBL Tune"),
  ]);
  await until(async () => (await searchAs(d, "навушники", "setup", "&demo=true")).total === 2);
  return d;
}

/** Distinct shoppers are distinct clients (issue 23): each named shopper its own address. */
const ADDRESSES: Record<string, string> = {
  a: "127.0.0.2",
  b: "127.0.0.3",
  c: "127.0.0.4",
  d: "127.0.0.5",
};

async function searchAs(d: Tokens, q: string, uuid: string, extra = ""): Promise<any> {
  const r = await getFrom(
    ADDRESSES[uuid] ?? "127.0.0.1",
    `${service.url}/api/v2/search/?token=${d.search_token}&q=${encodeURIComponent(q)}&uuid=${uuid}${extra}`,
  );
  expect(r.status).toBe(200);
  return r.body;
}

/** Suggestions for `q`, asked as a preview (demo=true) so that asking records nothing. */
const suggestions = async (d: Tokens, q: string): Promise<string[]> =>
  (await searchAs(d, q, "viewer", "&use_corrections=false&use_suggestions=true&demo=true"))
    .suggestions;

// 45 s: a domain's suggestion candidates are computed again only after 20 times what they last
// cost, at most 30 s later (analytics-service.ts): one read stalled on a loaded machine, with a
// Redis Cluster or in SQLite mode, held them past 30 s before that bound.
async function until(check: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(50);
  }
}

/** Waits until the suggestions for `q` are `expected`, and returns them (or the last seen). */
async function suggested(d: Tokens, q: string, expected: string[]): Promise<string[]> {
  let seen: string[] = [];
  await until(async () => {
    seen = await suggestions(d, q);
    return Bun.deepEquals(seen, expected);
  }).catch(() => {});
  return seen;
}

const POISON = "навушники шахраї дешево";

test("1. one shopper cannot make a suggestion; three distinct ones do", async () => {
  const d = await shop();
  for (let i = 0; i < 5; i++)
    await Promise.all(Array.from({ length: 20 }, () => searchAs(d, POISON, "attacker")));
  // Asked later by three shoppers: once it is suggested, the poison was counted too.
  for (const uuid of ["a", "b", "c"]) await searchAs(d, "Навушники  Sony", uuid);
  expect(await suggested(d, "нав", ["навушники sony", "навушники"])).toEqual([
    "навушники sony",
    "навушники",
  ]);
  for (const uuid of ["b", "c"]) await searchAs(d, POISON, uuid);
  expect(await suggested(d, "нав", [POISON, "навушники sony", "навушники"])).toEqual([
    POISON,
    "навушники sony",
    "навушники",
  ]);
}, 120_000);

test("2. a query with a NUL byte, or 1 KB long, is never suggested", async () => {
  const d = await shop();
  for (const uuid of ["a", "b", "c", "d"]) {
    await searchAs(d, "навушники\u0000jbl", uuid);
    await searchAs(d, `навушники ${"jbl".repeat(340)}`, uuid);
  }
  for (const uuid of ["a", "b", "c"]) await searchAs(d, "навушники jbl", uuid);
  expect(await suggested(d, "нав", ["навушники jbl", "навушники"])).toEqual([
    "навушники jbl",
    "навушники",
  ]);
}, 120_000);

test("3. a blocked suggestion disappears (admin API and CLI)", async () => {
  const d = await shop();
  for (const uuid of ["a", "b", "c"]) await searchAs(d, "навушники sony", uuid);
  expect(await suggested(d, "нав", ["навушники sony", "навушники"])).toEqual([
    "навушники sony",
    "навушники",
  ]);
  const path = `/api/v2/admin/domains/${d.name}/suggestions/blocked`;
  const admin = async (method: string, slash: "/" | "", body?: unknown) => {
    const r = await fetch(`${service.url}${path}${slash}`, {
      method,
      headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: r.status, body: await r.json() };
  };
  // At once on this node: no waiting.
  expect(await admin("POST", "/", { query: " Навушники  SONY " })).toEqual({
    status: 201,
    body: { query: "навушники sony" },
  });
  expect(await suggestions(d, "нав")).toEqual(["навушники"]);
  expect(await admin("POST", "", { query: "навушники sony" })).toEqual({
    status: 200,
    body: { query: "навушники sony" },
  });
  expect(await admin("GET", "")).toEqual({ status: 200, body: { blocked: ["навушники sony"] } });
  expect(await admin("DELETE", "/", { query: "навушники sony" })).toEqual({
    status: 200,
    body: { query: "навушники sony" },
  });
  expect(await suggestions(d, "нав")).toEqual(["навушники sony", "навушники"]);
  expect(await admin("DELETE", "", { query: "навушники sony" })).toEqual({
    status: 404,
    body: { detail: 'Suggestion "навушники sony" is not blocked.' },
  });
  const invalid = {
    status: 400,
    body: {
      detail: 'Expected {"query": "..."}: a suggestion of 1 to 64 characters and at most 6 words.',
    },
  };
  expect(await admin("POST", "/", { query: 5 })).toEqual(invalid);
  expect(await admin("POST", "/", { query: "\u0000 " })).toEqual(invalid);
  expect(await admin("POST", "/", { query: "x".repeat(65) })).toEqual(invalid);
  expect(await admin("DELETE", "/", [])).toEqual(invalid);
  expect(await admin("POST", "/", "{not json")).toEqual({
    status: 400,
    body: { detail: 'JSON parse error - expected {"query": ...}' },
  });
  const unknown = await fetch(`${service.url}/api/v2/admin/domains/nope/suggestions/blocked/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  expect([unknown.status, await unknown.json()]).toEqual([
    404,
    { detail: 'Domain "nope" not found.' },
  ]);
  expect((await fetch(`${service.url}${path}/`)).status).toBe(401);
  expect(await admin("GET", "/")).toEqual({ status: 200, body: { blocked: [] } });

  // The CLI writes the store; the server follows within its refresh.
  const cli = async (...args: string[]) => {
    const proc = Bun.spawn(
      [process.execPath, CLI, "suggestion", ...args, ...(await storeArgs(service.dataDir))],
      { stdout: "pipe", stderr: "pipe" },
    );
    const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    return { code, out: out.trim() ? JSON.parse(out) : null };
  };
  expect(await cli("block", d.name, "Навушники", "Sony")).toEqual({
    code: 0,
    out: { domain: d.name, block: "навушники sony", changed: true },
  });
  expect(await suggested(d, "нав", ["навушники"])).toEqual(["навушники"]);
  expect(await cli("list", d.name)).toEqual({
    code: 0,
    out: { domain: d.name, blocked: ["навушники sony"] },
  });
  expect(await cli("unblock", d.name, "навушники sony")).toEqual({
    code: 0,
    out: { domain: d.name, unblock: "навушники sony", changed: true },
  });
  expect(await suggested(d, "нав", ["навушники sony", "навушники"])).toEqual([
    "навушники sony",
    "навушники",
  ]);
  expect((await cli("block", d.name)).code).toBe(2);
}, 120_000);

/**
 * What the store holds: the SQLite file and its WAL, or Redis's memory; on a cluster the
 * datasets of the masters (without the buffers of the many connections a cluster has).
 */
async function storeBytes(): Promise<number> {
  if (STORE === "cluster") {
    let bytes = 0;
    for (const master of await (await clusterForTests()).masters()) {
      const client = await createClient({ url: `redis://${master.address}` }).connect();
      const info = await client.sendCommand<string>(["INFO", "memory"]);
      client.destroy();
      bytes += Number(/used_memory_dataset:(\d+)/.exec(info)?.[1]);
    }
    return bytes;
  }
  if (STORE === "redis") {
    const client = createClient({ url: (await redisFor(service.dataDir)).url });
    await client.connect();
    const info = await client.sendCommand<string>(["INFO", "memory"]);
    await client.quit();
    return Number(/used_memory:(\d+)/.exec(info)?.[1]);
  }
  const size = (f: string) =>
    statSync(join(service.dataDir, f), { throwIfNoEntry: false })?.size ?? 0;
  return size("vitrina.sqlite") + size("vitrina.sqlite-wal");
}

test("4. long random queries do not grow the store without bound", async () => {
  const d = await shop();
  const SEARCHES = 1000;
  // 8 KB, a new query each time: 120 random letters, then filler that is cheap to search
  // (8 KB of random words cost the search itself ~150 ms here, which is not this test's subject).
  const randomQuery = () => {
    let q = "";
    while (q.length < 120) q += String.fromCharCode(97 + Math.floor(Math.random() * 26));
    return `${q} ${"- ".repeat(3940)}`;
  };
  const counted = async () => {
    const r = await fetch(`${service.url}/api/v2/admin/domains/${d.name}/analytics/?days=1`, {
      headers: { "x-admin-key": ADMIN_KEY },
    });
    const body = (await r.json()) as { searches_per_day: { count: number }[] };
    return body.searches_per_day[0]?.count ?? 0;
  };
  const before = await storeBytes();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < SEARCHES) await searchAs(d, randomQuery(), crypto.randomUUID());
    }),
  );
  await until(async () => (await counted()) === SEARCHES);
  const growth = (await storeBytes()) - before;
  expect(growth).toBeLessThan(512 * 1024);
}, 120_000);
