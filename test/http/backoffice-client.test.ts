// The back-office client (src/clients/backoffice/, docs/CLIENT.md) against a running Vitrina,
// in every store mode. Properties checked:
//  1. items beyond the per-request limits (--max-items, --max-bytes) go in several requests,
//     none refused, every item stored and searchable; the same items in one request are 413
//  2. per-item errors come back beside the caller's own items, by their index in the caller's
//     list across batches; the valid items are saved
//  3. a 429 (--import-rate) is retried after its Retry-After, and the import completes; with
//     retries off it is an ImportError with the answer and the batches already stored
//  4. a 503 (the domain's import requests in progress, --max-queued-batches) is retried after
//     its Retry-After; a Retry-After beyond the caller's maxWaitMs is not waited for; a 401 is
//     never retried
//  5. feeds (upload, registered feeds, runs, run now), search, categories and the admin calls
//  6. the client bundled for Node runs under `node` against the server (when node is there)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ImportError, type RetryNotice, VitrinaError } from "../../src/clients/backoffice/index.ts";
import type { ProductItem } from "../../src/model/import.ts";
import { offersOf, yml } from "../fixtures/feeds/feed-generators.ts";
import {
  category,
  clientOf,
  createDomain,
  PRODUCTS,
  post,
  product,
  ROOT,
  type Service,
  shopClient,
  startService,
  tempDir,
} from "./harness.ts";
import { partialPost, rawClient } from "./raw-client.ts";

const products = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => product(`p${from + i}`)) as ProductItem[];

/** The search's total for `q`, once it reaches `expected` (bounded wait). */
async function totalOf(client: ReturnType<typeof clientOf>, q: string, expected: number) {
  let total = -1;
  for (let i = 0; i < 400 && total !== expected; i++) {
    if (i > 0) await Bun.sleep(25);
    total = (await client.search.search({ q })).total;
  }
  return total;
}

describe("batches under the limits, per-item errors", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService({ args: ["--max-items", "3", "--max-bytes", "1000"] });
  });
  afterAll(() => service[Symbol.asyncDispose]());

  test("1. items beyond --max-items and --max-bytes go in several requests, all stored", async () => {
    const shop = await createDomain(service);
    const client = shopClient(service, shop, { limits: { maxItems: 3, maxBytes: 1000 } });
    expect(await client.importCategories([category(1)])).toMatchObject({ created: 1, failed: 0 });
    const items = products(10);
    // One request of them all is refused: the limits are the server's.
    expect((await post(service, PRODUCTS, shop.secret_token, items)).status).toBe(413);
    const report = await client.importProducts(items);
    expect({ ...report, items: report.items.length }).toEqual({
      items: 10,
      created: 10,
      updated: 0,
      failed: 0,
      // 10 items of about 190 bytes: 4 under 1000 bytes would be, but 3 items a request.
      batches: 4,
    });
    expect(report.items.map((r) => [r.index, r.item.source_id, r.ok && r.status])).toEqual(
      items.map((p, i) => [i, p.source_id, 201]),
    );
    expect(await totalOf(client, "товар", 10)).toBe(10);
    const bytes = shopClient(service, shop, { limits: { maxItems: 100, maxBytes: 500 } });
    const again = await bytes.importProducts(products(5));
    expect([again.batches, again.updated]).toEqual([3, 5]);
  });

  test("2. per-item errors come back beside the caller's items, across batches", async () => {
    const shop = await createDomain(service);
    const client = shopClient(service, shop, { limits: { maxItems: 3 } });
    await client.importCategories([category(1)]);
    const items = [
      ...products(4),
      { ...product("bad-url"), translations: [{ language: "uk", name: "X", url: "ftp://x" }] },
      product("ok-5"),
    ] as ProductItem[];
    items[1] = { ...items[1], currency_code: "GBP" } as unknown as ProductItem;
    const report = await client.importProducts(items);
    expect([report.batches, report.created, report.failed]).toEqual([2, 4, 2]);
    const failed = report.items.filter((r) => !r.ok);
    expect(failed).toEqual([
      {
        index: 1,
        item: items[1] as ProductItem,
        ok: false,
        errors: { currency_code: ['"GBP" is not a valid choice.'] },
      },
      {
        index: 4,
        item: items[4] as ProductItem,
        ok: false,
        errors: { "translations.0.url": ["Enter a valid URL starting with http:// or https://."] },
      },
    ]);
    // The caller's own objects, not copies.
    expect(report.items.every((r) => r.item === items[r.index])).toBe(true);
    const categories = await client.importCategories([
      category(2),
      { source_category_id: "x", translations: [] } as never,
    ]);
    expect(categories.items[1]).toEqual({
      index: 1,
      item: { source_category_id: "x", translations: [] } as never,
      ok: false,
      errors: {
        source_category_id: "Ensure this value is a positive integer.",
        translations: "This list may not be empty.",
      },
    });
  });
});

