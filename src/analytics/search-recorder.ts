import type { SearchEvent } from "../store/store.ts";
import { mayBeSuggested, recordedQuery } from "./query-text.ts";

/** A search as the search route knows it: the raw text, the caller's uuid and address. */
export interface SearchSeen {
  domain_id: number;
  q: string;
  language: string;
  total: number;
  corrected_query: string;
  uuid: string | null;
  /** The client's IP address, when known: the shopper when there is no uuid. */
  client: string | null;
  filtered: boolean;
}

/**
 * A shopper as analytics keep them: 24 bits of a hash of the uuid (or of the client address
 * when there is none). Enough to tell a few shoppers apart (three distinct ones collide with
 * odds of about 1 in 5 million); not enough to give an address back (each value stands for
 * ~256 IPv4 addresses).
 */
export function shopperId(uuid: string | null, client: string | null): string {
  const id = uuid ? `u:${uuid}` : client ? `c:${client}` : null;
  return id === null ? "" : (Bun.hash.crc32(id) & 0xffffff).toString(36);
}

/**
 * Searches are recorded off the request path: `record` caps the event (analytics/query-text.ts)
 * and pushes it onto a bounded queue (when it is full the event is dropped and counted in
 * `dropped`: analytics never slow or fail a search), and a timer writes the queue to the store
 * in batches. Only what is capped is queued: 8 KB queries cost the queue 100 characters.
 */
export class SearchRecorder {
  private queue: SearchEvent[] = [];
  dropped = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    /** The import thread (ImportWriter), which writes them to the store. */
    private readonly store: { recordSearches(events: readonly SearchEvent[]): Promise<void> },
    private readonly options: { capacity: number; intervalMs: number } = {
      capacity: 10_000,
      intervalMs: 250,
    },
  ) {
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    this.timer.unref?.();
  }

  /** Events waiting for the next write (read by /metrics). */
  get queued(): number {
    return this.queue.length;
  }

  record(seen: SearchSeen): void {
    if (this.queue.length >= this.options.capacity) {
      this.dropped++;
      return;
    }
    const q = recordedQuery(seen.q);
    if (q === "") return;
    this.queue.push({
      domain_id: seen.domain_id,
      at: Date.now(),
      q,
      language: seen.language,
      total: seen.total,
      corrected_query: recordedQuery(seen.corrected_query),
      // Only a search that found something, of a query fit to be shown, counts its shopper
      // towards a suggestion (PRODUCT.md: several distinct shoppers, with results, short).
      shopper: seen.total > 0 && mayBeSuggested(seen.q, q) ? shopperId(seen.uuid, seen.client) : "",
      filtered: seen.filtered,
    });
  }

  /** Writes what is queued; a failed write drops its events (they are statistics, not data). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.queue.length === 0) return;
      const batch = this.queue;
      this.queue = [];
      try {
        await this.store.recordSearches(batch);
      } catch {
        this.dropped += batch.length;
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
