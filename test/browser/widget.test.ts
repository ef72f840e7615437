// The widget on /demo in a real headless chromium, over `serve --demo`:
//  1. typing shows the categories and the products grouped by category, as the search API
//     answers them, names with their matched words in <mark>, prices and labels
//  2. a wrong-layout query and a typo show the corrected query and its results; a query
//     that finds nothing says so
// 2b. a word no product has is given up and named ("без «…»", ignored_words)
//  3. keyboard: arrows move aria-activedescendant over the options, Enter follows the product's
//     link, Escape closes the panel (aria-expanded false)
//  4. choosing a filter value re-queries with `filters=`: fewer results, counts updated
//  5. a slow answer to an older query never replaces a newer one
//  6. a phone-sized screen (360x640): the panel lies within the screen, nothing scrolls sideways
//  7. every search carries the browser's uuid, kept across page loads
//  8. on another site (cross-origin), without data-input: it renders its own field, speaks
//     the page's language, takes the store's colours from CSS variables, links to the store's
//     results page
//  9. catalog text that looks like HTML is shown as text and never runs
// 10. no console errors or page errors throughout (checked last, after the tests below)
// 19. a merchandising rule's redirect: Enter on its query opens the store's page for it
// It also writes screenshots of the open panel (desktop and phone) to VITRINA_SCREENSHOTS
// (default: a temporary directory).

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ADMIN_KEY, type Service, startService } from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

// A browser on two shared cores: generous limits, though a run takes ~15 s.
setDefaultTimeout(30_000);

let service: Service;
let browser: Browser;
let token: string;
let secret: string;
/** Whether the service answers GET /api/v2/search/popular/ (another part of issue 24). */
let hasPopular = false;
const shots = process.env.VITRINA_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "vitrina-shots-"));

beforeAll(async () => {
  [service, browser] = await Promise.all([startService({ args: ["--demo"] }), launchChromium()]);
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const domains = (await r.json()) as {
    name: string;
    search_token: string;
    secret_token: string;
  }[];
  const demo = domains.find((d) => d.name === "demo") as (typeof domains)[number];
  token = demo.search_token;
  secret = demo.secret_token;
  const popular = await fetch(`${service.url}/api/v2/search/popular/?token=${token}&language=uk`);
  hasPopular = popular.status === 200;
}, 30_000);

afterAll(async () => {
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
});

/** What the widget asks for, as a direct call to the search API. */
async function api(q: string, more: Record<string, string> = {}): Promise<any> {
  const p = new URLSearchParams({
    q,
    token,
    language: "uk",
    highlight: "ranges",
    category_page_size: "4",
    per_category_limit: "3",
    demo: "true",
    ...more,
  });
  return (await fetch(`${service.url}/api/v2/search/?${p}`)).json();
}

