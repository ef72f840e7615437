import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../../errors.ts";
import { type ExistingProduct, mergeProduct, unknownCategory } from "../../import/merge-product.ts";
import type { CategoryDraft } from "../../import/validate-category.ts";
import type { ProductDraft } from "../../import/validate-product.ts";
import type {
  CategoryRecord,
  ChangeEntry,
  DomainRecord,
  ProductRecord,
  WarehouseStock,
} from "../../model/records.ts";
import type {
  AnalyticsPeriod,
  AnalyticsReport,
  BatchOptions,
  CatalogCounts,
  ChangeLog,
  PrimaryStore,
  SearchEvent,
  TokenPair,
  WriteResult,
} from "../store.ts";
import { Waiters } from "../waiters.ts";
import { migrate } from "./migrations.ts";
import { SqliteSearchStats } from "./search-stats.ts";

type Row = Record<string, unknown>;

/** The SQLite file of a data dir. */
export const sqliteFile = (dataDir: string) => join(dataDir, "vitrina.sqlite");

/** What a batch knows of a product already written: from the lookup, or earlier in the batch. */
interface StoredProduct {
  id: number;
  source_id: string;
  group_id: string | null;
  warehouses?: WarehouseStock[];
}

const statements = (db: Database) => ({
  productsBySource: db.prepare(
    `SELECT id, group_id, source_id FROM products
     WHERE domain_id = ? AND source_id IN (SELECT value FROM json_each(?))`,
  ),
  warehousesOf: db.prepare(
    "SELECT json_extract(doc, '$.warehouses') AS w FROM products WHERE id = ?",
  ),
  upsertProduct: db.prepare(
    `INSERT INTO products (id, domain_id, source_id, group_id, doc, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at`,
  ),
  categoryIdBySource: db.prepare("SELECT id FROM categories WHERE domain_id = ? AND source_id = ?"),
  upsertCategory: db.prepare(
    `INSERT INTO categories (id, domain_id, source_id, doc, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at`,
  ),
  registerWarehouse: db.prepare(
    "INSERT INTO warehouses (domain_id, external_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
  ),
  appendChange: db.prepare(
    "INSERT INTO changes (domain_id, kind, ids, created_at) VALUES (?, ?, ?, ?) RETURNING seq",
  ),
  readChanges: db.prepare(
    "SELECT seq, domain_id, kind, ids FROM changes WHERE domain_id = ? AND seq > ? ORDER BY seq LIMIT ?",
  ),
  head: db.prepare("SELECT coalesce(max(seq), 0) AS seq FROM changes WHERE domain_id = ?"),
});

/**
 * The embedded primary store and change log: one SQLite file in WAL mode. A commit reaches the
 * WAL file with write() before the call returns, so an acknowledged batch survives kill -9 of
 * the process with synchronous=NORMAL; FULL (an fsync per commit) is only needed against power
 * loss and is the `--sync full` setting.
 */
export class SqliteStore implements PrimaryStore, ChangeLog {
  readonly kind = "sqlite" as const;
  readonly db: Database;
  private readonly waiters = new Waiters();
  private nextProductId: number;
  private nextCategoryId: number;
  private readonly q: ReturnType<typeof statements>;
  private readonly stats: SqliteSearchStats;

