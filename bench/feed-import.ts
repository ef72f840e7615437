// A feed of ~150,000 offers (~100 MB of YML) against the bulk import, in one server (issue 33,
// point 6): the same catalog imported by the bulk API (products/s, batches of 1,000 at
// concurrency 1), then as a feed into another domain (products/s, and the server's RSS growth
// during the run: VmRSS sampled every 50 ms, less VmRSS before), then the same feed with 1% of
// its prices changed (its time ÷ the first run's), and last the feed broken after its last
// offer (read and spooled whole, then refused: the read's own time and growth). The bulk
// items are the feed's own, planned by the feed pipeline in this process before the clock
// starts: both ways write the same items.
// Usage: bun bench/feed-import.ts [--offers 150000] [--profile]  (profiles go to bench/out/)
import { readFileSync } from "node:fs";
import { OfferSpool } from "../src/feeds/offer-spool.ts";
import { FeedPlanner } from "../src/feeds/plan-feed.ts";
import { openFeed } from "../src/feeds/read-feed.ts";
import { categoryJson } from "../src/feeds/run-feed.ts";
import { type GenOffer, yml } from "../test/fixtures/feeds/feed-generators.ts";
import { ADMIN_KEY, CATEGORIES, PRODUCTS, post, startService } from "../test/http/harness.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { cpuSeconds } from "./suite/proc-stat.ts";

const flags = flagsOf(
  commandSpec({
    command: "bun bench/feed-import.ts",
    about: `A feed against the bulk import of the same catalog, in one server: products/s of each, the
feed's RSS growth, a second run with 1% of prices changed, and the read alone.`,
    flags: {
      offers: flag.int(150_000, "offers of the feed (and products of the bulk import)"),
      profile: flag.on("the server under bun --cpu-prof-md, its profiles into bench/out/"),
    },
  }),
);
const total = flags.offers;
const BATCH = 1000;
const profileDir = flags.profile ? "bench/out" : null;

const status = (pid: number, field: "VmRSS" | "VmHWM") => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) / 1024;
};

/** A shop's offer of ~700 bytes: a name, a description of ~100 characters, three params. */
const offer = (i: number, price = 1000 + (i % 5000)): GenOffer => ({
  id: String(i + 1),
  category: String(3 + (i % 40)),
  name: `Навушники бездротові ${["Sony", "JBL", "Marshall", "Bose"][i % 4]} модель ${i + 1}`,
  price: String(price),
  ...(i % 3 === 0 ? { oldPrice: String(price + 200) } : {}),
  vendor: ["Sony", "JBL", "Marshall", "Bose"][i % 4],
  available: i % 10 !== 0,
  description: `Навушники модель ${i + 1} з активним шумозаглушенням, до 30 годин роботи, швидке заряджання через USB-C.`,
  params: [
    { name: "Колір", value: ["Чорний", "Білий", "Синій"][i % 3] as string },
    { name: "Вага", value: String(180 + (i % 120)), unit: "г" },
    { name: "Тип", value: i % 2 ? "Накладні" : "Повнорозмірні" },
  ],
});

const categories = [
  { id: "1", name: "Електроніка" },
  { id: "2", name: "Аудіо", parentId: "1" },
  ...Array.from({ length: 40 }, (_, k) => ({
    id: String(3 + k),
    name: `Навушники ${k + 1}`,
    parentId: "2",
  })),
];
const encoder = new TextEncoder();
const offers = Array.from({ length: total }, (_, i) => offer(i));
const feed = encoder.encode(yml({ categories, offers }));
// 1% of the prices changed, spread over the feed.
const changed = encoder.encode(
  yml({
    categories,
    offers: offers.map((o, i) =>
      i % 100 === 7 ? { ...o, price: String(Number(o.price) + 1) } : o,
    ),
  }),
);

