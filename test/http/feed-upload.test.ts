// POST /api/v2/content/feed/ with the feed as the body (issue 33 point 7). Properties checked:
//  1. an upload that stops arriving is cut at --feed-timeout: 504 with its detail, and nothing
//     of it is stored (the offers before the stall are not searchable)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { offersOf, yml } from "../fixtures/feeds/feed-generators.ts";
import { createDomain, type Service, startService } from "./harness.ts";

let service: Service;

beforeAll(async () => {
  service = await startService({ args: ["--feed-timeout", "1"] });
});

afterAll(async () => {
  await service?.[Symbol.asyncDispose]();
});

test("1. an upload that stops arriving is cut at --feed-timeout, nothing stored", async () => {
  const shop = await createDomain(service);
  const feed = yml({ offers: offersOf(20) });
  // The feed but for its closing tags, then nothing more until the server gives up.
  const head = new TextEncoder().encode(feed.slice(0, feed.lastIndexOf("</offers>")));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
  });
  const started = performance.now();
  const r = await fetch(`${service.url}/api/v2/content/feed/`, {
    method: "POST",
    headers: { "content-type": "application/xml", "x-secret-token": shop.secret_token },
    body,
  });
  expect({ status: r.status, body: await r.json() }).toEqual({
    status: 504,
    body: {
      detail: "The feed did not arrive in full within 1 s. Nothing of this run was imported.",
    },
  });
  expect(performance.now() - started).toBeLessThan(10_000);
  const search = await fetch(
    `${service.url}/api/v2/search/?q=навушники&token=${shop.search_token}`,
  );
  expect(((await search.json()) as { total: number }).total).toBe(0);
});
