// Registered feeds (issue 33 points 1 and 5; docs/FEEDS.md "Registered feeds"), in every
// store mode, against feed servers and a webhook receiver of the test's own:
//  1. PUT /api/v2/content/feeds/ checks every field (400, per field, nothing saved); GET lists
//     them without their secrets (has_password), which a PUT that leaves them out keeps
//  2. the puller runs a feed every N minutes with basic auth, then conditionally: the second
//     run sends the first's ETag and Last-Modified and a 304 is a run "unchanged"; what the
//     feed holds is searchable
// 2b. the credentials go to the feed's origin only: a redirect to another origin gets none; a
//     wrong password is a failed run with the server's answer
//  3. the run history: scheduled runs, a failed run with its reason, uploads of
//     POST /api/v2/content/feed/ (trigger "upload"), newest first
//  4. POST /api/v2/content/feeds/run/ starts a run now (202), 409 while one runs, 404 for a
//     URL not registered
//  5. a webhook gets each run's result, signed (X-Vitrina-Signature: sha256=HMAC of the body),
//     retried after a 500; a webhook on a host not allowed is refused
// 5b. a feed registered with delete_missing: its runs delete the products it lacks (`deleted`)
//  6. (Redis modes) two nodes on one Redis: one pulls a given feed at a time
//  7. a server stopped during a run stops at once (exit 0), and the run is recorded as stopped
//  8. the import share binds feeds as uploads: a store whose index patches cost past its share
//     while another store searches has its due run wait (it runs once the other stops), and a
//     run asked for is 429
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { offersOf, yml } from "../fixtures/feeds/feed-generators.ts";
import {
  CATEGORIES,
  call,
  category,
  clientOf,
  createDomain,
  ownerHeaders,
  PRODUCTS,
  post,
  product,
  redisFor,
  refusal,
  type Service,
  STORE,
  shopClient,
  startService,
  type Tokens,
  tempDir,
} from "./harness.ts";

const FEEDS = "/api/v2/content/feeds/";
const RUN = "/api/v2/content/feeds/run/";
/** A feed's minute in these tests: every_minutes 5 is a run every half second. */
const MINUTE_MS = "100";
const ARGS = ["--feed-allow-host", "127.0.0.1", "--feed-minute-ms", MINUTE_MS];

let service: Service;
let origin: ReturnType<typeof Bun.serve>;
let receiver: ReturnType<typeof Bun.serve>;
/** Another origin (another port), where /away.xml of the feed server redirects. */
let elsewhere: ReturnType<typeof Bun.serve>;

/** The headers of what the feed servers were asked, per path (copied: a request is not kept). */
const asked = new Map<string, { headers: Headers }[]>();
const note = (key: string, request: Request) =>
  asked.set(key, [...(asked.get(key) ?? []), { headers: new Headers(request.headers) }]);
/** What the webhook receiver got: body and signature. */
const hooks: { path: string; body: string; signature: string | null }[] = [];
/** The slow feed answers once this resolves (test 4). */
let slowAnswered: Promise<void> = Promise.resolve();
/** Concurrent requests of the shared feed (test 6), and the most seen. */
let open = 0;
let mostOpen = 0;

const FEED = yml({ offers: offersOf(3, 100) });
const ETAG = '"v1"';
const MODIFIED = "Wed, 02 Dec 2026 10:00:00 GMT";

