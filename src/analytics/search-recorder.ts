import type { SearchEvent } from "../store/store.ts";
import { ClientShare } from "./client-share.ts";
import { mayBeSuggested, recordedQuery } from "./query-text.ts";
import { TypingSessions } from "./typing-sessions.ts";
import { WriteQueue } from "./write-queue.ts";

/** A search as the search route knows it: the raw text, the caller's uuid and address. */
export interface SearchSeen {
  domain_id: number;
  /**
   * When it was answered (ms since the epoch). A search thread sends its searches in batches,
   * so they reach the recorder later than the main thread's own, and out of order with them.
   */
  at: number;
  q: string;
  language: string;
  total: number;
  corrected_query: string;
  uuid: string | null;
  /** The client's IP address, when known: the shopper (a uuid only tells its typing apart). */
  client: string | null;
  filtered: boolean;
  /** A category page (browse=true): its category's source id, "" for the whole store's. */
  category_view?: string;
}

/**
 * A shopper as analytics keep them: 24 bits of a hash of the client address, never the uuid
 * the client sends (one client inventing uuids is one shopper, issue 23). Enough to tell a few
 * shoppers apart (three distinct ones collide with odds of about 1 in 5 million); not enough
 * to give an address back (each value stands for ~256 IPv4 addresses).
 */
function shopperId(client: string | null): string {
  return client ? (Bun.hash.crc32(`c:${client}`) & 0xffffff).toString(36) : "";
}

export interface RecorderOptions {
  /** Events waiting for a write at most: more are dropped and counted. */
  capacity: number;
  intervalMs: number;
  /** Inactivity that closes a shopper's typing run (typing-sessions.ts); 0 counts every search. */
  typingMs: number;
}

/** Open typing runs at most (~300 B each): the least recently active closes first. */
const OPEN_RUNS = 10_000;

type Pending = SearchEvent & { client: string };

/**
 * Searches are recorded off the search threads (they send SearchSeen here, to the main thread):
 * `record` caps the event (analytics/query-text.ts), folds a shopper's typing into one search
 * (typing-sessions.ts), spends the client's share of new queries (client-share.ts) and pushes
 * the settled search onto a bounded queue (when it is full the event is dropped and counted in
 * `dropped`: analytics never slow or fail a search), and a timer writes the queue to the store
 * in batches. Only what is capped is queued: 8 KB queries cost the queue 100 characters.
 */
export class SearchRecorder {
  private readonly writes: WriteQueue<SearchEvent>;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly runs: TypingSessions<Pending>;
  private readonly shares = new ClientShare();

  constructor(
    /** The writer thread (writer/analytics.ts), which writes them to the store. */
    store: { recordSearches(events: readonly SearchEvent[]): Promise<void> },
    options: RecorderOptions,
  ) {
    this.writes = new WriteQueue((batch) => store.recordSearches(batch), options.capacity);
    this.runs = new TypingSessions(
      { idleMs: options.typingMs, capacity: OPEN_RUNS },
      (p) => this.settle(p),
      // A filter or page change of the same query is the same search: it keeps the query's
      // own results (a filter that finds nothing is no query without results) and is filtered.
      (before, after) =>
        before.q === after.q ? { ...before, filtered: before.filtered || after.filtered } : after,
    );
    this.timer = setInterval(() => {
      this.runs.closeIdle(Date.now());
      void this.flush();
    }, options.intervalMs);
    this.timer.unref?.();
  }

  /** Events waiting for the next write (read by /metrics). */
  get queued(): number {
    return this.writes.length;
  }

  /** Events dropped: the queue was full, or their write failed. */
  get dropped(): number {
    return this.writes.dropped;
  }

  record(seen: SearchSeen): void {
    if (seen.category_view !== undefined) {
      // A page view, not typing: counted apart as it is (no run, no suggestion, no share).
      const view = seen.category_view;
      this.writes.push(() => ({
        domain_id: seen.domain_id,
        at: seen.at,
        q: "",
        language: seen.language,
        total: seen.total,
        corrected_query: "",
        shopper: "",
        filtered: seen.filtered,
        may_add: true,
        category_view: view,
      }));
      return;
    }
    const q = recordedQuery(seen.q);
    if (q === "") return;
    const now = seen.at;
    const client = seen.client ?? "";
    // The run is the client's and, behind one address, the uuid's: two shoppers of one office
    // typing at once stay two runs. A client inventing uuids only gets more runs, never more
    // shoppers (shopperId) nor more new queries (ClientShare).
    const key = `${seen.domain_id}\t${client}\t${seen.uuid ?? ""}`;
    this.runs.see(
      key,
      {
        domain_id: seen.domain_id,
        at: now,
        q,
        language: seen.language,
        total: seen.total,
        corrected_query: recordedQuery(seen.corrected_query),
        // Only a search that found something, of a query fit to be shown, counts its shopper
        // towards a suggestion (PRODUCT.md: several distinct shoppers, with results, short).
        shopper: seen.total > 0 && mayBeSuggested(seen.q, q) ? shopperId(seen.client) : "",
        filtered: seen.filtered,
        may_add: true,
        client,
      },
      now,
    );
  }

  /** A closed run: its last search is queued, as a new query only within the client's share. */
  private settle({ client, ...event }: Pending): void {
    // The client's share is spent only on a search that is queued.
    this.writes.push(() => {
      const day = new Date(event.at).toISOString().slice(0, 10);
      return { ...event, may_add: this.shares.take(event.domain_id, client, day) };
    });
  }

  flush(): Promise<void> {
    return this.writes.flush();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.runs.closeAll();
    await this.flush();
  }
}
