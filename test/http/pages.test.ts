// The pages a browser opens, and the `highlight` search parameter, over real HTTP:
//  1. `/` is an HTML start page pointing to /demo and the docs
//  2. `/demo` and `/demo/` without --demo say how to get the demo, and embed no widget
//  3. `/widget.js` is the widget's script, cacheable, loadable from any origin
// 3b. `/results-page.js` and `/results-page.css`, the results page kit, load as the widget does
//  4. `highlight=html` adds name_html (escaped, the matched words in <mark>), `highlight=ranges`
//     name_highlight; without it the answer has neither; a wrong value is a 400
//  5. `/demo-img/c<id>.svg` is a demo picture drawn by the server, loadable from any origin;
//     any other name is a 404
// (/demo with --demo is the storefront's results page with the widget: test/browser/widget.test.ts
// and test/browser/results-page.test.ts drive it in chromium.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
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

  test("5. demo pictures", async () => {
    const r = await fetch(`${service.url}/demo-img/c101.svg`, {
      headers: { origin: "https://shop.example" },
    });
    const body = await r.text();
    expect({
      status: r.status,
      type: r.headers.get("content-type"),
      cors: r.headers.get("access-control-allow-origin"),
      svg: body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'),
      sameAgain: body === (await (await fetch(`${service.url}/demo-img/c101.svg`)).text()),
    }).toEqual({ status: 200, type: "image/svg+xml", cors: "*", svg: true, sameAgain: true });
    for (const name of ["x.svg", "c1.png", "c1.svg.svg"]) {
      const miss = await fetch(`${service.url}/demo-img/${name}`);
      expect({ name, status: miss.status, body: await miss.json() }).toEqual({
        name,
        status: 404,
        body: { detail: "Not found." },
      });
    }
  });
});