/** The feed's categories and products as the feed run writes them, as bulk bodies. */
async function bulkBodies(): Promise<{ categories: unknown[]; products: Uint8Array[] }> {
  const opened = await openFeed(
    (async function* () {
      yield feed;
    })(),
    "yml",
  );
  await using spool = new OfferSpool();
  const planner = new FeedPlanner(spool);
  for await (const entry of opened.entries) planner.add(entry);
  const plan = planner.finish();
  const items: string[] = [];
  for await (const p of plan.products(new Map())) items.push(p.json);
  const products: Uint8Array[] = [];
  for (let at = 0; at < items.length; at += BATCH)
    products.push(encoder.encode(`[${items.slice(at, at + BATCH).join(",")}]`));
  return { categories: plan.categories.map((c) => JSON.parse(categoryJson(c))), products };
}

const bodies = await bulkBodies();
await using service = await startService({
  bunArgs: profileDir ? ["--cpu-prof-md", `--cpu-prof-dir=${profileDir}`] : [],
});
const pid = service.proc.pid;
const domain = async (name: string) => {
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    method: "POST",
    headers: { "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ name }),
  });
  return ((await r.json()) as { secret_token: string }).secret_token;
};

/** Runs `work`, sampling the server's VmRSS every 50 ms: its seconds and peak growth (MiB). */
async function measured<T>(work: () => Promise<T>) {
  const before = status(pid, "VmRSS");
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, status(pid, "VmRSS"));
  }, 50);
  const cpu = cpuSeconds(pid);
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, status(pid, "VmRSS"));
  return {
    result,
    figures: {
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(total / seconds),
      serverCpuSeconds: Number((cpuSeconds(pid) - cpu).toFixed(2)),
      rssBeforeMiB: Math.round(before),
      rssGrowthMiB: Math.round(peak - before),
    },
  };
}

// The bulk API: categories, then the products at concurrency 1.
const bulk = await domain("bulk");
await post(service, CATEGORIES, bulk, bodies.categories);
const { figures: bulkRun } = await measured(async () => {
  for (const body of bodies.products) {
    const r = await fetch(`${service.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": bulk },
      body,
    });
    await r.arrayBuffer();
    if (r.status !== 201) throw new Error(`bulk batch: ${r.status}`);
  }
});
await Bun.sleep(3000);

/** One feed run: its figures and counts. */
async function feedRun(token: string, bytes: Uint8Array, expected = 200) {
  const { result: answer, figures } = await measured(async () => {
    const r = await fetch(`${service.url}/api/v2/content/feed/`, {
      method: "POST",
      headers: { "content-type": "application/xml", "x-secret-token": token },
      body: bytes,
    });
    const answer = (await r.json()) as Record<string, unknown>;
    if (r.status !== expected) throw new Error(`feed run: ${r.status} ${JSON.stringify(answer)}`);
    return answer;
  });
  const { created, updated, unchanged, gone, failed } = answer;
  return { ...figures, counts: { created, updated, unchanged, gone, failed } };
}

const shop = await domain("feed");
const first = await feedRun(shop, feed);
await Bun.sleep(3000);
const second = await feedRun(shop, changed);
await Bun.sleep(3000);
// The read alone: the same feed broken after its last offer is read, spooled and refused (400).
const end = Buffer.from(feed.buffer, feed.byteOffset, feed.length).lastIndexOf("</offers>");
const broken = Buffer.concat([feed.subarray(0, end), encoder.encode("</shop></yml_catalog>")]);
const { counts: _, ...readOnly } = await feedRun(shop, broken, 400);
const hwm = Math.round(status(pid, "VmHWM"));
if (profileDir) await service.stop();
console.log(
  JSON.stringify({
    offers: total,
    feedMB: Number((feed.length / 1e6).toFixed(1)),
    bulk: bulkRun,
    first,
    second,
    secondOverFirst: Number((second.seconds / first.seconds).toFixed(3)),
    readOnly,
    serverVmHWMMiB: hwm,
  }),
);
