import { AppError } from "../../errors.ts";
import type { CategoryDraft, ProductDraft } from "../../model/drafts.ts";
import type { FeedRun, FeedState, RegisteredFeed } from "../../model/feeds.ts";
import type { MerchRule } from "../../model/merchandising.ts";
import type { LoggedChange } from "../../model/offers.ts";
import type { CategoryRecord, DomainRecord, ProductRecord } from "../../model/records.ts";
import type { SynonymSet } from "../../model/synonyms.ts";
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
import { WriteFaults } from "../write-faults.ts";
import * as actions from "./action-stats.ts";
import { writeCategoryBatch } from "./category-batch.ts";
import { appendReindex, head, readLog, type Seen } from "./change-log.ts";
import { clusterRedis, connectCluster } from "./cluster-connection.ts";
import { ClusterTail } from "./cluster-tail.ts";
import { boundedRedis, connectRedis, guarded, type Redis, singleRedis } from "./connection.ts";
import * as registry from "./domain-registry.ts";
import * as feeds from "./feeds.ts";
import { domainKeys, registryKeys } from "./keys.ts";
import { DEFAULT_RETENTION, LogRetention, type RetentionOptions } from "./log-retention.ts";
import { type BatchHooks, writeProductBatch } from "./product-batch.ts";
import { deleteProducts } from "./product-delete.ts";
import * as stats from "./search-stats.ts";
import { StreamTail, type Tail } from "./stream-tail.ts";
import * as synonyms from "./synonyms.ts";

export interface RedisStoreOptions {
  retention?: Partial<RetentionOptions>;
  hooks?: BatchHooks;
  /**
   * Replicas a write must reach before it is acknowledged (WAIT), and how long it may wait;
   * short of them the call fails with `store_unavailable` (503, Retry-After) while the write
   * stays on the master (docs/ARCHITECTURE.md, "Redis Cluster").
   */
  wait?: { replicas: number; ms: number };
  /** How long a command may go unanswered before its call fails with `redis_timeout` (503). */
  timeoutMs?: number;
}

/** --redis-timeout's default: a stall answered well before a client's or balancer's own timeout. */
export const REDIS_TIMEOUT_MS = 3_000;

/**
 * The shared primary store and change log of the scale-out mode: records as JSON strings in
 * per-domain hashes, the change log as a Redis Stream per domain (keys.ts has the layout).
 * Same results as SqliteStore, call for call (test/contract runs both through one suite).
 * While Redis is away every call fails at once with `store_unavailable` (503) and the
 * connections come back by themselves.
 */
export class RedisStore implements PrimaryStore, ChangeLog {
  readonly kind = "redis" as const;
  readonly retention: LogRetention;
  /** What the writes found: Redis over its maxmemory lasts until a write succeeds. */
  private readonly faults = new WriteFaults();

  private constructor(
    readonly client: Redis,
    private readonly tail: Tail,
    private readonly disconnect: () => Promise<void>,
    private readonly options: RedisStoreOptions,
  ) {
    this.retention = new LogRetention(client, { ...DEFAULT_RETENTION, ...options.retention });
  }

  /** One Redis at `url`. */
  static async open(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const client = await connectRedis(url, "vitrina");
    const blocking = await connectRedis(url, "vitrina-tail").catch(async (error) => {
      await client.close();
      throw error;
    });
    const disconnect = async () => {
      // The tail's connection may still be parked in XREAD: it is dropped, not asked to quit.
      blocking.destroy();
      if (client.isReady) await client.close().catch(() => client.destroy());
      else client.destroy();
    };
    return new RedisStore(
      singleRedis(client, options.timeoutMs ?? REDIS_TIMEOUT_MS),
      new StreamTail(blocking, client),
      disconnect,
      options,
    );
  }

  /** A Redis Cluster found through its seed nodes (`host:port`). */
  static async openCluster(
    seeds: readonly string[],
    options: RedisStoreOptions = {},
  ): Promise<RedisStore> {
    const cluster = await connectCluster(seeds, "vitrina");
    const redis = boundedRedis(clusterRedis(cluster), options.timeoutMs ?? REDIS_TIMEOUT_MS);
    const disconnect = async () => {
      await cluster.close().catch(() => cluster.destroy());
    };
    return new RedisStore(redis, new ClusterTail(cluster, redis), disconnect, options);
  }

