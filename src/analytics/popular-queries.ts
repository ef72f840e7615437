import type { DomainPopular } from "./analytics-service.ts";
/**
 * Each domain's past queries that may be suggested (popular among distinct shoppers, not
 * blocked), and its products' popularity (the `popular` order), read synchronously on the
 * search path from memory. They are computed on the import
 * thread (analytics/analytics-service.ts) and refreshed every `refreshMs` for the domains
 * searched since the last refresh, so a block made on any node shows within one interval.
 */
export class PopularQueries {
  private readonly byDomain = new Map<number, readonly string[]>();
  private readonly products = new Map<number, Popularity>();
  private readonly asked = new Set<number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly listeners: ((lists: readonly [number, DomainPopular][]) => void)[] = [];

  constructor(
    /** The writer thread's answer (writer/analytics.ts). */
    private readonly source: {
      suggestions(domainIds: readonly number[]): Promise<[number, DomainPopular][]>;
    },
    refreshMs: number,
  ) {
    this.timer = setInterval(() => {
      const ids = [...this.asked];
      this.asked.clear();
      if (ids.length > 0) void this.refresh(ids);
    }, refreshMs);
    this.timer.unref?.();
  }

  /** Called with the lists of every refresh: the search threads take them at once. */
  onRefresh(listener: (lists: readonly [number, DomainPopular][]) => void): void {
    this.listeners.push(listener);
  }

  /** Takes lists fetched elsewhere (a search thread's copy of the main thread's refresh). */
  put(lists: readonly [number, DomainPopular][]): void {
    for (const [id, popular] of lists) {
      this.byDomain.set(id, popular.queries);
      const known = this.products.get(id);
      // A new version only when the scores changed: answers ordered by them are kept till then.
      if (known === undefined || !sameScores(known.scores, popular.products))
        this.products.set(id, { scores: popular.products, version: (known?.version ?? 0) + 1 });
    }
  }

  /** The domain's products' popularity; version 0 (no scores) before the first refresh. */
  popularity(domainId: number): Popularity {
    this.asked.add(domainId);
    return this.products.get(domainId) ?? NO_POPULARITY;
  }

  get(domainId: number): readonly string[] {
    this.asked.add(domainId);
    return this.byDomain.get(domainId) ?? [];
  }

  /** Fetches the domains' lists now (after a block on this node); one refresh at a time. */
  refresh(domainIds: readonly number[]): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      try {
        const lists = await this.source.suggestions(domainIds);
        this.put(lists);
        for (const listener of this.listeners) listener(lists);
      } catch {
        // Kept as they were: suggestions are a convenience, the next interval tries again.
      }
    });
    return this.refreshing;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** A domain's product scores ([source_id, score], best first) and a number that changes with them. */
export interface Popularity {
  readonly scores: readonly (readonly [string, number])[];
  readonly version: number;
}

const NO_POPULARITY: Popularity = { scores: [], version: 0 };

function sameScores(a: Popularity["scores"], b: Popularity["scores"]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as readonly [string, number];
    const y = b[i] as readonly [string, number];
    if (x[0] !== y[0] || x[1] !== y[1]) return false;
  }
  return true;
}
