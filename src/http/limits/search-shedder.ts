/**
 * Sheds the searches of the stores that keep the HTTP thread overloaded. Searches are answered
 * synchronously on that thread, so a store that sends more than the node can compute makes
 * every request wait behind its own: /health and the other stores' searches included. The
 * thread is overloaded when its event loop lags (a timer due now runs late because the requests
 * already read come first); then a search is refused with a fast 429 when its store's searches
 * took at least `minMs` of the thread in the last second or two and at least its fair share (1 /
 * the stores searching) of the search time: cost, not count, so that a few expensive queries
 * are shed as surely as many cheap ones, and a widget's few searches never. A refusal costs
 * microseconds, so the loop catches up and the others' requests are answered. Pure: the caller
 * gives the lag and the time.
 */
export class SearchShedder {
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  private windowStart = 0;

  constructor(
    private readonly o: {
      lagMs: number;
      /** Milliseconds of search time in the window below which a store is never shed. */
      minMs: number;
      /** The event loop's lag at a time (LoopLag.at). */
      lag: (nowMs: number) => number;
    },
  ) {}

  /** A search of `domainId` that took `ms` of the thread, finished at `nowMs`. */
  record(domainId: number, ms: number, nowMs: number): void {
    this.rotate(nowMs);
    this.current.set(domainId, (this.current.get(domainId) ?? 0) + ms);
  }

  /** True when a search of `domainId` at `nowMs` should be refused. */
  shed(domainId: number, nowMs: number): boolean {
    if (this.o.lagMs <= 0 || this.o.lag(nowMs) < this.o.lagMs) return false;
    this.rotate(nowMs);
    // The last full second and the current one together: one window that is never empty.
    let total = 0;
    let mine = 0;
    const active = new Set<number>();
    for (const window of [this.previous, this.current])
      for (const [id, ms] of window) {
        total += ms;
        active.add(id);
        if (id === domainId) mine += ms;
      }
    return mine >= this.o.minMs && total > 0 && mine / total >= 1 / active.size;
  }

  private rotate(nowMs: number): void {
    if (nowMs - this.windowStart < 1000) return;
    this.previous = nowMs - this.windowStart < 2000 ? this.current : new Map();
    this.current = new Map();
    this.windowStart = nowMs;
  }
}

/**
 * The event loop's lag: a timer due every `everyMs` notes how late it runs. Between its runs,
 * the time since it was due is the lag building up right now: 1,000 requests read in one turn
 * of the loop are handled one after the other before any timer, and the shedder must see the
 * lag while they are. A lag decays by half a tick, so one quiet tick does not end an overload.
 */
export class LoopLag {
  private due = performance.now();
  private smoothed = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly everyMs: number) {}

  start(): this {
    this.due = performance.now() + this.everyMs;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.smoothed = Math.max(now - this.due, this.smoothed * 0.5);
      this.due = now + this.everyMs;
    }, this.everyMs);
    this.timer.unref?.();
    return this;
  }

  at(nowMs: number): number {
    return Math.max(this.smoothed, nowMs - this.due);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * A thread's shedder over its own loop's lag: each search thread sheds for itself. A store is
 * shed only past 200 ms of search time in its window (1-2 s; ~100 new queries): a store's
 * widget, or a test, never meets it on a slow machine whose loop lags for other reasons.
 */
export function threadShedder(lagMs: number): { shedder: SearchShedder; loopLag: LoopLag } {
  const loopLag = new LoopLag(50).start();
  const shedder = new SearchShedder({ lagMs, minMs: 200, lag: (now) => loopLag.at(now) });
  return { shedder, loopLag };
}
