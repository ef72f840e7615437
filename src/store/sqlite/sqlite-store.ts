import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { AppError } from "../../errors.ts";
import type { CategoryDraft, ProductDraft } from "../../model/drafts.ts";
import type { FeedRun, FeedState, RegisteredFeed } from "../../model/feeds.ts";
import type { MerchRule } from "../../model/merchandising.ts";
import type {
  CategoryRecord,
  ChangeEntry,
  DomainRecord,
  ProductRecord,
} from "../../model/records.ts";
import type { SynonymSet } from "../../model/synonyms.ts";
import { planCategoryBatch } from "../../rules/plan-category-batch.ts";
import { type BatchPlan, planProductBatch } from "../../rules/plan-product-batch.ts";
import type {
  AnalyticsPeriod,
  AnalyticsReport,
  BatchOptions,
  CatalogCounts,
  ChangeLog,
  PrimaryStore,
  ProductDay,
  QueryActions,
  Rotation,
  SearchEvent,
  ShopperAction,
  TokenPair,
  WriteResult,
} from "../store.ts";
import { Waiters } from "../waiters.ts";
import { WriteFaults } from "../write-faults.ts";
import { SqliteActionStats } from "./action-stats.ts";
import { ensureDataDir } from "./data-dir-lock.ts";
import { openDatabaseFile, openRefusal } from "./database-file.ts";
import { SqliteFeedStore } from "./feed-store.ts";
import { migrate } from "./migrations.ts";
import { SqliteSearchStats } from "./search-stats.ts";
import { sqliteFaultOf } from "./storage-faults.ts";

type Row = Record<string, unknown>;

/** The SQLite file of a data dir. */
export const sqliteFile = (dataDir: string) => join(dataDir, "vitrina.sqlite");

const DOMAIN_COLUMNS =
  "id, name, secret_token, search_token, created_at, allowed_origins, retired_search_token, retired_search_until";
type DomainRow = Omit<
  DomainRecord,
  "allowed_origins" | "retired_search_token" | "retired_search_until"
> & {
  allowed_origins: string | null;
  retired_search_token: string | null;
  retired_search_until: number | null;
};

/** A domains row as a record: the origins list only when the domain has one (migration 4). */
const domainOf = ({
  allowed_origins,
  retired_search_token,
  retired_search_until,
  ...d
}: DomainRow): DomainRecord => ({
  ...d,
  ...(allowed_origins === null ? {} : { allowed_origins: JSON.parse(allowed_origins) }),
  ...(retired_search_token === null || retired_search_until === null
    ? {}
    : { retired_search_token, retired_search_until }),
});

