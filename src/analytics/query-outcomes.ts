import type { QueryActions, QueryCount } from "../store/store.ts";

// What shoppers did after searching each top query of the admin report (issue 23, point 2):
// the report's searches joined with the actions the widget and the store reported.

export interface QueryOutcome {
  q: string;
  searches: number;
  clicks: number;
  /** Searches followed by a click, per search (0 to 1, 3 decimals). */
  click_through_rate: number;
  /** The clicks' mean 1-based position (1 decimal); null without clicks. */
  average_click_position: number | null;
  add_to_cart: number;
  purchases: number;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * Per top query, its outcome; and the queries whose searches most often ended without a click
 * (searches minus searches with a click), most first, then by query.
 */
export function queryOutcomes(
  top: readonly QueryCount[],
  actions: readonly QueryActions[],
): {
  query_outcomes: QueryOutcome[];
  searches_without_clicks: { q: string; count: number }[];
} {
  const byQuery = new Map(actions.map((a) => [a.q, a]));
  const query_outcomes = top.map(({ q, count }): QueryOutcome => {
    const a = byQuery.get(q);
    const clicks = a?.clicks ?? 0;
    return {
      q,
      searches: count,
      clicks,
      // A search counted once (a typing run) may be clicked by several tabs: never above 1.
      click_through_rate: count > 0 ? round(Math.min(1, (a?.clicked_searches ?? 0) / count), 3) : 0,
      average_click_position: clicks > 0 ? round((a?.position_sum ?? 0) / clicks, 1) : null,
      add_to_cart: a?.add_to_cart ?? 0,
      purchases: a?.purchases ?? 0,
    };
  });
  const searches_without_clicks = top
    .map(({ q, count }) => ({
      q,
      count: Math.max(0, count - (byQuery.get(q)?.clicked_searches ?? 0)),
    }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || (a.q < b.q ? -1 : a.q > b.q ? 1 : 0));
  return { query_outcomes, searches_without_clicks };
}