describe("retries", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService({
      args: ["--import-rate", "1", "--import-burst", "1", "--max-queued-batches", "0"],
    });
  });
  afterAll(() => service[Symbol.asyncDispose]());

  test("3. a 429 is retried after its Retry-After; without retries it is an ImportError", async () => {
    const shop = await createDomain(service);
    const notices: RetryNotice[] = [];
    const client = shopClient(service, shop, {
      limits: { maxItems: 1 },
      retry: { retries: 5, maxWaitMs: 5000 },
      onRetry: (n) => notices.push(n),
    });
    const report = await client.importCategories([category(1), category(2), category(3)]);
    expect([report.batches, report.failed, report.items.map((r) => r.ok)]).toEqual([
      3,
      0,
      [true, true, true],
    ]);
    // The bucket holds one request a second: a batch sent within the second of the one before
    // met a 429 and waited the second it named.
    expect(notices.length).toBeGreaterThanOrEqual(1);
    for (const n of notices)
      expect(n).toEqual({
        method: "POST",
        path: "/api/v2/content/category/bulk/",
        status: 429,
        attempt: expect.any(Number),
        waitMs: 1000,
      });
    await Bun.sleep(1100);
    const once = shopClient(service, shop, { limits: { maxItems: 1 } });
    const error = await once.importCategories([category(4), category(5)]).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect({
      status: error.status,
      retryAfter: error.headers.get("retry-after"),
      body: error.body,
      stored: error.report.items.map(
        (r: { item: { source_category_id: number } }) => r.item.source_category_id,
      ),
    }).toEqual({
      status: 429,
      retryAfter: "1",
      body: { detail: "Too many requests: this token may make 1 per second. Retry after 1 s." },
      stored: [4],
    });
  });

  test("4. a 503 is retried after its Retry-After; past maxWaitMs it is not; a 401 never", async () => {
    const shop = await createDomain(service);
    await Bun.sleep(1100);
    // A request whose body is still arriving holds the domain's only place in progress.
    const hold = await rawClient(
      service.url,
      partialPost(PRODUCTS, { "x-secret-token": shop.secret_token }, 5000, "[{"),
    );
    hold.trickle(" ", 50);
    let status = 0;
    for (let i = 0; i < 200 && status !== 503; i++) {
      await Bun.sleep(1100); // under the import rate
      status = (
        await post(service, "/api/v2/content/category/bulk/", shop.secret_token, [category(1)])
      ).status;
    }
    expect(status).toBe(503);
    await Bun.sleep(1100);
    const impatient = clientOf(service, {
      secretToken: shop.secret_token,
      retry: { retries: 5, maxWaitMs: 500 },
    });
    const refused = await impatient.importCategories([category(1)]).catch((e) => e);
    expect([refused.status, refused.headers.get("retry-after"), refused.body]).toEqual([
      503,
      "1",
      {
        detail:
          "Too many import requests of this domain are in progress (at most 1). Retry after 1 s.",
      },
    ]);
    await Bun.sleep(1100);
    const notices: RetryNotice[] = [];
    const patient = shopClient(service, shop, {
      retry: { retries: 10, maxWaitMs: 5000 },
      // The place is freed while the client waits: its retry is answered.
      onRetry: (n) => {
        notices.push(n);
        if (n.status === 503) hold.destroy();
      },
    });
    const report = await patient.importCategories([category(1)]);
    expect(report.items.map((r) => r.ok)).toEqual([true]);
    expect(notices[0]).toMatchObject({ status: 503, attempt: 1, waitMs: 1000 });
    const wrong = clientOf(service, {
      secretToken: "wrong",
      retry: { retries: 5 },
      onRetry: (n) => notices.push(n),
    });
    const before = notices.length;
    const unauthorized = await wrong.importCategories([category(1)]).catch((e) => e);
    expect(unauthorized).toBeInstanceOf(VitrinaError);
    expect([unauthorized.status, unauthorized.body, notices.length]).toEqual([
      401,
      { detail: "Authentication credentials were not provided." },
      before,
    ]);
  });
});

