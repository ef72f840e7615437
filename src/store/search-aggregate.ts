import type { SearchEvent } from "./store.ts";

// Search analytics as aggregates, the same model in both stores: per (domain, UTC day,
// language, recorded query) the searches, those with no result, those with filters, the last
// corrected query, and up to MAX_SHOPPERS_KEPT distinct shopper ids (hashed uuids or clients,
// recorded only for searches that may become suggestions); per (domain, day) the searches.
// A store grows with distinct queries, not with traffic, and at most MAX_QUERIES_PER_DAY
// distinct queries a domain and day are kept (later new ones count in the day's total only),
// and an event past its client's share (analytics/client-share.ts) never adds a row.

/** Enough to tell "several distinct shoppers" (--suggestion-min-shoppers is at most this). */
export const MAX_SHOPPERS_KEPT = 8;
/** Distinct queries kept per domain and day: ~200 B each, so at most ~4 MB a domain-day. */
export const MAX_QUERIES_PER_DAY = 20_000;

export interface QueryAggregate {
  domain_id: number;
  day: string;
  language: string;
  q: string;
  count: number;
  zero: number;
  filtered: number;
  corrected_query: string;
  shoppers: string[];
  /** Whether the row may be created if new (one of its events was within its client's share). */
  may_add: boolean;
}

export interface DayAggregate {
  domain_id: number;
  day: string;
  count: number;
}

/** Categories whose page views a domain's day counts at most (their ids come from the catalog). */
export const MAX_CATEGORIES_PER_DAY = 20_000;

/** The category page views of a batch, per (domain, day, category). */
export function aggregateCategoryViews(
  events: readonly SearchEvent[],
): { domain_id: number; day: string; category: string; views: number }[] {
  const rows = new Map<
    string,
    { domain_id: number; day: string; category: string; views: number }
  >();
  for (const e of events) {
    if (e.category_view === undefined) continue;
    const day = new Date(e.at).toISOString().slice(0, 10);
    const key = `${e.domain_id}\t${day}\t${e.category_view}`;
    const row = rows.get(key);
    if (row) row.views++;
    else rows.set(key, { domain_id: e.domain_id, day, category: e.category_view, views: 1 });
  }
  return [...rows.values()];
}

/** A batch of events folded into one aggregate per row it touches (category views apart). */
export function aggregate(events: readonly SearchEvent[]): {
  queries: QueryAggregate[];
  days: DayAggregate[];
} {
  const queries = new Map<string, QueryAggregate>();
  const days = new Map<string, DayAggregate>();
  for (const e of events) {
    if (e.category_view !== undefined) continue;
    const day = new Date(e.at).toISOString().slice(0, 10);
    const dk = `${e.domain_id}\t${day}`;
    const d = days.get(dk);
    if (d) d.count++;
    else days.set(dk, { domain_id: e.domain_id, day, count: 1 });
    const qk = `${dk}\t${e.language}\t${e.q}`;
    let a = queries.get(qk);
    if (!a) {
      a = {
        domain_id: e.domain_id,
        day,
        language: e.language,
        q: e.q,
        count: 0,
        zero: 0,
        filtered: 0,
        corrected_query: "",
        shoppers: [],
        may_add: false,
      };
      queries.set(qk, a);
    }
    a.count++;
    if (e.may_add) a.may_add = true;
    if (e.total === 0) a.zero++;
    if (e.filtered) a.filtered++;
    if (e.corrected_query !== "") a.corrected_query = e.corrected_query;
    if (e.shopper !== "") a.shoppers = mergeShoppers(a.shoppers, [e.shopper]);
  }
  return { queries: [...queries.values()], days: [...days.values()] };
}

/** `kept` plus the new ids of `added`, at most MAX_SHOPPERS_KEPT (the first ones stay). */
export function mergeShoppers(kept: readonly string[], added: readonly string[]): string[] {
  const out = [...kept];
  for (const s of added) {
    if (out.length >= MAX_SHOPPERS_KEPT) break;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}
