// The search threads' costs (issue 14, point 3; docs/ARCHITECTURE.md, "Threads"):
//   bun bench/search-threads.ts [--products 100000] [--seed 1]
// 1. What a search thread pays when a segment reaches it: the snapshot of the generated catalog
//    is built in process, moved into shared memory (indexing/snapshot-replica.ts) and posted to
//    a Worker, which reports how long the message held its loop (the structured clone of the
//    segment's strings and small objects; the typed arrays are shared) and a replica's search.
// 2. Memory: the catalog imported over HTTP once, then the server restarted on it with 1 and
//    with 2 search threads (and an empty one of each): resident size (VmRSS, the threads are
//    one process) and its growth per product.
// 3. Import to searchable, with 1 and 2 threads, after each one-product import: on one
//    keep-alive connection (one thread, as the suite measures it), and on every thread: rounds
//    of 8 searches over new connections at once (each lands on a thread at random: all 8 on
//    one of two threads 1 time in 128) until a round where all 8 find it (a round itself costs
//    a few ms: compare the two thread counts, not with the keep-alive figure).
import { readFileSync } from "node:fs";
import { type SnapshotMessage, SnapshotPublisher } from "../src/indexing/snapshot-replica.ts";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { buildSnapshot } from "../src/search/engine.ts";
import { toRecords } from "../test/fixtures/records.ts";
import {
  ADMIN_KEY,
  PRODUCTS as PRODUCTS_PATH,
  startService,
  tempDir,
} from "../test/http/harness.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { percentile } from "./suite/report.ts";
import { importCatalog } from "./suite/serve.ts";

const { products: PRODUCTS, seed: SEED } = flagsOf(
  commandSpec({
    command: "bun bench/search-threads.ts",
    about:
      "What a search thread pays when a segment reaches it, and the threads' searches over HTTP.",
    flags: {
      products: flag.int(100_000, "products of the generated catalog"),
      seed: flag.int(1, "catalog seed", { min: 0 }),
    },
  }),
);
const log = (line: string) => console.log(line);

// --- 1. a segment reaching a search thread -------------------------------------------------

{
  const records = toRecords(generateCatalog({ seed: SEED, products: PRODUCTS }));
  const built = buildSnapshot(records);
  const worker = new Worker(new URL("./workloads/search-thread.ts", import.meta.url).href);
  type Answer = { arrivalMs: number; slices: number[]; totalMs: number; searchMs: number };
  const messages: SnapshotMessage[] = [];
  let t = performance.now();
  const publisher = new SnapshotPublisher((m) => {
    if (m.type === "snapshot") messages.push(m);
  });
  publisher.publish(1, built);
  const shareMs = performance.now() - t;
  const message = messages[0] as SnapshotMessage;
  const terms = built.segments.reduce((n, s) => n + s.text.terms.length, 0);
  const fixed = (values: number[], digits = 1) => values.map((v) => v.toFixed(digits)).join(", ");
  for (let round = 0; round < 3; round++) {
    const answer = new Promise<Answer>((resolve) => {
      worker.onmessage = (e: MessageEvent<Answer>) => resolve(e.data);
    });
    const sent = new Float64Array(new SharedArrayBuffer(16));
    t = performance.now();
    worker.postMessage({ sent, message });
    const postMs = performance.now() - t;
    sent[0] = performance.timeOrigin + performance.now();
    Atomics.store(new Int32Array(sent.buffer), 2, 1);
    const a = await answer;
    log(
      `round ${round + 1}: the main thread's postMessage ${postMs.toFixed(1)} ms; the search thread:`,
    );
    log(
      `  arrival (clone of the unshared part) ${a.arrivalMs.toFixed(1)} ms, then ${a.slices.length} slices of work, longest ${Math.max(...a.slices).toFixed(1)} ms (${fixed(a.slices.slice(0, 6))}…)`,
    );
    log(
      `  replica ready after ${a.totalMs.toFixed(1)} ms; a search on it ${a.searchMs.toFixed(2)} ms`,
    );
  }
  worker.terminate();
  log(
    `segment of ${PRODUCTS} products, ${terms} terms; moved into shared memory on the main thread in ${shareMs.toFixed(1)} ms`,
  );
}

