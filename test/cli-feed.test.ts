// `vitrina feed import` (issue 33 point 1; docs/FEEDS.md, "The CLI"), the real CLI on a real
// store of the suite's mode, then a real server on it. Properties checked:
//  1. a file is imported into the store: the summary (created, updated, unchanged, failed, the
//     first errors by offer id, seconds) on stdout, nothing on stderr off a terminal, exit 1
//     when offers failed and 0 when none did; --json prints the run's result; a server started
//     on the store then finds the products over HTTP; the half rule's refusal names --force;
//     --delete-missing deletes the products the feed lacks (not in a dry run), and the server
//     started again no longer finds them
//  2. embedded mode: refused with one line and exit 2 while a server holds the data dir; a dry
//     run is not (it writes nothing); usage errors are exit 2
//  3. broken XML: one line with its line and column, exit 2, nothing of the run stored
//  4. a URL on the operator's own network is fetched without --feed-allow-host; a 404 is exit 2
//  5. Redis mode (a redis-server of its own, or the suite's): the CLI writes while a server
//     runs and the server finds the products through the change log
//  6. on a terminal, a progress line redrawn in place with \r, cleared before the summary
//  7. https: the fetch connects to the address it checked and still verifies the certificate
//     against the URL's name (a CA the process trusts: fetched; one it does not: exit 2)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { hotline, offersOf, yml } from "./fixtures/feeds/feed-generators.ts";
import {
  CLI,
  redisFor,
  releaseRedis,
  runCli,
  type Service,
  STORE,
  startService,
  storeArgs,
  type Tokens,
  tempDir,
} from "./http/harness.ts";

/** A feed of `n` good offers from id `from`, one duplicate id and one of a missing category. */
const flawed = (n: number, from = 1) =>
  yml({
    offers: [
      ...offersOf(n, from),
      { id: String(from), name: "Дублікат", price: "1", category: "1" },
      { id: "x", name: "Без категорії", price: "1", category: "77" },
    ],
  });

/** The summary with its seconds made stable. */
const stable = (text: string) => text.replace(/ in [\d.]+ s/, " in S s");

async function totalOf(service: Service, shop: Tokens, q: string, expected: number, extra = "") {
  let total = -1;
  for (let i = 0; i < 400 && total !== expected; i++) {
    if (i > 0) await Bun.sleep(25);
    const r = await fetch(
      `${service.url}/api/v2/search/?q=${encodeURIComponent(q)}&token=${shop.search_token}${extra}`,
    );
    total = ((await r.json()) as { total: number }).total;
  }
  return total;
}

async function newShop(store: string[], name = "shop"): Promise<Tokens> {
  const r = await runCli(["domain", "create", name, ...store]);
  if (r.code !== 0) throw new Error(`domain create: ${r.err}`);
  return JSON.parse(r.out) as Tokens;
}

let origin: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  const feed = yml({ offers: offersOf(3, 700) });
  origin = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) =>
      new URL(request.url).pathname === "/feed.xml"
        ? new Response(feed)
        : new Response("no", { status: 404 }),
  });
});

afterAll(() => origin?.stop(true));

