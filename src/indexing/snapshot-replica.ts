import {
  frameSnapshot,
  type PackedSegment,
  packSegment,
  prepareIfSearched,
  type Segment,
  type Snapshot,
  type SnapshotFrame,
  sharedSegment,
  sharedSnapshot,
  snapshotFrame,
  unpackSegment,
} from "../search/engine.ts";

// The search threads read the same index as the main thread, not a copy of it (docs/
// ARCHITECTURE.md, "Search threads"). When a snapshot is swapped in, each of its new segments
// is moved into shared memory and packed once (the engine's snapshot shipping:
// search/index/snapshot-shipping.ts), and the main thread serves that shared copy too; each
// search thread receives a new segment once, then every snapshot as a descriptor: segment ids
// and the frame (starts, tombstones, the registries when they changed). Measured:
// bench/search-threads.ts.

/** What a search thread receives when a domain's snapshot changes. */
export interface SnapshotMessage extends SnapshotFrame {
  type: "snapshot";
  domain: number;
  /** The snapshot's segments by id, oldest first. */
  segments: number[];
  /** Segments this thread has not seen yet. */
  added: [number, PackedSegment][];
}

export interface DropMessage {
  type: "drop";
  domain: number;
}

export type ReplicaMessage = SnapshotMessage | DropMessage;

/**
 * The main thread's side: turns each snapshot swapped in into its shared form and posts its
 * descriptor to every search thread (`post`, in order; the threads apply them in that order).
 */
export class SnapshotPublisher {
  private readonly ids = new WeakMap<Segment, number>();
  private nextId: number;
  private readonly last = new Map<number, Snapshot>();

  /** `firstId`: the first segment id it gives, apart from another publisher's ids. */
  constructor(
    private readonly post: (message: ReplicaMessage) => void,
    firstId = 1,
  ) {
    this.nextId = firstId;
  }

  publish(domainId: number, snapshot: Snapshot): Snapshot {
    const previous = this.last.get(domainId);
    const added: SnapshotMessage["added"] = [];
    const segments = snapshot.segments.map((segment) => {
      if (this.ids.has(segment)) return segment;
      const shared = sharedSegment(segment);
      const id = this.nextId++;
      this.ids.set(shared, id);
      added.push([id, packSegment(shared)]);
      return shared;
    });
    const shared = sharedSnapshot(snapshot, segments);
    this.last.set(domainId, shared);
    this.post({
      type: "snapshot",
      domain: domainId,
      segments: segments.map((s) => this.ids.get(s) as number),
      added,
      ...snapshotFrame(shared, previous),
    });
    return shared;
  }

  drop(domainId: number): void {
    this.last.delete(domainId);
    this.post({ type: "drop", domain: domainId });
  }
}

/** A search thread's loop is held at most about this long at a time by its replicas' work. */
const BUDGET_MS = 1;

/**
 * A search thread's side: each domain's current snapshot, rebuilt from the descriptors in their
 * order. A large new segment's strings are split a slice per turn of the loop (`later`), so
 * that searches go on between slices on the snapshot before it.
 */
export class SnapshotReplicas {
  private readonly segments = new Map<number, Map<number, Segment>>();
  private readonly current = new Map<number, { snapshot: Snapshot }>();
  private readonly queue: ReplicaMessage[] = [];
  private work: Generator<void, void> | null = null;
  private waiting = false;
  private readonly idlers: (() => void)[] = [];

  /**
   * `later` runs a function on a later turn of the loop; without it, all is done at once.
   * `budgetMs`: how long one turn may work (0: one slice per turn).
   */
  constructor(
    private readonly later: ((next: () => void) => void) | null = null,
    private readonly budgetMs = BUDGET_MS,
  ) {}

  get(domainId: number): { snapshot: Snapshot } | undefined {
    return this.current.get(domainId);
  }

  /** Every domain's current snapshot. */
  snapshots(): Snapshot[] {
    return [...this.current.values()].map((c) => c.snapshot);
  }

  /** Resolves once every message received so far is applied. */
  idle(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  apply(message: ReplicaMessage): void {
    this.queue.push(message);
    if (!this.waiting) this.drain();
  }

  private drain(): void {
    this.waiting = false;
    const started = performance.now();
    for (;;) {
      const message = this.queue[0];
      if (!message) {
        for (const resolve of this.idlers.splice(0)) resolve();
        return;
      }
      this.work ??= this.steps(message);
      while (!this.work.next().done)
        if (this.later && performance.now() - started >= this.budgetMs) {
          this.waiting = true;
          this.later(() => this.drain());
          return;
        }
      this.work = null;
      this.queue.shift();
    }
  }

  private *steps(message: ReplicaMessage): Generator<void, void> {
    if (message.type === "drop") {
      this.segments.delete(message.domain);
      this.current.delete(message.domain);
      return;
    }
    const known = this.segments.get(message.domain) ?? new Map<number, Segment>();
    // The memo of expansions is per thread: it fills as this thread searches.
    for (const [id, posted] of message.added) known.set(id, yield* unpackSegment(posted));
    const previous = this.current.get(message.domain)?.snapshot;
    const segments = message.segments.map((id) => known.get(id) as Segment);
    // Segments the new snapshot no longer has (merged away) are dropped with it.
    const kept = new Map<number, Segment>();
    message.segments.forEach((id, k) => {
      kept.set(id, segments[k] as Segment);
    });
    this.segments.set(message.domain, kept);
    const snapshot = frameSnapshot(segments, message, previous);
    this.current.set(message.domain, { snapshot });
    // Then, a step of its own, as the main thread's indexer: what a search would build on first
    // use (this thread's own memo), when the domain is searched here.
    yield;
    prepareIfSearched(snapshot);
  }
}