describe("feeds, search and the admin calls", () => {
  let service: Service;
  let origin: ReturnType<typeof Bun.serve>;
  beforeAll(async () => {
    origin = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      // The feed uploaded first: a run of it changes nothing (no half of the store lacking).
      fetch: () => new Response(yml({ offers: offersOf(3) })),
    });
    service = await startService({
      args: ["--feed-allow-host", "127.0.0.1", "--feed-minute-ms", "100000"],
    });
  });
  afterAll(async () => {
    origin?.stop(true);
    await service?.[Symbol.asyncDispose]();
  });

  test("5. feeds, search, categories, the store's area and the operator's", async () => {
    const operator = clientOf(service);
    const shop = await operator.admin.createDomain(`client-${Date.now()}`);
    expect(shop).toEqual({
      id: expect.any(Number),
      name: shop.name,
      secret_token: expect.any(String),
      search_token: expect.any(String),
      created_at: expect.any(Number),
    });
    expect((await operator.admin.domains()).map((d) => d.name)).toContain(shop.name);
    const client = shopClient(service, shop);
    const uploaded = await client.uploadFeed(yml({ offers: offersOf(3) }));
    expect(uploaded).toMatchObject({ format: "yml", offers: 3, created: 3, failed: 0 });
    const dry = await client.uploadFeed(yml({ offers: offersOf(3) }), { dryRun: true });
    expect(dry).toMatchObject({ dry_run: true, unchanged: 3 });
    expect(await totalOf(client, "навушники", 3)).toBe(3);
    const tree = await client.search.categories();
    expect(tree.categories.length).toBeGreaterThan(0);
    const url = `http://127.0.0.1:${origin.port}/feed.xml`;
    const feeds = await client.store.feeds.put([{ url, every_minutes: 1440 }]);
    expect(feeds.feeds.map((f) => [f.url, f.every_minutes, f.has_password])).toEqual([
      [url, 1440, false],
    ]);
    // next_run_at is of the time of each answer.
    const listed = await client.store.feeds.list();
    expect(listed.feeds.map((f) => ({ ...f, next_run_at: "" }))).toEqual(
      feeds.feeds.map((f) => ({ ...f, next_run_at: "" })),
    );
    // The feed new to the list runs at once; a run asked for meanwhile may find it running.
    let runs = (await client.store.feeds.runs()).runs;
    for (let i = 0; i < 400 && !runs.some((r) => r.trigger === "schedule"); i++) {
      await Bun.sleep(25);
      runs = (await client.store.feeds.runs()).runs;
    }
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ["schedule", "ok"],
      ["upload", "ok"],
    ]);
    expect(await client.store.feeds.run(url)).toEqual({ url, status: "started" });
    const unknown = await client.store.feeds.run(`${url}?other`).catch((e) => e);
    expect([unknown.status, unknown.body]).toEqual([
      404,
      {
        detail: "No feed of this domain has that url: register it with PUT /api/v2/content/feeds/.",
      },
    ]);
    const synonyms = await operator.admin
      .domain(shop.name)
      .synonyms.put([{ words: ["джейбіел", "jbl"] }]);
    expect(synonyms).toEqual({ synonyms: [{ words: ["джейбіел", "jbl"] }] });
    expect(await client.store.synonyms.get()).toEqual(synonyms);
    const overview = await client.store.overview();
    expect(overview.domain).toBe(shop.name);
    expect(overview.stored.products).toBeGreaterThanOrEqual(3);
    await operator.admin.deleteDomain(shop.name);
    const gone = await operator.admin
      .domain(shop.name)
      .overview()
      .catch((e) => e);
    expect([gone.status, gone.body]).toEqual([404, { detail: `Domain "${shop.name}" not found.` }]);
  });
});

