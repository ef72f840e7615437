// Search threads (issue 14, point 3), black-box over HTTP with --search-threads 2: the main
// thread and one search thread share the port, and the kernel spreads connections over them.
// Every check below is made over fresh connections (keepalive off), so both threads answer it.
// Properties checked:
//  1. searches are answered on every thread (the main thread's and the search thread's CPU time
//     both grow with a burst of searches: Linux's /proc/PID/task), each answer complete and the
//     same
//  2. an import is searchable on every thread; an update and a category patch too
//  2b. a price, an old price, an availability and a warehouse price streamed in (written in
//     place, not re-indexed) show on every thread, in answers cached before the change too
//  3. a token rotation, a new domain, allowed origins and a domain delete reach every thread
//  4. imports and admin routes answer through either thread's connections as on the main one:
//     statuses, bodies, the 413 of a declared body too large, X-Request-Id kept
//  5. /metrics counts the searches of every thread
//  6. a second serve on the port is refused (exit 2, one line), with either thread count
//  7. SIGTERM stops the whole process: exit 0
//  8. the writer thread runs at --import-nice (10 by default), every other thread (the index
//     thread too) at 0
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import {
  ADMIN_KEY,
  CATEGORIES,
  CLI,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  STORE,
  startService,
  storeArgs,
  type Tokens,
  tempDir,
} from "./harness.ts";

let service: Service;
let shop: Tokens;

/** Enough fresh connections that both threads answer some (each lands on one at random). */
const ROUNDS = 24;

beforeAll(async () => {
  service = await startService({
    args: ["--search-threads", "2", "--max-bytes", "200000"],
  });
  shop = await createDomain(service);
  expect((await post(service, CATEGORIES, shop.secret_token, [category(1)])).status).toBe(200);
  const items = Array.from({ length: 30 }, (_, i) => product(`t${i}`));
  expect((await post(service, PRODUCTS, shop.secret_token, items)).status).toBe(201);
});

afterAll(async () => {
  await service?.[Symbol.asyncDispose]();
});

/** One search over a new connection. */
async function fresh(query: string, token = shop.search_token, headers = {}) {
  const r = await fetch(
    `${service.url}/api/v2/search/?token=${token}&demo=true&group_by_category=false&${query}`,
    { keepalive: false, headers },
  );
  return {
    status: r.status,
    body: (await r.json()) as { total: number } & Record<string, unknown>,
  };
}

/** Asks `ROUNDS` times over new connections until every answer passes `ok` (10 s at most). */
async function everywhere(ask: () => Promise<unknown>, ok: (answer: unknown) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answers = await Promise.all(Array.from({ length: ROUNDS }, ask));
    const bad = answers.filter((a) => !ok(a));
    if (bad.length === 0) return answers;
    if (Date.now() > deadline) throw new Error(`not everywhere: ${JSON.stringify(bad[0])}`);
    await Bun.sleep(20);
  }
}

/**
 * CPU ticks so far of the process's main thread ("bun") and of each of its Workers (the search
 * thread, the writer thread and, embedded, the checkpoint thread).
 */
function threadTicks(): { main: number; workers: Map<string, number> } {
  const pid = service.proc.pid;
  let main = 0;
  const workers = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    if (Number(tid) === pid) main = ticks;
    else if (name === "Worker") workers.set(tid, ticks);
  }
  return { main, workers };
}

test("1. searches are answered on every thread, the same", async () => {
  const answers = await everywhere(
    () => fresh("q=Товар&limit=100"),
    (a) => (a as { body: { total: number } }).body.total === 30,
  );
  const bodies = new Set(answers.map((a) => JSON.stringify((a as { body: unknown }).body)));
  expect(bodies.size).toBe(1);
  // A burst of distinct searches (no answer cache) over new connections: both threads work.
  const before = threadTicks();
  for (let round = 0; round < 20; round++)
    await Promise.all(Array.from({ length: 30 }, (_, i) => fresh(`q=Товар t${round * 30 + i}`)));
  const after = threadTicks();
  const busiestWorker = Math.max(
    ...[...after.workers].map(([tid, ticks]) => ticks - (before.workers.get(tid) ?? 0)),
  );
  expect({ main: after.main - before.main >= 3, searchThread: busiestWorker >= 3 }).toEqual({
    main: true,
    searchThread: true,
  });
});