  /**
   * Acknowledged means replicated: the write just made under `key` must have reached the
   * configured number of replicas, or as many as its master has connected (ROLE): a shard left
   * without a replica (its master died and the replica took over, or the replica died) takes
   * writes on its master alone until one joins, as one Redis does. WAIT goes on the connection
   * that made the write (the slot's master) and counts the replicas holding every write of
   * that connection so far.
   */
  private async replicated(key: string): Promise<void> {
    const wait = this.options.wait;
    if (!wait || wait.replicas === 0) return;
    const [, , connected] = await this.client.sendBeside<[string, number, unknown[]]>(key, [
      "ROLE",
    ]);
    const want = Math.min(wait.replicas, connected?.length ?? 0);
    if (want === 0) return;
    const reached = await this.client.sendBeside<number>(key, [
      "WAIT",
      String(want),
      String(wait.ms),
    ]);
    if (reached < want) throw new AppError("store_unavailable", { retry_after: 1 });
  }

  /** The fault the last writes met (Redis over its maxmemory), while it lasts. */
  get fault(): AppError | null {
    return this.faults.current;
  }

  /** A write: outages as `store_unavailable`, and its fault noted (or ended) for /ready. */
  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      const done = await guarded(work);
      this.faults.succeeded();
      return done;
    } catch (error) {
      throw this.faults.failed(error);
    }
  }

  createDomain(name: string, tokens: TokenPair): Promise<DomainRecord> {
    return this.write(() => registry.createDomain(this.client, name, tokens));
  }

  listDomains(): Promise<DomainRecord[]> {
    return guarded(() => registry.listDomains(this.client));
  }

  setDomainTokens(name: string, rotation: Rotation): Promise<DomainRecord> {
    return this.write(() => registry.setDomainTokens(this.client, name, rotation));
  }

  setDomainOrigins(name: string, origins: string[]): Promise<DomainRecord> {
    return this.write(() => registry.setDomainOrigins(this.client, name, origins));
  }

  deleteDomain(name: string): Promise<DomainRecord> {
    return this.write(() => registry.deleteDomain(this.client, name));
  }

  /**
   * Calls `listener` whenever a domain is created or its tokens rotated, on any node, so
   * that this node's token cache follows (a rotated token must stop working everywhere).
   */
  async onDomainsChanged(listener: () => void): Promise<void> {
    const last = await guarded(() =>
      this.client.sendCommand<[string, string[]][]>([
        "XREVRANGE",
        registryKeys.changes,
        "+",
        "-",
        "COUNT",
        "1",
      ]),
    );
    this.tail.follow(registryKeys.changes, last[0]?.[0] ?? "0-0", listener);
  }

  async writeProducts(
    domainId: number,
    drafts: readonly (ProductDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<ProductRecord> | null)[]> {
    const { results, seq } = await this.write(async () => {
      const written = await writeProductBatch(
        this.client,
        domainId,
        drafts,
        options,
        this.options.hooks,
      );
      await this.replicated(domainKeys(domainId).log);
      return written;
    });
    if (seq) {
      this.tail.notify(domainKeys(domainId).log);
      options.onLogged?.(seq);
    }
    return results;
  }

  async deleteProducts(
    domainId: number,
    sourceIds: readonly string[],
  ): Promise<{ deleted: string[]; seq: number }> {
    const done = await this.write(async () => {
      const written = await deleteProducts(this.client, domainId, sourceIds);
      if (written.seq) await this.replicated(domainKeys(domainId).log);
      return written;
    });
    if (done.seq) this.tail.notify(domainKeys(domainId).log);
    return done;
  }

  async writeCategories(
    domainId: number,
    drafts: readonly (CategoryDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<CategoryRecord> | null)[]> {
    const { results, seq } = await this.write(async () => {
      const written = await writeCategoryBatch(this.client, domainId, drafts, options);
      await this.replicated(domainKeys(domainId).log);
      return written;
    });
    if (seq) {
      this.tail.notify(domainKeys(domainId).log);
      options.onLogged?.(seq);
    }
    return results;
  }

  domainSynonyms(domainId: number): Promise<SynonymSet[]> {
    return guarded(() => synonyms.domainSynonyms(this.client, domainId));
  }

  async setDomainSynonyms(domainId: number, sets: readonly SynonymSet[]): Promise<number> {
    const seq = await this.write(async () => {
      const done = await synonyms.setDomainSynonyms(this.client, domainId, sets);
      await this.replicated(domainKeys(domainId).log);
      return done;
    });
    this.tail.notify(domainKeys(domainId).log);
    return seq;
  }

  domainRules(domainId: number): Promise<MerchRule[]> {
    return guarded(() => synonyms.domainRules(this.client, domainId));
  }

  async setDomainRules(domainId: number, rules: readonly MerchRule[]): Promise<number> {
    const seq = await this.write(async () => {
      const done = await synonyms.setDomainRules(this.client, domainId, rules);
      await this.replicated(domainKeys(domainId).log);
      return done;
    });
    this.tail.notify(domainKeys(domainId).log);
    return seq;
  }

  domainFeeds(domainId: number): Promise<RegisteredFeed[]> {
    return guarded(() => feeds.domainFeeds(this.client, domainId));
  }

  setDomainFeeds(domainId: number, list: readonly RegisteredFeed[]): Promise<void> {
    return this.write(() => feeds.setDomainFeeds(this.client, domainId, list));
  }

  feedStates(domainId: number): Promise<FeedState[]> {
    return guarded(() => feeds.feedStates(this.client, domainId));
  }

  recordFeedRun(domainId: number, run: FeedRun, state: FeedState | null): Promise<void> {
    return this.write(() => feeds.recordFeedRun(this.client, domainId, run, state));
  }

  feedRuns(domainId: number): Promise<FeedRun[]> {
    return guarded(() => feeds.feedRuns(this.client, domainId));
  }

  claimFeed(domainId: number, url: string, owner: string, ms: number): Promise<boolean> {
    return this.write(() => feeds.claimFeed(this.client, domainId, url, owner, ms));
  }

  releaseFeed(domainId: number, url: string, owner: string): Promise<void> {
    return this.write(() => feeds.releaseFeed(this.client, domainId, url, owner));
  }

  async appendReindex(domainId: number): Promise<number> {
    const seq = await this.write(() => appendReindex(this.client, domainId));
    this.tail.notify(domainKeys(domainId).log);
    return seq;
  }

  async head(domainId: number): Promise<number> {
    const { seq, seen } = await guarded(() => head(this.client, domainId));
    this.remember(domainId, seen);
    return seq;
  }

  async read(domainId: number, afterSeq: number, limit: number): Promise<LoggedChange[]> {
    this.retention.applied(domainId, afterSeq);
    const at = this.seen.get(domainId)?.get(afterSeq);
    const applied = at === undefined ? undefined : { seq: afterSeq, at };
    const { entries, last } = await guarded(() =>
      readLog(this.client, domainId, afterSeq, limit, applied),
    );
    this.remember(domainId, last);
    return entries;
  }

  /**
   * Per domain, the `at` of the last few entries this node read (heads a rebuild starts from,
   * last entries of reads), by position: a read after one of them checks that the log still
   * holds that entry (change-log.ts, "A log that went back").
   */
  private readonly seen = new Map<number, Map<number, string>>();

  private remember(domainId: number, seen: Seen | null): void {
    if (!seen) return;
    const known = this.seen.get(domainId) ?? new Map<number, string>();
    this.seen.set(domainId, known);
    known.delete(seen.seq);
    known.set(seen.seq, seen.at);
    for (const oldest of known.keys()) {
      if (known.size <= 8) break;
      known.delete(oldest);
    }
  }

  /** XREAD BLOCK on the dedicated connection (stream-tail.ts); never rejects. */
  waitFor(domainId: number, afterSeq: number, timeoutMs: number): Promise<void> {
    this.retention.applied(domainId, afterSeq);
    return this.tail.wait(domainKeys(domainId).log, `${afterSeq}-0`, timeoutMs);
  }

  getProducts(domainId: number, ids: readonly number[]): Promise<ProductRecord[]> {
    return guarded(() => this.docsByIds(domainKeys(domainId).products, ids)) as Promise<
      ProductRecord[]
    >;
  }

  getCategories(domainId: number, ids: readonly number[]): Promise<CategoryRecord[]> {
    return guarded(() => this.docsByIds(domainKeys(domainId).categories, ids)) as Promise<
      CategoryRecord[]
    >;
  }

  // In ascending id order without repeats, as SQLite's `id IN (...)` gives them.
  private async docsByIds(key: string, ids: readonly number[]): Promise<unknown[]> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (unique.length === 0) return [];
    const docs = await this.client.sendCommand<(string | null)[]>([
      "HMGET",
      key,
      ...unique.map(String),
    ]);
    return docs.flatMap((d) => (d === null ? [] : [JSON.parse(d)]));
  }

  feedDigests(domainId: number): Promise<Map<string, string>> {
    const key = domainKeys(domainId).productDigests;
    return guarded(async () => {
      const flat = await this.client.sendCommand<string[]>(["HGETALL", key]);
      const out = new Map<string, string>();
      for (let i = 0; i < flat.length; i += 2) out.set(flat[i] as string, flat[i + 1] as string);
      return out;
    });
  }

  productSources(domainId: number): Promise<string[]> {
    const key = domainKeys(domainId).productSources;
    return guarded(() => this.client.sendCommand<string[]>(["HKEYS", key]));
  }

  productsBySource(domainId: number, sourceIds: readonly string[]): Promise<ProductRecord[]> {
    const keys = domainKeys(domainId);
    return guarded(async () => {
      const out: ProductRecord[] = [];
      // p-src values are "[id,rev,group_id]"; 1,000 fields a command keep each reply small.
      for (let at = 0; at < sourceIds.length; at += 1000) {
        const metas = await this.client.sendCommand<(string | null)[]>([
          "HMGET",
          keys.productSources,
          ...sourceIds.slice(at, at + 1000),
        ]);
        const ids = metas.flatMap((m) => (m ? [String(JSON.parse(m)[0])] : []));
        if (ids.length === 0) continue;
        const docs = await this.client.sendCommand<(string | null)[]>([
          "HMGET",
          keys.products,
          ...ids,
        ]);
        for (const d of docs) if (d) out.push(JSON.parse(d) as ProductRecord);
      }
      return out;
    });
  }

  allProducts(domainId: number): Promise<ProductRecord[]> {
    return guarded(() => this.allDocs(domainKeys(domainId).products)) as Promise<ProductRecord[]>;
  }

  /** HSCAN pages gathered to `size`; a product HSCAN repeats may come in two pages (upserts). */
  async *productPages(domainId: number, size: number): AsyncIterable<ProductRecord[]> {
    const key = domainKeys(domainId).products;
    // By id within a page: one patch must not carry a product twice.
    let page = new Map<string, string>();
    let cursor = "0";
    do {
      const [next, flat] = await guarded(() =>
        this.client.sendCommand<[string, string[]]>(["HSCAN", key, cursor, "COUNT", "1000"]),
      );
      for (let i = 0; i + 1 < flat.length; i += 2)
        page.set(flat[i] as string, flat[i + 1] as string);
      if (page.size >= size) {
        yield [...page.values()].map((doc) => JSON.parse(doc) as ProductRecord);
        page = new Map();
      }
      cursor = next;
    } while (cursor !== "0");
    if (page.size > 0) yield [...page.values()].map((doc) => JSON.parse(doc) as ProductRecord);
  }

  allCategories(domainId: number): Promise<CategoryRecord[]> {
    return guarded(() => this.allDocs(domainKeys(domainId).categories)) as Promise<
      CategoryRecord[]
    >;
  }

  // HSCAN in pages rather than one HGETALL: a domain of 100,000 products is ~300 MB of JSON,
  // which one reply would hold in Redis's output buffer at once. HSCAN may repeat a field.
  private async allDocs(key: string): Promise<unknown[]> {
    const byId = new Map<number, unknown>();
    let cursor = "0";
    do {
      const [next, flat] = await this.client.sendCommand<[string, string[]]>([
        "HSCAN",
        key,
        cursor,
        "COUNT",
        "1000",
      ]);
      for (let i = 0; i + 1 < flat.length; i += 2)
        byId.set(Number(flat[i]), JSON.parse(flat[i + 1] as string));
      cursor = next;
    } while (cursor !== "0");
    return [...byId.entries()].sort((a, b) => a[0] - b[0]).map(([, doc]) => doc);
  }

  counts(domainId: number): Promise<CatalogCounts> {
    const keys = domainKeys(domainId);
    return guarded(async () => {
      const [products, categories, warehouses] = await Promise.all([
        this.client.sendCommand<number>(["HLEN", keys.products]),
        this.client.sendCommand<number>(["HLEN", keys.categories]),
        this.client.sendCommand<number>(["SCARD", keys.warehouses]),
      ]);
      return { products, categories, warehouses };
    });
  }

  recordSearches(
    events: readonly SearchEvent[],
    options: { retentionDays: number },
  ): Promise<void> {
    return this.write(() => stats.recordSearches(this.client, events, options.retentionDays));
  }

  recordActions(list: readonly ShopperAction[], options: { retentionDays: number }): Promise<void> {
    return this.write(() => actions.recordActions(this.client, list, options.retentionDays));
  }

  queryActions(
    domainId: number,
    period: AnalyticsPeriod,
    queries: readonly string[],
  ): Promise<QueryActions[]> {
    return guarded(() => actions.queryActions(this.client, domainId, period, queries));
  }

  productDays(domainId: number, from: string): Promise<ProductDay[]> {
    return guarded(() => actions.productDays(this.client, domainId, from));
  }

  analyticsReport(
    domainId: number,
    period: AnalyticsPeriod,
    limit: number,
  ): Promise<AnalyticsReport> {
    return guarded(() => stats.analyticsReport(this.client, domainId, period, limit));
  }

  popularQueries(
    domainId: number,
    options: { from: string; minShoppers: number; limit: number },
  ): Promise<string[]> {
    return guarded(() => stats.popularQueries(this.client, domainId, options));
  }

  blockedSuggestions(domainId: number): Promise<string[]> {
    return guarded(() => stats.blockedSuggestions(this.client, domainId));
  }

  setSuggestionBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean> {
    return this.write(() => stats.setSuggestionBlocked(this.client, domainId, q, blocked));
  }

  async close(): Promise<void> {
    await this.retention.close();
    await this.tail.close();
    await this.disconnect();
  }
}
