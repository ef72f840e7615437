// Search analytics under abuse (issue 12, point 1), against a freshly spawned `serve`:
//  1. growth: N searches of ~8 KB queries (each a new query, a new uuid), concurrency C;
//     the store's size (SQLite: pages in use; Redis: used_memory) before and after,
//     extrapolated to a million searches;
//  2. the admin analytics report over those rows: its time over HTTP, and the time of searches
//     of another query sent while it runs (p50 and max) against the same searches alone;
//  3. the store alone (no HTTP), fed directly with D distinct suggestible queries each asked by
//     3 shoppers on each of 30 days: the time of the admin report over 30 days and of one
//     domain's suggestion refresh (popularQueries), as the writer thread runs them.
// Usage: bun bench/analytics-abuse.ts [--searches 20000] [--concurrency 16] [--distinct 20000]
//        (VITRINA_TEST_STORE=redis for the Redis mode)
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { createClient } from "redis";
import { Rng } from "../src/sample-catalog/prng.ts";
import { DAY_MS, firstDayKept, utcDay } from "../src/store/analytics-days.ts";
import { RedisStore } from "../src/store/redis/redis-store.ts";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import type { SearchEvent } from "../src/store/store.ts";
import {
  ADMIN_KEY,
  CATEGORIES,
  createDomain,
  PRODUCTS,
  post,
  redisFor,
  STORE,
  startService,
  tempDir,
} from "../test/http/harness.ts";
import { startRedis } from "../test/redis/redis-server.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { typical } from "./workloads/typical-product.ts";

const {
  searches: SEARCHES,
  concurrency: CONCURRENCY,
  distinct: DISTINCT,
} = flagsOf(
  commandSpec({
    command: "bun bench/analytics-abuse.ts",
    about: `Search analytics under abuse: the store's growth under searches of ~8 KB new queries, the
admin report's time and the searches beside it, the report and the suggestion refresh over
D distinct queries. VITRINA_TEST_STORE=redis for the Redis mode.`,
    flags: {
      searches: flag.int(20_000, "searches of ~8 KB queries, each new"),
      concurrency: flag.int(16, "searches in flight"),
      distinct: flag.int(20_000, "distinct suggestible queries fed to the store"),
    },
  }),
);

await using service = await startService();
const shop = await createDomain(service, "bench");
const cats = Array.from({ length: 20 }, (_, i) => ({
  source_category_id: i + 1,
  translations: [{ language: "uk", name: `Категорія ${i + 1}` }],
}));
await post(service, CATEGORIES, shop.secret_token, cats);
await post(
  service,
  PRODUCTS,
  shop.secret_token,
  Array.from({ length: 1000 }, (_, i) => typical(i)),
);

const storeBytes = async (): Promise<number> => {
  if (STORE === "redis") {
    const client = createClient({ url: (await redisFor(service.dataDir)).url });
    await client.connect();
    const info = await client.sendCommand<string>(["INFO", "memory"]);
    await client.quit();
    return Number(/used_memory:(\d+)/.exec(info)?.[1]);
  }
  // The database's pages in use (WAL included): the files themselves keep their high-water
  // mark (a WAL is reused, not shrunk), which would hide or exaggerate growth.
  const db = new Database(join(service.dataDir, "vitrina.sqlite"), { readonly: true });
  const pragma = (name: string) =>
    (db.query(`PRAGMA ${name}`).get() as Record<string, number>)[name] as number;
  const bytes = (pragma("page_count") - pragma("freelist_count")) * pragma("page_size");
  db.close();
  return bytes;
};

const rng = new Rng(1);
const random = () => rng.next();
const word = () =>
  Array.from({ length: 3 + Math.floor(random() * 8) }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join("");
// 8 KB, a new query each time: ten random words, then filler that is cheap to search. 8 KB of
// random words cost the search itself ~150 ms here (what p5's cap on q before analysis
// removes), which is not what this measures.
const longQuery = () => `${Array.from({ length: 10 }, word).join(" ")} ${"- ".repeat(3950)}`;

const search = async (q: string, uuid: string) => {
  const started = performance.now();
  const r = await fetch(
    `${service.url}/api/v2/search/?token=${shop.search_token}&q=${encodeURIComponent(q)}&uuid=${uuid}`,
  );
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`search: ${r.status}`);
  return performance.now() - started;
};

