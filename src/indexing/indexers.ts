import type { DomainRecord } from "../model/records.ts";
import type { Snapshot } from "../search/engine.ts";
import type { ChangeLog } from "../store/store.ts";
import { DomainIndexer, type IndexSource } from "./domain-indexer.ts";
import type { FreshRecords } from "./fresh-records.ts";

/** Every domain's indexer of this node, and the periodic reindex that heals partial batches. */
export class Indexers {
  private readonly byDomain = new Map<number, DomainIndexer>();
  /** Domains whose first build and catch-up have finished: what /ready waits for. */
  private readonly built = new Set<number>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: IndexSource,
    private readonly log: ChangeLog,
    /** Whether this node serves the domain (all of them unless partitioned). */
    private readonly serves: (domain: DomainRecord) => boolean = () => true,
    /** Records of the batches this node's writer thread logged, for the indexers. */
    private readonly fresh?: FreshRecords,
    /** Sees each snapshot swapped in, and each domain dropped (the search threads' replicas). */
    private readonly replicas?: {
      publish(domainId: number, snapshot: Snapshot): Snapshot;
      drop(domainId: number): void;
    },
    /** Told each patch's thread time per domain (DomainIndexer's `charge`). */
    private readonly charge?: (domainId: number, ms: number) => void,
  ) {}

  get(domainId: number): DomainIndexer | undefined {
    return this.byDomain.get(domainId);
  }

  all(): DomainIndexer[] {
    return [...this.byDomain.values()];
  }

  /** Builds the domain's index from the store, catches up from the log, then tails it. */
  async add(domain: DomainRecord): Promise<void> {
    if (this.byDomain.has(domain.id) || !this.serves(domain)) return;
    const indexer = new DomainIndexer(
      domain.id,
      this.store,
      this.log,
      this.fresh,
      (id, snapshot) => (this.replicas ? this.replicas.publish(id, snapshot) : snapshot),
      this.charge,
    );
    this.byDomain.set(domain.id, indexer);
    try {
      await indexer.rebuild();
      await indexer.catchUp();
    } catch (error) {
      // The store went away during the first build (Redis mode): the indexer's own loop, which
      // outlives outages, rebuilds once the store answers again, then the domain is ready. Left
      // unstarted, the domain's index would never follow the log again (a node restart healed it).
      indexer.requestRebuild();
      indexer.start(() => this.built.add(domain.id));
      throw error;
    }
    indexer.start();
    this.built.add(domain.id);
  }

  /** Whether the domain's index is built and caught up (or the domain is not served here). */
  isReady(domain: DomainRecord): boolean {
    return !this.serves(domain) || this.built.has(domain.id);
  }

  /** Stops and drops a deleted domain's index. */
  async remove(domainId: number): Promise<void> {
    const indexer = this.byDomain.get(domainId);
    this.byDomain.delete(domainId);
    this.built.delete(domainId);
    this.replicas?.drop(domainId);
    await indexer?.stop();
  }

  /** Rebuilds every domain's index from the store every `seconds` (0: never). */
  schedule(seconds: number): void {
    if (seconds <= 0) return;
    // Each node heals its own indexes; a log entry would make every node rebuild once per node.
    this.timer = setInterval(() => {
      for (const indexer of this.byDomain.values()) indexer.requestRebuild();
    }, seconds * 1000);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.all().map((i) => i.stop()));
  }
}
