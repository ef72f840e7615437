import {
  prepareSnapshot,
  type Snapshot,
  search,
  WARM_UP_SET,
  warmUpQueries,
} from "../../search/engine.ts";
import { searchAnswer } from "./search-answer.ts";

/**
 * How long a thread may ask warm-up queries after the first set (one query of each kind,
 * always asked): none. At 100,000 products with two threads, 400 ms more (~300 queries a
 * thread) took the first query after a start from ~10 to ~5 ms at most, but left ~45 MiB more
 * resident and added ~1 s to a start (BENCHMARKS.md "The first queries after a start").
 */
export const WARM_UP_BUDGET_MS = 0;

/** What a warm-up did, for its log line. */
export interface WarmedUp {
  /** Milliseconds spent building the snapshots' derived data. */
  prepareMs: number;
  queries: number;
  /** Milliseconds spent asking them. */
  queriesMs: number;
}

/**
 * Before a thread listens: builds every snapshot's derived data (what the first searches
 * would build), then asks the warm-up queries of the engine (search/warm-up.ts), the largest
 * domain's first, as the search route would (its answer made and serialised), until they are
 * done or the budget is spent; a page size the route would refuse (over `maxPageSize`) is not
 * asked. Nothing is recorded: no analytics, suggestions, metrics, rate
 * tokens or cached answers.
 */
export function warmUpSearches(
  snapshots: readonly Snapshot[],
  maxPageSize: number,
  budgetMs = WARM_UP_BUDGET_MS,
): WarmedUp {
  let started = performance.now();
  const bySize = [...snapshots].sort((a, b) => docs(b) - docs(a));
  for (const snap of bySize) prepareSnapshot(snap);
  const prepareMs = performance.now() - started;
  started = performance.now();
  const elapsed = () => performance.now() - started;
  let queries = 0;
  for (const snap of bySize)
    for (const request of warmUpQueries(snap)) {
      if (elapsed() >= budgetMs && queries >= WARM_UP_SET)
        return { prepareMs, queries, queriesMs: elapsed() };
      if (Math.max(request.pageSize, request.groupsPerPage, request.perGroup) > maxPageSize)
        continue;
      const highlight = request.highlight ? "both" : null;
      JSON.stringify(searchAnswer(snap, request, search(snap, request), highlight));
      queries++;
    }
  return { prepareMs, queries, queriesMs: elapsed() };
}

/** Its log line, the same on every thread (thread 0 is the main thread). */
export const warmedUpLine = (thread: number, w: WarmedUp) => ({
  level: "info",
  msg: "warmed up",
  thread,
  queries: w.queries,
  ms: Math.round(w.queriesMs),
  prepare_ms: Math.round(w.prepareMs),
});
const docs = (snap: Snapshot) => snap.starts[snap.starts.length - 1] ?? 0;
