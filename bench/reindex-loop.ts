// Another store's searches beside a loop of one store's reindexes (issue 34, fault 6): a store
// of 8,000 products sends `POST /api/v2/content/reindex/` back to back for 10 s while a store
// of 500 products searches one query at a time (each query and page once, so no answer comes
// from the cache); the same searches alone first. Prints their p50 and p99 and the reindex
// calls' statuses.
//
//   bun bench/reindex-loop.ts [--search-threads 2] [--cli OTHER/src/cli.ts]
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { CATEGORIES, createDomain, PRODUCTS, post, startService } from "../test/http/harness.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const { searchThreads, cli } = flagsOf(
  commandSpec({
    command: "bun bench/reindex-loop.ts",
    about: "Another store's searches beside a loop of one store's reindexes, and alone first.",
    flags: {
      searchThreads: flag.int(2, "passed to serve"),
      cli: flag.text(null, "another checkout's src/cli.ts: that version is run", "FILE"),
    },
  }),
);
await using service = await startService({
  args: [
    "--import-cpu-share",
    "20",
    "--search-cpu-share",
    "10",
    "--search-rate",
    "0",
    "--search-threads",
    String(searchThreads),
  ],
  ...(cli ? { cli } : {}),
});
const big = await createDomain(service, "big");
const small = await createDomain(service, "small");
const a = generateCatalog({ seed: 1, products: 8000 });
await post(service, CATEGORIES, big.secret_token, a.categories);
for (let i = 0; i < a.products.length; i += 2000)
  await post(service, PRODUCTS, big.secret_token, a.products.slice(i, i + 2000));
const b = generateCatalog({ seed: 2, products: 500 });
await post(service, CATEGORIES, small.secret_token, b.categories);
await post(service, PRODUCTS, small.secret_token, b.products);
const words = b.products
  .flatMap((p) => (p.translations[0]?.name ?? "").split(" "))
  .filter((w) => w.length > 3);
let k = 0;
async function searches(ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const q = `${words[k % words.length]}`;
    const page = 1 + (Math.floor(k / words.length) % 50);
    k++;
    const t = performance.now();
    await (
      await fetch(
        `${service.url}/api/v2/search/?q=${encodeURIComponent(q)}&page=${page}&token=${small.search_token}`,
      )
    ).text();
    out.push(performance.now() - t);
  }
  return out;
}
const p = (xs: number[], q: number) =>
  [...xs].sort((x, y) => x - y)[Math.floor(q * (xs.length - 1))]?.toFixed(1);
await Bun.sleep(2000);
const quiet = await searches(10_000);
let looping = true;
const statuses: Record<number, number> = {};
const loop = (async () => {
  while (looping) {
    const r = await fetch(`${service.url}/api/v2/content/reindex/`, {
      method: "POST",
      headers: { "x-secret-token": big.secret_token },
    });
    await r.text();
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  }
})();
const beside = await searches(10_000);
looping = false;
await loop;
console.log(
  JSON.stringify({
    cli: cli ?? "this",
    quiet: { n: quiet.length, p50: p(quiet, 0.5), p99: p(quiet, 0.99) },
    beside: { n: beside.length, p50: p(beside, 0.5), p99: p(beside, 0.99) },
    reindex: statuses,
  }),
);