test("1. a file into the store: the summary, the exit code, --json; a server then finds them", async () => {
  using dir = tempDir();
  const store = await storeArgs(dir);
  const shop = await newShop(store);
  const file = join(dir, "feed.xml");
  writeFileSync(file, flawed(30));
  const first = await runCli(["feed", "import", file, "--domain", "shop", ...store]);
  expect({ ...first, out: stable(first.out) }).toEqual({
    code: 1,
    err: "",
    out: [
      `${file} -> shop: yml, utf-8, uk; 32 offers in S s`,
      "created 30, updated 0, unchanged 0, gone 0, deleted 0, failed 2",
      "categories 2: created 2, updated 0, failed 0",
      "first errors:",
      "  offer 1 (line 40): source_id: Duplicate offer id: the first, on line 10, is imported.",
      `  offer x (line 41): source_category_id: Category "77" is not among the feed's categories.`,
    ].join("\n"),
  });
  const again = await runCli(["feed", "import", file, "--domain", "shop", "--json", ...store]);
  expect([again.code, again.err]).toEqual([1, ""]);
  expect(JSON.parse(again.out)).toMatchObject({
    format: "yml",
    dry_run: false,
    offers: 32,
    created: 0,
    // A run is a diff: the second run of the same feed writes nothing.
    updated: 0,
    unchanged: 30,
    gone: 0,
    deleted: 0,
    failed: 2,
    errors: [{ offer_id: "1", line: 40 }, { offer_id: "x" }],
  });
  const clean = join(dir, "hotline.xml");
  writeFileSync(clean, hotline([{ id: "h1", name: "Чайник електричний", category: "1" }]));
  // Another feed lacks every product of the first: refused, unless forced.
  const refused = await runCli(["feed", "import", clean, "--domain", "shop", ...store]);
  expect([refused.code, refused.out, refused.err]).toEqual([
    2,
    "",
    "vitrina: The feed lacks 30 of the store's 30 products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with --force.",
  ]);
  const hot = await runCli(["feed", "import", clean, "--domain", "shop", "--force", ...store]);
  expect([hot.code, hot.err, stable(hot.out).split("\n").slice(0, 2)]).toEqual([
    0,
    "",
    [
      `${clean} -> shop: hotline, utf-8, uk; 1 offers in S s`,
      "created 1, updated 0, unchanged 0, gone 30, deleted 0, failed 0",
    ],
  ]);
  let service = await startService({ dataDir: dir });
  try {
    // Gone: unavailable, so hidden from searches, not deleted.
    expect(await totalOf(service, shop, "навушники", 30, "&show_unavailable=true")).toBe(30);
    expect(await totalOf(service, shop, "навушники", 0)).toBe(0);
    expect(await totalOf(service, shop, "чайник", 1)).toBe(1);
  } finally {
    await service.stop();
  }
  // --delete-missing: the half rule counts every product the feed lacks; a dry run deletes
  // nothing, a forced run deletes them.
  const deleting = ["feed", "import", clean, "--domain", "shop", "--delete-missing", ...store];
  expect(await runCli([...deleting, "--dry-run"])).toEqual({
    code: 2,
    out: "",
    err: "vitrina: The feed lacks 30 of the store's 31 products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with --force.",
  });
  const dry = await runCli([...deleting, "--dry-run", "--force", "--json"]);
  expect([dry.code, dry.err]).toEqual([0, ""]);
  expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, unchanged: 1, gone: 0, deleted: 30 });
  const deleted = await runCli([...deleting, "--force"]);
  expect([deleted.code, deleted.err, stable(deleted.out).split("\n").slice(1, 2)]).toEqual([
    0,
    "",
    ["created 0, updated 0, unchanged 1, gone 0, deleted 30, failed 0"],
  ]);
  service = await startService({ dataDir: dir });
  try {
    expect(await totalOf(service, shop, "навушники", 0, "&show_unavailable=true")).toBe(0);
    expect(await totalOf(service, shop, "чайник", 1)).toBe(1);
  } finally {
    await service[Symbol.asyncDispose]();
  }
}, 60_000);

test.skipIf(STORE !== "sqlite")(
  "2. embedded: refused beside a running server, a dry run is not; usage errors",
  async () => {
    using dir = tempDir();
    const store = await storeArgs(dir);
    await newShop(store);
    const file = join(dir, "feed.xml");
    writeFileSync(file, yml({ offers: offersOf(5) }));
    await using service = await startService({ dataDir: dir });
    const refused = await runCli(["feed", "import", file, "--domain", "shop", ...store]);
    expect(refused).toEqual({
      code: 2,
      out: "",
      err: `vitrina: a server (pid ${service.proc.pid}) is running on ${dir}: import through it, POST /api/v2/content/feed/ with the domain's secret token`,
    });
    const dry = await runCli(["feed", "import", file, "--domain", "shop", "--dry-run", ...store]);
    expect([dry.code, dry.err, stable(dry.out).split("\n")[0]]).toEqual([
      0,
      "",
      `${file} -> shop: yml, utf-8, uk; 5 offers in S s (dry run: nothing written)`,
    ]);
    const usage: [string[], string][] = [
      [[file], "vitrina: feed import needs --domain NAME"],
      [
        [file, "--domain", "shop", "--format", "xls"],
        'vitrina: --format must be one of auto, yml, hotline, google, csv, not "xls"',
      ],
      [
        [join(dir, "none.xml"), "--domain", "shop"],
        `vitrina: no feed file at ${join(dir, "none.xml")}`,
      ],
      [[file, "--domain", "nope", "--dry-run"], 'vitrina: Domain "nope" not found.'],
    ];
    for (const [args, err] of usage)
      expect(await runCli(["feed", "import", ...args, ...store])).toEqual({
        code: 2,
        out: "",
        err,
      });
  },
  60_000,
);

test("3. broken XML: its line and column, exit 2, nothing stored", async () => {
  using dir = tempDir();
  const store = await storeArgs(dir);
  const shop = await newShop(store);
  const file = join(dir, "broken.xml");
  const broken = yml({ offers: offersOf(2000), tail: '<offer id="x"><name>a</nam></offer>' });
  writeFileSync(file, broken);
  const r = await runCli(["feed", "import", file, "--domain", "shop", ...store]);
  const line = broken.split("\n").findIndex((l) => l.includes("</nam>")) + 1;
  const column = (broken.split("\n")[line - 1]?.indexOf("</nam>") ?? 0) + "</nam>".length;
  expect([r.code, r.out]).toEqual([2, ""]);
  expect(r.err).toStartWith(`vitrina: The feed breaks at line ${line}, column ${column}: `);
  expect(r.err).toEndWith(". Nothing of this run was imported.");
  expect(r.err.split("\n")).toHaveLength(1);
  await using service = await startService({ dataDir: dir });
  expect(await totalOf(service, shop, "навушники", 0)).toBe(0);
}, 60_000);

