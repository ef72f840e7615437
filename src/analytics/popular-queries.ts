import type { PrimaryStore } from "../store/store.ts";

const REFRESH_MS = 60_000;

/**
 * Each domain's most frequent past queries with results, for suggestions. Read synchronously on
 * the search path from memory; refreshed from the store in the background at most once a minute.
 */
export class PopularQueries {
  private readonly byDomain = new Map<
    number,
    { queries: string[]; at: number; loading: boolean }
  >();

  constructor(
    private readonly store: PrimaryStore,
    private readonly limit = 200,
  ) {}

  get(domainId: number): readonly string[] {
    let entry = this.byDomain.get(domainId);
    if (!entry) {
      entry = { queries: [], at: 0, loading: false };
      this.byDomain.set(domainId, entry);
    }
    if (!entry.loading && Date.now() - entry.at > REFRESH_MS) {
      const e = entry;
      e.loading = true;
      this.store
        .topQueries(domainId, { limit: this.limit, withResults: true })
        .then((rows) => {
          e.queries = rows.map((r) => r.q);
        })
        .catch(() => {})
        .finally(() => {
          e.at = Date.now();
          e.loading = false;
        });
    }
    return entry.queries;
  }
}
