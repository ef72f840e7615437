// The pages a browser opens, and the `highlight` search parameter, over real HTTP:
//  1. `/` is an HTML start page pointing to /demo and the docs
//  2. `/demo` and `/demo/` without --demo say how to get the demo, and embed no widget
//  3. `/widget.js` is the widget's script, cacheable, loadable from any origin
// 3b. `/results-page.js` and `/results-page.css`, the results page kit, load as the widget does
// 3d. `/instantsearch-client.js`, the InstantSearch search client, loads as the widget does: an
//     ES module that imports nothing; the module as served, run against the service, answers
//     InstantSearch's query with the search's products
// 3e. `/demo/instantsearch` without --demo says how to get the demo
// 3c. `/demo-img/N.svg` and `/demo-img/swatch-rrggbb.svg`: the demo's pictures, drawn by the
//     service; any other name is a 404; `serve --demo` points the demo catalog at them
//  4. `highlight=html` adds name_html (escaped, the matched words in <mark>), `highlight=ranges`
//     name_highlight; without it the answer has neither; a wrong value is a 400
//  5. with --demo, /health and /ready answer 503 naming the demo catalog until it is loaded and
//     searchable, then 200: no probe passes while /demo still says the demo is not loaded
// (/demo with --demo is the storefront's results page with the widget: test/browser/widget.test.ts
// and test/browser/results-page.test.ts drive it in chromium.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../redis/redis-server.ts";
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  redisFor,
  type Service,
  STORE,
  startService,
  type Tokens,
  tempDir,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  await post(service, CATEGORIES, shop.secret_token, [category(1, "Навушники")]);
  await post(service, PRODUCTS, shop.secret_token, [
    product("1", {
      translations: [
        {
          language: "uk",
          name: "Навушники <b>Sony</b> & Co",
          url: "https://shop.example/p/1",
        },
      ],
    }),
  ]);
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

const page = async (path: string) => {
  const r = await fetch(`${service.url}${path}`);
  return { status: r.status, type: r.headers.get("content-type"), body: await r.text() };
};

describe("pages", () => {
  test("1. the start page", async () => {
    const r = await page("/");
    expect([r.status, r.type]).toEqual([200, "text/html; charset=utf-8"]);
    expect(r.body).toContain('<a href="/demo">');
    expect(r.body).toContain('<a href="/docs">');
  });

  test("2. /demo without --demo", async () => {
    for (const path of ["/demo", "/demo/"]) {
      const r = await page(path);
      expect([r.status, r.type]).toEqual([200, "text/html; charset=utf-8"]);
      expect(r.body).toContain("<h1>The demo store is not loaded</h1>");
      expect(r.body).toContain("<code>npm start</code>");
      expect(r.body).not.toContain("widget.js");
    }
  });

  test("3. /widget.js", async () => {
    const r = await fetch(`${service.url}/widget.js`);
    expect({
      status: r.status,
      type: r.headers.get("content-type"),
      cache: r.headers.get("cache-control"),
      cors: r.headers.get("access-control-allow-origin"),
    }).toEqual({
      status: 200,
      type: "text/javascript; charset=utf-8",
      cache: "public, max-age=300",
      cors: "*",
    });
    expect(await r.text()).toStartWith("// Vitrina's search widget");
  });

  test("3b. the results page kit's script and stylesheet", async () => {
    for (const [path, type, start] of [
      ["/results-page.js", "text/javascript", "// Vitrina's results page kit"],
      ["/results-page.css", "text/css", "/* Vitrina's results page kit"],
    ]) {
      const r = await fetch(`${service.url}${path}`);
      expect({
        status: r.status,
        type: r.headers.get("content-type"),
        cache: r.headers.get("cache-control"),
        cors: r.headers.get("access-control-allow-origin"),
      }).toEqual({
        status: 200,
        type: `${type}; charset=utf-8`,
        cache: "public, max-age=300",
        cors: "*",
      });
      expect(await r.text()).toStartWith(start as string);
    }
  });
});

test("3d. /instantsearch-client.js", async () => {
  const r = await fetch(`${service.url}/instantsearch-client.js`);
  expect({
    status: r.status,
    type: r.headers.get("content-type"),
    cache: r.headers.get("cache-control"),
    cors: r.headers.get("access-control-allow-origin"),
  }).toEqual({
    status: 200,
    type: "text/javascript; charset=utf-8",
    cache: "public, max-age=300",
    cors: "*",
  });
  const source = await r.text();
  expect(source).not.toMatch(/^import /m);
  expect(source).toMatch(/^export \{[^}]*vitrinaInsights[^}]*vitrinaSearchClient[^}]*\};$/m);
  // The module as a store's page gets it.
  using dir = tempDir();
  const file = join(dir, "instantsearch-client.js");
  writeFileSync(file, source);
  const { vitrinaSearchClient } = await import(file);
  const client = vitrinaSearchClient({ host: service.url, token: shop.search_token });
  const { results } = await client.search([
    {
      indexName: "products",
      params: { query: "навушники", hitsPerPage: 5, highlightPreTag: "[", highlightPostTag: "]" },
    },
  ]);
  expect(results[0].hits.map((h: any) => [h.objectID, h._highlightResult.name.value])).toEqual([
    ["1", "[Навушники] <b>Sony</b> & Co"],
  ]);
  expect([results[0].nbHits, results[0].nbPages, results[0].page]).toEqual([1, 1, 0]);
});

test("3e. /demo/instantsearch without --demo", async () => {
  const r = await page("/demo/instantsearch");
  expect([r.status, r.type]).toEqual([200, "text/html; charset=utf-8"]);
  expect(r.body).toContain("<h1>The InstantSearch storefront is not available here</h1>");
  expect(r.body).toContain("<code>npm start</code>");
  expect(r.body).not.toContain("instantsearch.js");
});

