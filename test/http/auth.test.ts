// Authentication (specification 5; PRODUCT.md "Tenancy and tokens").
//  1. a missing or wrong secret token: 401 with a body of only `detail`, nothing saved
//  2. the search token never opens an import
//  3. tokens are random, URL-safe, at least 128 bits, and different from each other
//  4. the admin API is off without a key and refuses a wrong key; rotation retires the old tokens
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  ADMIN_KEY,
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service, "auth-shop");
});
afterAll(() => service[Symbol.asyncDispose]());

const unauthorised = {
  status: 401,
  body: { detail: "Authentication credentials were not provided." },
};

test("missing, wrong and search tokens get 401 with only detail", async () => {
  for (const path of [PRODUCTS, CATEGORIES, "/api/v2/content/reindex/"]) {
    expect(await post(service, path, null, [category(1)])).toEqual(unauthorised);
    expect(await post(service, path, "wrong", [category(1)])).toEqual(unauthorised);
    expect(await post(service, path, shop.search_token, [category(1)])).toEqual(unauthorised);
  }
  const ok = await post(service, CATEGORIES, shop.secret_token, [category(1)]);
  expect(ok.body.successful[0].status).toBe(201); // nothing of the refused requests was saved
});

test("tokens: random, URL-safe, >= 128 bits, different", () => {
  for (const token of [shop.secret_token, shop.search_token])
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(shop.secret_token).not.toBe(shop.search_token);
});

test("admin API: list, wrong key, duplicate name, rotate", async () => {
  const list = await fetch(`${service.url}/api/v2/admin/domains`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  expect(list.status).toBe(200);
  expect(((await list.json()) as Tokens[]).map((d) => d.name)).toEqual(["auth-shop"]);
  const wrong = await fetch(`${service.url}/api/v2/admin/domains/`, {
    headers: { "x-admin-key": "nope" },
  });
  expect([wrong.status, await wrong.json()]).toEqual([
    401,
    { detail: "Authentication credentials were not provided." },
  ]);
  const dup = await fetch(`${service.url}/api/v2/admin/domains/`, {
    method: "POST",
    headers: { "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ name: "auth-shop" }),
  });
  expect([dup.status, await dup.json()]).toEqual([
    409,
    { detail: 'Domain "auth-shop" already exists.' },
  ]);
  const bad = await fetch(`${service.url}/api/v2/admin/domains/`, {
    method: "POST",
    headers: { "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ name: "Bad Name!" }),
  });
  expect(bad.status).toBe(400);

  const rotated = await fetch(`${service.url}/api/v2/admin/domains/auth-shop/rotate-tokens`, {
    method: "POST",
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const fresh = (await rotated.json()) as Tokens;
  expect(rotated.status).toBe(200);
  expect(fresh.secret_token).not.toBe(shop.secret_token);
  expect(await post(service, CATEGORIES, shop.secret_token, [category(2)])).toEqual(unauthorised);
  expect((await post(service, CATEGORIES, fresh.secret_token, [category(2)])).status).toBe(200);
  shop = fresh;
});

test("the admin API is off without an admin key", async () => {
  const { startService: start } = await import("./harness.ts");
  await using bare = await start({ args: ["--admin-key", ""] });
  const r = await fetch(`${bare.url}/api/v2/admin/domains/`, { headers: { "x-admin-key": "" } });
  expect([r.status, await r.json()]).toEqual([404, { detail: "Not found." }]);
});

test("unknown paths: 404 with detail; health answers", async () => {
  const r = await fetch(`${service.url}/api/v2/nothing`);
  expect([r.status, await r.json()]).toEqual([404, { detail: "Not found." }]);
  const h = await fetch(`${service.url}/health/`);
  expect([h.status, await h.json()]).toEqual([200, { status: "ok" }]);
});