const statements = (db: Database) => ({
  productSources: db.prepare("SELECT source_id FROM products WHERE domain_id = ?"),
  productsBySource: db.prepare(
    `SELECT source_id, doc FROM products
     WHERE domain_id = ? AND source_id IN (SELECT value FROM json_each(?))`,
  ),
  upsertProduct: db.prepare(
    `INSERT INTO products (id, domain_id, source_id, group_id, doc, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at`,
  ),
  feedDigests: db.prepare("SELECT source_id, digest FROM feed_digests WHERE domain_id = ?"),
  keepDigest: db.prepare(
    `INSERT INTO feed_digests (domain_id, source_id, digest) VALUES (?, ?, ?)
         ON CONFLICT DO UPDATE SET digest = excluded.digest`,
  ),
  categoryIdBySource: db.prepare("SELECT id FROM categories WHERE domain_id = ? AND source_id = ?"),
  categoryParent: db.prepare(
    "SELECT parent_source_id AS parent FROM categories WHERE domain_id = ? AND source_id = ?",
  ),
  upsertCategory: db.prepare(
    `INSERT INTO categories (id, domain_id, source_id, parent_source_id, doc, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET parent_source_id = excluded.parent_source_id,
           doc = excluded.doc, updated_at = excluded.updated_at`,
  ),
  deleteProducts: db.prepare(
    `DELETE FROM products WHERE domain_id = ? AND source_id IN (SELECT value FROM json_each(?))
     RETURNING id, source_id`,
  ),
  markDeletedId: db.prepare(
    `INSERT INTO id_marks (name, id) VALUES ('products', ?)
         ON CONFLICT (name) DO UPDATE SET id = max(id, excluded.id)`,
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
  synonyms: db.prepare("SELECT sets FROM domain_synonyms WHERE domain_id = ?"),
  setSynonyms: db.prepare(
    `INSERT INTO domain_synonyms (domain_id, sets, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (domain_id) DO UPDATE SET sets = excluded.sets, updated_at = excluded.updated_at`,
  ),
  rules: db.prepare("SELECT rules FROM domain_rules WHERE domain_id = ?"),
  setRules: db.prepare(
    `INSERT INTO domain_rules (domain_id, rules, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (domain_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
  ),
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
  private readonly actions: SqliteActionStats;
  private readonly feeds: SqliteFeedStore;
  /** What the writes found: a damaged file stops them, a full disk lasts until one succeeds. */
  private readonly faults = new WriteFaults();
  private readonly file: string;

  constructor(
    dataDir: string,
    options: { synchronous?: "normal" | "full"; verify?: "pages" | "schema" } = {},
  ) {
    ensureDataDir(dataDir);
    this.file = sqliteFile(dataDir);
    this.db = openDatabaseFile(this.file, {
      verify: options.verify ?? "schema",
      init: (db) => {
        // A product row is 2-4 KB of JSON: on SQLite's default 4 KiB pages nearly every row
        // splits a page, and an insert cost 20 us; on 16 KiB pages, 5 us. Only a new file takes it.
        db.exec("PRAGMA page_size = 16384");
        migrate(db);
      },
    });
    try {
      this.db.exec("PRAGMA journal_mode = WAL");
      this.db.exec(`PRAGMA synchronous = ${options.synchronous === "full" ? "FULL" : "NORMAL"}`);
      this.db.exec("PRAGMA busy_timeout = 5000");
      // The server checkpoints from a thread of its own (checkpointer.ts). This threshold
      // (~160 MiB of WAL instead of SQLite's default 4 MiB) is the safety net, and what the
      // CLI's short-lived connections use.
      this.db.exec("PRAGMA wal_autocheckpoint = 10000");
      this.db.exec("PRAGMA foreign_keys = ON");
      migrate(this.db);
    } catch (error) {
      // A full disk at start fails here (the WAL, its index, a migration): one line, not a stack.
      this.db.close();
      throw openRefusal(this.file, error);
    }
    const max = (table: string) =>
      (this.db.query(`SELECT coalesce(max(id), 0) AS m FROM ${table}`).get() as { m: number }).m;
    const deletedMark = this.db.query("SELECT id FROM id_marks WHERE name = 'products'").get() as {
      id: number;
    } | null;
    this.nextProductId = Math.max(max("products"), deletedMark?.id ?? 0) + 1;
    this.nextCategoryId = max("categories") + 1;
    this.q = statements(this.db);
    this.stats = new SqliteSearchStats(this.db);
    this.actions = new SqliteActionStats(this.db);
    this.feeds = new SqliteFeedStore(this.db, (work) => this.write(work));
  }

  /** The fault the last writes met (a damaged file, a full disk), while it lasts. */
  get fault(): AppError | null {
    return this.faults.current;
  }

  /** Runs a write (one transaction) unless the file is known damaged; storage faults as AppErrors. */
  private write<T>(work: () => T): T {
    this.faults.check();
    try {
      const done = work();
      this.faults.succeeded();
      return done;
    } catch (error) {
      throw this.faults.failed(sqliteFaultOf(error, this.file) ?? error);
    }
  }

  async createDomain(name: string, tokens: TokenPair): Promise<DomainRecord> {
    const exists = this.db.query("SELECT 1 FROM domains WHERE name = ?").get(name);
    if (exists) throw new AppError("domain_exists", { name });
    // The id comes from an AUTOINCREMENT sequence (migration 3): never one of a deleted domain.
    return this.write(() =>
      this.db.transaction(() => {
        const { id } = this.db
          .query("INSERT INTO domain_ids DEFAULT VALUES RETURNING id")
          .get() as {
          id: number;
        };
        this.db.query("DELETE FROM domain_ids").run();
        const row = this.db
          .query(
            `INSERT INTO domains (id, name, secret_token, search_token, created_at)
           VALUES (?, ?, ?, ?, ?) RETURNING ${DOMAIN_COLUMNS}`,
          )
          .get(id, name, tokens.secret_token, tokens.search_token, Date.now()) as DomainRow;
        return domainOf(row);
      })(),
    );
  }

  async listDomains(): Promise<DomainRecord[]> {
    return this.db
      .query(`SELECT ${DOMAIN_COLUMNS} FROM domains ORDER BY id`)
      .all()
      .map((row) => domainOf(row as DomainRow));
  }

  async setDomainTokens(name: string, rotation: Rotation): Promise<DomainRecord> {
    const row = this.write(() =>
      this.db
        .query(
          `UPDATE domains SET secret_token = ?, search_token = ?, retired_search_token = ?,
         retired_search_until = ? WHERE name = ? RETURNING ${DOMAIN_COLUMNS}`,
        )
        .get(
          rotation.secret_token,
          rotation.search_token,
          rotation.retired_search_token,
          rotation.retired_search_until,
          name,
        ),
    ) as DomainRow | null;
    if (!row) throw new AppError("domain_not_found", { name });
    return domainOf(row);
  }

  async setDomainOrigins(name: string, origins: string[]): Promise<DomainRecord> {
    const row = this.write(() =>
      this.db
        .query(`UPDATE domains SET allowed_origins = ? WHERE name = ? RETURNING ${DOMAIN_COLUMNS}`)
        .get(origins.length ? JSON.stringify(origins) : null, name),
    ) as DomainRow | null;
    if (!row) throw new AppError("domain_not_found", { name });
    return domainOf(row);
  }

  async deleteDomain(name: string): Promise<DomainRecord> {
    const d = this.db
      .query(`SELECT ${DOMAIN_COLUMNS} FROM domains WHERE name = ?`)
      .get(name) as DomainRow | null;
    if (!d) throw new AppError("domain_not_found", { name });
    // Every table with a domain_id column, whichever migration added it, then the domain.
    const tables = (
      this.db
        .query(
          `SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
           WHERE m.type = 'table' AND c.name = 'domain_id' AND m.name != 'domains'`,
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    this.write(() =>
      this.db.transaction(() => {
        for (const table of tables)
          this.db.run(`DELETE FROM "${table}" WHERE domain_id = ?`, [d.id]);
        this.db.run("DELETE FROM domains WHERE id = ?", [d.id]);
      })(),
    );
    return domainOf(d);
  }

  async writeProducts(
    domainId: number,
    drafts: readonly (ProductDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<ProductRecord> | null)[]> {
    const now = Date.now();
    return this.writeBatch(
      domainId,
      "products",
      options,
      () => {
        // One lookup for the whole batch: a query per item was a third of the write time.
        const stored = new Map<string, string>();
        const sourceIds = JSON.stringify(drafts.flatMap((d) => (d ? [d.source_id] : [])));
        for (const row of this.q.productsBySource.all(domainId, sourceIds) as Row[])
          stored.set(row.source_id as string, row.doc as string);
        const plan = planProductBatch(
          drafts,
          {
            product: (sourceId) => {
              const doc = stored.get(sourceId);
              return doc === undefined ? null : (JSON.parse(doc) as ProductRecord);
            },
            category: (id) => this.q.categoryIdBySource.get(domainId, id) !== null,
          },
          {
            log: options.log,
            now,
            // A dry run hands out no ids: the store's ids stay dense.
            newId: options.dryRun ? () => -1 : () => this.nextProductId++,
            skipUnchanged: options.skipUnchanged,
            assumeCategories: options.assumeCategories,
          },
        );
        if (options.dryRun) return { ...plan, log: false, warehouses: [] };
        for (const w of plan.warehouses) this.q.registerWarehouse.run(domainId, w);
        return plan;
      },
      options.dryRun
        ? () => {}
        : (r, json) => this.q.upsertProduct.run(r.id, domainId, r.source_id, r.group_id, json, now),
      // After the writes, whose trigger dropped the digests they replace (migration 15).
      (out) => {
        const digests = options.dryRun ? undefined : options.digests;
        if (digests)
          out.forEach((r, i) => {
            const digest = digests[i];
            if (r?.ok && digest) this.q.keepDigest.run(domainId, r.record.source_id, digest);
          });
      },
    );
  }

  async deleteProducts(
    domainId: number,
    sourceIds: readonly string[],
  ): Promise<{ deleted: string[]; seq: number }> {
    let seq = 0;
    const deleted = this.write(() =>
      this.db
        .transaction(() => {
          const rows = this.q.deleteProducts.all(domainId, JSON.stringify(sourceIds)) as {
            id: number;
            source_id: string;
          }[];
          if (rows.length === 0) return [];
          const ids = rows.map((r) => r.id);
          this.q.markDeletedId.run(Math.max(...ids));
          seq = (
            this.q.appendChange.get(domainId, "deletes", JSON.stringify(ids), Date.now()) as {
              seq: number;
            }
          ).seq;
          return rows.map((r) => r.source_id);
        })
        .immediate(),
    );
    if (seq) this.waiters.wake(domainId);
    return { deleted, seq };
  }

  async writeCategories(
    domainId: number,
    drafts: readonly (CategoryDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<CategoryRecord> | null)[]> {
    const now = Date.now();
    return this.writeBatch(
      domainId,
      "categories",
      options,
      () =>
        planCategoryBatch(
          drafts,
          {
            id: (source) =>
              ((this.q.categoryIdBySource.get(domainId, source) as Row | null)?.id as number) ??
              null,
            parent: (source) =>
              ((this.q.categoryParent.get(domainId, source) as Row | null)?.parent as number) ??
              null,
          },
          { log: options.log, now, newId: () => this.nextCategoryId++ },
        ),
      (r, json) =>
        this.q.upsertCategory.run(
          r.id,
          domainId,
          r.source_category_id,
          r.parent_id ?? null,
          json,
          now,
        ),
    );
  }

  /**
   * One batch in one transaction: the plan (rules/, against lookups inside the transaction),
   * the planned records written in item order, each serialised once, and the log entry when
   * the plan says so. IMMEDIATE: the batch reads before it writes, and another connection of
   * this process may write in between (domains); a deferred transaction would then fail
   * instead of waiting.
   */
  private writeBatch<T extends { id: number }>(
    domainId: number,
    kind: "products" | "categories",
    options: BatchOptions,
    plan: () => BatchPlan<T>,
    write: (record: T, json: string) => void,
    stored: (out: readonly (WriteResult<T> | null)[]) => void = () => {},
  ): (WriteResult<T> | null)[] {
    let seq = 0;
    const results = this.write(() =>
      this.db
        .transaction(() => {
          const planned = plan();
          let written = 0;
          const out = planned.items.map((item): WriteResult<T> | null => {
            if (!item?.ok) return item;
            if (item.unchanged) return { ...item, json: "null" };
            const json = JSON.stringify(item.record);
            write(item.record, json);
            written++;
            return { ...item, json };
          });
          stored(out);
          if (planned.log && (written > 0 || !options.skipUnchanged))
            seq = this.append(domainId, kind, out);
          return out;
        })
        .immediate(),
    );
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
    const ids = results.flatMap((r) => (r?.ok && !r.unchanged ? [r.record.id] : []));
    const row = this.q.appendChange.get(domainId, kind, JSON.stringify(ids), Date.now()) as {
      seq: number;
    };
    return row.seq;
  }

  async domainSynonyms(domainId: number): Promise<SynonymSet[]> {
    const row = this.q.synonyms.get(domainId) as { sets: string } | null;
    return row ? (JSON.parse(row.sets) as SynonymSet[]) : [];
  }

  async setDomainSynonyms(domainId: number, sets: readonly SynonymSet[]): Promise<number> {
    const seq = this.write(() =>
      this.db.transaction(() => {
        this.q.setSynonyms.run(domainId, JSON.stringify(sets), Date.now());
        return this.append(domainId, "synonyms", []);
      })(),
    );
    this.waiters.wake(domainId);
    return seq;
  }

  async domainRules(domainId: number): Promise<MerchRule[]> {
    const row = this.q.rules.get(domainId) as { rules: string } | null;
    return row ? (JSON.parse(row.rules) as MerchRule[]) : [];
  }

  async setDomainRules(domainId: number, rules: readonly MerchRule[]): Promise<number> {
    const seq = this.write(() =>
      this.db.transaction(() => {
        this.q.setRules.run(domainId, JSON.stringify(rules), Date.now());
        return this.append(domainId, "merchandising", []);
      })(),
    );
    this.waiters.wake(domainId);
    return seq;
  }

  domainFeeds(domainId: number): Promise<RegisteredFeed[]> {
    return this.feeds.domainFeeds(domainId);
  }

  setDomainFeeds(domainId: number, feeds: readonly RegisteredFeed[]): Promise<void> {
    return this.feeds.setDomainFeeds(domainId, feeds);
  }

  feedStates(domainId: number): Promise<FeedState[]> {
    return this.feeds.feedStates(domainId);
  }

  recordFeedRun(domainId: number, run: FeedRun, state: FeedState | null): Promise<void> {
    return this.feeds.recordFeedRun(domainId, run, state);
  }

  feedRuns(domainId: number): Promise<FeedRun[]> {
    return this.feeds.feedRuns(domainId);
  }

  claimFeed(domainId: number, url: string, owner: string, ms: number): Promise<boolean> {
    return this.feeds.claimFeed(domainId, url, owner, ms);
  }

  releaseFeed(domainId: number, url: string, owner: string): Promise<void> {
    return this.feeds.releaseFeed(domainId, url, owner);
  }

  async appendReindex(domainId: number): Promise<number> {
    const seq = this.write(() => this.append(domainId, "reindex", []));
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

  async feedDigests(domainId: number): Promise<Map<string, string>> {
    const rows = this.q.feedDigests.all(domainId) as { source_id: string; digest: string }[];
    return new Map(rows.map((r) => [r.source_id, r.digest]));
  }

  async productSources(domainId: number): Promise<string[]> {
    return (this.q.productSources.all(domainId) as { source_id: string }[]).map((r) => r.source_id);
  }

  async productsBySource(domainId: number, sourceIds: readonly string[]): Promise<ProductRecord[]> {
    const rows = this.q.productsBySource.all(domainId, JSON.stringify(sourceIds)) as Row[];
    return rows.map((r) => JSON.parse(r.doc as string) as ProductRecord);
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
    this.write(() => this.stats.record(events));
  }

  async pruneSearches(firstDay: string): Promise<void> {
    this.write(() => {
      this.stats.prune(firstDay);
      this.actions.prune(firstDay);
    });
  }

  async recordActions(actions: readonly ShopperAction[]): Promise<void> {
    this.write(() => this.actions.record(actions));
  }

  async queryActions(
    domainId: number,
    period: AnalyticsPeriod,
    queries: readonly string[],
  ): Promise<QueryActions[]> {
    return this.actions.queryActions(domainId, period, queries);
  }

  async productDays(domainId: number, from: string): Promise<ProductDay[]> {
    return this.actions.productDays(domainId, from);
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
    return this.write(() => this.stats.setBlocked(domainId, q, blocked));
  }

  async close(): Promise<void> {
    this.waiters.wakeAll();
    this.db.close();
  }
}