test("3c. the demo's pictures", async () => {
  const got = async (name: string) => {
    const r = await fetch(`${service.url}/demo-img/${name}`);
    return { status: r.status, type: r.headers.get("content-type"), text: await r.text() };
  };
  const tile = await got("200.svg");
  expect([tile.status, tile.type]).toEqual([200, "image/svg+xml"]);
  expect(tile.text).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160">');
  expect(tile.text).toContain('fill="hsl(200 60% 90%)"');
  expect(await got("swatch-ff0000.svg")).toEqual({
    status: 200,
    type: "image/svg+xml",
    text: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="12" fill="#ff0000"/></svg>',
  });
  for (const name of ["360.svg", "x.svg", "swatch-red.svg", "1.png"])
    expect(await got(name)).toEqual({
      status: 404,
      type: "application/json; charset=utf-8",
      text: '{"detail":"Not found."}',
    });
  await using demo = await startService({ args: ["--demo"] });
  const token = (await (await fetch(`${demo.url}/demo`)).text()).match(/data-token="([^"]+)"/)?.[1];
  // The demo catalog is searchable once every node's index has it (a Redis Cluster: later).
  let pictures: string[] = [];
  for (const deadline = Date.now() + 20_000; pictures.length === 0 && Date.now() < deadline; ) {
    const answer = (await (
      await fetch(
        `${demo.url}/api/v2/search/?q=навушники&group_by_category=false&demo=true&token=${token}`,
      )
    ).json()) as { products: { groups: { items: { picture_url: string }[] }[] } };
    pictures = answer.products.groups[0]?.items.map((p) => p.picture_url) ?? [];
    if (pictures.length === 0) await Bun.sleep(100);
  }
  expect(pictures.length).toBeGreaterThan(0);
  for (const url of pictures.filter((u) => u !== "")) {
    expect(url).toMatch(new RegExp(`^${demo.url}/demo-img/\\d+\\.svg$`));
    expect((await fetch(url)).status).toBe(200);
  }
}, 30_000);

describe("highlight", () => {
  /** The first product of a search for "навушн", once the import is searchable. */
  async function first(extra: string) {
    const path = `/api/v2/search/?q=навушн&token=${shop.search_token}${extra}`;
    const deadline = Date.now() + 5000;
    for (;;) {
      const body = (await (await fetch(`${service.url}${path}`)).json()) as any;
      const item = body.products.groups[0]?.items[0];
      if (item) return item;
      if (Date.now() > deadline) throw new Error(`not searchable in time: ${JSON.stringify(body)}`);
      await Bun.sleep(10);
    }
  }

  test("4. html, ranges, off, and a wrong value", async () => {
    const plain = await first("");
    expect(plain.name).toBe("Навушники <b>Sony</b> & Co");
    expect(["name_html" in plain, "name_highlight" in plain]).toEqual([false, false]);
    expect(await first("&highlight=html")).toEqual({
      ...plain,
      name_html: "<mark>Навушники</mark> &lt;b&gt;Sony&lt;/b&gt; &amp; Co",
    });
    expect(await first("&highlight=ranges")).toEqual({ ...plain, name_highlight: [[0, 9]] });
    const r = await fetch(
      `${service.url}/api/v2/search/?q=a&token=${shop.search_token}&highlight=bold`,
    );
    expect({ status: r.status, body: await r.json() }).toEqual({
      status: 400,
      body: {
        detail: "Invalid query parameters.",
        errors: { highlight: ['"bold" is not a valid choice.'] },
      },
    });
  });
});

test("5. /health waits for the demo catalog", async () => {
  // A port of its own, to ask before the "listening" line, which follows the demo's load.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // In Redis Cluster mode every server of this file shares one cluster, where test 3c's demo
  // catalog is already stored: the load would have next to nothing to wait for. Here it gets a
  // store of its own, a private redis-server.
  using dir = tempDir();
  const own = STORE === "cluster" ? ["--redis-url", (await redisFor(String(dir))).url] : [];
  const starting = startService({ args: ["--demo", "--listen", `127.0.0.1:${port}`, ...own] });
  const answer = async (path: string) => {
    const r = await fetch(`${url}${path}`).catch(() => null);
    return r && { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const seen = new Set<string>();
  let health: Awaited<ReturnType<typeof answer>> = null;
  for (const deadline = Date.now() + 20_000; health?.status !== 200 && Date.now() < deadline; ) {
    const ready = await answer("/ready");
    const h = await answer("/health");
    health = h;
    if (h?.status === 503) {
      expect(h.body).toEqual({
        detail: "Starting: still loading: demo catalog.",
        loading: ["demo catalog"],
      });
      seen.add("health 503");
    }
    // /ready asked before /health: never ready while /health was not yet.
    if (h && h.status !== 200 && ready) {
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ready: false, loading: ["demo catalog"] });
      expect(String(ready.body.detail)).toContain("still loading: demo catalog");
    }
    if (!h) await Bun.sleep(2);
  }
  await using demo = await starting;
  expect([health, seen.has("health 503")]).toEqual([{ status: 200, body: { status: "ok" } }, true]);
  expect(await answer("/ready")).toEqual({ status: 200, body: { status: "ready" } });
  // Once it is 200, the demo is the storefront and its catalog answers searches.
  const page = await (await fetch(`${demo.url}/demo`)).text();
  const token = page.match(/data-token="([^"]+)"/)?.[1];
  expect(page).not.toContain("The demo store is not loaded");
  const found = (await (
    await fetch(`${url}/api/v2/search/?q=навушники&demo=true&token=${token}`)
  ).json()) as { total: number };
  expect(found.total).toBeGreaterThan(0);
}, 30_000);
