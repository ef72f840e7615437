import { utcDay } from "../store/analytics-days.ts";
import type { ShopperAction } from "../store/store.ts";
import { recordedQuery } from "./query-text.ts";

/** An event as the route knows it: the domain, what was done, and who did it. */
export interface ActionSeen {
  domain_id: number;
  type: ShopperAction["type"];
  query: string;
  position: number;
  uuid: string | null;
  client: string | null;
}

/** Shoppers whose first click on a query today is remembered, at most (~100 B each). */
const CLICKERS = 200_000;

/**
 * Shoppers' actions after a search, recorded on the main thread as searches are
 * (search-recorder.ts): the query is capped as analytics record it, a shopper's first click on
 * a query of the day is told apart (a search with a click, for the click-through rate), and a
 * bounded queue is written by a timer to the store through the import thread. A full queue
 * drops and counts: statistics never slow or fail a request.
 */
export class ActionRecorder {
  private queue: ShopperAction[] = [];
  private clickers = new Set<string>();
  private day = "";
  dropped = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: { recordActions(actions: readonly ShopperAction[]): Promise<void> },
    private readonly options: { capacity: number; intervalMs: number },
  ) {
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    this.timer.unref?.();
  }

  record(seen: ActionSeen): void {
    const q = recordedQuery(seen.query);
    if (q === "") return;
    if (this.queue.length >= this.options.capacity) {
      this.dropped++;
      return;
    }
    const day = utcDay(Date.now());
    if (day !== this.day || this.clickers.size >= CLICKERS) {
      this.day = day;
      this.clickers = new Set();
    }
    let first = false;
    if (seen.type === "click") {
      // The shopper as a typing run is (search-recorder.ts): the client, and its uuid.
      const key = `${seen.domain_id}\t${seen.client ?? ""}\t${seen.uuid ?? ""}\t${q}`;
      first = !this.clickers.has(key);
      this.clickers.add(key);
    }
    this.queue.push({
      domain_id: seen.domain_id,
      day,
      q,
      type: seen.type,
      position: seen.type === "click" ? seen.position : 0,
      first_click: first,
    });
  }

  /** Writes what is queued; a failed write drops its actions (statistics, not data). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.queue.length === 0) return;
      const batch = this.queue;
      this.queue = [];
      try {
        await this.store.recordActions(batch);
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
