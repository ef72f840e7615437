// The writer thread's own work per item, in process (issue 20, point 3): parse, validate,
// merge with the stored record, write one SQLite transaction, encode the answer. A fresh import
// of 1,000-item batches, then 100-item batches that change only each product's offer (new
// price, old price, availability: what a price feed sends), as the benchmark of the mixed load
// streams them. Nothing of HTTP, the indexer or the search threads: what is left is the thread
// that `--import-nice` puts behind the searches.
//   bun bench/import-thread.ts [--products 20000] [--rounds 4]   (bun --cpu-prof for a profile)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeAnswer } from "../src/import/import-answer.ts";
import { ImportService } from "../src/import/import-service.ts";
import { generateCatalog, generateProducts } from "../src/sample-catalog/generate.ts";
import type { ProductItem } from "../src/sample-catalog/types.ts";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/import-thread.ts",
    about:
      "The writer thread's own work per item, in process: a fresh import, then offer-only changes.",
    flags: {
      products: flag.int(20_000, "products of the fresh import"),
      rounds: flag.int(4, "rounds of offer changes of every product"),
    },
  }),
);
const products = values.products;
const rounds = values.rounds;
const dir = mkdtempSync(join(tmpdir(), "vitrina-import-thread-"));
const store = new SqliteStore(dir);
try {
  const d = await store.createDomain("bench", { secret_token: "s", search_token: "q" });
  const imports = new ImportService(store, { maxItems: 10_000 });
  const encode = (items: unknown[]) => new TextEncoder().encode(JSON.stringify(items));
  const run = async (bodies: Uint8Array[], expected: number) => {
    const started = performance.now();
    for (const body of bodies) {
      const r = await imports.importProducts(d.id, body);
      if (r.status !== expected) throw new Error(`batch answered ${r.status}`);
      encodeAnswer(r);
    }
    return performance.now() - started;
  };
  await imports.importCategories(
    d.id,
    encode(generateCatalog({ seed: 1, products: 0 }).categories),
  );
  const all = [...generateProducts(1, products)];
  const fresh: Uint8Array[] = [];
  for (let i = 0; i < products; i += 1000) fresh.push(encode(all.slice(i, i + 1000)));
  const freshMs = await run(fresh, 201);
  // Offer-only changes: the same items with a new price pair and availability.
  const batches = products / 100;
  const offers = Array.from({ length: batches }, (_, k) =>
    encode(
      Array.from({ length: 100 }, (_, i) => {
        const p = all[(k * 100 + i) % products] as ProductItem;
        const price = Math.round((p.new_price ?? 100) * (0.8 + ((k + i) % 10) / 50));
        return { ...p, new_price: price, old_price: price + 100, availability: (k + i) % 7 > 0 };
      }),
    ),
  );
  await run(offers, 200); // compiled once before the clock
  let offerMs = 0;
  for (let r = 0; r < rounds; r++) offerMs += await run(offers, 200);
  const perItem = (ms: number, n: number) => ((ms / n) * 1000).toFixed(1);
  console.log(
    `fresh products: ${Math.round((products / freshMs) * 1000)}/s (${perItem(freshMs, products)} µs each); ` +
      `offer-only changes: ${Math.round(((rounds * products) / offerMs) * 1000)}/s (${perItem(offerMs, rounds * products)} µs each)`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