test("2. an import, an update and a category are searchable on every thread", async () => {
  expect(
    (await post(service, PRODUCTS, shop.secret_token, [product("new1", { new_price: 7 })])).status,
  ).toBe(201);
  await everywhere(
    () => fresh("q=Товар new1"),
    (a) => (a as { body: { total: number } }).body.total >= 1,
  );
  const renamed = product("new1", {
    translations: [{ language: "uk", name: "Зелений слон", url: "https://shop.example/p/new1" }],
  });
  expect((await post(service, PRODUCTS, shop.secret_token, [renamed])).status).toBe(200);
  await everywhere(
    () => fresh("q=слон"),
    (a) => (a as { body: { total: number } }).body.total === 1,
  );
  expect(
    (await post(service, CATEGORIES, shop.secret_token, [category(2, "Іграшки")])).status,
  ).toBe(200);
  expect(
    (
      await post(service, PRODUCTS, shop.secret_token, [
        product("toy", { source_category_id: "2" }),
      ])
    ).status,
  ).toBe(201);
  await everywhere(
    () => fresh("q=Іграшки"),
    (a) => (a as { body: { total: number } }).body.total === 1,
  );
});

test("2b. a price stream shows on every thread, cached answers included", async () => {
  type Item = { source_id: string; price: number; discounted_price: number; availability: boolean };
  const items = (a: unknown) =>
    ((a as { body: { products: { groups: { items: Item[] }[] } } }).body.products.groups[0]
      ?.items ?? []) as Item[];
  const t3 = (a: unknown) => items(a).find((i) => i.source_id === "t3");
  const stock = (price: number, available = true) => [
    { external_id: "kyiv", available, quantity: available ? 2 : 0, new_price: price },
  ];
  const send = async (extra: Record<string, unknown>) =>
    expect((await post(service, PRODUCTS, shop.secret_token, [product("t3", extra)])).status);
  (await send({ new_price: 500, warehouses: stock(450) })).toBe(200);
  // Every thread caches these answers before the stream.
  const shown = () => fresh("q=Товар t3");
  const ranged = () => fresh("q=Товар&price_from=100&price_to=200&product_page_size=100");
  const kyiv = () => fresh("q=Товар t3&wid=kyiv");
  await everywhere(shown, (a) => t3(a)?.discounted_price === 500);
  await everywhere(ranged, (a) => t3(a) === undefined);
  await everywhere(kyiv, (a) => t3(a)?.discounted_price === 450);
  (await send({ new_price: 150, old_price: 900, warehouses: stock(140) })).toBe(200);
  await everywhere(shown, (a) => t3(a)?.discounted_price === 150 && t3(a)?.price === 900);
  await everywhere(ranged, (a) => t3(a)?.discounted_price === 150);
  await everywhere(kyiv, (a) => t3(a)?.discounted_price === 140);
  // Out of stock: gone from the answers that hide unavailable products, wherever they were.
  const hidden = () => fresh("q=Товар&show_unavailable=false&product_page_size=100");
  await everywhere(hidden, (a) => t3(a) !== undefined);
  (await send({ new_price: 150, old_price: 900, warehouses: stock(140, false) })).toBe(200);
  await everywhere(hidden, (a) => t3(a) === undefined);
});

test("3. token rotation, a new domain, origins and a delete reach every thread", async () => {
  const other = await createDomain(service);
  expect((await post(service, CATEGORIES, other.secret_token, [category(1)])).status).toBe(200);
  expect((await post(service, PRODUCTS, other.secret_token, [product("o1")])).status).toBe(201);
  await everywhere(
    () => fresh("q=Товар", other.search_token),
    (a) => (a as { body: { total: number } }).body.total === 1,
  );

  // No grace: the old search token stops at once on every thread.
  const rotated = await fetch(
    `${service.url}/api/v2/admin/domains/${other.name}/rotate-tokens?search_token_grace=0`,
    {
      method: "POST",
      headers: { "x-admin-key": ADMIN_KEY },
      keepalive: false,
    },
  );
  const tokens = (await rotated.json()) as Tokens;
  await everywhere(
    () => fresh("q=Товар", other.search_token),
    (a) => (a as { body: { total: number } }).body.total === 0,
  );
  await everywhere(
    () => fresh("q=Товар", tokens.search_token),
    (a) => (a as { body: { total: number } }).body.total === 1,
  );

  const put = await fetch(`${service.url}/api/v2/admin/domains/${other.name}/origins/`, {
    method: "PUT",
    headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
    body: JSON.stringify({ origins: ["https://shop.example"] }),
    keepalive: false,
  });
  expect(put.status).toBe(200);
  await everywhere(
    () => fresh("q=Товар", tokens.search_token, { origin: "https://elsewhere.example" }),
    (a) => (a as { status: number }).status === 403,
  );

  const deleted = await fetch(`${service.url}/api/v2/admin/domains/${other.name}/`, {
    method: "DELETE",
    headers: { "x-admin-key": ADMIN_KEY },
    keepalive: false,
  });
  expect(deleted.status).toBe(204);
  await everywhere(
    () => fresh("q=Товар", tokens.search_token),
    (a) => (a as { body: { total: number } }).body.total === 0,
  );
});

