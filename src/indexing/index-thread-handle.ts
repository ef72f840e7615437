import type { Config } from "../config.ts";
import { batchBuffers, batchSize, type ChangeBatch } from "../model/change-batch.ts";
import type { DomainRecord } from "../model/records.ts";
import { buildSnapshot, type Snapshot } from "../search/engine.ts";
import { serves } from "../tenancy/partition.ts";
import type { FromIndexThread, ToIndexThread } from "./index-thread.ts";
import { type ReplicaMessage, SnapshotPublisher, SnapshotReplicas } from "./snapshot-replica.ts";

const STOP_MS = 10_000;
/** A bulk batch's records at most (--max-items' default): see farBehind. */
const PACE_RECORDS = 1_000;

/** A domain's index as the main thread serves it: its replica, and where it has read the log to. */
export interface ServedIndex {
  readonly snapshot: Snapshot;
  /** The last change-log position the snapshot served here holds. */
  readonly position: number;
  /** Wall-clock time of the last applied change, for the admin page's lag figure. */
  readonly appliedAt: number;
}

/** What the routes read of this node's indexes. */
export interface IndexView {
  get(domainId: number): ServedIndex | undefined;
  isReady(domain: DomainRecord): boolean;
}

/** What a domain added a moment ago serves until the index thread's first snapshot arrives. */
const EMPTY = buildSnapshot({ products: [], categories: [] });
/** Its segment's id, apart from the index thread's (which count from 1). */
const EMPTY_SEGMENT_ID = 2 ** 30;

class ServedDomain implements ServedIndex {
  position = 0;
  appliedAt = 0;

  constructor(
    private readonly domainId: number,
    private readonly replicas: SnapshotReplicas,
  ) {}

  get snapshot(): Snapshot {
    return this.replicas.get(this.domainId)?.snapshot ?? EMPTY;
  }
}

/**
 * The main thread's handle on the index thread (index-thread.ts): the domains to index, the
 * records of the batches the writer thread answered, and the main thread's own replica of
 * every snapshot it publishes (the main thread searches like the search threads, from the
 * shared copy). A position is told once the replica serving it here is applied.
 */
export class IndexThread implements IndexView {
  private readonly worker: Worker;
  private readonly replicas = new SnapshotReplicas((next) => setImmediate(next));
  /** Per domain, what its replica here holds: live, a caller may keep it and read it again. */
  private readonly served = new Map<number, ServedDomain>();
  private readonly built = new Set<number>();
  private readonly adding = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private stopped: (() => void) | null = null;
  private readonly sinks: ((message: ReplicaMessage) => void)[] = [];
  private broken = false;
  /**
   * Per domain, the change batches handed on to the index thread and not served here yet: their
   * log positions and sizes (records, and offers at a seventh: model/change-batch.ts).
   */
  private readonly unapplied = new Map<number, { seq: number; size: number }[]>();

  private constructor(
    private readonly config: Config,
    /** Each patch's time of the index thread per domain: the store's imports pay for it. */
    charge: (domainId: number, ms: number) => void,
    started: { resolve: () => void; reject: (e: Error) => void },
  ) {
    this.worker = new Worker(new URL("./index-thread.ts", import.meta.url).href);
    this.worker.onmessage = (event: MessageEvent<FromIndexThread>) => {
      const m = event.data;
      switch (m.type) {
        case "started":
          return started.resolve();
        case "failed":
          return this.failed(m.error, started);
        case "replica":
          return this.deliver(m.message);
        case "moved": {
          const { domainId, position, appliedAt } = m;
          // Told once the snapshot that holds it serves here: the replica applies in slices.
          void this.replicas.idle().then(() => {
            const served = this.served.get(domainId);
            if (served) Object.assign(served, { position, appliedAt });
            const left = this.unapplied.get(domainId)?.filter((b) => b.seq > position);
            if (left?.length) this.unapplied.set(domainId, left);
            else this.unapplied.delete(domainId);
          });
          return;
        }
        case "charge":
          return charge(m.domainId, m.ms);
        case "added": {
          const waiting = this.adding.get(m.domainId);
          this.adding.delete(m.domainId);
          if (m.error === undefined) waiting?.resolve();
          else waiting?.reject(new Error(m.error));
          return;
        }
        case "ready":
          void this.replicas.idle().then(() => this.built.add(m.domainId));
          return;
        case "stopped":
          return this.stopped?.();
      }
    };
    this.worker.onerror = (event) => this.failed(String(event.message), started);
    this.post({ type: "init", config });
  }

