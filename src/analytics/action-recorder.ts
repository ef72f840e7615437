import { utcDay } from "../store/analytics-days.ts";
import type { ShopperAction } from "../store/store.ts";
import { recordedQuery } from "./query-text.ts";
import { WriteQueue } from "./write-queue.ts";

/** An event as the route knows it: the domain, what was done, and who did it. */
export interface ActionSeen {
  domain_id: number;
  type: ShopperAction["type"];
  query: string;
  position: number;
  /** The product acted on. */
  source_id: string;
  uuid: string | null;
  client: string | null;
}

/** Shoppers whose first click on a query today is remembered, at most (~100 B each). */
const CLICKERS = 200_000;

/**
 * Shoppers' actions after a search, recorded on the main thread as searches are
 * (search-recorder.ts): the query is capped as analytics record it, a shopper's first click on
 * a query of the day is told apart (a search with a click, for the click-through rate), and a
 * bounded queue (write-queue.ts) is written by a timer to the store through the writer thread.
 */
export class ActionRecorder {
  private readonly writes: WriteQueue<ShopperAction>;
  private clickers = new Set<string>();
  private day = "";
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    store: { recordActions(actions: readonly ShopperAction[]): Promise<void> },
    options: { capacity: number; intervalMs: number },
  ) {
    this.writes = new WriteQueue((batch) => store.recordActions(batch), options.capacity);
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    this.timer.unref?.();
  }

  record(seen: ActionSeen): void {
    const q = recordedQuery(seen.query);
    if (q === "") return;
    // Made only when queued: a dropped click marks no shopper as having clicked.
    this.writes.push(() => {
      const day = utcDay(Date.now());
      return {
        domain_id: seen.domain_id,
        day,
        q,
        type: seen.type,
        position: seen.type === "click" ? seen.position : 0,
        first_click: seen.type === "click" && this.firstClick(day, seen, q),
        source_id: seen.source_id,
      };
    });
  }

  /** Whether this is the shopper's first click on `q` today (and remembers it). */
  private firstClick(day: string, seen: ActionSeen, q: string): boolean {
    if (day !== this.day || this.clickers.size >= CLICKERS) {
      this.day = day;
      this.clickers = new Set();
    }
    // The shopper as a typing run is (search-recorder.ts): the client, and its uuid.
    const key = `${seen.domain_id}\t${seen.client ?? ""}\t${seen.uuid ?? ""}\t${q}`;
    if (this.clickers.has(key)) return false;
    this.clickers.add(key);
    return true;
  }

  flush(): Promise<void> {
    return this.writes.flush();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
