/**
 * Each domain's past queries that may be suggested (popular among distinct shoppers, not
 * blocked), read synchronously on the search path from memory. They are computed on the import
 * thread (analytics/analytics-service.ts) and refreshed every `refreshMs` for the domains
 * searched since the last refresh, so a block made on any node shows within one interval.
 */
export class PopularQueries {
  private readonly byDomain = new Map<number, readonly string[]>();
  private readonly asked = new Set<number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly listeners: ((lists: readonly [number, string[]][]) => void)[] = [];

  constructor(
    /** The import thread's answer (ImportWriter.suggestions). */
    private readonly source: {
      suggestions(domainIds: readonly number[]): Promise<[number, string[]][]>;
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
  onRefresh(listener: (lists: readonly [number, string[]][]) => void): void {
    this.listeners.push(listener);
  }

  /** Takes lists fetched elsewhere (a search thread's copy of the main thread's refresh). */
  put(lists: readonly [number, string[]][]): void {
    for (const [id, queries] of lists) this.byDomain.set(id, queries);
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
