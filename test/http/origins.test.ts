// A domain's allowed origins for search (issue 13 point 3), over real HTTP, both stores:
//  1. by default search is open: any Origin gets `*` and no Vary: Origin
//  2. PUT .../origins/ stores the list normalised, answers it, and the domain list shows it
//  3. with a list: a listed Origin is echoed with Vary: Origin; another gets a 403 with
//     detail saying what to configure, readable by the refused page (its origin echoed); a
//     request without Origin (not a browser) is answered; the service's own origin (its /demo
//     and /admin pages) is never refused
//  4. the preflight (OPTIONS) honours the list; a preflight with no token stays open
//  5. bad bodies, bad origins, too many, an unknown domain, no admin key: exact 4xx, and the
//     stored list is unchanged
//  6. an empty list opens search again
//  7. `vitrina domain origins` sets the list in the store; a server started on it applies it
//  8. the owner sets its own list (PUT /api/v2/content/origins/) and the overview shows it
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  ADMIN_KEY,
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  runCli,
  type Service,
  startService,
  storeArgs,
  type Tokens,
  tempDir,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
const SHOP = "https://shop.example";
const LOCAL = "http://localhost:8080";
const EVIL = "https://evil.example";

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  expect((await post(service, CATEGORIES, shop.secret_token, [category(1)])).status).toBe(200);
  expect((await post(service, PRODUCTS, shop.secret_token, [product("1")])).status).toBe(201);
  const deadline = Date.now() + 10_000;
  while ((await search(null)).body.total !== 1 && Date.now() < deadline) await Bun.sleep(10);
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

const searchUrl = (s: Service, token: string) => `${s.url}/api/v2/search/?token=${token}&q=товар`;

async function search(
  origin: string | null,
  method = "GET",
  s = service,
  token = shop.search_token,
) {
  const r = await fetch(searchUrl(s, token), {
    method,
    headers: { "accept-encoding": "identity", ...(origin === null ? {} : { origin }) },
  });
  const text = await r.text();
  return {
    status: r.status,
    allow: r.headers.get("access-control-allow-origin"),
    vary: r.headers.get("vary"),
    cache: r.headers.get("cache-control"),
    body: text === "" ? null : JSON.parse(text),
  };
}

async function setOrigins(body: string, name = shop.name, key = ADMIN_KEY) {
  const r = await fetch(`${service.url}/api/v2/admin/domains/${name}/origins/`, {
    method: "PUT",
    headers: { "x-admin-key": key, "content-type": "application/json" },
    body,
  });
  return { status: r.status, cache: r.headers.get("cache-control"), body: await r.json() };
}

async function listed(): Promise<unknown> {
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const all = (await r.json()) as { name: string; allowed_origins?: string[] }[];
  return all.find((d) => d.name === shop.name)?.allowed_origins;
}

const refused = (origin: string) => ({
  status: 403,
  allow: origin,
  vary: "Origin",
  cache: "no-store",
  body: {
    detail: `Origin "${origin}" may not search this domain: add it to the domain's allowed origins (PUT /api/v2/admin/domains/NAME/origins/ or \`vitrina domain origins NAME ORIGIN...\`).`,
  },
});