// The store's picture host and product pages are not on this machine: a picture and a page
// stand in for them, so that nothing reaches the network.
const PICTURE = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="12" fill="hsl(${(n * 47) % 360} 60% 86%)"/><rect x="28" y="22" width="40" height="52" rx="8" fill="hsl(${(n * 47) % 360} 45% 55%)"/></svg>`;

async function openDemo(viewport?: { width: number; height: number }): Promise<Page> {
  // The demo's pictures come from the service itself (/demo-img/): no stand-in.
  const page = await browser.newPage(viewport);
  await page.route("https://vitrina.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>product</title>" }),
  );
  await page.goto(`${service.url}/demo`);
  return page;
}

/**
 * Types `q` into the store's input and waits for the panel to show the answer to it and its
 * completions (which come by a request of their own).
 */
async function search(page: Page, q: string, input = "#q"): Promise<void> {
  await page.fill(input, q);
  await page.waitForFunction((query) => {
    const panel = (globalThis as any).document.querySelector(".vtr-panel");
    return panel && !panel.hidden && panel.dataset.query === query && panel.dataset.hints === query;
  }, q);
}

/** The open panel as a shopper reads it. */
function panel(page: Page) {
  return page.evaluate(() => {
    // The browser's DOM (this file is type-checked without DOM types).
    const root = (globalThis as any).document.querySelector(".vtr-panel");
    const text = (e: any): string => e?.textContent ?? "";
    const all = (e: any, selector: string): any[] => [...e.querySelectorAll(selector)];
    const note = root.querySelector(".vtr-note");
    return {
      note: note.hidden ? "" : text(note),
      categories: all(root, ".vtr-cat:not(.vtr-popular .vtr-cat)").map(text),
      groups: all(root, "[role=group]")
        .filter((g) => g.querySelector(".vtr-item"))
        .map((g) => ({
          heading: text(g.querySelector(".vtr-h")),
          items: all(g, ".vtr-item").map((item) => ({
            name: text(item.querySelector(".vtr-name")),
            marks: all(item, "mark").map(text),
            price: text(item.querySelector(".vtr-price")).replace(/\D/g, ""),
            labels: all(item, ".vtr-label").map(text),
          })),
        })),
      all: text(root.querySelector(".vtr-all")),
    };
  });
}

/** The panel the widget should show for a search API answer. */
function expected(answer: any, note = "") {
  return {
    note,
    categories: answer.categories.slice(0, 6).map((c: any) => `${c.name}${c.total}`),
    groups: answer.products.groups.map((g: any) => ({
      heading: g.category_name,
      items: g.items.map((p: any) => ({
        name: p.name,
        marks: p.name_highlight.map(([a, b]: [number, number]) => p.name.slice(a, b)),
        price: `${p.discounted_price}${p.price > p.discounted_price ? p.price : ""}`,
        labels: p.labels.map((l: any) => l.name),
      })),
    })),
    all: `Усі результати (${answer.total})`,
  };
}

describe("the widget on /demo", () => {
  test("1. grouped results with highlighted names", async () => {
    const page = await openDemo();
    await search(page, "навушники");
    const answer = await api("навушники");
    expect(answer.total).toBeGreaterThan(0);
    expect(await panel(page)).toEqual(expected(answer));
    expect(await page.locator("mark").first().textContent()).toBe("Навушники");
    const box = await page.locator(".vtr-panel").boundingBox();
    await page.screenshot({
      path: join(shots, "widget-desktop.png"),
      clip: {
        x: 0,
        y: 0,
        width: 1280,
        height: Math.ceil((box?.y ?? 0) + (box?.height ?? 400) + 24),
      },
    });
    await page.close();
  });

  test("2. a wrong-layout query and a typo show the corrected query", async () => {
    const page = await openDemo();
    for (const [typed, meant] of [
      ["yfdeiybrb", "навушники"],
      // (холодильнык is a Russian spelling of the same word since issue 21: found, not corrected)
      ["холодильнек", "холодильник"],
    ] as const) {
      await search(page, typed);
      const answer = await api(typed);
      expect(answer.corrected_query).toBe(meant);
      expect(await panel(page)).toEqual(expected(answer, `Показано результати для «${meant}»`));
    }
    await search(page, "qwertyuiop");
    expect(await panel(page)).toEqual({
      note: "Нічого не знайдено за запитом «qwertyuiop»",
      categories: [],
      groups: [],
      all: "",
    });
    await page.close();
  });

  test("2b. a word no product has is given up and named", async () => {
    const page = await openDemo();
    const ignored = await api("холодильник qwertyuiop");
    expect([ignored.corrected_query, ignored.ignored_words]).toEqual(["", ["qwertyuiop"]]);
    await search(page, "холодильник qwertyuiop");
    expect(await panel(page)).toEqual(expected(ignored, "без «qwertyuiop»"));
    await page.close();
  });

  test("3. keyboard: arrows, Enter, Escape", async () => {
    const page = await openDemo();
    await search(page, "ноутбук");
    const input = page.locator("#q");
    const active = () => input.getAttribute("aria-activedescendant");
    const optionIds = await page.$$eval("[role=listbox] [role=option]", (els) =>
      els.map((e) => e.id),
    );
    const productId = (await page.getAttribute(".vtr-item", "id")) as string;
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    expect(await input.getAttribute("role")).toBe("combobox");
    const listbox = await input.getAttribute("aria-controls");
    expect(await page.getAttribute(`#${listbox}`, "role")).toBe("listbox");
    await page.keyboard.press("ArrowDown");
    expect(await active()).toBe(optionIds[0] as string);
    await page.keyboard.press("ArrowUp");
    expect(await active()).toBe(optionIds[optionIds.length - 1] as string);
    await page.keyboard.press("ArrowDown");
    expect(await active()).toBe(optionIds[0] as string);
    // Past the category options to the first product.
    const toProduct = optionIds.indexOf(productId);
    for (let i = 0; i < toProduct; i++) await page.keyboard.press("ArrowDown");
    expect(await active()).toBe(productId);
    expect(await page.getAttribute(`#${productId}`, "aria-selected")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await page.isHidden(".vtr-panel")).toBe(true);
    await page.keyboard.press("ArrowDown"); // opens again
    for (let i = 0; i <= toProduct; i++) await page.keyboard.press("ArrowDown");
    expect(await active()).toBe(productId);
    const href = (await page.getAttribute(`#${productId}`, "href")) as string;
    expect(href).toStartWith("https://vitrina.example/p/");
    await Promise.all([page.waitForURL(href), page.keyboard.press("Enter")]);
    await page.close();
  });

  test("4. a filter value narrows the results and updates the counts", async () => {
    const page = await openDemo();
    await search(page, "ноутбук");
    const before = await api("ноутбук");
    const value = before.filters[0].values[0];
    const refreshed = page.waitForResponse((r) => r.url().includes(`filters=${value.id}`));
    await page.click(`.vtr-val[data-id="${value.id}"]`);
    await refreshed;
    await page.waitForSelector(`.vtr-val[data-id="${value.id}"][aria-pressed=true]`);
    const after = await api("ноутбук", { filters: String(value.id) });
    expect(after.total).toBe(value.total);
    expect(after.total).toBeLessThan(before.total);
    expect(await panel(page)).toEqual(expected(after));
    const counts = await page.$$eval(".vtr-val", (els) =>
      els.map((e) => [e.getAttribute("data-id"), e.textContent]),
    );
    const shown = after.filters
      .filter((f: any) => f.values.length > 0)
      .slice(0, 5)
      .flatMap((f: any) =>
        f.values.slice(0, 8).map((v: any) => [String(v.id), `${v.name}${v.total}`]),
      );
    expect(counts).toEqual(shown);
    // Clicking it again clears it.
    await page.click(`.vtr-val[data-id="${value.id}"]`);
    await page.waitForSelector(`.vtr-val[data-id="${value.id}"][aria-pressed=false]`);
    expect((await panel(page)).all).toBe(`Усі результати (${before.total})`);
    await page.close();
  });

  test("5. a slow answer to an older query never replaces a newer one", async () => {
    const page = await openDemo();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowAsked = () => {};
    const asked = new Promise<void>((resolve) => {
      slowAsked = resolve;
    });
    await page.route("**/api/v2/search/**", async (route) => {
      if (new URL(route.request().url()).searchParams.get("q") === "ноутбук") {
        slowAsked();
        await held;
        // The widget aborted it: fulfilling may fail, which is the point.
        await route.continue().catch(() => {});
      } else await route.continue();
    });
    await page.fill("#q", "ноутбук");
    await asked;
    await search(page, "навушники");
    release();
    // Let the held answer arrive (or fail as aborted) and give the page a turn to misuse it.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
    expect(await panel(page)).toEqual(expected(await api("навушники")));
    await page.close();
  });

  test("6. a phone-sized screen", async () => {
    const page = await openDemo({ width: 360, height: 640 });
    await search(page, "навушники");
    const box = await page.locator(".vtr-panel").boundingBox();
    expect(box).not.toBeNull();
    const { x, y, width, height } = box as { x: number; y: number; width: number; height: number };
    expect([x >= 0, x + width <= 360, y >= 0, y + height <= 640]).toEqual([true, true, true, true]);
    expect(
      await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
    ).toBe(360);
    await page.screenshot({ path: join(shots, "widget-phone.png") });
    await page.close();
  });

  test("7. every search carries the browser's uuid", async () => {
    const page = await openDemo();
    const sent: (string | null)[] = [];
    page.on("request", (r) => {
      const p = new URL(r.url()).searchParams;
      // The searches themselves (not the completions, nor the empty one that opens the connection).
      if (r.url().includes("/api/v2/search/?") && p.get("q") && p.get("demo") !== "true")
        sent.push(p.get("uuid"));
    });
    await search(page, "ноутбук");
    await page.reload();
    await search(page, "навушники");
    const uuid = await page.evaluate(() =>
      (globalThis as any).localStorage.getItem("vitrina-uuid"),
    );
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent).toEqual([uuid, uuid]);
    await page.close();
  });

  test("8. embedded in another site", async () => {
    const page = await browser.newPage();
    await page.route("https://img.vitrina.example/**", (route) =>
      route.fulfill({ contentType: "image/svg+xml", body: PICTURE(1) }),
    );
    // The store's own site: another origin on this machine.
    using store = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () =>
        new Response(
          `<!doctype html><html lang="en"><head><style>.vtr-panel{--vitrina-accent:#e11d48}</style></head>
<body><h1>A store</h1><script src="${service.url}/widget.js" data-token="${token}" data-results-url="/find?text="></script></body></html>`,
          { headers: { "content-type": "text/html; charset=utf-8" } },
        ),
    });
    const site = `http://localhost:${store.port}`;
    await page.goto(`${site}/`);
    await page.waitForSelector("input.vtr-input[role=combobox]");
    await search(page, "headphones", "input.vtr-input");
    const answer = await api("headphones", { language: "en" });
    expect(answer.total).toBeGreaterThan(0);
    expect((await panel(page)).all).toBe(`All results (${answer.total})`);
    // One language at a time (issue 24, point 2): the page's English filters, one per attribute,
    // as the answer for language=en names them, and none in Ukrainian.
    const titles = await page.locator(".vtr-side .vtr-h").allTextContents();
    expect(titles).toEqual(answer.filters.map((f: { name: string }) => f.name));
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((t) => /[а-яіїєґ]/i.test(t))).toEqual([]);
    const all = page.locator(".vtr-all");
    expect(await all.getAttribute("href")).toBe(`${site}/find?text=headphones`);
    expect(await all.evaluate((e) => (globalThis as any).getComputedStyle(e).backgroundColor)).toBe(
      "rgb(225, 29, 72)",
    );
    await page.close();
  });

  test("9. catalog text is shown as text, never run as HTML", async () => {
    const name = `<img src=x onerror="document.title='pwned'">Ксилофонія <b>дитяча</b>`;
    const imported = await fetch(`${service.url}/api/v2/content/product/bulk/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": secret },
      body: JSON.stringify([
        {
          source_id: "xss-1",
          code: "XSS-1",
          source_category_id: "241",
          currency_code: "UAH",
          new_price: 100,
          translations: [{ language: "uk", name, url: "https://vitrina.example/p/xss-1/" }],
        },
      ]),
    });
    expect(imported.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while ((await api("ксилофонія")).total === 0) {
      if (Date.now() > deadline) throw new Error("the import did not become searchable");
      await Bun.sleep(20);
    }
    const page = await openDemo();
    const title = await page.title();
    await search(page, "ксилофонія");
    const { groups } = await panel(page);
    expect(groups.flatMap((g) => g.items.map((i) => [i.name, i.marks]))).toEqual([
      [name, ["Ксилофонія"]],
    ]);
    expect(
      await page.locator(".vtr-panel img[src=x], .vtr-panel b:has-text('дитяча')").count(),
    ).toBe(0);
    expect(await page.title()).toBe(title);
    await page.close();
  });
});

// Issue 24: the widget on real store sites.
// 11. under a strict CSP on another origin (script-src and style-src of the service only, no
//     inline script or style): the panel is styled by /widget.css, no policy is violated; with
//     data-nonce and a nonce-only style-src, by a <style> with the page's nonce
// 12. the page's language is asked for, and every price shows its own currency
// 13. keyboard: Tab from the input goes through the filters, "more" and "all results" before
//     leaving the panel; Space and Enter keep the focus; Escape closes; the filters ride in the
//     results link and on Enter, and survive a trailing space
// 14. keystroke to rendered results: the median of new queries ≤ 50 ms (printed)
// 15. completions as the shopper types ("Можливо, ви шукали"), chosen with the keyboard
// 16. nothing found: the popular queries and categories of GET /api/v2/search/popular/
// 17. a refused origin and a wrong token are said in the console, once, and never shown as
//     "nothing found"
// 18. a click on a result is reported with a beacon (query, source_id, 1-based position, uuid)

/** The store's own site on another origin: `body` under `csp` (none: no policy). */
function storeSite(body: string, csp?: string) {
  return Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () =>
      new Response(`<!doctype html><html lang="en"><head></head><body>${body}</body></html>`, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          ...(csp ? { "content-security-policy": csp } : {}),
        },
      }),
  });
}

/** A page whose console messages and policy violations are its own (not the shared errors). */
async function ownPage() {
  const page = await browser.context.newPage();
  const said: { type: string; text: string }[] = [];
  page.on("console", (m) => said.push({ type: m.type(), text: m.text() }));
  page.on("pageerror", (e) => said.push({ type: "pageerror", text: String(e) }));
  await page.addInitScript(() => {
    const w = globalThis as any;
    w.violations = [];
    w.document.addEventListener("securitypolicyviolation", (e: any) =>
      w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.route("https://img.vitrina.example/**", (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: PICTURE(2) }),
  );
  await page.route("https://vitrina.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>product</title>" }),
  );
  return { page, said };
}

/** Milliseconds from a keydown in `input` to the widget's "vitrina:results" for its query. */
async function measureKeys(page: Page, input: string) {
  await page.evaluate((selector) => {
    const w = globalThis as any;
    const field = w.document.querySelector(selector);
    w.rendered = {};
    w.painted = {};
    field.addEventListener("keydown", () => {
      w.t0 = w.performance.now();
    });
    field.addEventListener("vitrina:results", (e: any) => {
      const q = e.detail.query;
      w.rendered[q] ??= w.performance.now() - w.t0;
      // And once the frame with it is painted.
      w.requestAnimationFrame(() =>
        setTimeout(() => {
          w.painted[q] ??= w.performance.now() - w.t0;
        }),
      );
    });
  }, input);
  return async (key: string, q: string) => {
    await page.keyboard.press(key);
    await page.waitForFunction((query) => (globalThis as any).painted[query] !== undefined, q);
    return page.evaluate(
      (query) => [(globalThis as any).rendered[query], (globalThis as any).painted[query]],
      q,
    ) as Promise<[number, number]>;
  };
}

/** A search request (not the popular queries nor the events). */
const isSearch = (url: string) => new URL(url).pathname === "/api/v2/search/";

/** Waits for `ok` to hold (at most 5 s). */
async function until(ok: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await Bun.sleep(10);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

describe("the widget on real store sites (issue 24)", () => {
  test("11. a strict CSP on another origin, and data-nonce", async () => {
    const strict = `default-src 'none'; script-src 'self' ${service.url}; style-src 'self' ${service.url}; connect-src ${service.url}; img-src https: ${service.url}`;
    const cases = [
      // The stylesheet linked from the service.
      [
        strict,
        `<script src="${service.url}/widget.js" data-token="${token}" data-results-url="/find?q="></script>`,
        "link",
      ],
      // A policy that names no style host, only its nonce: data-nonce="…".
      [
        `default-src 'none'; script-src ${service.url}; style-src 'nonce-n0nce24'; connect-src ${service.url}; img-src https: ${service.url}`,
        `<script src="${service.url}/widget.js" data-token="${token}" data-results-url="/find?q=" data-nonce="n0nce24"></script>`,
        "style",
      ],
      // A bare data-nonce on a tag with a nonce of its own takes that one.
      [
        `default-src 'none'; script-src 'nonce-s1ngle'; style-src 'nonce-s1ngle'; connect-src ${service.url}; img-src https: ${service.url}`,
        `<script nonce="s1ngle" src="${service.url}/widget.js" data-token="${token}" data-results-url="/find?q=" data-nonce></script>`,
        "style",
      ],
    ] as const;
    for (const [csp, tag, how] of cases) {
      using store = storeSite(`<h1>A store</h1>${tag}`, csp);
      const { page, said } = await ownPage();
      await page.goto(`http://localhost:${store.port}/`);
      await search(page, "headphones", "input.vtr-input");
      const seen = await page.evaluate(() => {
        const w = globalThis as any;
        const d = w.document;
        const css = (selector: string, prop: string) =>
          w.getComputedStyle(d.querySelector(selector))[prop];
        return {
          styledBy: d.querySelector("[data-vitrina-style]").tagName.toLowerCase(),
          panel: [css(".vtr-panel", "position"), css(".vtr-panel", "display")],
          radius: css(".vtr-panel", "borderTopLeftRadius"),
          item: css(".vtr-item", "display"),
          all: css(".vtr-all", "backgroundColor"),
          violations: w.violations,
        };
      });
      expect(seen).toEqual({
        styledBy: how,
        panel: ["fixed", "flex"],
        radius: "10px",
        item: "flex",
        all: "rgb(11, 99, 206)",
        violations: [],
      });
      expect(said.filter((m) => m.type === "error" || m.type === "pageerror")).toEqual([]);
      if (how === "link") {
        const box = (await page.locator(".vtr-panel").boundingBox()) as {
          y: number;
          height: number;
        };
        await page.screenshot({
          path: join(shots, "widget-csp.png"),
          clip: { x: 0, y: 0, width: 1280, height: Math.ceil(box.y + box.height + 24) },
        });
      }
      await page.close();
    }
  });

  test("12. the page's language, and the currency of every price", async () => {
    const imported = await fetch(`${service.url}/api/v2/content/product/bulk/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": secret },
      body: JSON.stringify([
        {
          source_id: "usd-1",
          code: "USD-1",
          source_category_id: "241",
          currency_code: "USD",
          new_price: 40,
          old_price: 55,
          translations: [
            { language: "uk", name: "Ксилофон дерев'яний", url: "https://vitrina.example/p/u1/" },
            { language: "en", name: "Wooden xylophone", url: "https://vitrina.example/p/u1/" },
          ],
        },
      ]),
    });
    expect(imported.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while ((await api("xylophone", { language: "en" })).total === 0) {
      if (Date.now() > deadline) throw new Error("the import did not become searchable");
      await Bun.sleep(20);
    }
    using store = storeSite(
      `<script src="${service.url}/widget.js" data-token="${token}"></script>`,
    );
    const { page } = await ownPage();
    const languages: (string | null)[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v2/search/?"))
        languages.push(new URL(r.url()).searchParams.get("language"));
    });
    await page.goto(`http://localhost:${store.port}/`);
    // The catalog's uk products in UAH and the new one in USD, side by side.
    for (const q of ["xylophone", "headphones"]) {
      await search(page, q, "input.vtr-input");
      const answer = await api(q, { language: "en" });
      const prices = await page.evaluate(() => {
        const d = (globalThis as any).document;
        return [...d.querySelectorAll(".vtr-price")].map((e: any) => e.textContent);
      });
      const expected = await page.evaluate(
        (items: any[]) =>
          items.map((p) => {
            const f = (v: number) =>
              new Intl.NumberFormat("en-US", {
                style: "currency",
                currency: p.currency,
                maximumFractionDigits: v % 1 ? 2 : 0,
              }).format(v);
            const sale = p.price > p.discounted_price;
            return `${f(p.discounted_price)}${sale ? f(p.price) : ""}${p.availability ? "" : "Out of stock"}`;
          }),
        answer.products.groups.flatMap((g: any) => g.items),
      );
      expect(prices).toEqual(expected);
      expect(prices.some((p) => p.startsWith(q === "xylophone" ? "$40" : "UAH"))).toBe(true);
    }
    expect(new Set(languages)).toEqual(new Set(["en"]));
    await page.close();
    // data-language over the page's own lang.
    using ru = storeSite(
      `<script src="${service.url}/widget.js" data-token="${token}" data-language="ru" data-results-url="/r?q="></script>`,
    );
    const other = await ownPage();
    languages.length = 0;
    other.page.on("request", (r) => {
      if (r.url().includes("/api/v2/search/?"))
        languages.push(new URL(r.url()).searchParams.get("language"));
    });
    await other.page.goto(`http://localhost:${ru.port}/`);
    await search(other.page, "навушники", "input.vtr-input");
    const inRu = await api("навушники", { language: "ru" });
    expect([new Set(languages), await other.page.textContent(".vtr-all")]).toEqual([
      new Set(["ru"]),
      `Все результаты (${inRu.total})`,
    ]);
    await other.page.close();
  });

  test("13. keyboard: Tab through the panel's controls, filters kept and carried", async () => {
    const page = await openDemo();
    await search(page, "чорний");
    const answer = await api("чорний");
    const focused = () =>
      page.evaluate(() => {
        const a = (globalThis as any).document.activeElement;
        return a.dataset.key ?? (a.className || a.id);
      });
    const keys = await page.$$eval(".vtr-side button", (els) =>
      els.map((e) => (e as any).dataset.key),
    );
    const shown = answer.filters.filter((f: any) => f.values.length > 0).slice(0, 5);
    const many = shown.find((f: any) => f.values.length > 8);
    expect(many).toBeDefined();
    expect(keys).toEqual(
      shown.flatMap((f: any) => [
        ...f.values.slice(0, 8).map((v: any) => `v${v.id}`),
        ...(f.values.length > 8 ? [`m${f.id}`] : []),
      ]),
    );
    // Tab: from the input to the first filter value, then on to "more".
    await page.keyboard.press("Tab");
    expect(await focused()).toBe(keys[0]);
    for (let i = 0; i < keys.indexOf(`m${many.id}`); i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe(`m${many.id}`);
    // Enter on "more": every value shown, the focus on the first it added.
    await page.keyboard.press("Enter");
    const ninth = many.values[8];
    expect(await focused()).toBe(`v${ninth.id}`);
    // Space on a value: chosen, searched, and the focus stays on it.
    const refreshed = page.waitForResponse((r) => r.url().includes(`filters=${ninth.id}`));
    await page.keyboard.press("Space");
    await refreshed;
    await page.waitForSelector(`.vtr-val[data-id="${ninth.id}"][aria-pressed=true]`);
    expect(await focused()).toBe(`v${ninth.id}`);
    const box = (await page.locator(".vtr-panel").boundingBox()) as { y: number; height: number };
    await page.screenshot({
      path: join(shots, "widget-keyboard.png"),
      clip: { x: 0, y: 0, width: 1280, height: Math.ceil(box.y + box.height + 24) },
    });
    // On to "all results", which carries the filter.
    for (let i = 0; i < 60 && (await focused()) !== "vtr-all"; i++)
      await page.keyboard.press("Tab");
    expect(await focused()).toBe("vtr-all");
    const href = new URL((await page.getAttribute(".vtr-all", "href")) as string);
    expect([href.pathname, href.searchParams.get("q"), href.searchParams.get("filters")]).toEqual([
      "/demo",
      "чорний",
      String(ninth.id),
    ]);
    // Shift+Tab goes back; Tab past the last control leaves the panel for the page's next.
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).not.toBe("vtr-all");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.isHidden(".vtr-panel")).toBe(true);
    expect(
      await page.evaluate(() => {
        const d = (globalThis as any).document;
        return d.activeElement !== d.querySelector("#q") && d.activeElement !== d.body;
      }),
    ).toBe(true);
    // Back in the input, the panel opens again; Tab in, Escape closes and returns.
    await page.focus("#q");
    expect(await page.isVisible(".vtr-panel")).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    expect([await page.isHidden(".vtr-panel"), await focused()]).toEqual([true, "q"]);
    // A trailing space is the same query: no search, the filter kept.
    let asked = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/v2/search/?")) asked++;
    });
    await page.keyboard.press("End");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown"); // opens the panel again
    expect(await page.getAttribute(`.vtr-val[data-id="${ninth.id}"]`, "aria-pressed")).toBe("true");
    expect(asked).toBe(0);
    // Enter (no option chosen): the results page with the query and the filter.
    await page.keyboard.press("Escape");
    await Promise.all([page.waitForURL(/filters=/), page.keyboard.press("Enter")]);
    const url = new URL(page.url());
    expect([url.searchParams.get("q"), url.searchParams.get("filters")]).toEqual([
      "чорний",
      String(ninth.id),
    ]);
    await page.close();
  });

  test("14. keystroke to rendered results, median of new queries", async () => {
    // The first key after the page loads (the input focused first, as a shopper's click does).
    // (Without the popular queries' request, which a service without them answers with 404.)
    const none = { queries: [], categories: [] };
    const first = await openDemo();
    await first.route("**/api/v2/search/popular/**", (r) => r.fulfill({ json: none }));
    await first.focus("#q");
    const firstKey = await (await measureKeys(first, "#q"))("m", "m");
    await first.close();

    const page = await openDemo();
    await page.route("**/api/v2/search/popular/**", (r) => r.fulfill({ json: none }));
    await page.focus("#q");
    const key = await measureKeys(page, "#q");
    const rendered: number[] = [];
    const painted: number[] = [];
    const asked = new Set<string>(["m"]);
    // Words no other test asks (the answer cache would make them faster than new queries).
    for (const word of ["philips", "lenovo", "bosch", "kettle", "garden", "wireless", "toaster"]) {
      await page.fill("#q", "");
      let typed = "";
      for (const ch of word) {
        typed += ch;
        const [r, p] = await key(ch, typed);
        if (asked.has(typed)) continue;
        asked.add(typed);
        rendered.push(r);
        painted.push(p);
      }
    }
    expect(rendered.length).toBeGreaterThanOrEqual(20);
    const fmt = (xs: number[]) =>
      `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    console.log(
      `keystroke → rendered results (${rendered.length} keystrokes of new queries): ${fmt(rendered)}; ` +
        `→ painted: ${fmt(painted)}; the first keystroke after the page loads: ` +
        `${firstKey[0].toFixed(1)} ms rendered, ${firstKey[1].toFixed(1)} ms painted`,
    );
    // The figure is printed for BENCHMARKS.md, not asserted: a timed assertion fails on a loaded
    // machine for reasons that are not the widget's (the project measures speed by commands).
    await page.close();
  });

  test("15. completions as the shopper types", async () => {
    const page = await openDemo();
    await search(page, "тел");
    const hints = (
      await api("тел", { use_corrections: "false", use_suggestions: "true" })
    ).suggestions.slice(0, 5);
    expect(hints.length).toBeGreaterThan(0);
    const shown = await page.evaluate(() => {
      const d = (globalThis as any).document;
      const first = d.querySelector(".vtr-list .vtr-h");
      return [
        first.textContent,
        [...d.querySelectorAll(".vtr-sugg")].map((e: any) => e.textContent),
      ];
    });
    expect(shown).toEqual(["Можливо, ви шукали", hints]);
    // The first option; Enter asks for it.
    await page.keyboard.press("ArrowDown");
    const id = await page.getAttribute("#q", "aria-activedescendant");
    expect(await page.textContent(`#${id}`)).toBe(hints[0]);
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (q) => (globalThis as any).document.querySelector(".vtr-panel").dataset.query === q,
      hints[0],
    );
    expect(await page.inputValue("#q")).toBe(hints[0]);
    await page.close();
  });

  test("16. nothing found: popular queries and categories", async () => {
    const page = await openDemo();
    const popular = {
      queries: ["навушники", "ноутбук"],
      categories: [{ id: 1, name: "Навушники", url: "https://vitrina.example/c/1/", total: 12 }],
    };
    // The answer GET /api/v2/search/popular/ gives (whether or not this service has it yet).
    await page.route("**/api/v2/search/popular/**", (route) =>
      route.fulfill({ json: popular, headers: { "access-control-allow-origin": "*" } }),
    );
    await search(page, "qwertyuiop");
    await page.waitForSelector(".vtr-popular .vtr-cat"); // asked once nothing matched
    const seen = await page.evaluate(() => {
      const d = (globalThis as any).document;
      const texts = (s: string) => [...d.querySelectorAll(s)].map((e: any) => e.textContent);
      return {
        note: d.querySelector(".vtr-note").textContent,
        headings: texts(".vtr-popular .vtr-h"),
        queries: texts(".vtr-popular .vtr-chip"),
        categories: texts(".vtr-popular .vtr-cat"),
      };
    });
    expect(seen).toEqual({
      note: "Нічого не знайдено за запитом «qwertyuiop»",
      headings: ["Популярні запити", "Популярні категорії"],
      queries: popular.queries,
      categories: ["Навушники12"],
    });
    await page.click(".vtr-popular .vtr-chip");
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector(".vtr-panel").dataset.query === "навушники",
    );
    expect(await page.inputValue("#q")).toBe("навушники");
    await page.close();
  });

  test("17. a refused origin and a wrong token, said in the console", async () => {
    const shown = (page: Page) => page.isVisible(".vtr-panel");
    const site = (t: string) =>
      storeSite(`<script src="${service.url}/widget.js" data-token="${t}"></script>`);
    // Three keys, each answered (or refused) before the next.
    const type = async (page: Page, said: { text: string }[]) => {
      await page.click("input.vtr-input");
      let typed = "";
      for (const k of "hea") {
        typed += k;
        const q = typed;
        const mine = (r: { url: () => string }) =>
          isSearch(r.url()) && new URL(r.url()).searchParams.get("q") === q;
        // (A response the browser refused for want of CORS headers is a failed request.)
        const answered = Promise.race([
          page.waitForResponse(mine, { timeout: 5000 }),
          page.waitForEvent("requestfailed", { predicate: mine, timeout: 5000 }),
        ]);
        await page.keyboard.press(k);
        await answered;
      }
      await until(() => said.some((m) => m.text.startsWith("Vitrina widget")));
    };
    // A 403 the browser can read (CORS headers, JSON detail).
    {
      using store = site(token);
      const { page, said } = await ownPage();
      await page.route(
        (url) => isSearch(url.href),
        (route) =>
          route.fulfill({
            status: 403,
            json: { detail: 'Origin "x" may not search this domain.' },
            headers: { "access-control-allow-origin": "*" },
          }),
      );
      await page.goto(`http://localhost:${store.port}/`);
      await type(page, said);
      const origin = `http://localhost:${store.port}`;
      expect(said.filter((m) => m.text.startsWith("Vitrina widget"))).toEqual([
        {
          type: "error",
          text:
            `Vitrina widget: the search service refused this page's origin ${origin} (403: Origin "x" may not search this domain.). ` +
            `Add ${origin} to the allowed origins of the domain (\`vitrina domain origins NAME ORIGIN…\`, or PUT /api/v2/admin/domains/NAME/origins/), or clear them to let every site search.`,
        },
      ]);
      expect(await shown(page)).toBe(false);
      await page.close();
    }
    // The service's own refusal: a domain that allows another site only.
    {
      const made = await fetch(`${service.url}/api/v2/admin/domains/`, {
        method: "POST",
        headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
        body: JSON.stringify({ name: "elsewhere" }),
      });
      const other = (await made.json()) as { search_token: string };
      const set = await fetch(`${service.url}/api/v2/admin/domains/elsewhere/origins/`, {
        method: "PUT",
        headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
        body: JSON.stringify({ origins: ["https://shop.example"] }),
      });
      expect(set.status).toBe(200);
      using store = site(other.search_token);
      const { page, said } = await ownPage();
      await page.goto(`http://localhost:${store.port}/`);
      await type(page, said);
      const mine = said.filter((m) => m.text.startsWith("Vitrina widget"));
      // (Read as a 403 with its detail once the service sends CORS headers on it; before, as
      // a request the browser blocked.)
      expect(mine.length).toBe(1);
      expect(mine[0]?.type).toBe("error");
      expect(mine[0]?.text).toContain(`http://localhost:${store.port}`);
      expect(mine[0]?.text).toContain("allowed origins");
      expect(await shown(page)).toBe(false);
      await page.close();
    }
    // An unknown or a rotated token: a warning, once; never "nothing found".
    for (const state of ["unknown", "expired"]) {
      using store = site("not-a-token");
      const { page, said } = await ownPage();
      await page.route(
        (url) => isSearch(url.href),
        async (route) => {
          const real = await route.fetch();
          await route.fulfill({
            response: real,
            headers: {
              ...real.headers(),
              "x-search-token": state,
              "access-control-expose-headers": "X-Search-Token",
            },
          });
        },
      );
      await page.goto(`http://localhost:${store.port}/`);
      await type(page, said);
      expect(said).toEqual([
        {
          type: "warning",
          text:
            state === "unknown"
              ? "Vitrina widget: the search token is unknown: update data-token (the domain's search_token)."
              : "Vitrina widget: the search token was rotated and no longer answers: update data-token to the domain's new search_token.",
        },
      ]);
      expect(await shown(page)).toBe(false);
      await page.close();
    }
  });

  test("18. a click on a result is reported with a beacon", async () => {
    const { page } = await ownPage();
    await page.goto(`${service.url}/demo`);
    const beacons: { type: string | undefined; body: any }[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(`${service.url}/api/v2/search/events/?token=${token}`))
        beacons.push({ type: r.headers()["content-type"], body: JSON.parse(r.postData() ?? "") });
    });
    const uuid = await page.evaluate(() =>
      (globalThis as any).localStorage.getItem("vitrina-uuid"),
    );
    const answer = await api("навушники");
    const items = answer.products.groups.flatMap((g: any) => g.items);
    await search(page, "навушники");
    // The mouse on the first product.
    await Promise.all([page.waitForURL(items[0].url), page.click(".vtr-item")]);
    // The keyboard on the second.
    await page.goto(`${service.url}/demo`);
    await search(page, "навушники");
    const second = await page.getAttribute(".vtr-item >> nth=1", "id");
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("ArrowDown");
      if ((await page.getAttribute("#q", "aria-activedescendant")) === second) break;
    }
    await Promise.all([page.waitForURL(items[1].url), page.keyboard.press("Enter")]);
    const click = (position: number) => ({
      type: "text/plain;charset=UTF-8",
      body: {
        type: "click",
        query: "навушники",
        source_id: items[position - 1].source_id,
        position,
        uuid,
      },
    });
    expect(beacons).toEqual([click(1), click(2)]);
    await page.close();
  });
  test("19. a rule's redirect: Enter opens the store's page for the query", async () => {
    const rules = `${service.url}/api/v2/content/rules/`;
    const headers = { "x-secret-token": secret, "content-type": "application/json" };
    const put = (body: unknown) =>
      fetch(rules, { method: "PUT", headers, body: JSON.stringify(body) });
    const delivery = "https://vitrina.example/delivery/";
    const rule = { query: { match: "exact", text: "доставка" }, redirect: delivery };
    expect((await put({ rules: [rule] })).status).toBe(200);
    try {
      // Until the rule reaches every thread: 16 answers over new connections carry it.
      const url = `${service.url}/api/v2/search/?token=${token}&q=${encodeURIComponent("доставка")}&demo=true`;
      const redirects = async () =>
        Promise.all(
          Array.from({ length: 16 }, async () => {
            const r = await fetch(url, { keepalive: false });
            return ((await r.json()) as { redirect?: string }).redirect;
          }),
        );
      const deadline = Date.now() + 10_000;
      while ((await redirects()).some((r) => r !== delivery) && Date.now() < deadline)
        await Bun.sleep(20);
      const page = await openDemo();
      await search(page, "доставка");
      await page.focus("#q");
      await Promise.all([page.waitForURL(delivery), page.keyboard.press("Enter")]);
      expect(page.url()).toBe(delivery);
      await page.close();
    } finally {
      expect((await put({ rules: [] })).status).toBe(200);
    }
  });
});

test("10. no console errors (on the pages of the shared browser, throughout)", () => {
  // But chromium's log of the one request for the popular queries while the service has no
  // such endpoint (test 2).
  const failed = "Failed to load resource: the server responded with a status of";
  expect(browser.errors).toEqual(hasPopular ? [] : [`${failed} 404 (Not Found)`]);
});
