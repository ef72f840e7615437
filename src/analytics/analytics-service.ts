import { firstDayKept, utcDay } from "../store/analytics-days.ts";
import type {
  ActionStats,
  AnalyticsPeriod,
  AnalyticsReport,
  AnalyticsStore,
  CatalogCounts,
  CatalogReader,
  SearchEvent,
  ShopperAction,
  SuggestionBlocks,
} from "../store/store.ts";
import { POPULARITY_DAYS, productPopularity } from "./product-popularity.ts";
import { type QueryOutcome, queryOutcomes } from "./query-outcomes.ts";

// Everything analytics do with the store, run on the writer thread (writer/writer-thread.ts):
// writing the aggregates, pruning old days, the admin report, the suggestion candidates and
// the operator's blocks. The HTTP thread, which answers searches, only sends messages and
// receives ready answers, so a report of many rows never delays a search.

export interface AnalyticsOptions {
  retentionDays: number;
  /** Distinct shoppers who must have asked a query on one day before it is suggested. */
  minShoppers: number;
}

/** Popular queries are looked for over this many recent days (within the retention). */
export const SUGGESTION_DAYS = 30;
/** Candidates kept per domain, best first. */
export const SUGGESTION_LIMIT = 200;
/** Rows shown in each list of the admin report. */
export const REPORT_LIMIT = 50;

/**
 * The admin report: the analytics of a period, the catalog's counts, and what shoppers did
 * after searching the top queries (query-outcomes.ts).
 */
export type AdminReport = { catalog: CatalogCounts } & AnalyticsReport & {
    query_outcomes: QueryOutcome[];
    searches_without_clicks: { q: string; count: number }[];
  };
const PRUNE_EVERY_MS = 3_600_000;
/**
 * A domain's candidates are computed again only after this many times what they cost last:
 * a domain with 600,000 eligible rows cost ~1 s (BENCHMARKS.md) and is then recomputed every
 * ~20 s, so the refresh keeps to ~5% of the writer thread; a usual domain costs ~1 ms and is
 * recomputed at every refresh. Blocks are read at every refresh whatever the cost.
 */
const RECOMPUTE_AFTER_COST = 20;
/**
 * But never later than this: the cost is wall time, waits included, and one read stalled for
 * 2-3 s (a Redis Cluster under load) held a usual domain's new suggestions for a minute
 * (test/http/analytics.test.ts, test 3, in CI). A domain whose reads really cost 1.5 s or more
 * then spends over 5% of the writer thread on them.
 */
const RECOMPUTE_AT_MOST_MS = 30_000;

/** When candidates computed at `now` at a cost of `costMs` are computed again. */
export function recomputeAt(now: number, costMs: number): number {
  return now + Math.min(RECOMPUTE_AT_MOST_MS, RECOMPUTE_AFTER_COST * costMs);
}

/**
 * What a domain's searches read of its analytics, refreshed on every node (PopularQueries): the
 * past queries to suggest, and its products' popularity ([source_id, score], best first).
 */
export interface DomainPopular {
  queries: string[];
  products: [string, number][];
}

export class AnalyticsService {
  private readonly pruning: ReturnType<typeof setInterval> | null;
  private readonly candidates = new Map<
    number,
    { queries: string[]; products: [string, number][]; next: number }
  >();

  constructor(
    /** The catalog's counts head the admin report; blocked suggestions are never offered. */
    private readonly store: AnalyticsStore &
      ActionStats &
      SuggestionBlocks &
      Pick<CatalogReader, "counts">,
    private readonly options: AnalyticsOptions,
  ) {
    // The embedded store deletes old days itself (at start, then hourly); Redis keys expire.
    const prune = store.pruneSearches?.bind(store);
    if (prune) {
      const run = () => void prune(firstDayKept(Date.now(), options.retentionDays)).catch(() => {});
      run();
      this.pruning = setInterval(run, PRUNE_EVERY_MS);
    } else this.pruning = null;
  }

  record(events: readonly SearchEvent[]): Promise<void> {
    return this.store.recordSearches(events, { retentionDays: this.options.retentionDays });
  }

  recordActions(actions: readonly ShopperAction[]): Promise<void> {
    return this.store.recordActions(actions, { retentionDays: this.options.retentionDays });
  }

  async report(domainId: number, period: AnalyticsPeriod): Promise<AdminReport> {
    const [catalog, report] = await Promise.all([
      this.store.counts(domainId),
      this.store.analyticsReport(domainId, period, REPORT_LIMIT),
    ]);
    const actions = await this.store.queryActions(
      domainId,
      period,
      report.top_queries.map((t) => t.q),
    );
    return { catalog, ...report, ...queryOutcomes(report.top_queries, actions) };
  }

  /**
   * Per domain, the past queries that may be suggested (popular, not blocked) and its products'
   * popularity.
   */
  async suggestions(domainIds: readonly number[]): Promise<[number, DomainPopular][]> {
    const now = Date.now();
    const from = firstDayKept(now, Math.min(SUGGESTION_DAYS, this.options.retentionDays));
    const since = firstDayKept(now, Math.min(POPULARITY_DAYS, this.options.retentionDays));
    const out: [number, DomainPopular][] = [];
    for (const id of domainIds) {
      let kept = this.candidates.get(id);
      if (!kept || Date.now() >= kept.next) {
        const started = performance.now();
        const [queries, days] = await Promise.all([
          this.store.popularQueries(id, {
            from,
            minShoppers: this.options.minShoppers,
            limit: SUGGESTION_LIMIT,
          }),
          this.store.productDays(id, since),
        ]);
        const products = productPopularity(days, utcDay(now));
        kept = { queries, products, next: recomputeAt(Date.now(), performance.now() - started) };
        this.candidates.set(id, kept);
      }
      const hidden = new Set(await this.store.blockedSuggestions(id));
      out.push([
        id,
        { queries: kept.queries.filter((q) => !hidden.has(q)), products: kept.products },
      ]);
    }
    return out;
  }

  stop(): void {
    if (this.pruning) clearInterval(this.pruning);
  }
}
