import type { PrimaryStore, SearchEvent } from "../store/store.ts";

/**
 * Searches are recorded off the request path: `record` only pushes onto a bounded queue (when
 * it is full the event is dropped and counted: analytics never slow or fail a search), and a
 * timer writes the queue to the store in batches.
 */
export class SearchRecorder {
  private queue: SearchEvent[] = [];
  dropped = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Pick<PrimaryStore, "recordSearches">,
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

  record(event: SearchEvent): void {
    if (this.queue.length >= this.options.capacity) this.dropped++;
    else this.queue.push(event);
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