const report = async () => {
  const started = performance.now();
  const r = await fetch(`${service.url}/api/v2/admin/domains/bench/analytics/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const body = (await r.json()) as { searches_per_day: { count: number }[] };
  return { ms: performance.now() - started, body };
};
const counted = (b: { searches_per_day: { count: number }[] }) =>
  b.searches_per_day.reduce((n, d) => n + d.count, 0);

// Let the import's writes settle before the first measure.
await Bun.sleep(2000);
const before = await storeBytes();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < SEARCHES) {
      next++;
      await search(longQuery(), crypto.randomUUID());
    }
  }),
);
const sendSeconds = (performance.now() - started) / 1000;
// The recorder writes every 250 ms: wait until every search is counted (or none is for 5 s).
let last = -1;
let seen = 0;
let still = performance.now();
while (seen < SEARCHES && performance.now() - still < 5000) {
  await Bun.sleep(250);
  seen = counted((await report()).body);
  if (seen !== last) still = performance.now();
  last = seen;
}
await Bun.sleep(1000);
const after = await storeBytes();
const growth = after - before;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;
const searchesWhile = async (running: () => boolean) => {
  const times: number[] = [];
  while (running()) times.push(await search("навушники sony", "bench"));
  return times;
};

let alone = true;
setTimeout(() => {
  alone = false;
}, 1000);
const idle = await searchesWhile(() => alone);
const reports: number[] = [];
let reporting = true;
const during = searchesWhile(() => reporting);
for (let i = 0; i < 5; i++) reports.push((await report()).ms);
reporting = false;
const busy = await during;

await service.stop();

// 3. The store alone.
const storeAlone = async () => {
  using dir = tempDir();
  await using redis = STORE === "redis" ? await startRedis() : null;
  const store = redis ? await RedisStore.open(redis.url) : new SqliteStore(dir);
  try {
    const d = await store.createDomain("bench", { secret_token: "s", search_token: "t" });
    const now = Date.now();
    for (let day = 0; day < 30; day++) {
      const events: SearchEvent[] = [];
      for (let i = 0; i < DISTINCT; i++)
        for (const shopper of ["a", "b", "c"])
          events.push({
            domain_id: d.id,
            at: now - day * DAY_MS,
            q: `навушники ${i}`,
            language: "uk",
            total: 1,
            corrected_query: "",
            shopper,
            filtered: false,
            may_add: true,
          });
      for (let i = 0; i < events.length; i += 10_000)
        await store.recordSearches(events.slice(i, i + 10_000), { retentionDays: 90 });
    }
    const time = async (f: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await f();
        times.push(Number((performance.now() - started).toFixed(1)));
      }
      return times;
    };
    const period = { from: firstDayKept(now, 30), to: utcDay(now) };
    return {
      rows: DISTINCT * 30,
      report_30_days_ms: await time(() => store.analyticsReport(d.id, period, 50)),
      suggestion_refresh_ms: await time(() =>
        store.popularQueries(d.id, { from: period.from, minShoppers: 3, limit: 200 }),
      ),
    };
  } finally {
    await store.close();
  }
};

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  JSON.stringify(
    {
      store: STORE,
      searches: SEARCHES,
      counted: seen,
      send_seconds: Number(sendSeconds.toFixed(1)),
      growth_bytes: growth,
      growth_per_million_searches_MB: Number((((growth / seen) * 1e6) / 1e6).toFixed(1)),
      report_ms: reports.map((ms) => Number(ms.toFixed(1))),
      search_alone: {
        n: idle.length,
        p50: fmt(percentile(idle, 0.5)),
        max: fmt(Math.max(...idle)),
      },
      search_during_reports: {
        n: busy.length,
        p50: fmt(percentile(busy, 0.5)),
        max: fmt(Math.max(...busy)),
      },
      store_alone: await storeAlone(),
    },
    null,
    2,
  ),
);