test("4. a URL of the operator's network is fetched; an answer that is no feed is exit 2", async () => {
  using dir = tempDir();
  const store = await storeArgs(dir);
  await newShop(store);
  const at = (path: string) => `http://127.0.0.1:${origin.port}${path}`;
  const r = await runCli(["feed", "import", at("/feed.xml"), "--domain", "shop", ...store]);
  expect([r.code, r.err, stable(r.out).split("\n").slice(0, 2)]).toEqual([
    0,
    "",
    [
      `${at("/feed.xml")} -> shop: yml, utf-8, uk; 3 offers in S s`,
      "created 3, updated 0, unchanged 0, gone 0, deleted 0, failed 0",
    ],
  ]);
  expect(await runCli(["feed", "import", at("/gone.xml"), "--domain", "shop", ...store])).toEqual({
    code: 2,
    out: "",
    err: "vitrina: The feed could not be fetched: the server answered 404.",
  });
}, 60_000);

test("5. Redis mode: the CLI writes beside a running server, which finds the products", async () => {
  using dir = tempDir();
  // The suite's Redis in its Redis modes, else a redis-server of this test's own.
  const store =
    STORE === "sqlite"
      ? ["--data-dir", dir, "--redis-url", (await redisFor(dir)).url]
      : await storeArgs(dir);
  const shop = await newShop(store);
  const service = await startService({ dataDir: dir, args: store.slice(2) });
  try {
    const file = join(dir, "feed.xml");
    writeFileSync(file, flawed(12));
    const r = await runCli(["feed", "import", file, "--domain", "shop", "--json", ...store]);
    expect([r.code, r.err]).toEqual([1, ""]);
    expect(JSON.parse(r.out)).toMatchObject({ offers: 14, created: 12, failed: 2 });
    expect(await totalOf(service, shop, "навушники", 12)).toBe(12);
  } finally {
    await service[Symbol.asyncDispose]();
    await releaseRedis(dir);
  }
}, 60_000);

test.skipIf(!Bun.which("script"))(
  "6. on a terminal: a progress line redrawn with \\r, cleared before the summary",
  async () => {
    using dir = tempDir();
    const store = await storeArgs(dir);
    await newShop(store);
    const file = join(dir, "feed.xml");
    writeFileSync(file, yml({ offers: offersOf(3000) }));
    const line = [
      process.execPath,
      CLI,
      "feed",
      "import",
      file,
      "--domain",
      "shop",
      "--max-items",
      "500",
      ...store,
    ]
      .map((w) => `'${w}'`)
      .join(" ");
    // util-linux's script runs the command on a pseudo-terminal and copies what it shows.
    const proc = Bun.spawn(["script", "-qfec", line, "/dev/null"], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [shown, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    expect(shown).toContain("\rreading the feed: ");
    expect(shown).toContain("\rwriting: 3,002/3,002 offers and categories (100%)");
    expect(shown).toMatch(/\r {20,}\r\S+ -> shop: yml, utf-8, uk; 3000 offers in [\d.]+ s\r?\n/);
  },
  60_000,
);

test.skipIf(!Bun.which("openssl"))(
  "7. https: the checked address connected to, the certificate checked against the name",
  async () => {
    using dir = tempDir();
    const store = await storeArgs(dir);
    await newShop(store);
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    const made = Bun.spawnSync(
      ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        .concat(["-keyout", key, "-out", cert, "-subj", "/CN=localhost"])
        .concat(["-addext", "subjectAltName=DNS:localhost"]),
      { stderr: "pipe" },
    );
    expect(made.exitCode).toBe(0);
    const feed = yml({ offers: offersOf(2, 900) });
    using tls = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      tls: { key: Bun.file(key), cert: Bun.file(cert) },
      fetch: () => new Response(feed),
    });
    const url = `https://localhost:${tls.port}/feed.xml`;
    const args = ["feed", "import", url, "--domain", "shop", ...store];
    const trusted = await runCli(args, { NODE_EXTRA_CA_CERTS: cert });
    expect([trusted.code, trusted.err, stable(trusted.out).split("\n")[1]]).toEqual([
      0,
      "",
      "created 2, updated 0, unchanged 0, gone 0, deleted 0, failed 0",
    ]);
    // The certificate names localhost, not the address: the name checked is the URL's.
    const byAddress = ["feed", "import", `https://127.0.0.1:${tls.port}/feed.xml`];
    expect(
      await runCli([...byAddress, "--domain", "shop", ...store], { NODE_EXTRA_CA_CERTS: cert }),
    ).toEqual({
      code: 2,
      out: "",
      err: `vitrina: The feed could not be fetched: 127.0.0.1:${tls.port} did not answer (ERR_TLS_CERT_ALTNAME_INVALID).`,
    });
    expect(await runCli(args)).toEqual({
      code: 2,
      out: "",
      err: `vitrina: The feed could not be fetched: localhost:${tls.port} did not answer (DEPTH_ZERO_SELF_SIGNED_CERT).`,
    });
  },
  60_000,
);
