// Behind a load balancer (issue 34, point 7), real HTTP with --search-threads 2 in every store
// mode. The balancer is 127.0.0.1, trusted with VITRINA_TRUST_PROXY; the clients behind it are
// the addresses it writes in X-Forwarded-For (or Forwarded); 127.0.0.2 is a client that
// reaches the service directly. Properties checked:
//  1. 30 wrong keys from one client behind the balancer lock out that client and key only (429
//     with Retry-After): the stores' right tokens and the operator's right key answer through
//     the same balancer, from that client's address too, and the same wrong key from another
//     client is a 401
//  2. a valid credential is never a failure: a store's secret token on the operator's routes,
//     a search token or the operator key as a secret token, 40 times each, stay 401
//  3. a peer outside --trust-proxy is its own client, whatever X-Forwarded-For it sends
//  4. shoppers are the forwarded clients: three behind the balancer make a query a suggestion,
//     three searches of the balancer itself are one shopper
//  5. a --trust-proxy that is no CIDR stops the start (exit 2, one line)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { requestFrom } from "./client-address.ts";
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
  startService,
  type Tokens,
} from "./harness.ts";

const BALANCER = "127.0.0.1";
const DIRECT = "127.0.0.2";
const ATTACKER = "198.51.100.1";

let service: Service;
let shop: Tokens;
let other: Tokens;
beforeAll(async () => {
  service = await startService({
    args: ["--search-threads", "2", "--suggestion-refresh", "1"],
    env: { VITRINA_TRUST_PROXY: "127.0.0.1/32, 10.0.0.0/8" },
  });
  shop = await createDomain(service);
  other = await createDomain(service);
  expect((await post(service, CATEGORIES, shop.secret_token, [category(1)])).status).toBe(200);
  const items = [
    product("1", { translations: [uk("Навушники Sony", "1")] }),
    product("2", { translations: [uk("Телефон Samsung", "2")] }),
  ];
  expect((await post(service, PRODUCTS, shop.secret_token, items)).status).toBe(201);
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

const uk = (name: string, id: string) => ({
  language: "uk",
  name,
  url: `https://shop.example/p/${id}`,
});

/** A request from `peer` (a new connection), the client behind it named in `headers`. */
async function from(
  peer: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return requestFrom(peer, `${service.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", connection: "close", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const DOMAINS = "/api/v2/admin/domains/";
const REFUSED = { status: 401, body: { detail: "Authentication credentials were not provided." } };
const behind = (client: string) => ({ "x-forwarded-for": client });
const times = <T>(n: number, answer: T) => Array.from({ length: n }, () => answer);

test("1. a client behind the balancer locks out only itself and its wrong key", async () => {
  const wrong = { ...behind(ATTACKER), "x-admin-key": "wrong-key-of-the-attacker" };
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await from(BALANCER, DOMAINS, wrong));
  expect(answers).toEqual(times(30, REFUSED));
  const locked = await from(BALANCER, DOMAINS, wrong);
  expect(locked.status).toBe(429);
  expect(locked.body.detail).toMatch(
    /^Too many failed authentications with this key from this address\. Retry after (59|60) s\.$/,
  );
  const imported = { status: 200, body: { successful: [] } };
  expect([
    await from(
      BALANCER,
      PRODUCTS,
      { ...behind("198.51.100.2"), "x-secret-token": shop.secret_token },
      [],
    ),
    await from(
      BALANCER,
      PRODUCTS,
      { ...behind(ATTACKER), "x-secret-token": other.secret_token },
      [],
    ),
    (await from(BALANCER, DOMAINS, { ...behind(ATTACKER), "x-admin-key": ADMIN_KEY })).status,
    (await from(BALANCER, DOMAINS, { ...behind("198.51.100.3"), "x-admin-key": ADMIN_KEY })).status,
    await from(BALANCER, DOMAINS, { ...wrong, ...behind("198.51.100.3") }),
  ]).toEqual([imported, imported, 200, 200, REFUSED]);
});

test("2. a valid credential where it opens nothing is never a failure", async () => {
  const client = behind("198.51.100.20");
  const answers = [];
  for (let i = 0; i < 40; i++) {
    answers.push(await from(BALANCER, DOMAINS, { ...client, "x-secret-token": shop.secret_token }));
    answers.push(await from(BALANCER, DOMAINS, { ...client, "x-admin-key": shop.secret_token }));
    answers.push(
      await from(BALANCER, PRODUCTS, { ...client, "x-secret-token": shop.search_token }, []),
    );
    answers.push(await from(BALANCER, PRODUCTS, { ...client, "x-secret-token": ADMIN_KEY }, []));
  }
  expect(answers).toEqual(times(160, REFUSED));
});

test("3. a peer outside --trust-proxy is its own client, whatever it forwards", async () => {
  const wrong = "wrong-key-sent-directly";
  for (let i = 0; i < 30; i++)
    await from(DIRECT, DOMAINS, { ...behind(`203.0.113.${i}`), "x-admin-key": wrong });
  const answers = [
    (await from(DIRECT, DOMAINS, { ...behind("203.0.113.99"), "x-admin-key": wrong })).status,
    (await from(DIRECT, DOMAINS, { forwarded: "for=203.0.113.98", "x-admin-key": wrong })).status,
    // Through the balancer, 203.0.113.0 is a client of its own that never failed.
    (await from(BALANCER, DOMAINS, { ...behind("203.0.113.0"), "x-admin-key": wrong })).status,
  ];
  expect(answers).toEqual([429, 429, 401]);
});

test("4. shoppers are the clients the balancer names", async () => {
  const search = (q: string, headers: Record<string, string>) =>
    from(
      BALANCER,
      `/api/v2/search/?token=${shop.search_token}&q=${encodeURIComponent(q)}`,
      headers,
    );
  // The balancer's own three searches are one shopper: not suggested.
  for (let i = 0; i < 3; i++) expect((await search("телефон", {})).body.total).toBe(1);
  for (const headers of [
    behind("198.51.100.11"),
    { "x-forwarded-for": "198.51.100.12, 10.1.2.3" },
    { forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https' },
  ])
    expect((await search("навушники", headers)).body.total).toBe(1);
  const popular = `${service.url}/api/v2/search/popular/?token=${shop.search_token}`;
  const deadline = Date.now() + 15_000;
  let queries: string[] = [];
  while (queries.length === 0 && Date.now() < deadline) {
    await Bun.sleep(200);
    queries = ((await (await fetch(popular)).json()) as { queries: string[] }).queries;
  }
  expect(queries).toEqual(["навушники"]);
}, 30_000);

test("5. a --trust-proxy that is no CIDR stops the start", () => {
  const run = Bun.spawnSync(
    [process.execPath, CLI, "serve", "--listen", "127.0.0.1:0", "--trust-proxy", "10.0.0.0/33"],
    { stdout: "pipe", stderr: "pipe" },
  );
  expect([run.exitCode, run.stderr.toString()]).toEqual([
    2,
    "vitrina: --trust-proxy must be CIDR[,CIDR...] (10.0.0.0/8, 2001:db8::/32, 127.0.0.1), not 10.0.0.0/33\n",
  ]);
});
