// What a holder of the public search token can make one search cost (issue 12, point 3):
//  1. a q of 600 random words, against 20,000 generated products: the server's own time
//     (Server-Timing) and the words it searched (the answer's `query`)
//  2. a store of 2,000 products with 200 distinct filter values each (200 attributes of 2,000
//     values): the size and time of any search's answer, which carries the filters
// Each figure is the median of --runs searches, after 3 unmeasured ones; every search differs
// (other random words, another page) so that none is answered from the query cache.
// Usage: bun bench/search-input-caps.ts [--runs 20]
import { generateCategories, generateProducts } from "../src/sample-catalog/generate.ts";
import { Rng } from "../src/sample-catalog/prng.ts";
import { CATEGORIES, createDomain, PRODUCTS, post, startService } from "../test/http/harness.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const { runs } = flagsOf(
  commandSpec({
    command: "bun bench/search-input-caps.ts",
    about:
      "What one search can be made to cost: a q of 600 words, a store of 200 filters of 2,000 values.",
    flags: { runs: flag.int(20, "searches each figure is the median of") },
  }),
);
await using service = await startService();

async function importAll(token: string, items: unknown[], batch: number) {
  for (let i = 0; i < items.length; i += batch) {
    const r = await post(service, PRODUCTS, token, items.slice(i, i + batch));
    if (r.status !== 201 && r.status !== 200) throw new Error(`import: ${r.status}`);
  }
}

/** Medians of --runs searches; `path(i)` is the i-th (distinct queries miss the query cache). */
async function measure(path: (i: number) => string) {
  const times: number[] = [];
  const walls: number[] = [];
  let bytes = 0;
  let query = "";
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const r = await fetch(`${service.url}${path(i)}`);
    const body = await r.arrayBuffer();
    const wall = performance.now() - started;
    if (r.status !== 200) throw new Error(`search: ${r.status}`);
    if (i < 3) continue;
    bytes = body.byteLength;
    query = (JSON.parse(new TextDecoder().decode(body)) as { query: string }).query;
    times.push(Number(/dur=([\d.]+)/.exec(r.headers.get("server-timing") ?? "")?.[1]));
    walls.push(wall);
  }
  const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1] as number;
  return { serverMs: median(times), wallMs: median(walls), bytes, words: query.split(" ").length };
}

// 1. The long query.
const shop = await createDomain(service);
await post(service, CATEGORIES, shop.secret_token, generateCategories());
await importAll(shop.secret_token, [...generateProducts(1, 20_000)], 1000);
const rng = new Rng(7);
const letters = "абвгдеєжзиіїйклмнопрстуфхцчшщьюяabcdefghijklmnopqrstuvwxyz";
const word = () =>
  Array.from({ length: rng.int(3, 8) }, () => letters[rng.int(0, letters.length - 1)]).join("");
const long = await measure((i) => {
  const q = Array.from({ length: 600 }, word).join(" ");
  return `/api/v2/search/?q=${encodeURIComponent(q)}&token=${shop.search_token}&demo=true&uuid=${i}`;
});
console.log(
  `600 random words (~4,000 characters): server ${long.serverMs.toFixed(1)} ms, ` +
    `round trip ${long.wallMs.toFixed(1)} ms, ${long.words} words searched`,
);

// 2. The store of many filter values.
const facets = await createDomain(service);
await post(service, CATEGORIES, facets.secret_token, [
  { source_category_id: 1, translations: [{ language: "uk", name: "Товари" }] },
]);
const products = Array.from({ length: 2000 }, (_, i) => ({
  source_id: `f${i}`,
  code: `F-${i}`,
  source_category_id: 1,
  currency_code: "UAH",
  new_price: 100 + i,
  translations: [
    {
      language: "uk",
      name: `Товар ${i}`,
      url: `https://shop.example/p/${i}`,
      params: Array.from({ length: 200 }, (_, j) => ({
        name: `Властивість ${j}`,
        value: `значення ${i}-${j}`,
        is_filter: true,
      })),
    },
  ],
}));
await importAll(facets.secret_token, products, 100);
const wide = await measure(
  (i) => `/api/v2/search/?q=товар&token=${facets.search_token}&demo=true&page=${1 + (i % 5)}`,
);
console.log(
  `2,000 products x 200 filter values: answer ${(wide.bytes / 1024).toFixed(0)} KiB, ` +
    `server ${wide.serverMs.toFixed(1)} ms, round trip ${wide.wallMs.toFixed(1)} ms`,
);