// --- 2. memory with 1 and 2 threads --------------------------------------------------------

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) / 1024;
};
const settledRss = async (pid: number) => {
  // The rebuild's garbage is collected before listening; let the threads settle too.
  await Bun.sleep(3000);
  return rssMiB(pid);
};

using full = tempDir("vitrina-threads-");
let domain = { secret_token: "", search_token: "" };
{
  log(`importing ${PRODUCTS} products over HTTP…`);
  await using service = await startService({
    dataDir: full,
    args: ["--search-threads", "1", "--search-rate", "0"],
  });
  domain = (await (
    await fetch(`${service.url}/api/v2/admin/domains/`, {
      method: "POST",
      headers: { "x-admin-key": ADMIN_KEY },
      body: JSON.stringify({ name: "threads" }),
    })
  ).json()) as typeof domain;
  await importCatalog(service.url, domain.secret_token, { seed: SEED, products: PRODUCTS });
  await service.stop();
}
const perProduct: number[] = [];
for (const threads of [1, 2]) {
  using empty = tempDir("vitrina-threads-empty-");
  const args = ["--search-threads", String(threads)];
  await using idle = await startService({ dataDir: empty, args });
  const rssEmpty = await settledRss(idle.proc.pid);
  await idle.stop();
  await using service = await startService({ dataDir: full, args });
  const rssFull = await settledRss(service.proc.pid);
  await service.stop();
  const kib = ((rssFull - rssEmpty) * 1024) / PRODUCTS;
  perProduct.push(kib);
  log(
    `${threads} search thread(s): ${rssEmpty.toFixed(0)} MiB empty, ${rssFull.toFixed(0)} MiB with ${PRODUCTS} products: ${kib.toFixed(2)} KiB per product`,
  );
}
const [one = 0, two = 0] = perProduct;
log(`growth per product for the added thread: ${(((two - one) / one) * 100).toFixed(1)}%`);

// --- 3. import to searchable on every thread -----------------------------------------------

const { categories } = generateCatalog({ seed: SEED, products: 0 });
const probeCategory = String(categories[0]?.source_category_id);
const PROBES = 100;
for (const threads of [1, 2]) {
  await using service = await startService({
    dataDir: full,
    args: ["--search-threads", String(threads), "--search-rate", "0"],
  });
  const times = { one: [] as number[], every: [] as number[] };
  for (let n = 0; n < 2 * PROBES; n++) {
    const every = n % 2 === 1;
    const word = `zqvprobe${threads}x${n.toString(36)}`;
    const item = {
      source_id: `probe-${threads}-${n}`,
      code: `PROBE-${threads}-${n}`,
      source_category_id: probeCategory,
      currency_code: "UAH",
      new_price: 100,
      translations: [{ language: "uk", name: `Пробник ${word}`, url: `https://b.example/${n}` }],
    };
    const r = await fetch(`${service.url}${PRODUCTS_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": domain.secret_token },
      body: JSON.stringify([item]),
    });
    if (r.status !== 201) throw new Error(`probe import answered ${r.status}`);
    const acked = performance.now();
    const url = `${service.url}/api/v2/search/?q=${word}&group_by_category=false&show_filters=false&demo=true&token=${domain.search_token}`;
    const found = async (keepalive: boolean) =>
      ((await (await fetch(url, { keepalive })).json()) as { total: number }).total > 0;
    for (;;) {
      const round = every
        ? await Promise.all(Array.from({ length: 8 }, () => found(false)))
        : [await found(true)];
      if (round.every(Boolean)) break;
      if (performance.now() - acked > 10_000) throw new Error(`probe ${n} not searchable`);
    }
    times[every ? "every" : "one"].push(performance.now() - acked);
  }
  const figures = (t: number[]) =>
    `p50 ${percentile(t, 50).toFixed(1)} ms, p99 ${percentile(t, 99).toFixed(1)} ms, max ${Math.max(...t).toFixed(1)} ms`;
  log(`${threads} search thread(s), import acknowledged -> searchable (${PROBES} probes each):`);
  log(`  on one keep-alive connection: ${figures(times.one)}`);
  log(`  on every thread (rounds of 8 new connections): ${figures(times.every)}`);
}
