// The InstantSearch pages of the docs, run: every ```html check``` block of docs/INSTANTSEARCH.md
// and the "From ..." pages is a store's page, and each ```js check``` or ```jsx check``` block
// after it that page's app.js, with SEARCH_HOST and SEARCH_TOKEN those of a `serve --demo`.
// Each is bundled by Bun.build with the real instantsearch.js / react-instantsearch (the
// client loaded from the server at run time, as the docs say), served from another origin (the
// store's own site), and opened in chromium:
//  1. the docs hold the checked examples this test expects (none is dropped unseen)
//  2. typing a query shows the products of Vitrina's answer to the search the page sent, in
//     its order, with no console or page error
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ADMIN_KEY, ROOT, type Service, startService } from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

setDefaultTimeout(30_000);

const DOCS = ["INSTANTSEARCH.md", "FROM-ALGOLIA.md", "FROM-MEILISEARCH.md", "FROM-TYPESENSE.md"];

interface Example {
  doc: string;
  html: string;
  script: string;
  jsx: boolean;
}

/** The checked examples of a doc: each script with the page (html block) before it. */
async function examples(doc: string): Promise<Example[]> {
  const text = await Bun.file(join(ROOT, "docs", doc)).text();
  const out: Example[] = [];
  let html: string | null = null;
  for (const m of text.matchAll(/```(html|js|jsx) check\n([\s\S]*?)```/g)) {
    const [, lang, body] = m as unknown as [string, string, string];
    if (lang === "html") html = body;
    else if (html !== null) out.push({ doc, html, script: body, jsx: lang === "jsx" });
    else throw new Error(`${doc}: a checked script before any checked page`);
  }
  return out;
}

let service: Service;
let browser: Browser;
let token: string;
/** Where the bundles are made: under node_modules, so that their packages resolve. */
const work = (() => {
  const base = join(ROOT, "node_modules", ".cache");
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, "vitrina-docs-"));
})();

beforeAll(async () => {
  [service, browser] = await Promise.all([startService({ args: ["--demo"] }), launchChromium()]);
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  token = ((await r.json()) as { name: string; search_token: string }[]).find(
    (d) => d.name === "demo",
  )?.search_token as string;
}, 30_000);

afterAll(async () => {
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
  rmSync(work, { recursive: true, force: true });
});

const filled = (text: string) =>
  text.replaceAll("https://SEARCH_HOST", service.url).replaceAll("SEARCH_TOKEN", token);

/** The example's app.js, as a store's build would make it. */
async function bundle(example: Example, n: number): Promise<string> {
  const entry = join(work, `app-${n}.${example.jsx ? "jsx" : "js"}`);
  writeFileSync(entry, filled(example.script));
  const out = await Bun.build({
    entrypoints: [entry],
    target: "browser",
    format: "esm",
    external: [`${service.url}/instantsearch-client.js`],
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!out.success) throw new Error(out.logs.map(String).join("\n"));
  return (out.outputs[0] as Blob).text();
}

test("1. the docs hold their checked examples", async () => {
  const all = (await Promise.all(DOCS.map(examples))).flat();
  expect(all.map((e) => `${e.doc} ${e.jsx ? "jsx" : "js"}`)).toEqual([
    "INSTANTSEARCH.md js",
    "INSTANTSEARCH.md jsx",
    "FROM-ALGOLIA.md js",
    "FROM-MEILISEARCH.md js",
    "FROM-TYPESENSE.md js",
  ]);
});

test("2. each example shows Vitrina's answer to what it asked", async () => {
  const all = (await Promise.all(DOCS.map(examples))).flat();
  for (const [n, example] of all.entries()) {
    const script = await bundle(example, n);
    // The store's own site, on another origin than Vitrina's.
    await using site = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (request) =>
        new URL(request.url).pathname === "/app.js"
          ? new Response(script, { headers: { "content-type": "text/javascript" } })
          : new Response(`<!doctype html><meta charset="utf-8">${filled(example.html)}`, {
              headers: { "content-type": "text/html; charset=utf-8" },
            }),
    });
    const page = await browser.newPage();
    await page.goto(site.url.href);
    const input = page.locator(".ais-SearchBox-input");
    await input.waitFor();
    const [response] = await Promise.all([
      page.waitForResponse((r) => {
        const u = new URL(r.url());
        return (
          u.pathname === "/api/v2/search/" &&
          u.searchParams.get("q") === "навушники" &&
          !u.searchParams.has("demo")
        );
      }),
      input.fill("навушники"),
    ]);
    const asked = new URL(response.url()).searchParams;
    asked.set("demo", "true");
    const answer = (await (await fetch(`${service.url}/api/v2/search/?${asked}`)).json()) as any;
    const names: string[] = answer.products.groups.flatMap((g: any) =>
      g.items.map((i: any) => i.name),
    );
    expect([example.doc, names.length]).toEqual([example.doc, 4]);
    await page.waitForFunction(
      (expected) =>
        JSON.stringify(
          [...(globalThis as any).document.querySelectorAll(".ais-Hits-item")].map((e) =>
            expected.find((name: string) => e.textContent.includes(name)),
          ),
        ) === JSON.stringify(expected),
      names,
    );
    await page.close();
  }
  expect(browser.errors).toEqual([]);
});