test.skipIf(Bun.which("node") === null)(
  "6. the client bundled for Node imports and searches from `node`",
  async () => {
    await using service = await startService();
    const shop = await createDomain(service);
    using dir = tempDir();
    const built = await Bun.build({
      entrypoints: [join(ROOT, "src/clients/backoffice/index.ts")],
      target: "node",
      format: "esm",
      outdir: dir,
      naming: "client.mjs",
    });
    expect(built.success).toBe(true);
    const script = `
      import { vitrinaClient } from "./client.mjs";
      const v = vitrinaClient({ host: process.argv[2], secretToken: process.argv[3], searchToken: process.argv[4] });
      const c = await v.importCategories([{ source_category_id: 1, translations: [{ language: "uk", name: "Кавоварки" }] }]);
      const p = await v.importProducts([{ source_id: "n1", code: "N1", source_category_id: 1, currency_code: "UAH", new_price: 10,
        translations: [{ language: "uk", name: "Кавоварка нодова", url: "https://shop.example/n1" }] }]);
      let total = 0;
      for (let i = 0; i < 400 && total === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
        total = (await v.search.search({ q: "кавоварка" })).total;
      }
      console.log(JSON.stringify({ categories: c.created, products: p.created, total }));
    `;
    await Bun.write(join(dir, "run.mjs"), script);
    const run = Bun.spawn(
      ["node", join(dir, "run.mjs"), service.url, shop.secret_token, shop.search_token],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [out, err, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ]);
    expect({ code, err, out: JSON.parse(out) }).toEqual({
      code: 0,
      err: "",
      out: { categories: 1, products: 1, total: 1 },
    });
    // No package in the bundle: only the client's own modules and model/'s constants.
    expect(await Bun.file(join(dir, "client.mjs")).text()).not.toContain("sinclair");
  },
);

test("7. the example of docs/CLIENT.md prints what the page says", async () => {
  const page = await Bun.file(join(ROOT, "docs", "CLIENT.md")).text();
  const example = /```ts client\n([\s\S]*?)```/.exec(page)?.[1] ?? "";
  const printed = /prints[^\n]*\n\n```text\n([\s\S]*?)```/.exec(page)?.[1] ?? "";
  expect([example.length > 0, printed.length > 0]).toEqual([true, true]);
  await using service = await startService();
  const shop = await createDomain(service);
  using dir = tempDir();
  const script = join(dir, "example.ts");
  await Bun.write(
    script,
    example
      .replace("./src/clients/backoffice/index.ts", join(ROOT, "src/clients/backoffice/index.ts"))
      .replace("https://search.example", service.url)
      .replace("SECRET_TOKEN", shop.secret_token)
      .replace("SEARCH_TOKEN", shop.search_token),
  );
  const run = Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
    run.exited,
  ]);
  expect({ code, err, out }).toEqual({ code: 0, err: "", out: printed });
});
