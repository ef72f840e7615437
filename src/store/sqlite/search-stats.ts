import type { Database } from "bun:sqlite";
import {
  aggregate,
  aggregateCategoryViews,
  MAX_CATEGORIES_PER_DAY,
  MAX_QUERIES_PER_DAY,
  mergeShoppers,
  type QueryAggregate,
} from "../search-aggregate.ts";
import type { AnalyticsPeriod, AnalyticsReport, QueryCount, SearchEvent } from "../store.ts";

// The SQLite side of search analytics (store/search-aggregate.ts): tables `search_stats`
// (a row per domain, day, language and query), `search_days` and `blocked_suggestions`
// (migration 2), `category_views` (migration 11). Shopper ids are kept space-separated. Only the writer thread writes them.

type StoredRow = Pick<QueryAggregate, "count" | "zero" | "filtered" | "corrected_query"> & {
  shoppers: string;
};

const statements = (db: Database) => ({
  get: db.prepare(
    `SELECT count, zero, filtered, corrected_query, shoppers FROM search_stats
     WHERE domain_id = ? AND day = ? AND language = ? AND q = ?`,
  ),
  put: db.prepare(
    `INSERT OR REPLACE INTO search_stats
     (domain_id, day, language, q, count, zero, filtered, corrected_query, shoppers, shoppers_n)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  queriesOnDay: db.prepare(
    "SELECT count(*) AS n FROM search_stats WHERE domain_id = ? AND day = ?",
  ),
  addDay: db.prepare(
    `INSERT INTO search_days (domain_id, day, count) VALUES (?, ?, ?)
     ON CONFLICT (domain_id, day) DO UPDATE SET count = count + excluded.count`,
  ),
  top: db.prepare(
    `SELECT q, sum(count) AS count, max(corrected_query) AS corrected_query FROM search_stats
     WHERE domain_id = ? AND day BETWEEN ? AND ? GROUP BY q ORDER BY count DESC, q LIMIT ?`,
  ),
  zero: db.prepare(
    `SELECT q, sum(zero) AS count FROM search_stats WHERE domain_id = ? AND day BETWEEN ? AND ?
     GROUP BY q HAVING sum(zero) > 0 ORDER BY count DESC, q LIMIT ?`,
  ),
  perDay: db.prepare(
    `SELECT day, count FROM search_days WHERE domain_id = ? AND day BETWEEN ? AND ? ORDER BY day`,
  ),
  // Ranked by shoppers (summed over days), then searches. `shoppers_n > 1` lets SQLite read the partial index search_stats_suggestible.
  popular: db.prepare(
    `SELECT q, sum(shoppers_n) AS shoppers, sum(count) AS n FROM search_stats
     WHERE domain_id = ? AND day >= ? AND shoppers_n > 1 AND shoppers_n >= ?
     GROUP BY q ORDER BY shoppers DESC, n DESC, q LIMIT ?`,
  ),
  viewExists: db.prepare(
    "SELECT 1 FROM category_views WHERE domain_id = ? AND day = ? AND category = ?",
  ),
  viewsOnDay: db.prepare(
    "SELECT count(*) AS n FROM category_views WHERE domain_id = ? AND day = ?",
  ),
  addViews: db.prepare(
    `INSERT INTO category_views (domain_id, day, category, views) VALUES (?, ?, ?, ?)
     ON CONFLICT (domain_id, day, category) DO UPDATE SET views = views + excluded.views`,
  ),
  topViews: db.prepare(
    `SELECT category AS category_id, sum(views) AS views FROM category_views
     WHERE domain_id = ? AND day BETWEEN ? AND ? GROUP BY category
     ORDER BY views DESC, category LIMIT ?`,
  ),
  pruneViews: db.prepare("DELETE FROM category_views WHERE day < ?"),
  pruneQueries: db.prepare("DELETE FROM search_stats WHERE day < ?"),
  pruneDays: db.prepare("DELETE FROM search_days WHERE day < ?"),
  blocked: db.prepare("SELECT q FROM blocked_suggestions WHERE domain_id = ? ORDER BY q"),
  block: db.prepare(
    "INSERT INTO blocked_suggestions (domain_id, q, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  ),
  unblock: db.prepare("DELETE FROM blocked_suggestions WHERE domain_id = ? AND q = ?"),
});

export class SqliteSearchStats {
  private readonly q: ReturnType<typeof statements>;
  /** Distinct queries per "domain day" so far, read once per day from the table. */
  private readonly queriesOnDay = new Map<string, number>();

  constructor(private readonly db: Database) {
    this.q = statements(db);
  }

  record(events: readonly SearchEvent[]): void {
    const { queries, days } = aggregate(events);
    if (this.queriesOnDay.size > 10_000) this.queriesOnDay.clear();
    this.db
      .transaction(() => {
        for (const a of queries) {
          const stored = this.q.get.get(a.domain_id, a.day, a.language, a.q) as StoredRow | null;
          if (!stored && (!a.may_add || !this.roomFor(a.domain_id, a.day))) continue;
          const shoppers = mergeShoppers(
            stored?.shoppers.split(" ").filter(Boolean) ?? [],
            a.shoppers,
          );
          this.q.put.run(
            a.domain_id,
            a.day,
            a.language,
            a.q,
            (stored?.count ?? 0) + a.count,
            (stored?.zero ?? 0) + a.zero,
            (stored?.filtered ?? 0) + a.filtered,
            a.corrected_query || (stored?.corrected_query ?? ""),
            shoppers.join(" "),
            shoppers.length,
          );
        }
        for (const d of days) this.q.addDay.run(d.domain_id, d.day, d.count);
        for (const v of aggregateCategoryViews(events)) {
          const known = this.q.viewExists.get(v.domain_id, v.day, v.category) !== null;
          if (
            !known &&
            (this.q.viewsOnDay.get(v.domain_id, v.day) as { n: number }).n >= MAX_CATEGORIES_PER_DAY
          )
            continue;
          this.q.addViews.run(v.domain_id, v.day, v.category, v.views);
        }
      })
      .immediate();
  }

  /** Counts a new query of the day, or false when the day holds MAX_QUERIES_PER_DAY already. */
  private roomFor(domainId: number, day: string): boolean {
    const key = `${domainId} ${day}`;
    const n =
      this.queriesOnDay.get(key) ?? (this.q.queriesOnDay.get(domainId, day) as { n: number }).n;
    if (n >= MAX_QUERIES_PER_DAY) return false;
    this.queriesOnDay.set(key, n + 1);
    return true;
  }

  prune(firstDay: string): void {
    this.db
      .transaction(() => {
        this.q.pruneQueries.run(firstDay);
        this.q.pruneDays.run(firstDay);
        this.q.pruneViews.run(firstDay);
      })
      .immediate();
    this.queriesOnDay.clear();
  }

  report(domainId: number, period: AnalyticsPeriod, limit: number): AnalyticsReport {
    const range = [domainId, period.from, period.to] as const;
    return {
      top_queries: this.q.top.all(...range, limit) as AnalyticsReport["top_queries"],
      zero_result_queries: this.q.zero.all(...range, limit) as QueryCount[],
      searches_per_day: this.q.perDay.all(...range) as { day: string; count: number }[],
      category_views: this.q.topViews.all(...range, limit) as AnalyticsReport["category_views"],
    };
  }

  popular(domainId: number, options: { from: string; minShoppers: number; limit: number }) {
    const rows = this.q.popular.all(domainId, options.from, options.minShoppers, options.limit) as {
      q: string;
    }[];
    return rows.map((r) => r.q);
  }

  blocked(domainId: number): string[] {
    return (this.q.blocked.all(domainId) as { q: string }[]).map((r) => r.q);
  }

  setBlocked(domainId: number, q: string, blocked: boolean): boolean {
    const result = blocked
      ? this.q.block.run(domainId, q, Date.now())
      : this.q.unblock.run(domainId, q);
    return result.changes > 0;
  }
}
