import { SEARCH_DEFAULTS, type SearchParams } from "../model/search.ts";
import { prepareSnapshot, type Snapshot, searchUncached, warmUpQueries } from "../search/engine.ts";
import { parseSearchParams } from "./parse-params.ts";

/**
 * How long a thread's warm-up may take at most, beside its build or its replicas (measured:
 * BENCHMARKS.md "The first queries after a start and after an import").
 */
export const WARM_UP_BUDGET_MS = 400;

/**
 * Before a thread listens: builds every snapshot's derived data, then asks the warm-up
 * queries of the engine (search/warm-up.ts), the largest domain's first, as the search route
 * would (its query string parsed, its answer serialised), until they are done or the budget
 * is spent. Nothing is recorded: no analytics, suggestions, metrics, rate tokens or cached
 * answers. Returns the queries asked and the milliseconds it took.
 */
export function warmUpSearches(
  snapshots: readonly Snapshot[],
  maxPageSize: number,
  budgetMs = WARM_UP_BUDGET_MS,
): { queries: number; ms: number } {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const bySize = [...snapshots].sort((a, b) => docs(b) - docs(a));
  for (const snap of bySize) prepareSnapshot(snap);
  let queries = 0;
  for (const snap of bySize)
    for (const params of warmUpQueries(snap)) {
      if (elapsed() >= budgetMs) return { queries, ms: elapsed() };
      const parsed = parseSearchParams(queryString(params), maxPageSize);
      if (!parsed.ok) continue;
      JSON.stringify(searchUncached(snap, parsed.params));
      queries++;
    }
  return { queries, ms: elapsed() };
}

const docs = (snap: Snapshot) => snap.starts[snap.starts.length - 1] ?? 0;

/** The query string that parses to `params` (the parameters left at their default omitted). */
function queryString(params: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === SEARCH_DEFAULTS[name as keyof SearchParams]) continue;
    const text = Array.isArray(value) ? value.join(",") : String(value);
    if (text !== "") query.set(name, text);
  }
  return query;
}
