// The steps a category page's listing would take at its next asks (search/query/category-page.ts:
// laterSteps: another order's rank, one card per product, the hits by price), taken here one a
// turn of the thread's loop, between searches: a search that comes in waits for one step at
// most, and finds made what the step made. Each step is charged to its store's search time, as
// a search is (search-routes.ts), and skipped once its snapshot is no longer the domain's.

// A bound on the steps waiting: they only save later asks their work, so past it new ones are
// left to those asks, and a flood of category pages cannot grow the queue (each step holds its
// listing) faster than the thread takes them.
const MAX_WAITING = 1024;

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
    const room = MAX_WAITING - (this.queue.length - this.next);
    for (const run of steps.slice(0, Math.max(0, room)))
      this.queue.push({ domainId, current, run });
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