describe("allowed origins", () => {
  test("1. open by default", async () => {
    const r = await search(EVIL);
    expect([r.status, r.allow, r.vary, r.body.total]).toEqual([200, "*", "Accept-Encoding", 1]);
  });

  test("2. set through the admin API", async () => {
    expect(
      await setOrigins(JSON.stringify({ origins: ["https://Shop.Example:443", LOCAL] })),
    ).toEqual({
      status: 200,
      cache: "no-store",
      body: { name: shop.name, allowed_origins: [SHOP, LOCAL] },
    });
    expect(await listed()).toEqual([SHOP, LOCAL]);
  });

  test("3. search with a list", async () => {
    const ok = await search(SHOP);
    expect([ok.status, ok.allow, ok.vary, ok.cache, ok.body.total]).toEqual([
      200,
      SHOP,
      "Origin, Accept-Encoding",
      "public, max-age=5",
      1,
    ]);
    expect((await search(LOCAL)).allow).toBe(LOCAL);
    expect(await search(EVIL)).toEqual(refused(EVIL));
    const server = await search(null);
    expect([server.status, server.allow, server.vary, server.body.total]).toEqual([
      200,
      null,
      "Origin, Accept-Encoding",
      1,
    ]);
    const own = await search(service.url);
    expect([own.status, own.allow, own.body.total]).toEqual([200, service.url, 1]);
  });

  test("4. preflight", async () => {
    const ok = await fetch(searchUrl(service, shop.search_token), {
      method: "OPTIONS",
      headers: { origin: SHOP, "access-control-request-method": "GET" },
    });
    expect([
      ok.status,
      ok.headers.get("access-control-allow-origin"),
      ok.headers.get("access-control-allow-methods"),
      ok.headers.get("vary"),
    ]).toEqual([204, SHOP, "GET, OPTIONS", "Origin"]);
    expect(await search(EVIL, "OPTIONS")).toEqual(refused(EVIL));
    const open = await fetch(`${service.url}/api/v2/search/`, {
      method: "OPTIONS",
      headers: { origin: EVIL },
    });
    expect([open.status, open.headers.get("access-control-allow-origin")]).toEqual([204, "*"]);
  });

  test("5. validation", async () => {
    const bad = (index: number) => ({
      detail: `Invalid origin at index ${index}: expected http(s)://host[:port] with no path.`,
    });
    const list = { detail: 'Expected {"origins": [...]}: a list of at most 20 origins.' };
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    const answers = [
      await setOrigins("{"),
      await setOrigins(JSON.stringify({ origins: SHOP })),
      await setOrigins(JSON.stringify({})),
      await setOrigins(JSON.stringify({ origins: [SHOP, "https://shop.example/path"] })),
      await setOrigins(JSON.stringify({ origins: ["*"] })),
      await setOrigins(JSON.stringify({ origins: many })),
      await setOrigins(JSON.stringify({ origins: [SHOP] }), "no-such-shop"),
      await setOrigins(JSON.stringify({ origins: [SHOP] }), shop.name, "wrong-key"),
    ].map((r) => [r.status, r.body]);
    expect(answers).toEqual([
      [400, { detail: 'JSON parse error - expected {"origins": [...]}' }],
      [400, list],
      [400, list],
      [400, bad(1)],
      [400, bad(0)],
      [400, { detail: "Too many origins: at most 20 are accepted." }],
      [404, { detail: 'Domain "no-such-shop" not found.' }],
      [401, { detail: "Authentication credentials were not provided." }],
    ]);
    expect(await listed()).toEqual([SHOP, LOCAL]);
    expect((await search(SHOP)).allow).toBe(SHOP);
  });

  test("6. an empty list opens search again", async () => {
    expect(await setOrigins(JSON.stringify({ origins: [] }))).toEqual({
      status: 200,
      cache: "no-store",
      body: { name: shop.name, allowed_origins: [] },
    });
    expect(await listed()).toBeUndefined();
    const r = await search(EVIL);
    expect([r.status, r.allow, r.vary]).toEqual([200, "*", "Accept-Encoding"]);
  });
});

const cli = runCli;

test("7. vitrina domain origins", async () => {
  using dir = tempDir();
  const first = await startService({ dataDir: dir });
  const tokens = await createDomain(first, "cli-origins");
  await first.stop();
  const store = await storeArgs(dir);
  expect(
    await cli(["domain", "origins", "cli-origins", SHOP, "http://LOCALHOST:8080", ...store]),
  ).toEqual({
    code: 0,
    out: JSON.stringify({ name: "cli-origins", allowed_origins: [SHOP, LOCAL] }),
    err: "",
  });
  const wrong = await cli(["domain", "origins", "cli-origins", "shop.example", ...store]);
  expect([wrong.code, wrong.out]).toEqual([2, ""]);
  expect(wrong.err).toContain("Invalid origin at index 0");
  await using again = await startService({ dataDir: dir });
  const ok = await search(SHOP, "GET", again, tokens.search_token);
  const no = await search(EVIL, "GET", again, tokens.search_token);
  expect([ok.status, ok.allow, no.status]).toEqual([200, SHOP, 403]);
}, 30_000);

test("8. the owner sets its own origins with its secret token", async () => {
  const d = await createDomain(service);
  const put = async (body: string, secret = d.secret_token) => {
    const r = await fetch(`${service.url}/api/v2/content/origins/`, {
      method: "PUT",
      headers: { "x-secret-token": secret, "content-type": "application/json" },
      body,
    });
    return { status: r.status, body: await r.json() };
  };
  expect(await put(JSON.stringify({ origins: ["https://Shop.Example:443"] }))).toEqual({
    status: 200,
    body: { name: d.name, allowed_origins: [SHOP] },
  });
  expect(await put(JSON.stringify({ origins: ["shop.example"] }))).toEqual({
    status: 400,
    body: { detail: "Invalid origin at index 0: expected http(s)://host[:port] with no path." },
  });
  expect(await put(JSON.stringify({ origins: [] }), "wrong")).toEqual({
    status: 401,
    body: { detail: "Authentication credentials were not provided." },
  });
  const r = await fetch(`${service.url}/api/v2/content/overview/`, {
    headers: { "x-secret-token": d.secret_token },
  });
  expect(((await r.json()) as { allowed_origins: string[] }).allowed_origins).toEqual([SHOP]);
});
