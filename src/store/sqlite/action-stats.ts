import type { Database } from "bun:sqlite";
import {
  aggregateActions,
  aggregateProductActions,
  MAX_PRODUCTS_PER_DAY,
} from "../action-aggregate.ts";
import { MAX_QUERIES_PER_DAY } from "../search-aggregate.ts";
import type { AnalyticsPeriod, ProductDay, QueryActions, ShopperAction } from "../store.ts";

// The SQLite side of shoppers' actions after a search (store/action-aggregate.ts): table
// `action_stats` (migration 8), a row per domain, day and query, a day holding at most
// MAX_QUERIES_PER_DAY queries as search analytics do; `product_actions` (migration 10), a row
// per domain, day and product, at most MAX_PRODUCTS_PER_DAY a day. Only the writer thread
// writes them.

const statements = (db: Database) => ({
  exists: db.prepare("SELECT 1 FROM action_stats WHERE domain_id = ? AND day = ? AND q = ?"),
  queriesOnDay: db.prepare(
    "SELECT count(*) AS n FROM action_stats WHERE domain_id = ? AND day = ?",
  ),
  add: db.prepare(
    `INSERT INTO action_stats
     (domain_id, day, q, clicks, clicked_searches, position_sum, add_to_cart, purchases)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (domain_id, day, q) DO UPDATE SET clicks = clicks + excluded.clicks,
       clicked_searches = clicked_searches + excluded.clicked_searches,
       position_sum = position_sum + excluded.position_sum,
       add_to_cart = add_to_cart + excluded.add_to_cart, purchases = purchases + excluded.purchases`,
  ),
  prune: db.prepare("DELETE FROM action_stats WHERE day < ?"),
  productExists: db.prepare(
    "SELECT 1 FROM product_actions WHERE domain_id = ? AND day = ? AND source_id = ?",
  ),
  productsOnDay: db.prepare(
    "SELECT count(*) AS n FROM product_actions WHERE domain_id = ? AND day = ?",
  ),
  addProduct: db.prepare(
    `INSERT INTO product_actions (domain_id, day, source_id, weight) VALUES (?, ?, ?, ?)
     ON CONFLICT (domain_id, day, source_id) DO UPDATE SET weight = weight + excluded.weight`,
  ),
  productDays: db.prepare(
    "SELECT source_id, day, weight FROM product_actions WHERE domain_id = ? AND day >= ?",
  ),
  pruneProducts: db.prepare("DELETE FROM product_actions WHERE day < ?"),
});

export class SqliteActionStats {
  private readonly q: ReturnType<typeof statements>;

  constructor(private readonly db: Database) {
    this.q = statements(db);
  }

  record(actions: readonly ShopperAction[]): void {
    const rows = aggregateActions(actions);
    this.db
      .transaction(() => {
        for (const r of rows) {
          const known = this.q.exists.get(r.domain_id, r.day, r.q) !== null;
          if (
            !known &&
            (this.q.queriesOnDay.get(r.domain_id, r.day) as { n: number }).n >= MAX_QUERIES_PER_DAY
          )
            continue;
          this.q.add.run(
            r.domain_id,
            r.day,
            r.q,
            r.clicks,
            r.clicked_searches,
            r.position_sum,
            r.add_to_cart,
            r.purchases,
          );
        }
        for (const r of aggregateProductActions(actions)) {
          const known = this.q.productExists.get(r.domain_id, r.day, r.source_id) !== null;
          if (
            !known &&
            (this.q.productsOnDay.get(r.domain_id, r.day) as { n: number }).n >=
              MAX_PRODUCTS_PER_DAY
          )
            continue;
          this.q.addProduct.run(r.domain_id, r.day, r.source_id, r.weight);
        }
      })
      .immediate();
  }

  productDays(domainId: number, from: string): ProductDay[] {
    return this.q.productDays.all(domainId, from) as ProductDay[];
  }

  queryActions(
    domainId: number,
    period: AnalyticsPeriod,
    queries: readonly string[],
  ): QueryActions[] {
    if (queries.length === 0) return [];
    const marks = queries.map(() => "?").join(", ");
    return this.db
      .query(
        `SELECT q, sum(clicks) AS clicks, sum(clicked_searches) AS clicked_searches,
         sum(position_sum) AS position_sum, sum(add_to_cart) AS add_to_cart,
         sum(purchases) AS purchases FROM action_stats
         WHERE domain_id = ? AND day BETWEEN ? AND ? AND q IN (${marks}) GROUP BY q ORDER BY q`,
      )
      .all(domainId, period.from, period.to, ...queries) as QueryActions[];
  }

  prune(firstDay: string): void {
    this.q.prune.run(firstDay);
    this.q.pruneProducts.run(firstDay);
  }
}
