import type {
  AnalyticsPeriod,
  AnalyticsReport,
  PrimaryStore,
  SearchEvent,
} from "../store/store.ts";
import { firstDayKept } from "./retention.ts";

// Everything analytics do with the store, run on the import thread (import/import-thread.ts):
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
const PRUNE_EVERY_MS = 3_600_000;

export class AnalyticsService {
  private readonly pruning: ReturnType<typeof setInterval> | null;

  constructor(
    private readonly store: PrimaryStore,
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

  report(domainId: number, period: AnalyticsPeriod): Promise<AnalyticsReport> {
    return this.store.analyticsReport(domainId, period, REPORT_LIMIT);
  }

  /** Per domain, the past queries that may be suggested: popular, not blocked. */
  async suggestions(domainIds: readonly number[]): Promise<[number, string[]][]> {
    const from = firstDayKept(Date.now(), Math.min(SUGGESTION_DAYS, this.options.retentionDays));
    const out: [number, string[]][] = [];
    for (const id of domainIds) {
      const [popular, blocked] = await Promise.all([
        this.store.popularQueries(id, {
          from,
          minShoppers: this.options.minShoppers,
          limit: SUGGESTION_LIMIT,
        }),
        this.store.blockedSuggestions(id),
      ]);
      const hidden = new Set(blocked);
      out.push([id, popular.filter((q) => !hidden.has(q))]);
    }
    return out;
  }

  stop(): void {
    if (this.pruning) clearInterval(this.pruning);
  }
}