  /**
   * A fault of the index thread is a bug: logged, and the indexes no longer follow the log, so
   * `/ready` says no domain is ready (searches go on from the replicas as they are).
   */
  private failed(error: string, started: { reject: (e: Error) => void }): void {
    console.error(JSON.stringify({ level: "error", msg: "index thread", error }));
    this.broken = true;
    started.reject(new Error(`index thread: ${error}`));
  }

  static async start(
    config: Config,
    charge: (domainId: number, ms: number) => void,
  ): Promise<IndexThread> {
    let handle: IndexThread | null = null;
    const started = new Promise<void>((resolve, reject) => {
      handle = new IndexThread(config, charge, { resolve, reject });
    });
    const index = handle as unknown as IndexThread;
    // A thread that could not open the store is gone with the failed start.
    await started.catch((error) => {
      index.worker.terminate();
      throw error;
    });
    return index;
  }

  /** A snapshot message to this thread's replica, then to the sinks, in order. */
  private deliver(message: ReplicaMessage): void {
    this.replicas.apply(message);
    for (const sink of this.sinks) sink(message);
  }

  /** Each snapshot message from now on, in order: the other search threads' replicas. */
  onReplica(sink: (message: ReplicaMessage) => void): void {
    this.sinks.push(sink);
  }

  private post(message: ToIndexThread): void {
    this.worker.postMessage(message);
  }

  /** Builds the domain's index, catches up and tails its log; resolves once it serves here. */
  add(domain: DomainRecord): Promise<void> {
    if (!serves(this.config.partition, domain)) return Promise.resolve();
    // A domain added already is not again (nor is it on the index thread: Indexers.add).
    if (this.served.has(domain.id)) return Promise.resolve();
    // Its (empty) index exists once it is created, on every thread, as a search asked at once
    // finds: published from here, before the index thread's first snapshot of it.
    this.servedOf(domain.id);
    new SnapshotPublisher((m) => this.deliver(m), EMPTY_SEGMENT_ID).publish(domain.id, EMPTY);
    return new Promise<void>((resolve, reject) => {
      this.adding.set(domain.id, { resolve, reject });
      this.post({ type: "add", domain });
    }).then(() => this.replicas.idle());
  }

  remove(domainId: number): void {
    this.built.delete(domainId);
    this.served.delete(domainId);
    this.unapplied.delete(domainId);
    this.post({ type: "remove", domainId });
  }

  get(domainId: number): ServedIndex | undefined {
    return this.served.get(domainId);
  }

  private servedOf(domainId: number): ServedDomain {
    let served = this.served.get(domainId);
    if (!served) {
      served = new ServedDomain(domainId, this.replicas);
      this.served.set(domainId, served);
    }
    return served;
  }

  /**
   * Whether the domain's writes handed on and not yet searchable here are more than a bulk
   * batch (one being indexed while the next is written): its imports then wait for the index
   * (http/import/import-routes.ts), so that an acknowledged write is searchable soon after.
   */
  farBehind(domainId: number): boolean {
    let size = 0;
    for (const b of this.unapplied.get(domainId) ?? []) size += b.size;
    return size > PACE_RECORDS;
  }

  /** Whether the domain's index is built and caught up here (or the domain is not served here). */
  isReady(domain: DomainRecord): boolean {
    return !serves(this.config.partition, domain) || (!this.broken && this.built.has(domain.id));
  }

  /** Every domain's snapshot served here. */
  snapshots(): Snapshot[] {
    return this.replicas.snapshots();
  }

  /** A batch of the domain went to the writer thread. */
  sent(domainId: number): void {
    this.post({ type: "sent", domainId });
  }

  /** Its answer came back: `seq` the position it logged (0: none), `change` what it wrote. */
  answered(domainId: number, seq: number, change: ChangeBatch | undefined): void {
    if (change) {
      const list = this.unapplied.get(domainId) ?? [];
      list.push({ seq: change.seq, size: batchSize(change) });
      this.unapplied.set(domainId, list);
    }
    // Transferred: nothing of a change batch is read on this thread but its size.
    this.worker.postMessage(
      { type: "answered", domainId, seq, change } satisfies ToIndexThread,
      change ? batchBuffers(change) : [],
    );
  }

  /** Stops the indexers and closes the thread's store connection (a thread that hangs: 10 s). */
  async stop(): Promise<void> {
    const stopped = new Promise<void>((resolve) => {
      this.stopped = resolve;
    });
    this.post({ type: "stop" });
    await Promise.race([stopped, Bun.sleep(STOP_MS)]);
    this.worker.terminate();
  }
}
