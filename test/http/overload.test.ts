// Overload and slow clients (issue 12, point 6; docs/ARCHITECTURE.md "Overload and slow clients"):
//  1. a search token over --search-rate gets a fast 429 with `detail`, Retry-After and CORS;
//     another store's token is not affected
//  2. a secret token over --import-rate gets 429, and the connection is closed
//  3. past --max-queued-batches import requests of a domain in progress, 503 with Retry-After at
//     once; other domains import meanwhile; the bound frees when the held request goes
//  4. a wrong token (401) or a declared body over the limit (413) is answered without reading the
//     body and the connection closed, while the client is still trickling its body
//  5. a body not complete within --read-timeout gets 408 and a closed connection; nothing saved
//  6. SIGTERM ends the process (code 0) within --shutdown-timeout though a client holds a request
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
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
} from "./harness.ts";
import { parseAnswer, partialPost, rawClient } from "./raw-client.ts";

const search = async (service: Service, token: string) => {
  const r = await fetch(`${service.url}/api/v2/search/?q=товар&token=${token}`);
  return {
    status: r.status,
    retryAfter: r.headers.get("retry-after"),
    cors: r.headers.get("access-control-allow-origin"),
    body: (await r.json()) as Record<string, unknown>,
  };
};

/** Sends until the answer's status is (or is not) `status`, for at most 3 s; the last status. */
const until = async (
  send: () => Promise<{ status: number }>,
  done: (status: number) => boolean,
) => {
  const deadline = performance.now() + 3000;
  let status = (await send()).status;
  while (!done(status) && performance.now() < deadline) status = (await send()).status;
  return status;
};

/**
 * A request of `token`'s domain whose body is still arriving, holding the domain's only place
 * (--max-queued-batches 0), and the 503 a batch then gets. On a slow machine a batch may reach
 * its handler first and take the place, and the held request is refused (and closed): it is
 * opened again until it holds the place.
 */
const holdThePlace = async (
  url: string,
  token: string,
  batch: () => Promise<{ status: number }>,
) => {
  const open = async () => {
    const held = await rawClient(
      url,
      partialPost(PRODUCTS, { "x-secret-token": token }, 5000, "[{"),
    );
    held.trickle(" ", 50);
    return held;
  };
  let held = await open();
  const deadline = performance.now() + 30_000;
  let status = (await batch()).status;
  while (status !== 503 && performance.now() < deadline) {
    if (held.received() !== "") held = await open();
    status = (await batch()).status;
  }
  return { held, status };
};

/** Milliseconds until `client`'s connection is closed by the server, failing past `limit`. */
const closedWithin = async (closed: Promise<void>, started: number, limit: number) => {
  const bound = Bun.sleep(limit).then(() => "open");
  expect(await Promise.race([closed.then(() => "closed"), bound])).toBe("closed");
  return performance.now() - started;
};

describe("rate limits", () => {
  let service: Service;
  let shop: Tokens;
  let other: Tokens;
  beforeAll(async () => {
    service = await startService({
      args: [
        "--search-rate",
        "1",
        "--search-burst",
        "2",
        "--import-rate",
        "1",
        "--import-burst",
        "1",
      ],
    });
    shop = await createDomain(service);
    other = await createDomain(service);
  });
  afterAll(() => service[Symbol.asyncDispose]());

  test("a search token over its rate gets 429; another store's does not", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => search(service, shop.search_token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.status === 429)).toEqual({
      status: 429,
      retryAfter: "1",
      cors: "*",
      body: { detail: "Too many requests: this token may make 1 per second. Retry after 1 s." },
    });
    expect((await search(service, other.search_token)).status).toBe(200);
  });

  test("a secret token over its rate gets 429 and the connection closes", async () => {
    expect((await post(service, CATEGORIES, shop.secret_token, [category(1)])).status).toBe(200);
    const started = performance.now();
    const body = JSON.stringify([category(2)]);
    const client = await rawClient(
      service.url,
      partialPost(CATEGORIES, { "x-secret-token": shop.secret_token }, body.length + 10, body),
    );
    await closedWithin(client.closed, started, 1000);
    expect(parseAnswer(client.received())).toEqual({
      status: 429,
      headers: expect.stringContaining("retry-after: 1"),
      body: { detail: "Too many requests: this token may make 1 per second. Retry after 1 s." },
    });
  });
});

