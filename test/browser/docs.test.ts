// The service's own pages in chromium:
//  1. /docs at a phone's width (390x844): nothing scrolls sideways (a long code block scrolls
//     inside itself), no console error; screenshot docs-phone.png
//  2. /demo with --demo: the pictures are the server's own (/demo-img/), each loads, and no
//     console error
// It writes the screenshot to VITRINA_SCREENSHOTS (default: a temporary directory).
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Service, startService } from "../http/harness.ts";
import { type Browser, launchChromium } from "./chromium.ts";

setDefaultTimeout(30_000);

let service: Service;
let browser: Browser;
const shots = process.env.VITRINA_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "vitrina-shots-"));

beforeAll(async () => {
  [service, browser] = await Promise.all([startService({ args: ["--demo"] }), launchChromium()]);
});
afterAll(async () => {
  await browser?.[Symbol.asyncDispose]();
  await service?.[Symbol.asyncDispose]();
});

test("1. /docs on a phone", async () => {
  const page = await browser.newPage({ width: 390, height: 844 });
  await page.goto(`${service.url}/docs`);
  const widths = await page.evaluate(() => {
    const d = (globalThis as any).document;
    const pre = [...d.querySelectorAll("pre")] as any[];
    return {
      page: d.documentElement.scrollWidth,
      // A code block wider than its box scrolls inside itself.
      overflowingPre: pre.some((p) => p.scrollWidth > p.clientWidth),
    };
  });
  expect(widths).toEqual({ page: 390, overflowingPre: true });
  await page.goto(`${service.url}/docs#widget`);
  await page.screenshot({ path: join(shots, "docs-phone.png") });
  expect(browser.errors).toEqual([]);
});

test("2. /demo's pictures are the server's own, and load", async () => {
  const page = await browser.newPage();
  await page.goto(`${service.url}/demo?q=${encodeURIComponent("навушники")}`);
  await page.waitForSelector("img[src*='/demo-img/']");
  await page.waitForLoadState("networkidle");
  const images = await page.evaluate(() =>
    ([...(globalThis as any).document.querySelectorAll("img")] as any[]).map((i) => ({
      ours: i.src.startsWith(`${(globalThis as any).location.origin}/demo-img/`),
      loaded: i.complete && i.naturalWidth > 0,
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  expect(images.filter((i) => !(i.ours && i.loaded))).toEqual([]);
  expect(browser.errors).toEqual([]);
});
