// The steps a category page's listing would take at its next asks (search/query/category-page.ts:
// laterSteps: another order's rank, one card per product, the hits by price), taken here one a
// turn of the thread's loop, between searches: a search that comes in waits for one step at
// most, and finds made what the step made. Each step is charged to its store's search time, as
// a search is (search-routes.ts), and skipped once its snapshot is no longer the domain's.

interface Queued {
  readonly domainId: number;
  readonly current: () => boolean;
  readonly run: () => void;
}

export class LaterSteps {
  private readonly queue: Queued[] = [];
  private next = 0;
  private scheduled = false;

  constructor(
    private readonly charge: (domainId: number, started: number, ended: number) => void,
  ) {}

  /** Steps of `domainId`'s listing, each taken while `current()` says its snapshot is. */
  add(domainId: number, current: () => boolean, steps: readonly (() => void)[]): void {
    for (const run of steps) this.queue.push({ domainId, current, run });
    if (this.queue.length > this.next && !this.scheduled) {
      this.scheduled = true;
      setImmediate(this.step);
    }
  }

  private readonly step = (): void => {
    const queued = this.queue[this.next++];
    if (this.next >= this.queue.length) {
      this.queue.length = 0;
      this.next = 0;
    }
    if (queued?.current()) {
      const started = performance.now();
      queued.run();
      this.charge(queued.domainId, started, performance.now());
    }
    this.scheduled = this.queue.length > this.next;
    if (this.scheduled) setImmediate(this.step);
  };
}
