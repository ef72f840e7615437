// Answers fit for browsers (issue 13 point 3), over real HTTP:
//  1. a search answer over 1 KB comes as br when offered, else gzip, else raw; every form
//     decodes to the same JSON, carries the same ETag and `Vary: Accept-Encoding`, and
//     Server-Timing keeps the search's own time, plus `compress;dur=` when compressed
//  2. a small answer (the empty data set) is never compressed
//  3. If-None-Match with the answer's tag is a 304 with no body and the same cache headers;
//     another tag is a 200
//  4. Cache-Control: search answers `public, max-age=5`; a bad search, the import and admin
//     APIs and a 404 `no-store`
//  5. a wrong method on a known path (with or without its trailing slash) is a 405 with Allow
//     and DRF's detail; an unknown path stays a 404
//  6. /widget.js and /instantsearch-client.js: compressed once, tagged, 304 on a match
//  7. the pages: `/` compressed and tagged like the widget; `/demo` compressed, never cached
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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
const LONG = "Навушники бездротові з шумозаглушенням і довгою назвою для перевірки стиснення";

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  expect((await post(service, CATEGORIES, shop.secret_token, [category(1)])).status).toBe(200);
  const items = Array.from({ length: 20 }, (_, i) =>
    product(String(i + 1), {
      translations: [
        { language: "uk", name: `${LONG} ${i + 1}`, url: `https://shop.example/p/${i + 1}` },
      ],
    }),
  );
  expect((await post(service, PRODUCTS, shop.secret_token, items)).status).toBe(201);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const r = await get(searchPath("навушники"));
    if (JSON.parse(r.text).total === 20) break;
    await Bun.sleep(10);
  }
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

const searchPath = (q: string) =>
  `/api/v2/search/?token=${shop.search_token}&q=${encodeURIComponent(q)}&limit=20`;

/** The answer as sent: fetch's own decompression is off, so the coding can be checked. */
async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const r = await fetch(`${service.url}${path}`, {
    method,
    headers: { "accept-encoding": "identity", ...headers },
    decompress: false,
  } as RequestInit);
  const bytes = new Uint8Array(await r.arrayBuffer());
  const h = (name: string) => r.headers.get(name);
  const encoding = h("content-encoding");
  const plain =
    encoding === "br"
      ? brotliDecompressSync(bytes)
      : encoding === "gzip"
        ? gunzipSync(bytes)
        : bytes;
  return { status: r.status, h, bytes, encoding, text: new TextDecoder().decode(plain) };
}

const cacheHeaders = (r: Awaited<ReturnType<typeof get>>) => ({
  etag: r.h("etag"),
  vary: r.h("vary"),
  "cache-control": r.h("cache-control"),
  "access-control-allow-origin": r.h("access-control-allow-origin"),
});

