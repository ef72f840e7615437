import { prepareIfSearched, type Snapshot } from "../search/engine.ts";
import type { CategoryTable } from "../search/index/category-table.ts";
import type { FacetRegistry } from "../search/index/facet-registry.ts";
import type { Segment } from "../search/index/segment.ts";
import type { WarehouseRegistry } from "../search/index/warehouse-registry.ts";
import type { SynonymTable } from "../search/synonyms.ts";

// The search threads read the same index as the main thread, not a copy of it (docs/
// ARCHITECTURE.md, "Threads"). A segment is immutable once built, so when a snapshot is swapped
// in, each of its new segments has its typed arrays (hot records, postings, display bytes,
// stock, bitsets: nearly all of its memory) moved into SharedArrayBuffers, one memcpy each, and
// the main thread serves that copy too. Posting a segment to a thread then shares those arrays;
// only its strings (the term dictionary, the multimap keys) and small objects are cloned, once
// per segment and thread. Each later snapshot travels as a descriptor: segment ids, starts, the
// tombstone bitsets (shared) and the registries when they changed.
//
// A structured clone of an array of strings costs ~0.3 us a string (a 100,000-product
// segment's 200,000 terms and 100,000 codes held its thread ~300 ms), so each array of strings
// of a new segment travels joined into one string, which clones as one copy, and is split again
// on the thread (~15 ms for that segment). Measured: bench/threads.ts.

type TypedArray =
  | Uint8Array
  | Uint16Array
  | Uint32Array
  | Int32Array
  | Float64Array
  | Float32Array
  | Int8Array
  | Int16Array;

function sharedCopy(view: TypedArray): TypedArray {
  if (view.buffer instanceof SharedArrayBuffer) return view;
  const Kind = view.constructor as new (buffer: SharedArrayBuffer) => TypedArray;
  const copy = new Kind(new SharedArrayBuffer(view.byteLength));
  copy.set(view);
  return copy;
}

/**
 * `value` with every typed array reachable through plain objects and arrays moved into shared
 * memory (a subarray keeps only its own bytes); anything else (strings, Maps) is kept as it is.
 * Arrays of primitives (a term dictionary) are not walked.
 */
export function toShared<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (ArrayBuffer.isView(value)) return sharedCopy(value as unknown as TypedArray) as T;
  if (Array.isArray(value)) {
    if (value.length === 0 || typeof value[0] !== "object") return value;
    return value.map(toShared) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = toShared(field);
  return out as T;
}

/** Never in a term, a stem or a code (analysis keeps letters and digits); checked anyway. */
const SEPARATOR = "\u0000";

/** An array of strings joined for its trip to a search thread. */
interface PackedStrings {
  readonly packedStrings: string;
}

const isStringArray = (value: unknown[]): value is string[] =>
  value.length > 0 && value.every((s) => typeof s === "string" && !s.includes(SEPARATOR));

/** `value` with each array of strings in its plain objects joined (PackedStrings). */
function packStrings(value: unknown): unknown {
  if (Array.isArray(value))
    return isStringArray(value) ? { packedStrings: value.join(SEPARATOR) } : value;
  if (typeof value !== "object" || value === null) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = packStrings(field);
  return out;
}

/** Characters split at a time: ~0.05 ms of a thread's loop. */
const SPLIT_CHUNK = 8_192;

