import type { DomainRecord } from "../model/records.ts";
import type { Snapshot } from "../search/engine.ts";
import type { ChangeLog } from "../store/store.ts";
import { DomainIndexer, type IndexSource } from "./domain-indexer.ts";
import type { FreshRecords } from "./fresh-records.ts";

/** What the indexers of a node are given and tell. */
export interface IndexersHooks {
  /** Records of the batches this node's writer thread logged, for the indexers. */
  fresh?: FreshRecords;
  /** Sees each snapshot swapped in, and each domain dropped (the replicas of the threads that search). */
  replicas?: {
    publish(domainId: number, snapshot: Snapshot): Snapshot;
    drop(domainId: number): void;
  };
  /** Told each patch's thread time per domain (DomainIndexer's `charge`). */
  charge?: (domainId: number, ms: number) => void;
  /** Told each position a domain's index applied (DomainIndexer's `moved`). */
  moved?: (domainId: number, position: number) => void;
  /** Told once a domain's index is built and caught up. */
  ready?: (domainId: number) => void;
}

/**
 * Every domain's indexer of this node (the domains it serves: index-thread-handle.ts), and the
 * periodic reindex that heals partial batches.
 */
export class Indexers {
  private readonly byDomain = new Map<number, DomainIndexer>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: IndexSource,
    private readonly log: ChangeLog,
    private readonly hooks: IndexersHooks = {},
  ) {}

  /** Builds the domain's index from the store, catches up from the log, then tails it. */
  async add(domain: DomainRecord): Promise<void> {
    if (this.byDomain.has(domain.id)) return;
    const { fresh, replicas, charge, moved } = this.hooks;
    const indexer = new DomainIndexer(
      domain.id,
      this.store,
      this.log,
      fresh,
      (id, snapshot) => (replicas ? replicas.publish(id, snapshot) : snapshot),
      charge,
      moved,
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
      indexer.start(() => this.hooks.ready?.(domain.id));
      throw error;
    }
    indexer.start();
    this.hooks.ready?.(domain.id);
  }

  /** Stops and drops a deleted domain's index. */
  async remove(domainId: number): Promise<void> {
    const indexer = this.byDomain.get(domainId);
    this.byDomain.delete(domainId);
    this.hooks.replicas?.drop(domainId);
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
    await Promise.all([...this.byDomain.values()].map((i) => i.stop()));
  }
}
