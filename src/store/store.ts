import type { AppError } from "../errors.ts";
import type { CategoryDraft, ProductDraft } from "../model/drafts.ts";
import type { FeedRun, FeedState, RegisteredFeed } from "../model/feeds.ts";
import type { FieldErrors } from "../model/import.ts";
import type { MerchRule } from "../model/merchandising.ts";
import type { LoggedChange } from "../model/offers.ts";
import type { CategoryRecord, DomainRecord, ProductRecord } from "../model/records.ts";
import type { SynonymSet } from "../model/synonyms.ts";

// The primary store and the change log as interfaces: the embedded mode implements them over
// one SQLite file, the Redis mode over Redis values and Streams. The store is split by concern
// (domains, the catalog's writes and reads, analytics, suggestion blocks, synonyms) so that each
// user names the part it needs; PrimaryStore is all of them. Every call takes the domain id
// first; nothing crosses domains.

/** The outcome of one item of a batch, in request order. */
export type WriteResult<T> =
  /** `json` is the record as the store serialised it: the response reuses it as is. */
  | {
      ok: true;
      status: 200 | 201;
      record: T;
      json: string;
      /**
       * Not written: the write would have changed nothing (`skipUnchanged`); `json` is then
       * "null" (nothing to index, and a feed's answer needs no copy of the stored record).
       */
      unchanged?: true;
    }
  | { ok: false; errors: FieldErrors };

export interface BatchOptions {
  /**
   * Write the change-log entry. The caller passes false when an item already failed
   * validation; the store adds its own checks (category exists, group_id unchanged) and writes
   * the entry only when those pass too (specification 4.1 rule 8).
   */
  log: boolean;
  /** Called with the entry's position when the batch's change-log entry is written. */
  onLogged?: (seq: number) => void;
  /**
   * Products only (a feed's run, docs/FEEDS.md): an item whose write would change nothing of
   * the stored record but its times is not written, nor named in the log entry; the entry is
   * left out when nothing was written.
   */
  skipUnchanged?: boolean;
  /** Products only: plan the batch and answer it, and write nothing (a feed's dry run). */
  dryRun?: boolean;
  /** With dryRun: categories to take as existing (the feed's, which a dry run does not write). */
  assumeCategories?: readonly number[];
  /**
   * Products only, a feed's write: each item's offer digest (docs/FEEDS.md, "A run is a
   * diff"), kept for each item that is stored (written or unchanged), in the batch's own
   * transaction or script. A write without it drops the digests of the products it writes.
   */
  digests?: readonly string[];
}

export interface TokenPair {
  secret_token: string;
  search_token: string;
}

/** New tokens, and the old search token with the moment its grace ends. */
export interface Rotation extends TokenPair {
  retired_search_token: string;
  retired_search_until: number;
}

/** One search as analytics record it, already capped (analytics/search-recorder.ts). */
export interface SearchEvent {
  domain_id: number;
  at: number;
  /** The recorded form: normalised, at most 100 characters and 10 words (analytics/query-text.ts). */
  q: string;
  language: string;
  total: number;
  corrected_query: string;
  /** A hashed uuid or client, "" when the search may not count towards a suggestion. */
  shopper: string;
  filtered: boolean;
  /** False once its client spent its day's share of new queries: counts in rows that exist only. */
  may_add: boolean;
  /**
   * A category page (browse=true), counted apart from searches: the category's source id, ""
   * for the page of the whole store; absent for a search.
   */
  category_view?: string;
}

export interface QueryCount {
  q: string;
  count: number;
}

/** Whole UTC days ("YYYY-MM-DD"), both included. */
export interface AnalyticsPeriod {
  from: string;
  to: string;
}

export interface AnalyticsReport {
  /** By searches, then the query's bytes; with the last corrected query, "" when none. */
  top_queries: (QueryCount & { corrected_query: string })[];
  /** By searches that found nothing, then the query's bytes. */
  zero_result_queries: QueryCount[];
  searches_per_day: { day: string; count: number }[];
  /** Category pages viewed (browse=true), by views, then the category's source id ("": all). */
  category_views: { category_id: string; views: number }[];
}

export interface CatalogCounts {
  products: number;
  categories: number;
  warehouses: number;
}

/** The stores served (domains): their tokens and the sites allowed to search them (tenancy/). */
export interface DomainStore {
  createDomain(name: string, tokens: TokenPair): Promise<DomainRecord>;
  listDomains(): Promise<DomainRecord[]>;
  setDomainTokens(name: string, rotation: Rotation): Promise<DomainRecord>;
  /** Replaces the domain's allowed origins; an empty list opens search to every site. */
  setDomainOrigins(name: string, origins: string[]): Promise<DomainRecord>;
  /**
   * Removes the domain and everything of it (catalog, change log, analytics, tokens); returns
   * the record it had. Other nodes learn of it as of a creation (`onDomainsChanged`).
   */
  deleteDomain(name: string): Promise<DomainRecord>;
  /**
   * Calls `listener` when another process creates a domain or rotates tokens (Redis mode: every
   * node must see them at once; the embedded store has one process and no such call).
   */
  onDomainsChanged?(listener: () => void): Promise<void>;
}