test("4. imports and admin routes answer the same through every thread", async () => {
  // One at a time: a domain's imports in progress are bounded (--max-queued-batches).
  const answers = [];
  for (let i = 0; i < ROUNDS; i++)
    answers.push(
      await (async () => {
        const r = await fetch(`${service.url}${PRODUCTS}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-secret-token": shop.secret_token,
            "x-request-id": `thread-test-${i}`,
          },
          body: JSON.stringify([product(`p${i}`), { source_id: `bad${i}` }]),
          keepalive: false,
        });
        return { status: r.status, id: r.headers.get("x-request-id"), body: await r.json() };
      })(),
    );
  answers.forEach((a, i) => {
    expect(a.status).toBe(400);
    expect(a.id).toBe(`thread-test-${i}`);
    expect((a.body as { successful: unknown[] }).successful).toHaveLength(1);
  });
  const refused = await Promise.all(
    Array.from({ length: 6 }, async () => {
      const r = await fetch(`${service.url}${PRODUCTS}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-secret-token": shop.secret_token },
        body: "x".repeat(300_000),
        keepalive: false,
      });
      return [r.status, await r.json()];
    }),
  );
  for (const r of refused)
    expect(r).toEqual([
      413,
      { detail: "Request body too large: at most 200000 bytes are accepted." },
    ]);
  const listed = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
        headers: { "x-admin-key": ADMIN_KEY },
        keepalive: false,
      });
      return [r.status, r.headers.get("cache-control")];
    }),
  );
  for (const r of listed) expect(r).toEqual([200, "no-store"]);
});

test("5. /metrics counts every thread's searches", async () => {
  const metrics = async () => {
    const r = await fetch(`${service.url}/metrics`, { headers: { "x-admin-key": ADMIN_KEY } });
    const m =
      /vitrina_http_requests_total\{method="GET",route="\/api\/v2\/search\/",status="200"\} (\d+)/.exec(
        await r.text(),
      );
    return Number(m?.[1] ?? 0);
  };
  const before = await metrics();
  await Promise.all(Array.from({ length: ROUNDS }, () => fresh("q=Товар")));
  // The search thread reports once per turn of its loop.
  const deadline = Date.now() + 5_000;
  while ((await metrics()) < before + ROUNDS && Date.now() < deadline) await Bun.sleep(20);
  expect((await metrics()) - before).toBe(ROUNDS);
});

test("6. a second serve on the port is refused, with one or two threads", async () => {
  const listen = service.url.replace("http://", "");
  for (const threads of ["1", "2"]) {
    using dir = tempDir();
    const proc = Bun.spawn(
      [
        process.execPath,
        CLI,
        "serve",
        ...(await storeArgs(dir)),
        "--listen",
        listen,
        "--search-threads",
        threads,
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect([code, err]).toEqual([
      2,
      `vitrina: ${listen} is already in use (only a partitioned deployment shares a port on purpose, with --reuse-port)\n`,
    ]);
  }
  expect((await fresh("q=Товар")).status).toBe(200);
});

test("7. SIGTERM stops every thread: exit 0", async () => {
  await using other = await startService({ args: ["--search-threads", "3"] });
  const tokens = await createDomain(other);
  expect((await post(other, CATEGORIES, tokens.secret_token, [category(1)])).status).toBe(200);
  expect(await other.stop()).toBe(0);
});

test("8. the writer thread runs at the lower priority, the search threads at 0", async () => {
  const pid = service.proc.pid;
  const niceOf = (tid: string) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  };
  const workers = readdirSync(`/proc/${pid}/task`)
    .filter((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim() === "Worker")
    .map(niceOf)
    .sort((a, b) => a - b);
  // The search thread, the index thread, the writer thread and (embedded mode) the checkpoint
  // thread: only imports wait for the time searches leave; an index keeps up with them.
  const expected = STORE === "sqlite" ? [0, 0, 0, 10] : [0, 0, 10];
  expect({ main: niceOf(String(pid)), workers }).toEqual({ main: 0, workers: expected });
});
