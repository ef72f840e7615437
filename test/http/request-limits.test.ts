// What every route does with what a client sends (issue 22 point 2; docs/API.md):
//  1. any Host header is answered (`api`, `lb`, `x:1`, as proxies and health checkers send),
//     on /health, an import, the admin API and search
//  2. every body is bounded by its route: a declared or chunked body past a small admin body's
//     limit gets 413 with `detail` before it is read, and the connection is closed
//  3. an error never echoes what it refuses: an origin of 60,000 characters is named by its index
//  4. failed secret tokens and operator keys are throttled per client and key: past 30 of one
//     wrong key in a window, 429 with Retry-After for it on every route that checks a secret;
//     the right keys, search and /health still answer
//  5. an operator key shorter than 16 characters is refused at start (exit 2, a clear error)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  ADMIN_KEY,
  CLI,
  createDomain,
  PRODUCTS,
  post,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";
import { parseAnswer, rawClient } from "./raw-client.ts";

/** Sends `head` and `body` on a bare socket and parses the answer once the server closes. */
async function raw(service: Service, head: string, body = "") {
  const client = await rawClient(service.url, head);
  if (body) client.write(body);
  await client.closed;
  const answer = parseAnswer(client.received());
  return {
    status: answer.status,
    closed: answer.headers.includes("connection: close"),
    body: answer.body,
  };
}

const TOO_LARGE = { detail: "Request body too large: at most 65536 bytes are accepted." };

describe("one service", () => {
  let service: Service;
  let shop: Tokens;
  beforeAll(async () => {
    service = await startService();
    shop = await createDomain(service, "limits-shop");
  });
  afterAll(() => service[Symbol.asyncDispose]());

  test("1. any Host is answered", async () => {
    const get = (path: string, host: string, headers = "") =>
      raw(service, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`);
    const empty = `POST ${PRODUCTS} HTTP/1.1\r\nHost: x:1\r\nX-Secret-Token: ${shop.secret_token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]`;
    const answers = [
      await get("/health", "api"),
      await get("/health", "lb"),
      await get("/api/v2/admin/domains/", "api", `X-Admin-Key: ${ADMIN_KEY}\r\n`),
      await raw(service, empty),
      await get(`/api/v2/search/?q=x&token=${shop.search_token}`, "api"),
    ];
    expect(answers.map(({ status, body }) => ({ status, body })).slice(0, 4)).toEqual([
      { status: 200, body: { status: "ok" } },
      { status: 200, body: { status: "ok" } },
      { status: 200, body: [shop] },
      { status: 200, body: { successful: [] } },
    ]);
    expect(answers[4]?.status).toBe(200);
  });

  test("2. a small admin body past its limit: 413 before it is read, then close", async () => {
    const blocked = (length: string) =>
      `POST /api/v2/content/suggestions/blocked/ HTTP/1.1\r\nHost: vitrina\r\nX-Secret-Token: ${shop.secret_token}\r\nContent-Type: application/json\r\n${length}\r\n`;
    const chunk = `{"query": "${"a".repeat(70_000)}"}`;
    expect([
      // 500 MB declared: answered after the headers, whatever follows.
      await raw(service, blocked("Content-Length: 500000000\r\n"), '{"query": "'),
      await raw(
        service,
        blocked("Transfer-Encoding: chunked\r\n"),
        `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
      ),
    ]).toEqual([
      { status: 413, closed: true, body: TOO_LARGE },
      { status: 413, closed: true, body: TOO_LARGE },
    ]);
  });

  test("3. an error names what it refuses by its place, never by its value", async () => {
    const r = await fetch(`${service.url}/api/v2/admin/domains/${shop.name}/origins/`, {
      method: "PUT",
      headers: { "x-admin-key": ADMIN_KEY, "content-type": "application/json" },
      body: JSON.stringify({ origins: ["https://shop.example", `https://${"x".repeat(60_000)}/`] }),
    });
    expect([r.status, await r.json()]).toEqual([
      400,
      { detail: "Invalid origin at index 1: expected http(s)://host[:port] with no path." },
    ]);
  });
});

test("4. failed authentications are throttled per client and key", async () => {
  await using service = await startService();
  const shop = await createDomain(service, "throttled-shop");
  const admin = async (key: string) => {
    const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
      headers: { "x-admin-key": key },
    });
    return { status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.json() };
  };
  const refused = {
    status: 401,
    retryAfter: null,
    body: { detail: "Authentication credentials were not provided." },
  };
  const wrong: unknown[] = [];
  for (let i = 0; i < 20; i++) wrong.push(await admin("wrong-key"));
  for (let i = 0; i < 10; i++) wrong.push(await post(service, PRODUCTS, "wrong-key", []));
  expect(wrong).toEqual([
    ...Array.from({ length: 20 }, () => refused),
    ...Array.from({ length: 10 }, () => ({ status: 401, body: refused.body })),
  ]);
  const throttled = await admin("wrong-key");
  const seconds = Number(throttled.retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(55);
  expect(seconds).toBeLessThanOrEqual(60);
  const detail = `Too many failed authentications with this key from this address. Retry after ${seconds} s.`;
  expect(throttled).toEqual({ status: 429, retryAfter: String(seconds), body: { detail } });
  expect(await post(service, PRODUCTS, "wrong-key", [])).toEqual({
    status: 429,
    body: { detail },
  });
  // Another's right key from the same address is its own: behind one balancer, one client's
  // guesses do not lock out every store and the operator.
  expect((await admin(ADMIN_KEY)).status).toBe(200);
  expect(await post(service, PRODUCTS, shop.secret_token, [])).toEqual({
    status: 200,
    body: { successful: [] },
  });
  const health = await fetch(`${service.url}/health`);
  const search = await fetch(`${service.url}/api/v2/search/?q=x&token=${shop.search_token}`);
  expect([health.status, search.status]).toEqual([200, 200]);
});

test("5. an operator key shorter than 16 characters is refused at start", async () => {
  const run = Bun.spawnSync(
    [process.execPath, CLI, "serve", "--listen", "127.0.0.1:0", "--admin-key", "fifteen-chars!!"],
    { stdout: "pipe", stderr: "pipe" },
  );
  expect([run.exitCode, run.stdout.toString(), run.stderr.toString()]).toEqual([
    2,
    "",
    "vitrina: --admin-key must be at least 16 characters (a random one: openssl rand -hex 16)\n",
  ]);
});