describe("queued work, slow clients and shutdown", () => {
  let service: Service;
  let shop: Tokens;
  let other: Tokens;
  beforeAll(async () => {
    service = await startService({
      args: ["--max-queued-batches", "0", "--read-timeout", "1", "--max-bytes", "100000"],
      env: { VITRINA_SHUTDOWN_TIMEOUT: "1" },
    });
    shop = await createDomain(service);
    other = await createDomain(service);
    for (const t of [shop, other])
      expect((await post(service, CATEGORIES, t.secret_token, [category(1)])).status).toBe(200);
  });
  afterAll(() => service[Symbol.asyncDispose]());

  test("503 past the bound on import requests in progress; other domains go on", async () => {
    // A request whose body is still arriving holds the domain's only place.
    const batch = (id: string) => () => post(service, PRODUCTS, shop.secret_token, [product(id)]);
    const { held, status } = await holdThePlace(service.url, shop.secret_token, batch("a"));
    expect(status).toBe(503);
    const r = await fetch(`${service.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": shop.secret_token },
      body: JSON.stringify([product("b")]),
    });
    expect([r.status, r.headers.get("retry-after"), await r.json()]).toEqual([
      503,
      "1",
      {
        detail:
          "Too many import requests of this domain are in progress (at most 1). Retry after 1 s.",
      },
    ]);
    expect((await post(service, PRODUCTS, other.secret_token, [product("o")])).status).toBe(201);
    held.destroy();
    await held.closed;
    expect(await until(batch("b"), (s) => s !== 503)).toBe(201);
  });

  test("a wrong token (401) or a declared body over the limit (413): answered and closed", async () => {
    const cases: { headers: Record<string, string>; length: number; status: number }[] = [
      { headers: { "x-secret-token": "wrong" }, length: 50_000, status: 401 },
      { headers: {}, length: 50_000, status: 401 },
      { headers: { "x-secret-token": shop.secret_token }, length: 200_000, status: 413 },
    ];
    for (const c of cases) {
      const started = performance.now();
      const client = await rawClient(service.url, partialPost(PRODUCTS, c.headers, c.length, "[{"));
      client.trickle(" ", 50);
      await closedWithin(client.closed, started, 1000);
      expect(parseAnswer(client.received())).toEqual({
        status: c.status,
        headers: expect.stringContaining("connection: close"),
        body: {
          detail:
            c.status === 401
              ? "Authentication credentials were not provided."
              : "Request body too large: at most 100000 bytes are accepted.",
        },
      });
    }
  });

  test("a body not complete within --read-timeout: 408, closed, nothing saved", async () => {
    const body = JSON.stringify([product("slow")]);
    const started = performance.now();
    const client = await rawClient(
      service.url,
      partialPost(PRODUCTS, { "x-secret-token": shop.secret_token }, body.length, body.slice(0, 5)),
    );
    let sent = 5;
    // One byte every 100 ms: the connection is never idle, the body never complete in time.
    const timer = setInterval(() => client.write(body.slice(sent, ++sent)), 100);
    const elapsed = await closedWithin(client.closed, started, 3000);
    clearInterval(timer);
    expect(elapsed).toBeGreaterThan(900);
    expect(parseAnswer(client.received())).toEqual({
      status: 408,
      headers: expect.stringContaining("connection: close"),
      body: { detail: "The request body did not arrive within 1 s." },
    });
    const found = await fetch(`${service.url}/api/v2/search/?q=slow&token=${shop.search_token}`);
    expect(((await found.json()) as { total: number }).total).toBe(0);
  });

  // Last: it ends the service.
  test("SIGTERM finishes within --shutdown-timeout though a client holds a request", async () => {
    const batch = () => post(service, PRODUCTS, other.secret_token, [product("p")]);
    const { held, status } = await holdThePlace(service.url, other.secret_token, batch);
    expect(status).toBe(503);
    const started = performance.now();
    service.proc.kill("SIGTERM");
    expect(await service.proc.exited).toBe(0);
    // The bound (1 s), then the indexers, threads and store close: seconds, not for ever.
    expect(performance.now() - started).toBeLessThan(5000);
    await held.closed;
  }, 15_000);
});
