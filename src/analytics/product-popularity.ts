import { DAY_MS } from "../store/analytics-days.ts";
import type { ProductDay } from "../store/store.ts";

// The `popular` order's score (issue 32, point 1): what shoppers did with a product after a
// search (clicks, carts and purchases, weighed: store/action-aggregate.ts), each day's worth
// halving every HALF_LIFE_DAYS, over the last POPULARITY_DAYS days. Pure: the rows and today.

/** Days read back. */
export const POPULARITY_DAYS = 28;
/** A day's actions count half as much this many days later. */
export const HALF_LIFE_DAYS = 7;
/** Products scored per domain, the best: the others rank as never acted on (0). */
export const POPULAR_PRODUCTS_LIMIT = 10_000;

/** [source_id, score] of the best scored products, best first (ties by source id). */
export function productPopularity(rows: readonly ProductDay[], today: string): [string, number][] {
  const now = Date.parse(`${today}T00:00:00Z`);
  const scores = new Map<string, number>();
  for (const r of rows) {
    const age = Math.max(0, (now - Date.parse(`${r.day}T00:00:00Z`)) / DAY_MS);
    const score = r.weight * 0.5 ** (age / HALF_LIFE_DAYS);
    scores.set(r.source_id, (scores.get(r.source_id) ?? 0) + score);
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, POPULAR_PRODUCTS_LIMIT)
    .map(([id, score]) => [id, Math.round(score * 1000) / 1000]);
}
