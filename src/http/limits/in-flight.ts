/**
 * Counts the requests in progress per key and refuses one past `limit`: the bound on the import
 * work a domain may have queued (a request counts from authentication to its answer, while its
 * body arrives, waits in the domain's mailbox and is written).
 */
export class InFlight<K> {
  private readonly counts = new Map<K, number>();

  constructor(private readonly limit: number) {}

  /** Counts a request in; false (and nothing counted) when `key` is at its limit. */
  enter(key: K): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  leave(key: K): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }

  /** Requests in progress of `key`, or of every key: a queue depth for /metrics. */
  depth(key?: K): number {
    if (key !== undefined) return this.counts.get(key) ?? 0;
    let total = 0;
    for (const n of this.counts.values()) total += n;
    return total;
  }
}
