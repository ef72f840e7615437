// The server side of the benchmarks: what a benchmark's `serve` is started with, a catalog
// imported over HTTP as a store's client would send it, and the batches of a price stream.
import { type CatalogSource, PROJECT_CATALOG } from "../../test/fixtures/catalogs/index.ts";

const BATCH = 1000;

export async function postJson(url: string, token: string, body: string): Promise<number> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-secret-token": token },
    body,
  });
  await r.arrayBuffer();
  return r.status;
}

/**
 * Imports the generated catalog of `seed` into a domain over HTTP: its categories, then
 * `products` products in batches of 1,000, serialised ahead of each send by a producer and sent
 * by `clients` workers (4 unless said).
 */
export async function importCatalog(
  base: string,
  secretToken: string,
  o: {
    seed: number;
    /** Concurrent senders (default 4); one is the fresh import issue 20 holds a stream against. */
    clients?: number;
    products: number;
    onProgress?: (imported: number) => void;
    /** Where the items come from (default: the project's generator). */
    catalog?: CatalogSource;
  },
): Promise<void> {
  const source = o.catalog ?? PROJECT_CATALOG;
  const categories = source.categories();
  await postJson(`${base}/api/v2/content/category/bulk/`, secretToken, JSON.stringify(categories));
  const iterator = source.products(o.seed, o.products)[Symbol.iterator]();
  const nextBatch = (): string | null => {
    const items: unknown[] = [];
    for (let k = 0; k < BATCH; k++) {
      const r = iterator.next();
      if (r.done) break;
      items.push(r.value);
    }
    return items.length ? JSON.stringify(items) : null;
  };
  let imported = 0;
  await Promise.all(
    Array.from({ length: o.clients ?? 4 }, async () => {
      for (let body = nextBatch(); body; body = nextBatch()) {
        const status = await postJson(`${base}/api/v2/content/product/bulk/`, secretToken, body);
        if (status !== 201 && status !== 200) throw new Error(`import batch answered ${status}`);
        imported += BATCH;
        o.onProgress?.(imported);
      }
    }),
  );
}

/** The flags of a benchmark's `serve`: it measures what a node holds, no limit or shedding may cut it short. */
export const benchServeArgs = (redisUrl: string | null): string[] => [
  ...(redisUrl ? ["--redis-url", redisUrl] : []),
  ...[
    "--search-rate",
    "0",
    "--shed-lag",
    "0",
    "--search-cpu-share",
    "0",
    "--import-cpu-share",
    "0",
  ],
];

/**
 * Batch `n` of price updates: 1,000 products of the catalog from `n * 1,000` on (wrapping round
 * within the catalog, so that each is an update), each
 * 1-10% cheaper than generated, to the cent (never above its old price, which the import would
 * refuse; one without a price as it is).
 */
export function priceUpdates(
  seed: number,
  products: number,
  n: number,
  catalog: CatalogSource = PROJECT_CATALOG,
): string {
  const start = (n * BATCH) % Math.max(1, products - BATCH + 1);
  const items = [...catalog.products(seed, Math.min(BATCH, products), start)];
  const cut = (price: number, k: number) => Math.round(price * (99 - ((n + k) % 10))) / 100;
  return JSON.stringify(
    items.map((p, k) => (p.new_price === undefined ? p : { ...p, new_price: cut(p.new_price, k) })),
  );
}