beforeAll(async () => {
  origin = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      note(path, request);
      if (path === "/private.xml") {
        const expected = `Basic ${Buffer.from("shop:s3cret").toString("base64")}`;
        if (request.headers.get("authorization") !== expected)
          return new Response("who?", { status: 401 });
        if (request.headers.get("if-none-match") === ETAG)
          return new Response(null, { status: 304 });
        return new Response(FEED, { headers: { etag: ETAG, "last-modified": MODIFIED } });
      }
      if (path === "/away.xml")
        return Response.redirect(`http://127.0.0.1:${elsewhere.port}/feed.xml`, 302);
      if (path === "/broken.xml")
        return new Response(yml({ offers: offersOf(2), tail: '<offer id="x"><name>a</nam>' }));
      if (path === "/plain.xml") return new Response(yml({ offers: offersOf(2, 500) }));
      if (path === "/slow.xml") {
        await slowAnswered;
        return new Response(yml({ offers: offersOf(1, 700) }));
      }
      // Never answers (test 7): the run is in progress when the server stops.
      if (path === "/hang.xml") return new Promise<Response>(() => {});
      if (path === "/shared.xml") {
        open++;
        mostOpen = Math.max(mostOpen, open);
        await Bun.sleep(150);
        open--;
        return new Response(yml({ offers: offersOf(2, 900) }));
      }
      return new Response("no", { status: 404 });
    },
  });
  elsewhere = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      note("elsewhere", request);
      return new Response(yml({ offers: offersOf(1, 800) }));
    },
  });
  let failedOnce = false;
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = await request.text();
      hooks.push({ path, body, signature: request.headers.get("x-vitrina-signature") });
      // The first delivery fails: the service tries again.
      if (!failedOnce) {
        failedOnce = true;
        return new Response("later", { status: 500 });
      }
      return new Response(null, { status: 204 });
    },
  });
});

afterAll(() => {
  origin?.stop(true);
  receiver?.stop(true);
  elsewhere?.stop(true);
});

const feedUrl = (path: string) => `http://127.0.0.1:${origin.port}${path}`;
const owner = (d: Tokens) => ownerHeaders(d);
/** The registered feeds' calls of the client, as the store `d` makes them. */
const feedsOf = (d: Tokens, s: Service = service) => shopClient(s, d).store.feeds;

/** Waits (bounded) until `check` holds for the domain's runs; returns them. */
async function runsUntil(
  d: Tokens,
  check: (runs: any[]) => boolean,
  s: Service = service,
): Promise<any[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const runs: any[] = (await feedsOf(d, s).runs()).runs;
    if (check(runs)) return runs;
    if (Date.now() > deadline) throw new Error(`runs never matched: ${JSON.stringify(runs)}`);
    await Bun.sleep(50);
  }
}

async function totalOf(d: Tokens, q: string, expected: number): Promise<number> {
  let total = -1;
  for (let i = 0; i < 200 && total !== expected; i++) {
    if (i > 0) await Bun.sleep(25);
    total = (await shopClient(service, d).search.search({ q })).total;
  }
  return total;
}

const TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe("registered feeds", () => {
  // Tests 1-5 share one server; it is gone before the tests that start their own nodes. In
  // Redis Cluster mode every server of the file shares the cluster, so it would pull their
  // feeds too: test 7's run would be its, and the stop of test 7's node would stop nothing.
  beforeAll(async () => {
    service = await startService({ args: ARGS });
  });
  afterAll(async () => {
    await service?.[Symbol.asyncDispose]();
  });

  test("1. PUT checks every field and saves nothing of a bad body; GET hides the secrets", async () => {
    const d = await createDomain(service);
    // Never pulled during this test: a URL the feed server does not serve, once a day.
    const good = {
      url: feedUrl("/nothing-1.xml"),
      format: "yml",
      every_minutes: 1440,
      username: "shop",
      password: "pw",
    };
    const put = await call(service, "PUT", FEEDS, owner(d), { feeds: [good] });
    expect(put).toEqual({
      status: 200,
      body: {
        feeds: [
          {
            url: good.url,
            format: "yml",
            every_minutes: 1440,
            delete_missing: false,
            username: "shop",
            has_password: true,
            webhook_url: null,
            has_webhook_secret: false,
            last_started_at: null,
            next_run_at: TIME,
          },
        ],
      },
    });
    const bad = await call(service, "PUT", FEEDS, owner(d), {
      feeds: [
        { url: "ftp://shop.example/feed.xml", every_minutes: 4, format: "xls", extra: 1 },
        { url: good.url, every_minutes: 60.5, username: "a:b" },
        { url: good.url, every_minutes: 60, password: "x" },
        { url: feedUrl("/x.xml"), every_minutes: 60, webhook_url: "https://hooks.example/x" },
        { url: "http://10.1.2.3/feed.xml", every_minutes: 60 },
        "nope",
      ],
    });
    expect(bad).toEqual({
      status: 400,
      body: {
        detail:
          'Expected {"feeds": [...]}: at most 20 feeds, each with a url (http or https), a format, every_minutes from 5 to 1440, and optionally username, password, webhook_url and webhook_secret.',
        errors: {
          "feeds[0].extra": ["Unknown field."],
          "feeds[0].url": ["Enter a valid http or https URL of at most 2048 characters."],
          "feeds[0].format": ['"xls" is not a valid choice.'],
          "feeds[0].every_minutes": ["Ensure this value is between 5 and 1440."],
          "feeds[1].every_minutes": ["A valid integer is required."],
          "feeds[1].username": ["A basic-auth username holds no colon."],
          "feeds[2].password": ["A password needs a username."],
          "feeds[3].webhook_secret": ["This field is required with webhook_url."],
          "feeds[5]": ['Expected {"url": ..., "every_minutes": ...}.'],
        },
      },
    });
    // The host is checked once the fields are: a private address is refused.
    const internal = await call(service, "PUT", FEEDS, owner(d), {
      feeds: [
        { url: "http://10.1.2.3/feed.xml", every_minutes: 60 },
        {
          url: feedUrl("/y.xml"),
          every_minutes: 60,
          webhook_url: "http://localhost:9/hook",
          webhook_secret: "0123456789abcdef",
        },
      ],
    });
    expect(internal).toEqual({
      status: 400,
      body: {
        detail: expect.stringMatching(/^Expected \{"feeds"/),
        errors: {
          "feeds[0].url": [
            "10.1.2.3 is a loopback, private or link-local address (the operator may allow it with --feed-allow-host).",
          ],
          "feeds[1].webhook_url": [
            "localhost is a loopback, private or link-local address (the operator may allow it with --feed-allow-host).",
          ],
        },
      },
    });
    expect(await call(service, "PUT", FEEDS, owner(d), { feed: [] })).toEqual({
      status: 400,
      body: { detail: expect.any(String), errors: { feeds: ["Expected a list of feeds."] } },
    });
    // Nothing of those was saved; a PUT without the password keeps it, null removes it.
    const listed = await feedsOf(d).list();
    expect(listed.feeds).toEqual([expect.objectContaining({ url: good.url, has_password: true })]);
    const { password: _, ...withoutPassword } = good;
    const kept = await call(service, "PUT", FEEDS, owner(d), {
      feeds: [withoutPassword, { url: feedUrl("/nothing-2.xml"), every_minutes: 1440 }],
    });
    expect((kept.body as { feeds: any[] }).feeds.map((f) => [f.format, f.has_password])).toEqual([
      ["yml", true],
      ["auto", false],
    ]);
    const removed = await call(service, "PUT", FEEDS, owner(d), {
      feeds: [{ ...good, password: null }],
    });
    expect((removed.body as { feeds: any[] }).feeds[0].has_password).toBe(false);
    // Never echoed, in any answer.
    expect(JSON.stringify(removed.body)).not.toContain("pw");
    expect(await call(service, "GET", FEEDS, {})).toEqual({
      status: 401,
      body: { detail: "Authentication credentials were not provided." },
    });
    // The operator sees the same under the domain's name.
    const operator = { body: await clientOf(service).admin.domain(d.name).feeds.list() };
    // (The times aside: the feed's first run may fall between the two reads.)
    const settings = (body: unknown) =>
      (body as { feeds: any[] }).feeds.map(({ last_started_at, next_run_at, ...f }) => f);
    expect(settings(operator.body)).toEqual(settings(removed.body));
  });

  test("2-3. runs every N minutes with basic auth, then conditionally; the history", async () => {
    const d = await createDomain(service);
    const url = feedUrl("/private.xml");
    const put = await call(service, "PUT", FEEDS, owner(d), {
      feeds: [{ url, every_minutes: 5, username: "shop", password: "s3cret" }],
    });
    expect(put.status).toBe(200);
    const runs = await runsUntil(d, (r) => r.some((x) => x.status === "unchanged"));
    const ok = runs.find((r) => r.status === "ok");
    expect(ok).toEqual({
      url,
      trigger: "schedule",
      status: "ok",
      started_at: TIME,
      finished_at: TIME,
      took_ms: expect.any(Number),
      format: "yml",
      offers: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      gone: 0,
      deleted: 0,
      failed: 0,
      categories: { total: 2, created: 2, updated: 0, failed: 0 },
      errors: [],
    });
    expect(runs.find((r) => r.status === "unchanged")).toEqual({
      url,
      trigger: "schedule",
      status: "unchanged",
      started_at: TIME,
      finished_at: TIME,
      took_ms: expect.any(Number),
      format: null,
      offers: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: 0,
      categories: null,
      errors: [],
    });
    // Newest first; the first request had no validators, the next ones the first's.
    expect(runs.at(-1)?.status).toBe("ok");
    const requests = asked.get("/private.xml") ?? [];
    expect(requests[0]?.headers.get("if-none-match")).toBeNull();
    expect(requests[1]?.headers.get("if-none-match")).toBe(ETAG);
    expect(requests[1]?.headers.get("if-modified-since")).toBe(MODIFIED);
    expect(await totalOf(d, "навушники", 3)).toBe(3);
    const listed = await feedsOf(d).list();
    const f = listed.feeds[0];
    expect(Date.parse(f?.next_run_at ?? "") - Date.parse(f?.last_started_at ?? "")).toBe(
      5 * Number(MINUTE_MS),
    );

    // A failed run keeps its reason; an upload is recorded too, newest first.
    await feedsOf(d).put([{ url: feedUrl("/broken.xml"), every_minutes: 1440 }]);
    const failed = (await runsUntil(d, (r) => r[0]?.status === "failed"))[0];
    expect(failed).toEqual({
      url: feedUrl("/broken.xml"),
      trigger: "schedule",
      status: "failed",
      started_at: TIME,
      finished_at: TIME,
      took_ms: expect.any(Number),
      format: null,
      offers: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: 0,
      categories: null,
      errors: [],
      detail: expect.stringMatching(
        /^The feed breaks at line \d+, column \d+: .*\. Nothing of this run was imported\.$/,
      ),
    });
    // Forced: it lacks the registered feed's other products (they go, a run being a diff).
    const upload = await fetch(`${service.url}/api/v2/content/feed/?force=true`, {
      method: "POST",
      headers: { "content-type": "application/xml", ...owner(d) },
      body: yml({ offers: [...offersOf(1, 100), { id: "bad", name: "Без ціни", price: "x" }] }),
    });
    expect(upload.status).toBe(200);
    const dry = await fetch(`${service.url}/api/v2/content/feed/?dry_run=true`, {
      method: "POST",
      headers: { "content-type": "application/xml", ...owner(d) },
      body: yml(),
    });
    expect(dry.status).toBe(200);
    const after = await runsUntil(d, (r) => r[0]?.trigger === "upload");
    expect(after[0]).toEqual({
      url: null,
      trigger: "upload",
      status: "ok",
      started_at: TIME,
      finished_at: TIME,
      took_ms: expect.any(Number),
      format: "yml",
      offers: 2,
      created: 0,
      // Offer 1 as the registered feed wrote it; its other two products gone.
      updated: 0,
      unchanged: 1,
      gone: 2,
      deleted: 0,
      failed: 1,
      categories: { total: 2, created: 0, updated: 2, failed: 0 },
      errors: [{ offer_id: "bad", line: expect.any(Number), errors: expect.any(Object) }],
    });
    // The dry run is not in the history.
    expect(after.filter((r) => r.trigger === "upload")).toHaveLength(1);
  });

  test("2b. credentials go to the feed's origin only; a wrong password fails the run", async () => {
    const d = await createDomain(service);
    const away = feedUrl("/away.xml");
    const wrong = feedUrl("/private.xml");
    await feedsOf(d).put([
      { url: away, every_minutes: 1440, username: "shop", password: "s3cret" },
      { url: wrong, every_minutes: 1440, username: "shop", password: "wrong" },
    ]);
    const runs = await runsUntil(d, (r) => r.length === 2);
    const of = (url: string) => runs.find((r) => r.url === url);
    expect(of(away)).toMatchObject({ status: "ok", created: 1 });
    expect(of(wrong)).toMatchObject({
      status: "failed",
      detail: "The feed could not be fetched: the server answered 401.",
    });
    const sent = (asked.get("/away.xml") ?? []).at(-1);
    expect(sent?.headers.get("authorization")).toBe(
      `Basic ${Buffer.from("shop:s3cret").toString("base64")}`,
    );
    expect(asked.get("elsewhere")?.map((r) => r.headers.get("authorization"))).toEqual([null]);
    // An upload by URL with credentials in it: the history keeps the URL without them.
    const withCredentials = `http://shop:pw@127.0.0.1:${origin.port}/plain.xml`;
    // Forced: it lacks the other feed's product.
    const upload = await call(service, "POST", "/api/v2/content/feed/?force=true", owner(d), {
      url: withCredentials,
    });
    expect(upload.status).toBe(200);
    const [last] = await runsUntil(d, (r) => r[0]?.trigger === "upload");
    expect(last?.url).toBe(feedUrl("/plain.xml"));
  });

  test("4. run now: 202, 409 while it runs, 404 for a URL not registered", async () => {
    const d = await createDomain(service);
    const url = feedUrl("/slow.xml");
    const { promise, resolve: release } = Promise.withResolvers<void>();
    slowAnswered = promise;
    // Once a day: only the runs asked for run in this test (the first is due at once).
    await feedsOf(d).put([{ url, every_minutes: 1440 }]);
    await runsUntil(d, () => (asked.get("/slow.xml")?.length ?? 0) > 0);
    expect(await refusal(feedsOf(d).run(url))).toEqual({
      status: 409,
      body: {
        detail:
          "A run of this feed is in progress (on this node or another): its result will be in the runs.",
      },
    });
    release();
    await runsUntil(d, (r) => r.length === 1);
    expect(await feedsOf(d).run(url)).toEqual({ url, status: "started" });
    const runs = await runsUntil(d, (r) => r.length === 2);
    // Run again on the feed as it was: unchanged (a run is a diff).
    expect(runs.map((r) => [r.trigger, r.status, r.created, r.updated, r.unchanged])).toEqual([
      ["manual", "ok", 0, 0, 1],
      ["schedule", "ok", 1, 0, 0],
    ]);
    expect(await refusal(feedsOf(d).run(feedUrl("/other.xml")))).toEqual({
      status: 404,
      body: {
        detail: "No feed of this domain has that url: register it with PUT /api/v2/content/feeds/.",
      },
    });
    expect(await call(service, "POST", RUN, owner(d), {})).toEqual({
      status: 400,
      body: { detail: "Invalid query parameters.", errors: { url: ["This field is required."] } },
    });
  });

  test("5. the webhook gets each run's result, signed, retried after a 500", async () => {
    const d = await createDomain(service);
    const url = feedUrl("/plain.xml");
    const secret = "whsec-0123456789abcdef";
    await feedsOf(d).put([
      {
        url,
        every_minutes: 1440,
        webhook_url: `http://127.0.0.1:${receiver.port}/hook`,
        webhook_secret: secret,
      },
    ]);
    const listed = await feedsOf(d).list();
    expect(listed.feeds[0]).toMatchObject({ has_webhook_secret: true });
    expect(JSON.stringify(listed)).not.toContain(secret);
    const deadline = Date.now() + 20_000;
    while (hooks.length < 2 && Date.now() < deadline) await Bun.sleep(50);
    // The first try got a 500, the second (a second later) went through: the same body.
    expect(hooks).toHaveLength(2);
    expect(hooks[1]?.body).toBe(hooks[0]?.body as string);
    for (const h of hooks) {
      const hmac = createHmac("sha256", secret).update(h.body).digest("hex");
      expect(h.signature).toBe(`sha256=${hmac}`);
    }
    const [run] = await runsUntil(d, (r) => r.length === 1);
    expect(JSON.parse(hooks[0]?.body as string)).toEqual({ domain: d.name, ...run });
    expect(run).toMatchObject({ status: "ok", created: 2 });
  });

  test("5b. delete_missing: a registered feed's run deletes the products it lacks", async () => {
    const d = await createDomain(service);
    const url = feedUrl("/plain.xml");
    const upload = await fetch(`${service.url}/api/v2/content/feed/`, {
      method: "POST",
      headers: { "content-type": "application/xml", ...owner(d) },
      body: yml({ offers: offersOf(2, 500) }),
    });
    expect(upload.status).toBe(200);
    expect((await post(service, PRODUCTS, d.secret_token, [product("x1")])).status).toBe(201);
    const ids = async () =>
      (
        await shopClient(service, d).search.search({ browse: true, show_unavailable: true })
      ).products.groups
        .flatMap((g) => g.items.map((p) => p.source_id))
        .sort();
    for (let i = 0; i < 200 && (await ids()).length < 3; i++) await Bun.sleep(25);
    expect(await ids()).toEqual(["500", "501", "x1"]);
    await feedsOf(d).put([{ url, every_minutes: 1440, delete_missing: true }]);
    expect((await feedsOf(d).list()).feeds[0]).toMatchObject({ url, delete_missing: true });
    const runs = await runsUntil(d, (r) => r[0]?.trigger === "schedule");
    expect(runs[0]).toMatchObject({ status: "ok", unchanged: 2, gone: 0, deleted: 1 });
    for (let i = 0; i < 200 && (await ids()).length > 2; i++) await Bun.sleep(25);
    expect(await ids()).toEqual(["500", "501"]);
  });
});

describe.if(STORE !== "sqlite")("registered feeds on two nodes", () => {
  test("6. one node at a time pulls a given feed", async () => {
    using dir = tempDir();
    const redis = await redisFor(String(dir));
    const node = () =>
      startService({ args: ["--redis-url", redis.url, ...ARGS, "--search-threads", "1"] });
    await using a = await node();
    await using b = await node();
    const d = await createDomain(a);
    await feedsOf(d, a).put([{ url: feedUrl("/shared.xml"), every_minutes: 5 }]);
    // Each run takes 150 ms of the feed server's; both nodes poll every 50 ms.
    const runs = await runsUntil(d, (r) => r.length >= 4, b);
    expect(mostOpen).toBe(1);
    // Runs are every_minutes apart, whichever node ran them.
    const starts = runs.map((r) => Date.parse(r.started_at)).reverse();
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(
        5 * Number(MINUTE_MS),
      );
  }, 60_000);
});

const STOPPED =
  "The server stopped during the run: the batches written before stay, the next run completes them.";

describe("registered feeds and the stop", () => {
  test("7. a stop during a run ends it, recorded as stopped", async () => {
    using dir = tempDir();
    const node = () => startService({ dataDir: String(dir), args: ARGS });
    const first = await node();
    const d = await createDomain(first);
    await feedsOf(d, first).put([{ url: feedUrl("/hang.xml"), every_minutes: 1440 }]);
    for (let i = 0; !asked.get("/hang.xml")?.length; i++) {
      if (i > 400) throw new Error("the feed was never asked for");
      await Bun.sleep(25);
    }
    const stopped = performance.now();
    expect(await first.stop()).toBe(0);
    expect(performance.now() - stopped).toBeLessThan(5_000);
    await using second = await node();
    const [run] = await runsUntil(d, (r) => r.length === 1, second);
    expect(run).toMatchObject({
      url: feedUrl("/hang.xml"),
      trigger: "schedule",
      status: "failed",
      detail: STOPPED,
    });
  }, 60_000);
});

describe("registered feeds and the import share", () => {
  test("8. a store past its share while another searches: its runs wait, run now is 429", async () => {
    // 1% of the indexing thread: 10 ms a second, less than any patch of a 500-product batch.
    await using s = await startService({ args: [...ARGS, "--import-cpu-share", "1"] });
    const d = await createDomain(s);
    expect((await post(s, CATEGORIES, d.secret_token, [category(1)])).status).toBe(200);
    // Alone on the node, its imports are taken whatever they cost.
    for (let b = 0; b < 4; b++) {
      const batch = Array.from({ length: 500 }, (_, k) => product(`p${b * 500 + k}`));
      expect((await post(s, PRODUCTS, d.secret_token, batch)).status).toBe(201);
    }
    // A patch is charged as it is swapped in, before any search can see it.
    for (let total = 0; total !== 1; await Bun.sleep(25)) {
      const r = await fetch(`${s.url}/api/v2/search/?q=p1999&token=${d.search_token}`);
      total = ((await r.json()) as { total: number }).total;
    }
    const other = await createDomain(s);
    expect((await fetch(`${s.url}/api/v2/search/?q=x&token=${other.search_token}`)).status).toBe(
      200,
    );
    const url = feedUrl("/plain.xml");
    await feedsOf(d, s).put([{ url, every_minutes: 1440 }]);
    const refusedAfter = Date.now();
    expect(await refusal(feedsOf(d, s).run(url))).toEqual({
      status: 429,
      body: {
        detail: expect.stringMatching(
          /^Too many requests: indexing this store's imports used its share of the service's time \(10 ms a second\)\. Retry after \d+ s\.$/,
        ),
      },
    });
    // Due at once (the PUT woke the puller), yet not run while the store owed its share: the
    // debt only shrinks, so every poll until the refusal above skipped it. It stays due, and
    // runs once the debt is paid or the other store stops searching (OTHERS_WINDOW_MS).
    const [run] = await runsUntil(d, (runs) => runs.length === 1, s);
    // It runs, and the half rule refuses it: the store's 2,000 products came by the bulk API.
    expect(run).toMatchObject({
      url,
      trigger: "schedule",
      status: "failed",
      detail:
        'The feed lacks 2000 of the store\'s 2000 products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with "force": true (POST /api/v2/content/feeds/run/).',
    });
    expect(Date.parse(run.started_at)).toBeGreaterThanOrEqual(refusedAfter);
    // Run now, forced: the feed's two products in, the 2,000 others made unavailable.
    expect(await call(s, "POST", RUN, owner(d), { url, force: "yes" })).toEqual({
      status: 400,
      body: { detail: expect.any(String), errors: { force: ["Must be a valid boolean."] } },
    });
    // The refused run's reads may leave the store owing its share again: the client asks again
    // after each 429's Retry-After.
    const patient = shopClient(s, d, { retry: { retries: 20, maxWaitMs: 30_000 } });
    expect(await patient.store.feeds.run(url, { force: true })).toEqual({ url, status: "started" });
    const [forced] = await runsUntil(d, (runs) => runs.length === 2, s);
    expect(forced).toMatchObject({ trigger: "manual", status: "ok", created: 2, gone: 2000 });
  }, 60_000);
});
