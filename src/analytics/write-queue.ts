// The bounded queue between a recorder on the main thread and its writes through the import
// thread (search-recorder.ts, action-recorder.ts): analytics never slow or fail a request, so
// a full queue drops and counts, and a failed write drops its batch (statistics, not data).

export class WriteQueue<T> {
  private items: T[] = [];
  /** Items dropped: the queue was full, or their write failed. */
  dropped = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (batch: readonly T[]) => Promise<void>,
    private readonly capacity: number,
  ) {}

  /** Items waiting for the next write. */
  get length(): number {
    return this.items.length;
  }

  /** Queues the item `make` gives, made only when there is room (else counted as dropped). */
  push(make: () => T): void {
    if (this.items.length >= this.capacity) {
      this.dropped++;
      return;
    }
    this.items.push(make());
  }

  /** Writes what is queued, one write at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.items.length === 0) return;
      const batch = this.items;
      this.items = [];
      try {
        await this.write(batch);
      } catch {
        this.dropped += batch.length;
      }
    });
    return this.flushing;
  }
}
