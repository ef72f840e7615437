// A shopper on the demo store, and what the owner then reads (issue 23, points 1 and 2), in a
// real headless chromium over `serve --demo` with 1 s typing runs:
//  1. typing "навушники" letter by letter into the demo's search field (a search per key),
//     then clicking a result: the admin report counts one search of "навушники", no prefix of
//     it, and the click (click-through rate 1, position 1)
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { ADMIN_KEY, type Service, startService } from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

setDefaultTimeout(30_000);

let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([
    startService({ args: ["--demo", "--typing-session", "1"] }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
});

async function report(): Promise<any> {
  const r = await fetch(`${service.url}/api/v2/admin/domains/demo/analytics/?days=1`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  return r.json();
}

test("1. a typing session counts as the query settled on; the click follows it", async () => {
  const page = await browser.newPage();
  // The demo's product pages do not exist: a stand-in.
  await page.route("https://vitrina.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>product</title>" }),
  );
  await page.goto(`${service.url}/demo`);
  await page.locator("#q").pressSequentially("навушники", { delay: 40 });
  await page.locator(".vtr-item").first().waitFor();
  await Promise.all([
    page.waitForEvent("framenavigated"),
    page.locator(".vtr-item").first().click(),
  ]);
  let seen = await report();
  for (let i = 0; i < 100 && seen.query_outcomes?.[0]?.clicks !== 1; i++) {
    await Bun.sleep(100);
    seen = await report();
  }
  expect(seen.top_queries).toEqual([{ q: "навушники", count: 1, corrected_query: "" }]);
  expect(seen.searches_per_day.map((d: { count: number }) => d.count)).toEqual([1]);
  expect(seen.query_outcomes).toEqual([
    {
      q: "навушники",
      searches: 1,
      clicks: 1,
      click_through_rate: 1,
      average_click_position: 1,
      add_to_cart: 0,
      purchases: 0,
    },
  ]);
  expect(seen.searches_without_clicks).toEqual([]);
  await page.close();
  expect(browser.errors).toEqual([]);
});
