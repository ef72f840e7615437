import type { SearchParams, SearchResponse } from "../../model/search.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { type AnswerStamp, answerHolds } from "./answer-stamp.ts";

// Answers of expensive queries, per snapshot. A snapshot's documents never change, so an answer
// computed on it stays right for as long as the snapshot lives, but for the offers written in
// place (index/offer-columns.ts), which each entry checks by its stamp (answer-stamp.ts); a
// patch (a new snapshot) starts afresh. Only queries that took long are kept (a shop's first keystrokes,
// "с", "н", are typed by every visitor and each matches a large share of the catalog);
// cheap ones are recomputed rather than churn the cache. Cached answers are shared: callers
// must treat answers as read-only.

/** Answers that took at least this long are kept. */
const MIN_COST_MS = 1;
let limit = 512;

interface Entry {
  readonly answer: SearchResponse;
  readonly stamp: AnswerStamp;
}

const caches = new WeakMap<Snapshot, Map<string, Entry>>();

/** The number of answers kept per snapshot; 0 disables the cache (benchmarks of cold paths). */
export function setResponseCacheSize(entries: number): void {
  limit = Math.max(0, Math.floor(entries));
}

/** The parameters an answer depends on (not uuid, demo); null when it is not cacheable. */
export function cacheKey(params: SearchParams): string | null {
  if (limit === 0 || (params.use_suggestions && !params.use_corrections)) return null;
  return [
    params.q,
    params.language,
    params.filters.join(","),
    params.price_from,
    params.price_to,
    params.category_id,
    params.group_by_category,
    params.show_unavailable,
    params.page,
    params.product_page_size,
    params.category_page_size,
    params.per_category_limit,
    params.show_filters,
    params.use_corrections,
    params.wid,
    params.highlight,
  ].join("\u0000");
}

export function cachedAnswer(snap: Snapshot, key: string): SearchResponse | undefined {
  const cache = caches.get(snap);
  const entry = cache?.get(key);
  if (entry === undefined) return undefined;
  if (answerHolds(snap, entry.stamp)) return entry.answer;
  cache?.delete(key);
  return undefined;
}

export function keepAnswer(snap: Snapshot, key: string, entry: Entry, costMs: number): void {
  if (costMs < MIN_COST_MS || limit === 0) return;
  let cache = caches.get(snap);
  if (cache === undefined) {
    cache = new Map();
    caches.set(snap, cache);
  }
  if (cache.size >= limit) {
    // Forget the oldest: Map iterates in insertion order.
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, entry);
}
