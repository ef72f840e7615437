// Cost, not count (issue 20, point 5; docs/ARCHITECTURE.md "Overload and slow clients"):
//  1. a store whose public token floods random 200-character queries pays their time: past its
//     share of the search threads' time (--search-cpu-share) its searches get 429 with
//     `detail`, Retry-After and CORS
//  2. meanwhile, and on every search thread, another store's searches all answer 200
//  4. alone on the node (no other store searched in the last 2 s) the flood is answered: the
//     share protects other stores, it does not cap a store that is alone
//  3. a store whose index patches took more than its share of the indexing thread's time
//     (--import-cpu-share) gets 429 on its next import, before its body is read, while another
//     store searches; alone on the node it is not refused; another store's imports are accepted
import { afterAll, beforeAll, expect, test } from "bun:test";
import { OTHERS_WINDOW_MS } from "../../src/http/search/search-routes.ts";
import { generateCatalog } from "../../src/sample-catalog/generate.ts";
import { Rng } from "../../src/sample-catalog/prng.ts";
import { expensiveQuery } from "../fixtures/expensive-query.ts";
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

let service: Service;
let flooded: Tokens;
let quiet: Tokens;

const search = async (token: string, q: string, on: Service = service) => {
  const r = await fetch(`${on.url}/api/v2/search/?${new URLSearchParams({ q, token })}`);
  return {
    status: r.status,
    retryAfter: r.headers.get("retry-after"),
    cors: r.headers.get("access-control-allow-origin"),
    body: (await r.json()) as { detail?: string; total?: number },
  };
};

/** Waits (at most 30 s) until `check` is true, asking again after each answer. */
const until = async (check: () => Promise<boolean>) => {
  const deadline = performance.now() + 30_000;
  while (!(await check()) && performance.now() < deadline);
};

beforeAll(async () => {
  service = await startService({
    // 5% of two threads: 100 ms of search time a second per store.
    args: ["--search-threads", "2", "--search-cpu-share", "5"],
  });
  flooded = await createDomain(service);
  quiet = await createDomain(service);
  // A vocabulary for the flood's words to be looked up in (corrections, typos).
  const { categories, products } = generateCatalog({ seed: 3, products: 500 });
  expect((await post(service, CATEGORIES, flooded.secret_token, categories)).status).toBe(200);
  expect((await post(service, PRODUCTS, flooded.secret_token, products)).status).toBe(201);
  expect((await post(service, CATEGORIES, quiet.secret_token, [category(1)])).status).toBe(200);
  expect((await post(service, PRODUCTS, quiet.secret_token, [product("q1")])).status).toBe(201);
  await until(async () => (await search(quiet.search_token, "q1")).body.total === 1);
}, 60_000);
afterAll(() => service[Symbol.asyncDispose]());

test("a flood of expensive queries costs its own store its allowance, not another store's answers", async () => {
  const rng = new Rng(11);
  const flood = () => search(flooded.search_token, expensiveQuery(rng));
  // 4. Alone: the time since the quiet store's last search is what is waited for.
  await Bun.sleep(OTHERS_WINDOW_MS + 100);
  const alone = new Set<number>();
  for (let round = 0; round < 4; round++)
    for (const a of await Promise.all(Array.from({ length: 8 }, flood))) alone.add(a.status);
  expect([...alone]).toEqual([200]);
  // Eight at a time (both threads busy) beside the quiet store's searches, until the flood is
  // refused: 100 ms of its searches (its debt from alone is at most one burst).
  let refused: Awaited<ReturnType<typeof search>> | undefined;
  const statuses = new Set<number>();
  for (let round = 0; round < 500 && !refused; round++) {
    const [answers, beside] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, flood)),
      search(quiet.search_token, "q1"),
    ]);
    expect(beside.status).toBe(200);
    for (const a of answers) statuses.add(a.status);
    refused = answers.find((a) => a.status === 429);
  }
  expect([...statuses].sort()).toEqual([200, 429]);
  expect(refused?.retryAfter).toMatch(/^[1-9]\d*$/);
  expect(refused).toEqual({
    status: 429,
    retryAfter: refused?.retryAfter ?? "",
    cors: "*",
    body: {
      detail: `Too many requests: this store's searches used their share of the service's time (100 ms a second). Retry after ${refused?.retryAfter} s.`,
    },
  });
  // The flood goes on, four at a time, while the other store's shopper searches on both threads
  // (fresh connections, spread by the kernel).
  let flooding = true;
  const floodStatuses: number[] = [];
  const flooders = Array.from({ length: 4 }, async () => {
    while (flooding) floodStatuses.push((await flood()).status);
  });
  const quietAnswers: { status: number; total?: number }[] = [];
  for (let k = 0; k < 20; k++) {
    const a = await search(quiet.search_token, "товар");
    quietAnswers.push({ status: a.status, total: a.body.total });
  }
  flooding = false;
  await Promise.all(flooders);
  expect(quietAnswers).toEqual(Array.from({ length: 20 }, () => ({ status: 200, total: 1 })));
  expect(floodStatuses).toContain(429);
}, 60_000);

test("a store whose index patches cost past its share is refused its next import while another store searches", async () => {
  // 1% of the indexing thread: 10 ms a second, less than any patch of a 500-product batch.
  await using service = await startService({ args: ["--import-cpu-share", "1"] });
  const store = await createDomain(service);
  expect((await post(service, CATEGORIES, store.secret_token, [category(1)])).status).toBe(200);
  // The category's patch is charged too: on a slow machine it may cost more than 10 ms, and
  // the batch waits until it is paid for.
  const batch = Array.from({ length: 500 }, (_, k) => product(`p${k}`));
  let status = 0;
  await until(async () => {
    status = (await post(service, PRODUCTS, store.secret_token, batch)).status;
    return status !== 429;
  });
  expect(status).toBe(201);
  // The patch is charged as it is swapped in, before any search can see it.
  await until(async () => (await search(store.search_token, "p499", service)).body.total === 1);
  // Alone on the node, a store imports as fast as the node goes: its share holds only while
  // another store searches.
  expect((await post(service, PRODUCTS, store.secret_token, [product("alone")])).status).toBe(201);
  const other = await createDomain(service);
  expect((await search(other.search_token, "товар", service)).status).toBe(200);
  const r = await post(service, PRODUCTS, store.secret_token, [product("next")]);
  expect(r.status).toBe(429);
  const seconds = /Retry after (\d+) s\.$/.exec(r.body.detail)?.[1];
  expect(Number(seconds)).toBeGreaterThanOrEqual(1);
  expect(r.body).toEqual({
    detail: `Too many requests: indexing this store's imports used its share of the service's time (10 ms a second). Retry after ${seconds} s.`,
  });
  // Another store's import, meanwhile: its bucket is its own.
  expect((await post(service, CATEGORIES, other.secret_token, [category(1)])).status).toBe(200);
}, 60_000);