  constructor(dataDir: string, options: { synchronous?: "normal" | "full" } = {}) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(sqliteFile(dataDir), { create: true, strict: true });
    // A product row is 2-4 KB of JSON: on SQLite's default 4 KiB pages nearly every row splits
    // a page, and an insert cost 20 us; on 16 KiB pages, 5 us. Takes effect on a new file only.
    this.db.exec("PRAGMA page_size = 16384");
    this.db.exec("PRAGMA journal_mode = WAL");
    this.db.exec(`PRAGMA synchronous = ${options.synchronous === "full" ? "FULL" : "NORMAL"}`);
    this.db.exec("PRAGMA busy_timeout = 5000");
    // The server checkpoints from a thread of its own (checkpointer.ts). This threshold
    // (~160 MiB of WAL instead of SQLite's default 4 MiB) is the safety net, and what the
    // CLI's short-lived connections use.
    this.db.exec("PRAGMA wal_autocheckpoint = 10000");
    this.db.exec("PRAGMA foreign_keys = ON");
    migrate(this.db);
    const max = (table: string) =>
      (this.db.query(`SELECT coalesce(max(id), 0) AS m FROM ${table}`).get() as { m: number }).m;
    this.nextProductId = max("products") + 1;
    this.nextCategoryId = max("categories") + 1;
    this.q = statements(this.db);
    this.stats = new SqliteSearchStats(this.db);
  }

  async createDomain(name: string, tokens: TokenPair): Promise<DomainRecord> {
    const exists = this.db.query("SELECT 1 FROM domains WHERE name = ?").get(name);
    if (exists) throw new AppError("domain_exists", { name });
    return this.db
      .query(
        `INSERT INTO domains (name, secret_token, search_token, created_at) VALUES (?, ?, ?, ?)
         RETURNING id, name, secret_token, search_token, created_at`,
      )
      .get(name, tokens.secret_token, tokens.search_token, Date.now()) as DomainRecord;
  }

  async listDomains(): Promise<DomainRecord[]> {
    return this.db
      .query("SELECT id, name, secret_token, search_token, created_at FROM domains ORDER BY id")
      .all() as DomainRecord[];
  }

  async setDomainTokens(name: string, tokens: TokenPair): Promise<DomainRecord> {
    const row = this.db
      .query(
        `UPDATE domains SET secret_token = ?, search_token = ? WHERE name = ?
         RETURNING id, name, secret_token, search_token, created_at`,
      )
      .get(tokens.secret_token, tokens.search_token, name) as DomainRecord | null;
    if (!row) throw new AppError("domain_not_found", { name });
    return row;
  }

  async writeProducts(
    domainId: number,
    drafts: readonly (ProductDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<ProductRecord> | null)[]> {
    const now = Date.now();
    const categories = new Map<string, boolean>();
    const warehouses = new Set<string>();
    let seq = 0;
    // IMMEDIATE: the batch reads before it writes, and another connection of this process may
    // write in between (domains); a deferred transaction would then fail instead of waiting.
    const results = this.db
      .transaction(() => {
        let allOk = options.log;
        // One lookup for the whole batch: a query per item was a third of the write time.
        const existingBySource = new Map<string, StoredProduct>();
        const sourceIds = JSON.stringify(drafts.flatMap((d) => (d ? [d.source_id] : [])));
        for (const row of this.q.productsBySource.all(domainId, sourceIds) as StoredProduct[])
          existingBySource.set(row.source_id, row);
        const out = drafts.map((draft): WriteResult<ProductRecord> | null => {
          if (!draft) return null;
          let known = categories.get(draft.source_category_id);
          if (known === undefined) {
            const id = /^[1-9][0-9]{0,14}$/.test(draft.source_category_id)
              ? this.q.categoryIdBySource.get(domainId, Number(draft.source_category_id))
              : null;
            known = id !== null && id !== undefined;
            categories.set(draft.source_category_id, known);
          }
          if (!known) {
            allOk = false;
            return { ok: false, errors: unknownCategory(draft.source_category_id) };
          }
          const stored = existingBySource.get(draft.source_id);
          const existing: ExistingProduct | null = stored
            ? {
                id: stored.id,
                group_id: stored.group_id,
                warehouses:
                  draft.warehouses !== undefined
                    ? []
                    : (stored.warehouses ??
                      (JSON.parse(
                        (this.q.warehousesOf.get(stored.id) as { w: string | null }).w ?? "[]",
                      ) as WarehouseStock[])),
              }
            : null;
          const merged = mergeProduct(draft, existing, { newId: this.nextProductId, now });
          if (!merged.ok) {
            allOk = false;
            return merged;
          }
          const r = merged.record;
          if (!existing) this.nextProductId++;
          for (const w of r.warehouses) {
            if (warehouses.has(w.external_id)) continue;
            warehouses.add(w.external_id);
            this.q.registerWarehouse.run(domainId, w.external_id);
          }
          const json = JSON.stringify(r);
          this.q.upsertProduct.run(r.id, domainId, r.source_id, r.group_id, json, now);
          existingBySource.set(r.source_id, r);
          return { ok: true, status: existing ? 200 : 201, record: r, json };
        });
        if (allOk) seq = this.append(domainId, "products", out);
        return out;
      })
      .immediate();
    if (seq) {
      this.waiters.wake(domainId);
      options.onLogged?.(seq);
    }
    return results;
  }

  async writeCategories(
    domainId: number,
    drafts: readonly (CategoryDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<CategoryRecord> | null)[]> {
    const now = Date.now();
    let seq = 0;
    const results = this.db
      .transaction(() => {
        const out = drafts.map((draft): WriteResult<CategoryRecord> | null => {
          if (!draft) return null;
          const row = this.q.categoryIdBySource.get(
            domainId,
            draft.source_category_id,
          ) as Row | null;
          const id = row ? (row.id as number) : this.nextCategoryId++;
          const record: CategoryRecord = { id, ...draft, updated_at: now };
          const json = JSON.stringify(record);
          this.q.upsertCategory.run(id, domainId, draft.source_category_id, json, now);
          return { ok: true, status: row ? 200 : 201, record, json };
        });
        if (options.log) seq = this.append(domainId, "categories", out);
        return out;
      })
      .immediate();
    if (seq) {
      this.waiters.wake(domainId);
      options.onLogged?.(seq);
    }
    return results;
  }

  private append(
    domainId: number,
    kind: ChangeEntry["kind"],
    results: readonly (WriteResult<{ id: number }> | null)[],
  ): number {
    const ids = results.flatMap((r) => (r?.ok ? [r.record.id] : []));
    const row = this.q.appendChange.get(domainId, kind, JSON.stringify(ids), Date.now()) as {
      seq: number;
    };
    return row.seq;
  }

  async appendReindex(domainId: number): Promise<number> {
    const seq = this.append(domainId, "reindex", []);
    this.waiters.wake(domainId);
    return seq;
  }

  async head(domainId: number): Promise<number> {
    return (this.q.head.get(domainId) as { seq: number }).seq;
  }

  async read(domainId: number, afterSeq: number, limit: number): Promise<ChangeEntry[]> {
    const rows = this.q.readChanges.all(domainId, afterSeq, limit) as Row[];
    return rows.map((r) => ({
      seq: r.seq as number,
      domain_id: r.domain_id as number,
      kind: r.kind as ChangeEntry["kind"],
      ids: JSON.parse(r.ids as string) as number[],
    }));
  }

  wake(domainId: number): void {
    this.waiters.wake(domainId);
  }

  waitFor(domainId: number, afterSeq: number, timeoutMs: number): Promise<void> {
    const head = this.q.head.get(domainId) as { seq: number };
    if (head.seq > afterSeq) return Promise.resolve();
    return this.waiters.wait(domainId, timeoutMs);
  }

  async getProducts(domainId: number, ids: readonly number[]): Promise<ProductRecord[]> {
    const found = this.docsByIds("products", domainId, [...new Set(ids)]) as ProductRecord[];
    return found.sort((a, b) => a.id - b.id);
  }

  async getCategories(domainId: number, ids: readonly number[]): Promise<CategoryRecord[]> {
    return this.docsByIds("categories", domainId, ids) as CategoryRecord[];
  }

  private docsByIds(table: string, domainId: number, ids: readonly number[]): unknown[] {
    const out: unknown[] = [];
    // json_each keeps one prepared statement for any number of ids.
    const rows = this.db
      .query(
        `SELECT doc FROM ${table} WHERE domain_id = ? AND id IN (SELECT value FROM json_each(?))`,
      )
      .all(domainId, JSON.stringify(ids)) as { doc: string }[];
    for (const r of rows) out.push(JSON.parse(r.doc));
    return out;
  }

  async allProducts(domainId: number): Promise<ProductRecord[]> {
    return this.allDocs("products", domainId) as ProductRecord[];
  }

  async *productPages(domainId: number, size: number): AsyncIterable<ProductRecord[]> {
    const page = this.db.query(
      "SELECT id, doc FROM products WHERE domain_id = ? AND id > ? ORDER BY id LIMIT ?",
    );
    for (let after = 0; ; ) {
      const rows = page.all(domainId, after, size) as { id: number; doc: string }[];
      if (rows.length === 0) return;
      after = (rows[rows.length - 1] as { id: number }).id;
      yield rows.map((r) => JSON.parse(r.doc) as ProductRecord);
    }
  }

  async allCategories(domainId: number): Promise<CategoryRecord[]> {
    return this.allDocs("categories", domainId) as CategoryRecord[];
  }

  private allDocs(table: string, domainId: number): unknown[] {
    const rows = this.db
      .query(`SELECT doc FROM ${table} WHERE domain_id = ? ORDER BY id`)
      .all(domainId) as { doc: string }[];
    return rows.map((r) => JSON.parse(r.doc));
  }

  async counts(domainId: number): Promise<CatalogCounts> {
    const n = (table: string) =>
      (
        this.db.query(`SELECT count(*) AS n FROM ${table} WHERE domain_id = ?`).get(domainId) as {
          n: number;
        }
      ).n;
    return { products: n("products"), categories: n("categories"), warehouses: n("warehouses") };
  }

  async recordSearches(events: readonly SearchEvent[]): Promise<void> {
    this.stats.record(events);
  }

  async pruneSearches(firstDay: string): Promise<void> {
    this.stats.prune(firstDay);
  }

  async analyticsReport(
    domainId: number,
    period: AnalyticsPeriod,
    limit: number,
  ): Promise<AnalyticsReport> {
    return this.stats.report(domainId, period, limit);
  }

  async popularQueries(
    domainId: number,
    options: { from: string; minShoppers: number; limit: number },
  ): Promise<string[]> {
    return this.stats.popular(domainId, options);
  }

  async blockedSuggestions(domainId: number): Promise<string[]> {
    return this.stats.blocked(domainId);
  }

  async setSuggestionBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean> {
    return this.stats.setBlocked(domainId, q, blocked);
  }

  async close(): Promise<void> {
    this.waiters.wakeAll();
    this.db.close();
  }
}
