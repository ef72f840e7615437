// What the server's integrity check at start costs (issue 34, point 2): a store of N products
// written through the import service into a real SQLite file, then, each on a new connection
// with a cold page cache, `PRAGMA quick_check` (what `serve` runs before it listens) beside
// reading every product row and parsing it, which the start does anyway to build the indexes.
//   bun bench/integrity-check.ts [--products 1000000] [--catalog project|feed] [--dir DIR]
// With --dir the store is kept there and reused by the next run of the same size.
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImportService } from "../src/import/import-service.ts";
import { damageOf } from "../src/store/sqlite/database-file.ts";
import { SqliteStore, sqliteFile } from "../src/store/sqlite/sqlite-store.ts";
import { CATALOG_NAMES, catalogSource } from "../test/fixtures/catalogs/index.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/integrity-check.ts",
    about:
      "What the integrity check at start costs: PRAGMA quick_check beside reading every product.",
    flags: {
      products: flag.int(1_000_000, "products of the store"),
      catalog: flag.oneOf(
        CATALOG_NAMES,
        "project",
        "the project's generator or the feed catalog (test/fixtures/catalogs/)",
      ),
      dir: flag.text(null, "keep the store here, reused by the next run of the same size", "DIR"),
    },
  }),
);
const count = values.products;
const source = catalogSource(values.catalog);
const dir = values.dir ?? mkdtempSync(join(tmpdir(), "vitrina-integrity-"));

if (!existsSync(sqliteFile(dir))) {
  const store = new SqliteStore(dir);
  const d = await store.createDomain("bench", { secret_token: "s", search_token: "q" });
  const imports = new ImportService(store, { maxItems: 10_000 });
  const encode = (items: unknown[]) => new TextEncoder().encode(JSON.stringify(items));
  await imports.importCategories(d.id, encode(source.categories()));
  const started = performance.now();
  let batch: unknown[] = [];
  for (const p of source.products(1, count)) {
    batch.push(p);
    if (batch.length === 5000) {
      await imports.importProducts(d.id, encode(batch));
      batch = [];
    }
  }
  if (batch.length) await imports.importProducts(d.id, encode(batch));
  console.error(`wrote ${count} products in ${Math.round(performance.now() - started)} ms`);
  await store.close();
}

/** Milliseconds of `work` on a new connection: SQLite's page cache starts empty, the kernel's is warm, as at a restart. */
function timed(work: (db: Database) => void): number {
  const db = new Database(sqliteFile(dir), { readonly: true });
  const started = performance.now();
  work(db);
  const ms = performance.now() - started;
  db.close();
  return Math.round(ms);
}

const checkMs = timed((db) => {
  const damage = damageOf(db);
  if (damage) throw new Error(`damaged: ${damage}`);
});
const readMs = timed((db) => {
  for (const row of db.query("SELECT doc FROM products").iterate() as Iterable<{ doc: string }>)
    JSON.parse(row.doc);
});
const bytes = statSync(sqliteFile(dir)).size;
console.log(
  JSON.stringify({
    catalog: values.catalog,
    products: count,
    file_mb: Math.round(bytes / 2 ** 20),
    quick_check_ms: checkMs,
    read_every_product_ms: readMs,
    ratio: Number((checkMs / readMs).toFixed(2)),
  }),
);
if (!values.dir) rmSync(dir, { recursive: true, force: true });
