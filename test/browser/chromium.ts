import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

// Debian's chromium driven by playwright-core (never `playwright install`: nothing is
// downloaded). Each launch gets a new empty profile, removed on dispose.

export const CHROMIUM = process.env.VITRINA_CHROMIUM ?? "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  /** A new page whose console errors and page errors are collected in `errors`. */
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
  errors: string[];
  [Symbol.asyncDispose]: () => Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "vitrina-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    newPage: async (viewport) => {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      return page;
    },
    [Symbol.asyncDispose]: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
