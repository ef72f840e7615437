// A store's reindex is neither free nor repeated (issue 34, fault 6, deliverable 4): one loop of
// `POST /api/v2/content/reindex/` kept this node rebuilding one store's index, beside every
// other store's searches, and every call was 202. Properties checked:
//  1. at most one reindex of a store at a time: of two sent at once, one is 202 and the other
//     409 with `detail` (the operator's route too); once it is applied, the next is 202
//  2. a reindex is charged to the store's share of the indexing thread (--import-cpu-share) as
//     its imports' patches are: past it, while another store searches, its next reindex (and
//     import) is 429 with `Retry-After`; alone on the node it is not refused
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  ADMIN_HEADERS,
  CATEGORIES,
  category,
  createDomain,
  ownerHeaders,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

const REINDEX = "/api/v2/content/reindex/";
const RUNNING = {
  detail:
    "A reindex of this domain is already running: it rebuilds the index from everything stored, so another would add nothing. Send it again once it has finished.",
};

let service: Service;
let store: Tokens;
let other: Tokens;

const reindex = async (path = REINDEX, headers: Record<string, string> = ownerHeaders(store)) => {
  const r = await fetch(`${service.url}${path}`, { method: "POST", headers });
  const body = (await r.json()) as { detail: string; seq?: number };
  return { status: r.status, retryAfter: r.headers.get("retry-after"), body };
};

/** Waits until this node's index has applied the log up to `seq`. */
async function applied(seq: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const r = await fetch(`${service.url}/api/v2/content/overview/`, {
      headers: ownerHeaders(store),
    });
    const { index } = (await r.json()) as { index: { applied_seq: number } };
    if (index.applied_seq >= seq) return;
    await Bun.sleep(20);
  }
  throw new Error(`reindex ${seq} not applied`);
}

beforeAll(async () => {
  // 1% of the indexing thread: 10 ms a second (and a burst of 10 ms), less than a rebuild of
  // 2,000 products costs.
  service = await startService({ args: ["--import-cpu-share", "1", "--search-threads", "1"] });
  store = await createDomain(service, "reindexed");
  other = await createDomain(service, "beside");
  await post(service, CATEGORIES, store.secret_token, [category(1)]);
  const items = Array.from({ length: 2000 }, (_, i) =>
    product(`p-${i}`, {
      translations: [
        {
          language: "uk",
          name: `Товар ${i} ${"опис ".repeat(20)}`,
          url: `https://shop.example/p/${i}`,
        },
      ],
    }),
  );
  expect((await post(service, PRODUCTS, store.secret_token, items)).status).toBe(201);
  await post(service, CATEGORIES, other.secret_token, [category(1)]);
  await post(service, PRODUCTS, other.secret_token, [product("o-1")]);
  // The imports' debt paid back (at most one burst, refilled in 1 s).
  await Bun.sleep(2_200);
}, 60_000);
afterAll(() => service[Symbol.asyncDispose]());

test("1. one reindex of a store at a time: a second is 409 until the first is applied", async () => {
  const both = await Promise.all([reindex(), reindex()]);
  const accepted = both.find((r) => r.status === 202);
  expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
  expect(both.find((r) => r.status === 409)).toEqual({
    status: 409,
    retryAfter: null,
    body: RUNNING,
  });
  // The operator's route is the same queue.
  const operator = await reindex(`/api/v2/admin/domains/${store.name}/reindex/`, ADMIN_HEADERS);
  expect(operator.status === 409 ? operator.body : RUNNING).toEqual(RUNNING);
  await applied(
    Math.max(accepted?.body.seq ?? 0, operator.status === 202 ? (operator.body.seq ?? 0) : 0),
  );
  // Alone on the node: its debt does not refuse it.
  const next = await reindex();
  expect([next.status, next.body.detail]).toEqual([202, "Reindex queued."]);
  await applied(next.body.seq ?? 0);
});

test("2. a reindex is charged to the store's share: past it, beside another store's searches, 429", async () => {
  const r = await fetch(`${service.url}/api/v2/search/?q=o-1&token=${other.search_token}`);
  expect(r.status).toBe(200);
  const refused = await reindex();
  const seconds = refused.retryAfter ?? "";
  expect(seconds).toMatch(/^[1-9]\d*$/);
  expect(refused).toEqual({
    status: 429,
    retryAfter: seconds,
    body: {
      detail: `Too many requests: indexing this store's imports used its share of the service's time (10 ms a second). Retry after ${seconds} s.`,
    },
  });
  // Its imports pay the same debt; another store's are its own.
  expect((await post(service, PRODUCTS, store.secret_token, [product("next")])).status).toBe(429);
  expect((await post(service, PRODUCTS, other.secret_token, [product("o-2")])).status).toBe(201);
});
