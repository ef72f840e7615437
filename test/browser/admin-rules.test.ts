// The admin page's Merchandising section (/admin, admin-rules.js) in a real headless chromium:
//  1. the owner's page loads the domain's rules ([] at first) into the editor; typing a query
//     previews the answer now and with the edited rules (a pin and a hide), before saving
//  2. saving stores them (GET answers them) and searches then apply them
//  3. JSON that does not parse is reported on the page and nothing is sent; a refused body
//     shows the server's per-field errors
//  4. no console errors or page errors throughout (a CSP violation is one)
// It writes a screenshot of the section to VITRINA_SCREENSHOTS (default: a temporary directory)
// as admin-rules.png (docs/img/admin-rules.png in the repository).

import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
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
} from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

setDefaultTimeout(30_000);

let service: Service;
let browser: Browser;
let shop: Tokens;
const shots = process.env.VITRINA_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "vitrina-shots-"));

const search = (q: string) =>
  fetch(
    `${service.url}/api/v2/search/?token=${shop.search_token}&group_by_category=false&q=${encodeURIComponent(q)}`,
  )
    .then(
      (r) => r.json() as Promise<{ products: { groups: { items: { source_id: string }[] }[] } }>,
    )
    .then((a) => a.products.groups.flatMap((g) => g.items.map((p) => p.source_id)));

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launchChromium()]);
  shop = await createDomain(service, "kettle-shop");
  await post(service, CATEGORIES, shop.secret_token, [category(1, "Чайники")]);
  for (const [id, name] of [
    ["k1", "Чайник Bosch TWK"],
    ["k2", "Чайник Tefal Express"],
    ["k3", "Чайник Philips Daily"],
  ] as const) {
    await post(service, PRODUCTS, shop.secret_token, [
      product(id, {
        source_category_id: "1",
        translations: [{ language: "uk", name, url: `https://shop.example/p/${id}` }],
      }),
    ]);
    await Bun.sleep(5);
  }
  while ((await search("чайник")).length < 3) await Bun.sleep(20);
}, 30_000);

afterAll(async () => {
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
});

async function logIn(): Promise<Page> {
  const page = await browser.newPage({ width: 1280, height: 900 });
  await page.goto(`${service.url}/admin`);
  await page.locator("#kind-owner").check();
  await page.locator("#token").fill(shop.secret_token);
  await page.locator("#login-button").click();
  await page.locator("#who").filter({ hasText: "kettle-shop" }).waitFor();
  return page;
}

const listed = (page: Page, id: string) =>
  page.locator(`#${id} li .sid`).evaluateAll((ss) => ss.map((s) => s.textContent ?? ""));

const RULES = [
  { query: { match: "contains", text: "чайник" }, pin: [{ source_id: "k1", position: 1 }] },
  { hide: ["k2"] },
];

test("1-2. preview before saving, then save", async () => {
  const page = await logIn();
  await page.locator("#rules-json").filter({ hasText: "[]" }).waitFor();
  expect(await page.locator("#rules-json").inputValue()).toBe("[]");
  await page.locator("#rules-json").fill(JSON.stringify(RULES));
  await page.locator("#rules-q").fill("чайник");
  await page.locator("#rules-totals").filter({ hasText: "found" }).waitFor();
  expect(await page.locator("#rules-totals").textContent()).toBe("3 found before, 2 after");
  expect(await listed(page, "rules-before")).toEqual(["k3", "k2", "k1"]);
  expect(await listed(page, "rules-after")).toEqual(["k1", "k3"]);
  expect(await page.locator("#rules-extras").textContent()).toBe("");
  // A redirect and a banner show in the preview too.
  const extra = {
    query: { match: "contains", text: "чайник" },
    redirect: "https://shop.example/kettles/",
    banner: { image_url: "https://shop.example/b.jpg", alt: "Чайники -20%" },
  };
  await page.locator("#rules-json").fill(JSON.stringify([...RULES, extra]));
  await page.locator("#rules-extras").filter({ hasText: "Enter" }).waitFor();
  expect(await page.locator("#rules-extras").textContent()).toBe(
    "Enter opens https://shop.example/kettles/ · Banner (top): Чайники -20%",
  );
  await page.locator("#rules-json").fill(JSON.stringify(RULES));
  await page.waitForFunction(
    () => (globalThis as any).document.querySelector("#rules-extras").textContent === "",
  );
  await page.locator("#merchandising").screenshot({ path: join(shots, "admin-rules.png") });
  // Nothing saved by a preview.
  const saved = () =>
    fetch(`${service.url}/api/v2/content/rules/`, {
      headers: { "x-secret-token": shop.secret_token },
    }).then((r) => r.json());
  expect(await saved()).toEqual({ rules: [] });
  await page.locator("#rules-save").click();
  await page.locator("#rules-note").filter({ hasText: "Saved" }).waitFor();
  expect(await page.locator("#rules-note").textContent()).toBe("Saved: 2 rules.");
  expect(await saved()).toEqual({ rules: RULES });
  await page.locator("#rules-before li").nth(1).waitFor();
  for (;;) {
    if (JSON.stringify(await search("чайник")) === '["k1","k3"]') break;
    await Bun.sleep(20);
  }
  await page.close();
});

test("3. bad JSON is reported on the page; a refused body shows the server's errors", async () => {
  const page = await logIn();
  await page.locator("#rules-json").fill("[{");
  await page.locator("#rules-save").click();
  await page.locator("#rules-error").filter({ hasText: "Not JSON" }).waitFor();
  await page.locator("#rules-json").fill('[{"hide": ["x"], "from": "soon"}]');
  await page.locator("#rules-save").click();
  await page.locator("#rules-error").filter({ hasText: "ISO 8601" }).waitFor();
  expect(await page.locator("#rules-error").textContent()).toContain(
    "Expected an ISO 8601 date (2026-12-01) or date-time (2026-12-01T09:00:00Z).",
  );
  await page.close();
});

test("4. no console errors or page errors", () => {
  // The refused PUT of test 3 logs its 400 as a failed resource load: the only one allowed.
  expect(browser.errors.filter((e) => !e.includes("400"))).toEqual([]);
});