/** The catalog's writes: atomic import batches (import/). */
export interface CatalogWriter {
  /** One atomic batch: the records of the valid items and, when all passed, one log entry. */
  writeProducts(
    domainId: number,
    drafts: readonly (ProductDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<ProductRecord> | null)[]>;
  writeCategories(
    domainId: number,
    drafts: readonly (CategoryDraft | null)[],
    options: BatchOptions,
  ): Promise<(WriteResult<CategoryRecord> | null)[]>;
  /**
   * Deletes the domain's products of these source ids (their offers and stock are in the
   * record) and appends one `deletes` entry naming their ids, in one atomic step: every node's
   * indexer drops them, a rebuild no longer finds them. A source id the domain lacks is
   * skipped; when none is there nothing is written and `seq` is 0. At most DELETE_BATCH ids a
   * call. Returns the source ids deleted.
   */
  deleteProducts(
    domainId: number,
    sourceIds: readonly string[],
  ): Promise<{ deleted: string[]; seq: number }>;
}

/** The most source ids one `deleteProducts` call takes: the bulk import's batch of 1,000. */
export const DELETE_BATCH = 1000;

/** The catalog's reads: the records the indexers build and patch from, and the counts. */
export interface CatalogReader {
  getProducts(domainId: number, ids: readonly number[]): Promise<ProductRecord[]>;
  getCategories(domainId: number, ids: readonly number[]): Promise<CategoryRecord[]>;
  /** Every record of a domain, for an index rebuild. */
  allProducts(domainId: number): Promise<ProductRecord[]>;
  /** The source ids of the domain's products, in no order. */
  productSources(domainId: number): Promise<string[]>;
  /**
   * The offer digests a feed run kept (BatchOptions.digests), source id -> digest: those of
   * products no other write has touched since.
   */
  feedDigests(domainId: number): Promise<Map<string, string>>;
  /** The stored records of these source ids (those the domain has), in no order. */
  productsBySource(domainId: number, sourceIds: readonly string[]): Promise<ProductRecord[]>;
  allCategories(domainId: number): Promise<CategoryRecord[]>;
  /**
   * Every product of a domain in pages of about `size` (a product may come twice: a rebuild
   * patches, which are upserts): a rebuild that indexes
   * page by page never holds all records at once (the peak of parsed records was 1.7 GB for
   * 100,000 products). Optional: without it, a rebuild reads `allProducts`.
   */
  productPages?(domainId: number, size: number): AsyncIterable<ProductRecord[]>;
  counts(domainId: number): Promise<CatalogCounts>;
}

/** Search analytics: searches folded into day aggregates, and what is read of them (analytics/). */
export interface AnalyticsStore {
  /** Folds searches into the day aggregates (store/search-aggregate.ts). */
  recordSearches(events: readonly SearchEvent[], options: { retentionDays: number }): Promise<void>;
  /** Drops the aggregates of days before `firstDay`; a store whose days expire by themselves has none. */
  pruneSearches?(firstDay: string): Promise<void>;
  analyticsReport(
    domainId: number,
    period: AnalyticsPeriod,
    limit: number,
  ): Promise<AnalyticsReport>;
  /**
   * Queries asked on one day in one language by at least `minShoppers` distinct shoppers since
   * `from`, most searched first (ties by bytes), at most `limit`.
   */
  popularQueries(
    domainId: number,
    options: { from: string; minShoppers: number; limit: number },
  ): Promise<string[]>;
}

/** What a shopper did after a search (issue 23, point 2), as event analytics keep it. */
export interface ShopperAction {
  domain_id: number;
  /** UTC day, "YYYY-MM-DD". */
  day: string;
  /** The query as analytics record it (analytics/query-text.ts). */
  q: string;
  type: "click" | "add_to_cart" | "purchase";
  /** A click's 1-based position in the results; 0 for the others. */
  position: number;
  /** The first click of this shopper on this query today: a search with a click. */
  first_click: boolean;
  /** The product acted on. */
  source_id: string;
}

/** What shoppers did with one product on one day, weighed (action-aggregate.ts). */
export interface ProductDay {
  source_id: string;
  /** UTC day, "YYYY-MM-DD". */
  day: string;
  /** Clicks, carts and purchases by PRODUCT_ACTION_WEIGHTS. */
  weight: number;
}

/** Per query, what shoppers did after searching it, over a period. */
export interface QueryActions {
  q: string;
  clicks: number;
  /** Searches followed by at least one click (a shopper's first click on the query that day). */
  clicked_searches: number;
  /** The sum of the clicks' positions: with `clicks`, the average position. */
  position_sum: number;
  add_to_cart: number;
  purchases: number;
}

/** Day aggregates of shoppers' actions after a search, with the retention of search analytics. */
export interface ActionStats {
  recordActions(
    actions: readonly ShopperAction[],
    options: { retentionDays: number },
  ): Promise<void>;
  /** The period's actions of the queries `queries` (those of the report). */
  queryActions(
    domainId: number,
    period: AnalyticsPeriod,
    queries: readonly string[],
  ): Promise<QueryActions[]>;
  /** The weighed actions on each product, per day, from day `from` on (the `popular` order). */
  productDays(domainId: number, from: string): Promise<ProductDay[]>;
}

/** The operator's block list of past queries shown as suggestions. */
export interface SuggestionBlocks {
  /** Suggestions the operator blocked, by bytes. */
  blockedSuggestions(domainId: number): Promise<string[]>;
  /** Blocks (or unblocks) a suggestion; false when it already was (or was not) blocked. */
  setSuggestionBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean>;
}

/** A store's own synonyms (model/synonyms.ts). */
export interface SynonymStore {
  /** The domain's synonyms as last set; [] when none. */
  domainSynonyms(domainId: number): Promise<SynonymSet[]>;
  /**
   * Replaces the domain's synonyms and appends a `synonyms` change-log entry in the same atomic
   * step (every node's indexer then reads them); returns the entry's position.
   */
  setDomainSynonyms(domainId: number, sets: readonly SynonymSet[]): Promise<number>;
}

/** A store's merchandising rules (model/merchandising.ts). */
export interface MerchandisingStore {
  /** The domain's rules as last set; [] when none. */
  domainRules(domainId: number): Promise<MerchRule[]>;
  /**
   * Replaces the domain's rules and appends a `merchandising` change-log entry in the same
   * atomic step (every node's indexer then reads them); returns the entry's position.
   */
  setDomainRules(domainId: number, rules: readonly MerchRule[]): Promise<number>;
}

/** A store's registered feeds, their last runs' states and the history of runs (model/feeds.ts). */
export interface FeedStore {
  /** The domain's registered feeds with their secrets; [] when none. */
  domainFeeds(domainId: number): Promise<RegisteredFeed[]>;
  /** Replaces the list whole; the states of feeds no longer listed go with them. */
  setDomainFeeds(domainId: number, feeds: readonly RegisteredFeed[]): Promise<void>;
  feedStates(domainId: number): Promise<FeedState[]>;
  /**
   * Adds a run to the history (the newest MAX_FEED_RUNS are kept) and, for a registered feed's
   * run, sets its state, in one atomic step.
   */
  recordFeedRun(domainId: number, run: FeedRun, state: FeedState | null): Promise<void>;
  /** The domain's runs, newest first. */
  feedRuns(domainId: number): Promise<FeedRun[]>;
  /**
   * Takes (or, for the same `owner`, extends) the feed's run lock for `ms`: false when another
   * holds it. In the Redis modes the lock is shared by every node (SET NX PX).
   */
  claimFeed(domainId: number, url: string, owner: string, ms: number): Promise<boolean>;
  /** Lets the lock go if `owner` still holds it. */
  releaseFeed(domainId: number, url: string, owner: string): Promise<void>;
}

/**
 * Every part of the primary store, as each mode implements it over one connection (SQLite,
 * Redis). Its users take only the parts they need; the owner of the connection closes it.
 */
export interface PrimaryStore
  extends DomainStore,
    CatalogWriter,
    CatalogReader,
    AnalyticsStore,
    SuggestionBlocks,
    SynonymStore,
    MerchandisingStore,
    FeedStore,
    ActionStats {
  readonly kind: "sqlite" | "redis";
  /**
   * The storage fault for which this connection refuses every write until the process is
   * restarted (a damaged SQLite file), or null.
   */
  readonly fault?: AppError | null;
  close(): Promise<void>;
}

export interface ChangeLog {
  /** Appends an entry that asks every node to rebuild the domain's index from the store. */
  appendReindex(domainId: number): Promise<number>;
  /** The last position written for the domain, 0 when none. */
  head(domainId: number): Promise<number>;
  /** Entries after `afterSeq`, oldest first, at most `limit` (with what they wrote, if kept). */
  read(domainId: number, afterSeq: number, limit: number): Promise<LoggedChange[]>;
  /** Resolves when the domain's log may have grown past `afterSeq`, or after `timeoutMs`. */
  waitFor(domainId: number, afterSeq: number, timeoutMs: number): Promise<void>;
  /**
   * Wakes the domain's `waitFor` callers: the log grew through another connection of this
   * process (the writer thread's). A log that notices appends by itself (Redis) has none.
   */
  wake?(domainId: number): void;
}
