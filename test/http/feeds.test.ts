// POST /api/v2/content/feed/ (issue 33; docs/FEEDS.md), in every store mode:
//  1. a YML feed as the body imports its categories and offers through the bulk pipeline, and
//     search finds them; a second run updates (counts: created, updated, failed, errors by id)
//  2. a feed that breaks after good offers is 400 with its line and column, and nothing of it
//     is stored; a dry run validates and writes nothing
//  3. {"url": ...}: fetched from an allowed host (--feed-allow-host, a server in this test),
//     a truncated download changes nothing, and a loopback host not allowed is refused
//  4. the secret token is required; a wrong format is 400
//  5. a run is a diff: a changed price, availability or text is written, an offer as stored is
//     `unchanged`, a product the feed lacks becomes unavailable (`gone`), not deleted; a dry
//     run counts the same and writes nothing; the diff is with the store (a bulk write in
//     between is overwritten)
//  6. a feed that lacks more than half of the store's products is 409 and changes nothing,
//     dry or not, unless force=true
//  7. delete_missing=true deletes the products the feed lacks (`deleted`): gone from search,
//     category pages and suggestions, the others kept; a dry run deletes nothing; the half rule
//     refuses; still deleted after kill -9 and a start; a product back in the feed is created
//     again
//  8. a rerun skips before mapping each offer whose digest the store kept from the run before:
//     an unchanged feed counts every offer unchanged and sends none to the writer thread (its
//     metrics) nor writes a product (the log head moves by the categories' batch alone); 1% of
//     prices changed updates those alone; a product the bulk API wrote since is the feed's
//     again; after kill -9 and a start the digests still hold
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hotline, offersOf, utf8, windows1251, yml } from "../fixtures/feeds/feed-generators.ts";
import {
  ADMIN_HEADERS,
  call,
  clientOf,
  createDomain,
  ownerHeaders,
  PRODUCTS,
  post,
  type Service,
  shopClient,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
/** The first server of the file, stopped by test 7's restart: its data dir goes with it. */
let restarted: Service | undefined;
/** Servers killed by later restarts (test 8), whose data dir is the first server's. */
const killed: Service[] = [];
let origin: ReturnType<typeof Bun.serve>;
const FEED = "/api/v2/content/feed/";

/** A feed POSTed raw through the client (a test sends query values the typed call refuses). */
async function postFeed(
  shop: Tokens | null,
  body: string | Uint8Array,
  query = "",
  type = "application/xml",
): Promise<{ status: number; body: any }> {
  const r = await clientOf(service, shop ? { secretToken: shop.secret_token } : {}).request({
    method: "POST",
    path: `${FEED}${query}`,
    credential: shop ? "secret" : "none",
    body,
    headers: { "content-type": type },
  });
  return { status: r.status, body: r.body };
}

/** Each found product's availability by source_id, once the index shows `expected` of them. */
async function availabilityOf(
  shop: Tokens,
  q: string,
  expected: Record<string, boolean>,
): Promise<Record<string, boolean>> {
  let seen: Record<string, boolean> = {};
  for (let i = 0; i < 200 && !Bun.deepEquals(seen, expected); i++) {
    if (i > 0) await Bun.sleep(25);
    const r = await fetch(
      `${service.url}/api/v2/search/?q=${encodeURIComponent(q)}&token=${shop.search_token}&limit=50&show_unavailable=true`,
    );
    const body = (await r.json()) as {
      products: { groups: { items: { source_id: string; availability: boolean }[] }[] };
    };
    seen = {};
    for (const g of body.products.groups)
      for (const p of g.items) seen[p.source_id] = p.availability;
  }
  return seen;
}

/** A search's source ids (`query` after the token), once they are `expected` (bounded wait). */
async function idsOf(shop: Tokens, query: string, expected: string[]): Promise<string[]> {
  let seen: string[] = [];
  for (let i = 0; i < 200 && !Bun.deepEquals(seen, expected); i++) {
    if (i > 0) await Bun.sleep(25);
    const r = await fetch(`${service.url}/api/v2/search/?token=${shop.search_token}&${query}`);
    const body = (await r.json()) as {
      products: { groups: { items: { source_id: string }[] }[] };
    };
    seen = body.products.groups.flatMap((g) => g.items.map((p) => p.source_id)).sort();
  }
  return seen;
}

/** The search's total for q, once the index has caught up to `expected` (bounded wait). */
async function totalOf(shop: Tokens, q: string, expected: number): Promise<number> {
  let total = -1;
  for (let i = 0; i < 200 && total !== expected; i++) {
    if (i > 0) await Bun.sleep(25);
    const r = await fetch(
      `${service.url}/api/v2/search/?q=${encodeURIComponent(q)}&token=${shop.search_token}`,
    );
    total = ((await r.json()) as { total: number }).total;
  }
  return total;
}

/** Product `id` renamed through the bulk API, as a store changing it outside its feed. */
function renameByBulk(shop: Tokens, id: string, category: string) {
  return post(service, PRODUCTS, shop.secret_token, [
    {
      source_id: id,
      code: `SKU-${id}`,
      source_category_id: category,
      currency_code: "UAH",
      translations: [
        { language: "uk", name: "Перейменовані", url: `https://shop.example/p/${id}` },
      ],
    },
  ]);
}

beforeAll(async () => {
  // The feed server of test 3: a feed, a cut one, and a redirect to the feed.
  const full = yml({ offers: offersOf(5, 100) });
  origin = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === "/feed.xml") return new Response(full);
      if (path === "/moved") return Response.redirect("/feed.xml", 302);
      if (path === "/cut.xml") return new Response(full.slice(0, full.length / 2));
      return new Response("no", { status: 404 });
    },
  });
  service = await startService({ args: ["--feed-allow-host", "127.0.0.1", "--max-items", "2"] });
});

