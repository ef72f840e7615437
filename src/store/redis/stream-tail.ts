import type { RedisClient } from "./connection.ts";

/** Waits for change-log streams to grow: StreamTail on one Redis, ClusterTail on a cluster. */
export interface Tail {
  /** Resolves when `key` has an entry after `after`, or after `timeoutMs`; never rejects. */
  wait(key: string, after: string, timeoutMs: number): Promise<void>;
  /** Calls `listener` on every growth of `key` after `after`, until close. */
  follow(key: string, after: string, listener: () => void): void;
  /** Wakes the local waiters of a stream now (a write of this node). */
  notify(key: string): void;
  close(): Promise<void>;
}

/**
 * Waits for streams to grow with XREAD BLOCK, many streams on ONE dedicated connection (a
 * blocked connection can do nothing else, so it cannot be the shared one, and a connection per
 * domain would not scale to thousands of domains). The blocking call covers every stream
 * someone is waiting on; when a stream that is not covered yet gets a waiter, the call is
 * interrupted with CLIENT UNBLOCK from the shared connection and reissued with the new set.
 *
 * One Redis only: in a cluster an XREAD over several keys must stay within one slot, so the
 * cluster has its own tail (cluster-tail.ts).
 */
export class StreamTail implements Tail {
  /** Stream key -> the id after which growth wakes its waiters. */
  private readonly wanted = new Map<string, { after: string; persistent?: () => void }>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private blockedId: number | null = null;
  private inFlight: Promise<unknown> | null = null;
  private interrupted: Promise<unknown> | null = null;
  private running = true;
  private wake: () => void = () => {};
  private readonly loopDone: Promise<void>;

  constructor(
    private readonly blocking: RedisClient,
    private readonly shared: RedisClient,
    private readonly blockMs = 5_000,
  ) {
    // The server gives a connection a new id when it reconnects.
    blocking.on("ready", () => {
      this.blockedId = null;
    });
    this.loopDone = this.loop();
  }

  /** Resolves when `key` has an entry after `after`, or after `timeoutMs`. */
  wait(key: string, after: string, timeoutMs: number): Promise<void> {
    const current = this.wanted.get(key);
    const set = this.waiters.get(key) ?? new Set<() => void>();
    this.waiters.set(key, set);
    if (!current) {
      this.wanted.set(key, { after });
      this.interrupt();
    } else if (!current.persistent) {
      if (compareIds(after, current.after) < 0) {
        // Entries between the two ids may exist already: the blocking call must start lower.
        current.after = after;
        this.interrupt();
      } else if (set.size === 0) {
        // Covered by the blocking call (growth past the older id includes growth past this
        // one): no interruption, only the id that replies are compared against moves on.
        current.after = after;
      }
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
  }

  /** Calls `listener` on every growth of `key` after `after`, until close. */
  follow(key: string, after: string, listener: () => void): void {
    this.wanted.set(key, { after, persistent: listener });
    this.interrupt();
  }

  /** Wakes the local waiters of a stream now (a write of this node). */
  notify(key: string): void {
    for (const done of [...(this.waiters.get(key) ?? [])]) done();
  }

  async close(): Promise<void> {
    this.running = false;
    this.interrupt();
    this.wake();
    for (const key of this.waiters.keys()) this.notify(key);
    await Promise.race([this.loopDone, Bun.sleep(1_000)]);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (this.wanted.size === 0) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        continue;
      }
      try {
        this.blockedId ??= await this.blocking.sendCommand<number>(["CLIENT", "ID"]);
        // The set is read after the last await: from here to `inFlight` nothing can change it.
        const keys = [...this.wanted.keys()];
        const ids = keys.map((k) => this.wanted.get(k)?.after ?? "$");
        const call = this.blocking.sendCommand<[string, [string, string[]][]][] | null>([
          "XREAD",
          "COUNT",
          "1",
          "BLOCK",
          String(this.blockMs),
          "STREAMS",
          ...keys,
          ...ids,
        ]);
        this.inFlight = call;
        const reply = await call;
        this.inFlight = null;
        for (const [key, entries] of reply ?? []) this.grew(key, entries);
      } catch {
        this.inFlight = null;
        // Redis is away: the waiters time out on their own; retry once it may be back.
        if (this.running) await Bun.sleep(200);
      }
    }
  }

  private grew(key: string, entries: [string, string[]][]): void {
    const last = entries[entries.length - 1]?.[0];
    const w = this.wanted.get(key);
    if (!w || last === undefined) return;
    if (w.persistent) {
      w.after = last;
      w.persistent();
      return;
    }
    // A reply for an id older than what the waiter has since applied wakes nobody.
    if (compareIds(last, w.after) <= 0) return;
    this.wanted.delete(key);
    this.notify(key);
  }

  /**
   * Makes the blocking call return now so that the loop reissues it over the new set. The
   * XREAD may still be on its way to the server, where UNBLOCK finds nothing blocked yet: it is
   * retried until it lands or the call has returned.
   */
  private interrupt(): void {
    this.wake();
    const call = this.inFlight;
    if (!call || this.interrupted === call) return;
    this.interrupted = call;
    void (async () => {
      try {
        for (let i = 0; i < 100 && this.inFlight === call && this.blockedId !== null; i++) {
          const n = await this.shared.sendCommand<number>([
            "CLIENT",
            "UNBLOCK",
            String(this.blockedId),
          ]);
          if (n === 1) break;
          await Bun.sleep(1);
        }
      } catch {
        // Redis is away; the loop's own error path takes over.
      }
    })();
  }
}

/** Orders stream ids `<ms>-<n>` (or `<seq>-0`) numerically. */
export function compareIds(a: string, b: string): number {
  const [am = 0, an = 0] = a.split("-").map(Number);
  const [bm = 0, bn = 0] = b.split("-").map(Number);
  return am - bm || an - bn;
}