/** `value` with its PackedStrings split again, a chunk at a time (it yields between chunks). */
function* unpackStrings(value: unknown): Generator<void, unknown> {
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  if ("packedStrings" in value) {
    const packed = (value as PackedStrings).packedStrings;
    const out: string[] = [];
    let from = 0;
    for (;;) {
      const cut = packed.indexOf(SEPARATOR, from + SPLIT_CHUNK);
      for (const s of packed.slice(from, cut < 0 ? undefined : cut).split(SEPARATOR)) out.push(s);
      if (cut < 0) return out;
      from = cut + 1;
      yield;
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = yield* unpackStrings(field);
  return out;
}

/** A new segment on its way to the search threads: its arrays of strings packed. */
export type PostedSegment = { readonly packed: unknown };

/** What a search thread receives when a domain's snapshot changes. */
export interface SnapshotMessage {
  type: "snapshot";
  domain: number;
  /** The snapshot's segments by id, oldest first. */
  segments: number[];
  /** Segments this thread has not seen yet, their memo `cache` left out. */
  added: [number, PostedSegment][];
  starts: readonly number[];
  dead: Snapshot["dead"];
  deadCount: number;
  /** Shared: offers written in place bump them (search/index/offer-columns.ts). */
  offerEpochs: Int32Array;
  /** Present when they changed since the last message of this domain. */
  categories?: Omit<CategoryTable, "cache">;
  facets?: FacetRegistry;
  warehouses?: WarehouseRegistry;
  /** The domain's synonyms, present when they changed (search/synonyms.ts). */
  synonyms?: SynonymTable;
}

export interface DropMessage {
  type: "drop";
  domain: number;
}

export type ReplicaMessage = SnapshotMessage | DropMessage;

const withoutCache = <T extends { cache: Map<string, unknown> }>(x: T): Omit<T, "cache"> => {
  const { cache: _, ...rest } = x;
  return rest;
};

/**
 * The main thread's side: turns each snapshot swapped in into its shared form and posts its
 * descriptor to every search thread (`post`, in order; the threads apply them in that order).
 */
export class SnapshotPublisher {
  private readonly ids = new WeakMap<Segment, number>();
  private nextId = 1;
  private readonly last = new Map<number, Snapshot>();

  constructor(private readonly post: (message: ReplicaMessage) => void) {}

  publish(domainId: number, snapshot: Snapshot): Snapshot {
    const previous = this.last.get(domainId);
    const added: SnapshotMessage["added"] = [];
    const segments = snapshot.segments.map((segment) => {
      if (this.ids.has(segment)) return segment;
      const shared: Segment = { ...toShared(withoutCache(segment)), cache: segment.cache };
      const id = this.nextId++;
      this.ids.set(shared, id);
      added.push([id, { packed: packStrings(withoutCache(shared)) }]);
      return shared;
    });
    const shared: Snapshot = {
      ...snapshot,
      segments,
      dead: snapshot.dead.map((bits) => sharedCopy(bits) as Uint32Array),
    };
    this.last.set(domainId, shared);
    this.post({
      type: "snapshot",
      domain: domainId,
      segments: segments.map((s) => this.ids.get(s) as number),
      added,
      starts: shared.starts,
      dead: shared.dead,
      deadCount: shared.deadCount,
      offerEpochs: shared.offerEpochs,
      ...(previous?.categories === shared.categories
        ? {}
        : { categories: withoutCache(shared.categories) }),
      ...(previous?.facets === shared.facets ? {} : { facets: shared.facets }),
      ...(previous?.warehouses === shared.warehouses ? {} : { warehouses: shared.warehouses }),
      ...(previous?.synonyms === shared.synonyms || shared.synonyms === undefined
        ? {}
        : { synonyms: shared.synonyms }),
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
    for (const [id, posted] of message.added) {
      const segment = (yield* unpackStrings(posted.packed)) as Omit<Segment, "cache">;
      known.set(id, { ...segment, cache: new Map() });
    }
    const previous = this.current.get(message.domain)?.snapshot;
    const segments = message.segments.map((id) => known.get(id) as Segment);
    // Segments the new snapshot no longer has (merged away) are dropped with it.
    const kept = new Map<number, Segment>();
    message.segments.forEach((id, k) => {
      kept.set(id, segments[k] as Segment);
    });
    this.segments.set(message.domain, kept);
    const categories = message.categories
      ? { ...message.categories, cache: new Map<string, unknown>() }
      : previous?.categories;
    const facets = message.facets ?? previous?.facets;
    const warehouses = message.warehouses ?? previous?.warehouses;
    const synonyms = message.synonyms ?? previous?.synonyms;
    if (!categories || !facets || !warehouses) throw new Error("replica without registries");
    const snapshot: Snapshot = {
      segments,
      starts: message.starts,
      dead: message.dead,
      deadCount: message.deadCount,
      offerEpochs: message.offerEpochs,
      categories,
      facets,
      warehouses,
      ...(synonyms ? { synonyms } : {}),
    };
    this.current.set(message.domain, { snapshot });
    // Then, a step of its own, as the main thread's indexer: what a search would build on first
    // use (this thread's own memo), when the domain is searched here.
    yield;
    prepareIfSearched(snapshot);
  }
}