afterAll(async () => {
  origin?.stop(true);
  await service?.[Symbol.asyncDispose]();
  for (const k of killed) await k[Symbol.asyncDispose]();
  await restarted?.[Symbol.asyncDispose]();
});

describe("feeds over HTTP", () => {
  test("1. a YML body imports through the bulk pipeline; a second run updates", async () => {
    const shop = await createDomain(service);
    const feed = yml({
      offers: [
        ...offersOf(4),
        { id: "4", name: "Дублікат", price: "1", category: "1" },
        { id: "5", name: "Без категорії", price: "1", category: "77" },
      ],
    });
    const first = await postFeed(shop, feed);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      format: "yml",
      language: "uk",
      offers: 6,
      created: 4,
      updated: 0,
      failed: 2,
      categories: { total: 2, created: 2, failed: 0 },
    });
    expect(first.body.errors.map((e: { offer_id: string }) => e.offer_id)).toEqual(["4", "5"]);
    expect(await totalOf(shop, "навушники", 4)).toBe(4);
    const again = await postFeed(
      shop,
      windows1251(yml({ encoding: "windows-1251", offers: offersOf(4) })),
    );
    expect(again.body).toMatchObject({
      encoding: "windows-1251",
      created: 0,
      updated: 0,
      unchanged: 4,
      gone: 0,
      failed: 0,
    });
    // Another store: for this one's, a feed of one offer would lack all four.
    const kettles = await createDomain(service);
    const hot = await postFeed(
      kettles,
      hotline([{ id: "h1", name: "Чайник електричний", category: "2" }]),
    );
    expect(hot.body).toMatchObject({ format: "hotline", created: 1 });
    expect(await totalOf(kettles, "чайник", 1)).toBe(1);
  });

  test("2. broken XML: line and column, nothing stored; a dry run writes nothing", async () => {
    const shop = await createDomain(service);
    const broken = yml({ offers: offersOf(2000), tail: '<offer id="x"><name>a</nam></offer>' });
    const r = await postFeed(shop, broken);
    const line = broken.split("\n").findIndex((l) => l.includes("</nam>")) + 1;
    expect(r.status).toBe(400);
    expect(r.body.detail).toStartWith(`The feed breaks at line ${line}, column `);
    expect(r.body.detail).toEndWith("Nothing of this run was imported.");
    const dry = await postFeed(shop, yml(), "?dry_run=true");
    expect(dry.body).toMatchObject({ dry_run: true, offers: 3, created: 3, failed: 0 });
    // A dry run's store errors are its answer's, not failed batches of /admin.
    const lacking = await postFeed(shop, yml({ categories: [] }), "?dry_run=true");
    expect(lacking.body).toMatchObject({ dry_run: true, created: 0, failed: 3 });
    expect(lacking.body.errors[0].errors).toEqual({
      source_category_id: ['Category "1" does not exist in this domain.'],
    });
    const overview = await fetch(`${service.url}/api/v2/admin/domains/${shop.name}/overview/`, {
      headers: ADMIN_HEADERS,
    }).then((r) => r.json() as Promise<{ import_errors: unknown[] }>);
    expect(overview.import_errors).toEqual([]);
    expect(await totalOf(shop, "навушники", 0)).toBe(0);
  });

  test("3. a URL: fetched from an allowed host, redirects followed, a cut download changes nothing", async () => {
    const shop = await createDomain(service);
    const at = (path: string) => JSON.stringify({ url: `http://127.0.0.1:${origin.port}${path}` });
    const cut = await postFeed(shop, at("/cut.xml"), "", "application/json");
    expect(cut.status).toBe(400);
    expect(cut.body.detail).toStartWith("The feed breaks at line");
    const moved = await postFeed(shop, at("/moved"), "", "application/json");
    expect(moved.body).toMatchObject({ created: 5, failed: 0 });
    expect(await totalOf(shop, "навушники", 5)).toBe(5);
    const local = await postFeed(
      shop,
      JSON.stringify({ url: `http://localhost:${origin.port}/feed.xml` }),
      "",
      "application/json",
    );
    expect(local.status).toBe(400);
    expect(local.body.detail).toStartWith("The feed's URL is refused: localhost is a loopback");
  });

  test("4. the secret token; a format that is none", async () => {
    const shop = await createDomain(service);
    expect((await postFeed(null, yml())).status).toBe(401);
    const bad = await postFeed(shop, yml(), "?format=xls");
    expect(bad).toEqual({
      status: 400,
      body: {
        detail: "Invalid query parameters.",
        errors: { format: ['"xls" is not a valid choice.'] },
      },
    });
    expect((await postFeed(shop, utf8("<catalog/>"))).status).toBe(400);
    expect((await postFeed(shop, yml(), "?force=yes")).body).toEqual({
      detail: "Invalid query parameters.",
      errors: { force: ["Must be a valid boolean."] },
    });
    expect(await postFeed(shop, yml(), "?delete_missing=1")).toEqual({
      status: 400,
      body: {
        detail: "Invalid query parameters.",
        errors: { delete_missing: ["Must be a valid boolean."] },
      },
    });
  });

  test("5. a run is a diff: changes written, the same offers not, missing ones unavailable", async () => {
    const shop = await createDomain(service);
    const offers = offersOf(6);
    const first = await postFeed(shop, yml({ offers }));
    expect(first.body).toMatchObject({ created: 6, updated: 0, unchanged: 0, gone: 0 });
    const all = { "1": true, "2": true, "3": true, "4": true, "5": true, "6": true };
    expect(await availabilityOf(shop, "навушники", all)).toEqual(all);
    // A price, a name, an availability changed; 4 and 5 as they were; 6 left out.
    const next = [
      { ...offers[0], price: "999" },
      { ...offers[1], name: "Навушники студійні" },
      { ...offers[2], available: false },
      ...offers.slice(3, 5),
    ] as typeof offers;
    const counts = { created: 0, updated: 3, unchanged: 2, gone: 1, failed: 0 };
    const dry = await postFeed(shop, yml({ offers: next }), "?dry_run=true");
    expect(dry.body).toMatchObject({ dry_run: true, ...counts });
    expect(await availabilityOf(shop, "навушники", all)).toEqual(all);
    const second = await postFeed(shop, yml({ offers: next }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ dry_run: false, ...counts });
    const after = { ...all, "3": false, "6": false };
    expect(await availabilityOf(shop, "навушники", after)).toEqual(after);
    expect(await totalOf(shop, "студійні", 1)).toBe(1);
    const found = await fetch(
      `${service.url}/api/v2/search/?q=навушники&token=${shop.search_token}&show_unavailable=true`,
    ).then((r) => r.json() as Promise<any>);
    const one = found.products.groups
      .flatMap((g: any) => g.items)
      .find((p: any) => p.source_id === "1");
    expect(one).toMatchObject({ price: 999, discounted_price: 999 });
    // The same feed again: nothing to write; 6 is gone already.
    const third = await postFeed(shop, yml({ offers: next }));
    expect(third.body).toMatchObject({ created: 0, updated: 0, unchanged: 5, gone: 0 });
    // The diff is against the store: a name the bulk API changed since is the feed's again.
    expect((await renameByBulk(shop, "4", "2")).status).toBe(200);
    expect(await totalOf(shop, "перейменовані", 1)).toBe(1);
    const again = await postFeed(shop, yml({ offers: next }));
    expect(again.body).toMatchObject({ created: 0, updated: 1, unchanged: 4, gone: 0 });
    expect(await totalOf(shop, "перейменовані", 0)).toBe(0);
    // Back in the feed, 6 is available again.
    const back = await postFeed(
      shop,
      yml({ offers: [...next, offers[5] as (typeof offers)[number]] }),
    );
    expect(back.body).toMatchObject({ updated: 1, unchanged: 5, gone: 0 });
    expect(await availabilityOf(shop, "навушники", { ...after, "6": true })).toEqual({
      ...after,
      "6": true,
    });
  });

  test("6. a feed that lacks more than half of the store's products: 409 unless forced", async () => {
    const shop = await createDomain(service);
    await postFeed(shop, yml({ offers: offersOf(6) }));
    const cut = yml({ offers: offersOf(2) });
    const detail =
      "The feed lacks 4 of the store's 6 products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with force=true.";
    for (const query of ["", "?dry_run=true"])
      expect(await postFeed(shop, cut, query)).toEqual({ status: 409, body: { detail } });
    const all = { "1": true, "2": true, "3": true, "4": true, "5": true, "6": true };
    expect(await availabilityOf(shop, "навушники", all)).toEqual(all);
    // Half is not more than half.
    const half = await postFeed(shop, yml({ offers: offersOf(3) }), "?dry_run=true");
    expect(half.body).toMatchObject({ unchanged: 3, gone: 3 });
    const forced = await postFeed(shop, cut, "?force=true");
    expect(forced.body).toMatchObject({ unchanged: 2, gone: 4 });
    const left = { ...all, "3": false, "4": false, "5": false, "6": false };
    expect(await availabilityOf(shop, "навушники", left)).toEqual(left);
  });

  // Last: it restarts the file's server.
  test("7. delete_missing=true deletes what the feed lacks, a dry run nothing, across a restart", async () => {
    const shop = await createDomain(service);
    const offers = [
      ...offersOf(5),
      { id: "6", category: "2", name: "Саундбар кімнатний", price: "1500" },
    ];
    expect((await postFeed(shop, yml({ offers }))).body).toMatchObject({ created: 6, failed: 0 });
    const all = ["1", "2", "3", "4", "5", "6"];
    expect(await idsOf(shop, "browse=true&show_unavailable=true&limit=50", all)).toEqual(all);
    // Asked before the delete too: the category page's listing and cached answers must not hold.
    const category = "browse=true&category_id=2&show_unavailable=true";
    expect(await idsOf(shop, category, ["2", "4", "6"])).toEqual(["2", "4", "6"]);
    const suggested = "q=саунд&use_corrections=false&use_suggestions=true";
    const suggestions = async () =>
      (
        (await call(service, "GET", `/api/v2/search/?token=${shop.search_token}&${suggested}`, {}))
          .body as { suggestions: string[] }
      ).suggestions;
    expect(await suggestions()).toEqual(["саундбар"]);
    const kept = yml({ offers: offers.slice(0, 4) });
    const result = (dryRun: boolean, deleted: number) => ({
      format: "yml" as const,
      encoding: "utf-8",
      language: "uk",
      dry_run: dryRun,
      offers: 4,
      created: 0,
      updated: 0,
      unchanged: 4,
      gone: 0,
      deleted,
      failed: 0,
      categories: { total: 2, created: 0, updated: dryRun ? 0 : 2, failed: 0 },
      errors: [],
      category_errors: [],
      seconds: expect.any(Number),
    });
    // Dry, through the back-office client (its deleteMissing).
    const dry = await shopClient(service, shop).uploadFeed(kept, {
      deleteMissing: true,
      dryRun: true,
    });
    expect(dry).toEqual(result(true, 2));
    expect(await idsOf(shop, "browse=true&show_unavailable=true&limit=50", all)).toEqual(all);
    // The half rule: 4 of 6 would be deleted.
    const detail =
      "The feed lacks 4 of the store's 6 products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with force=true.";
    for (const query of ["?delete_missing=true", "?delete_missing=true&dry_run=true"])
      expect(await postFeed(shop, yml({ offers: offersOf(2) }), query)).toEqual({
        status: 409,
        body: { detail },
      });
    const run = await postFeed(shop, kept, "?delete_missing=true");
    expect(run).toEqual({ status: 200, body: result(false, 2) });
    const left = ["1", "2", "3", "4"];
    const pages = async () => ({
      store: await idsOf(shop, "browse=true&show_unavailable=true&limit=50", left),
      category: await idsOf(shop, category, ["2", "4"]),
      search: await idsOf(shop, "q=навушники&show_unavailable=true&limit=50", left),
      soundbar: await totalOf(shop, "саундбар", 0),
      suggestions: await suggestions(),
      counts: await call(service, "GET", "/api/v2/content/overview/", ownerHeaders(shop)).then(
        (r) => {
          const o = r.body as { catalog: { products: number }; stored: { products: number } };
          return { index: o.catalog.products, store: o.stored.products };
        },
      ),
    });
    const deleted = {
      store: left,
      category: ["2", "4"],
      search: left,
      soundbar: 0,
      suggestions: [],
      counts: { index: 4, store: 4 },
    };
    expect(await pages()).toEqual(deleted);
    // The same feed again: nothing left to delete.
    expect((await postFeed(shop, kept, "?delete_missing=true")).body).toMatchObject({
      unchanged: 4,
      gone: 0,
      deleted: 0,
    });
    const runs = await call(service, "GET", "/api/v2/content/feeds/runs/", ownerHeaders(shop));
    expect((runs.body as { runs: { deleted?: number }[] }).runs.map((r) => r.deleted)).toEqual([
      0,
      2,
      undefined,
      0,
    ]);
    // Acknowledged, so kept through kill -9; the start rebuilds the index from the store.
    await service.kill9();
    restarted = service;
    service = await startService({
      dataDir: restarted.dataDir,
      args: ["--feed-allow-host", "127.0.0.1", "--max-items", "2"],
    });
    expect(await pages()).toEqual(deleted);
    // Back in the feed, a deleted product is created again.
    const back = await postFeed(shop, yml({ offers }));
    expect(back.body).toMatchObject({ created: 2, unchanged: 4, gone: 0, deleted: 0 });
    expect(await idsOf(shop, "browse=true&show_unavailable=true&limit=50", all)).toEqual(all);
    expect(await totalOf(shop, "саундбар", 1)).toBe(1);
  });

  test("8. a rerun skips the offers whose digest the store kept; across a restart too", async () => {
    const shop = await createDomain(service);
    const offers = offersOf(100);
    const result = (counts: object) => ({
      format: "yml",
      encoding: "utf-8",
      language: "uk",
      dry_run: false,
      offers: 100,
      created: 0,
      updated: 0,
      unchanged: 0,
      gone: 0,
      deleted: 0,
      failed: 0,
      categories: { total: 2, created: 0, updated: 2, failed: 0 },
      errors: [],
      category_errors: [],
      seconds: expect.any(Number),
      ...counts,
    });
    const head = async () =>
      (
        (await call(service, "GET", "/api/v2/content/overview/", ownerHeaders(shop))).body as {
          index: { log_head: number };
        }
      ).index.log_head;
    /** Product items the writer thread answered as written or unchanged, since the start. */
    const sent = async () => {
      const text = await (await fetch(`${service.url}/metrics`, { headers: ADMIN_HEADERS })).text();
      const line = text
        .split("\n")
        .find((l) => l.startsWith('vitrina_import_items_total{kind="products",outcome="updated"}'));
      return Number(line?.split(" ")[1] ?? 0);
    };
    const first = await postFeed(shop, yml({ offers }));
    expect(first).toEqual({
      status: 200,
      body: result({ created: 100, categories: { total: 2, created: 2, updated: 0, failed: 0 } }),
    });
    const rerun = async (feed: typeof offers, counts: object) => {
      const [before, items] = [await head(), await sent()];
      expect(await postFeed(shop, yml({ offers: feed }))).toEqual({
        status: 200,
        body: result(counts),
      });
      return { moved: (await head()) - before, sent: (await sent()) - items };
    };
    // The categories' one batch (--max-items 2) is the run's only write.
    expect(await rerun(offers, { unchanged: 100 })).toEqual({ moved: 1, sent: 0 });
    // 1% of the prices: those alone are mapped, sent and written (one more batch, one entry).
    const repriced = offers.map((o, i) => (i === 41 ? { ...o, price: "1777" } : o));
    expect(await rerun(repriced, { updated: 1, unchanged: 99 })).toEqual({ moved: 2, sent: 1 });
    expect(await totalOf(shop, "навушники модель 42", 1)).toBe(1);
    // A product the bulk API wrote since is planned against the store again, and restored.
    expect((await renameByBulk(shop, "7", "1")).status).toBe(200);
    expect(await totalOf(shop, "перейменовані", 1)).toBe(1);
    expect(await rerun(repriced, { updated: 1, unchanged: 99 })).toEqual({ moved: 2, sent: 1 });
    expect(await totalOf(shop, "перейменовані", 0)).toBe(0);
    expect(await rerun(repriced, { unchanged: 100 })).toEqual({ moved: 1, sent: 0 });
    // The digests are the store's: kept through kill -9 and a start.
    await service.kill9();
    killed.push(service);
    service = await startService({
      dataDir: service.dataDir,
      args: ["--feed-allow-host", "127.0.0.1", "--max-items", "2"],
    });
    expect(await rerun(repriced, { unchanged: 100 })).toEqual({ moved: 1, sent: 0 });
  });
});