describe("answers fit for browsers", () => {
  test("1. br, gzip and raw forms of one search answer", async () => {
    const path = searchPath("навушники");
    const raw = await get(path);
    const br = await get(path, { "accept-encoding": "gzip, deflate, br" });
    const gz = await get(path, { "accept-encoding": "gzip" });
    expect(raw.bytes.length).toBeGreaterThan(1024);
    expect([raw.encoding, br.encoding, gz.encoding]).toEqual([null, "br", "gzip"]);
    expect(JSON.parse(br.text)).toEqual(JSON.parse(raw.text));
    expect(gz.text).toBe(raw.text);
    expect(br.text).toBe(raw.text);
    expect(br.bytes.length).toBeLessThan(raw.bytes.length / 3);
    const tag = raw.h("etag");
    expect(tag).toMatch(/^W\/"[0-9a-z]+"$/);
    for (const r of [raw, br, gz])
      expect(cacheHeaders(r)).toEqual({
        etag: tag,
        vary: "Accept-Encoding",
        "cache-control": "public, max-age=5",
        "access-control-allow-origin": "*",
      });
    expect(raw.h("server-timing")).toMatch(/^search;dur=\d+\.\d{3}, thread;desc=\d+$/);
    expect(br.h("server-timing")).toMatch(
      /^search;dur=\d+\.\d{3}, thread;desc=\d+, compress;dur=\d+\.\d{3}$/,
    );
  });

  test("2. small answers are not compressed", async () => {
    const path = `/api/v2/search/?token=${shop.search_token}&q=`;
    const raw = await get(path);
    const br = await get(path, { "accept-encoding": "br, gzip" });
    expect(raw.bytes.length).toBeLessThan(1024);
    expect([br.status, br.encoding, br.text]).toEqual([200, null, raw.text]);
    expect(br.h("server-timing")).toBeNull();
    expect(cacheHeaders(br)).toEqual({ ...cacheHeaders(raw), etag: raw.h("etag") });
  });

  test("3. If-None-Match", async () => {
    const path = searchPath("навушники");
    const first = await get(path, { "accept-encoding": "br" });
    const tag = first.h("etag") ?? "";
    const again = await get(path, { "accept-encoding": "br", "if-none-match": tag });
    expect([again.status, again.bytes.length, again.encoding]).toEqual([304, 0, null]);
    expect(cacheHeaders(again)).toEqual(cacheHeaders(first));
    const listed = await get(path, { "if-none-match": `"other", ${tag}` });
    expect(listed.status).toBe(304);
    const other = await get(path, { "if-none-match": 'W/"other"' });
    expect([other.status, other.text]).toEqual([200, first.text]);
  });

  test("4. Cache-Control", async () => {
    const bad = await get(`/api/v2/search/?token=${shop.search_token}&q=x&page=0`);
    // An update of product 1: a 200.
    const importAnswer = await fetch(`${service.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "x-secret-token": shop.secret_token, "content-type": "application/json" },
      body: JSON.stringify([product("1")]),
    });
    const unauthenticated = await get(PRODUCTS, {}, "POST");
    const admin = await get("/api/v2/admin/domains/", { "x-admin-key": ADMIN_KEY });
    const missing = await get("/nope");
    expect([
      [bad.status, bad.h("cache-control")],
      [importAnswer.status, importAnswer.headers.get("cache-control")],
      [unauthenticated.status, unauthenticated.h("cache-control")],
      [admin.status, admin.h("cache-control")],
      [missing.status, missing.h("cache-control")],
    ]).toEqual([
      [400, "no-store"],
      [200, "no-store"],
      [401, "no-store"],
      [200, "no-store"],
      [404, "no-store"],
    ]);
  });

  test("5. 405 on a known path, 404 on an unknown one", async () => {
    const cases: [string, string, string][] = [
      ["POST", "/api/v2/search/", "GET, OPTIONS"],
      ["POST", "/api/v2/search", "GET, OPTIONS"],
      ["DELETE", "/search/v2/", "GET, OPTIONS"],
      ["GET", "/api/v2/content/product/bulk/", "POST"],
      ["GET", "/api/v2/content/product/bulk", "POST"],
      ["PUT", "/api/v2/admin/domains/", "GET, POST"],
      ["GET", "/api/v2/admin/domains/some-shop/", "DELETE"],
      ["POST", "/widget.js", "GET"],
    ];
    const answers = await Promise.all(
      cases.map(async ([method, path]) => {
        const r = await get(path, {}, method);
        return [r.status, r.h("allow"), r.h("cache-control"), JSON.parse(r.text)];
      }),
    );
    expect(answers).toEqual(
      cases.map(([method, , allow]) => [
        405,
        allow,
        "no-store",
        { detail: `Method "${method}" not allowed.` },
      ]),
    );
    for (const [method, path] of [
      ["GET", "/api/v2/nope/"],
      ["POST", "/api/v2/content/nope/bulk/"],
    ] as const) {
      const r = await get(path, {}, method);
      expect([r.status, r.h("allow"), JSON.parse(r.text)]).toEqual([
        404,
        null,
        { detail: "Not found." },
      ]);
    }
  });

  test("6. /widget.js and /instantsearch-client.js", async () => {
    for (const path of ["/widget.js", "/instantsearch-client.js"]) {
      const raw = await get(path);
      const br = await get(path, { "accept-encoding": "br" });
      const gz = await get(path, { "accept-encoding": "gzip" });
      expect([raw.status, raw.encoding, br.encoding, gz.encoding]).toEqual([
        200,
        null,
        "br",
        "gzip",
      ]);
      expect([br.text, gz.text]).toEqual([raw.text, raw.text]);
      expect(br.bytes.length).toBeLessThan(raw.bytes.length / 2);
      expect([br.h("vary"), br.h("cache-control"), br.h("etag")]).toEqual([
        "Accept-Encoding",
        "public, max-age=300",
        raw.h("etag"),
      ]);
      const again = await get(path, { "if-none-match": raw.h("etag") ?? "" });
      expect([again.status, again.bytes.length]).toEqual([304, 0]);
    }
  });

  test("7. the pages", async () => {
    const raw = await get("/");
    const br = await get("/", { "accept-encoding": "br" });
    expect([raw.status, raw.encoding, br.encoding, br.text]).toEqual([200, null, "br", raw.text]);
    expect(br.h("etag")).toBe(raw.h("etag"));
    const demo = await get("/demo", { "accept-encoding": "gzip" });
    expect([demo.status, demo.encoding, demo.h("cache-control"), demo.h("vary")]).toEqual([
      200,
      "gzip",
      "no-store",
      "Accept-Encoding",
    ]);
    expect(demo.text).toContain("<h1>The demo store is not loaded</h1>");
  });
});
