import { batchSize, type ChangeBatch, writtenOf } from "../model/change-batch.ts";
import type { WrittenProducts } from "../model/offers.ts";

/** About 30 MB of record JSON: a few seconds of a bulk load at full speed. */
const FRESH_CAPACITY = 20_000;

/**
 * The change batches (model/change-batch.ts) of the latest logged batches of products, as the
 * writer thread posted them beside their HTTP answers, kept by change-log position, so that the
 * indexer patches a batch right after its commit without reading and parsing it back from the
 * store (that was ~27 ms of each 1,000-product batch). Keyed by the entry's position, not the
 * product id: an entry gets exactly the versions its batch wrote, never an older one. Bounded,
 * oldest out first; whatever is missing is read from the store.
 *
 * The writer thread commits before its reply crosses to this thread, so the indexer can read
 * an entry whose change batch is on its way: it then waits once for the next reply (`ready`,
 * `arrival`) rather than parse the batch back from the store.
 */
export class FreshRecords {
  private readonly byEntry = new Map<string, ChangeBatch>();
  private size = 0;
  /** Per domain: batches sent to the writer thread and not answered yet. */
  private readonly inFlight = new Map<number, number>();
  private readonly arrivals = new Map<number, (() => void)[]>();

  /** A batch of the domain went to the writer thread. */
  sent(domainId: number): void {
    this.inFlight.set(domainId, (this.inFlight.get(domainId) ?? 0) + 1);
  }

  /** Its answer came back; `change` when it logged products. */
  answered(domainId: number, change?: ChangeBatch): void {
    const left = (this.inFlight.get(domainId) ?? 1) - 1;
    if (left > 0) this.inFlight.set(domainId, left);
    else this.inFlight.delete(domainId);
    if (change) {
      this.byEntry.set(`${change.domainId}:${change.seq}`, change);
      this.size += batchSize(change);
      for (const [key, batch] of this.byEntry) {
        if (this.size <= FRESH_CAPACITY) break;
        this.byEntry.delete(key);
        this.size -= batchSize(batch);
      }
    }
    const waiting = this.arrivals.get(domainId);
    this.arrivals.delete(domainId);
    for (const resolve of waiting ?? []) resolve();
  }

  /**
   * The entries that can be applied now: all of them, unless a products entry has no records
   * here while an answer of the domain is on its way; then those before it. (An entry that
   * carries what it wrote, the Redis log's, waits too: applied from itself, its batch's
   * records would arrive after and stay here until pushed out.)
   */
  ready<E extends { seq: number; kind: string }>(domainId: number, entries: E[]): E[] {
    if (!this.inFlight.has(domainId)) return entries;
    const gap = entries.findIndex(
      (e) => e.kind === "products" && !this.byEntry.has(`${domainId}:${e.seq}`),
    );
    return gap < 0 ? entries : entries.slice(0, gap);
  }

  /** Resolves at the domain's next answer from the writer thread. */
  arrival(domainId: number): Promise<void> {
    if (!this.inFlight.has(domainId)) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.arrivals.get(domainId) ?? [];
      list.push(resolve);
      this.arrivals.set(domainId, list);
    });
  }

  /** What the domain's entry at `seq` wrote, once: each entry is taken once. */
  take(domainId: number, seq: number): WrittenProducts | undefined {
    const key = `${domainId}:${seq}`;
    const batch = this.byEntry.get(key);
    if (batch === undefined) return undefined;
    this.byEntry.delete(key);
    this.size -= batchSize(batch);
    return writtenOf(batch);
  }
}
