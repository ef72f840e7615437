import type { CategoryTable } from "./category-table.ts";
import type { FacetRegistry } from "./facet-registry.ts";
import type { Segment } from "./segment.ts";
import type { Snapshot } from "./snapshot.ts";
import type { WarehouseRegistry } from "./warehouse-registry.ts";

// How a snapshot travels to the threads that search it (indexing/snapshot-replica.ts carries
// the messages; this file knows what a segment and a snapshot hold). A segment is immutable
// once built, so its typed arrays (hot records, postings, display bytes, stock, bitsets: nearly
// all of its memory) are moved into SharedArrayBuffers once, one memcpy each, and the main
// thread serves that copy too; posting it to a thread then shares those arrays, and only its
// strings (the term dictionary, the multimap keys) and small objects are cloned. A segment's
// memo of expansions (`cache`) is per thread and never travels.
//
// A structured clone of an array of strings costs ~0.3 us a string (a 100,000-product
// segment's 200,000 terms and 100,000 codes held its thread ~300 ms), so each array of strings
// of a new segment travels joined into one string, which clones as one copy, and is split again
// on the thread (~15 ms for that segment). Measured: bench/search-threads.ts.

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
function toShared<T>(value: T): T {
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

const withoutCache = <T extends { cache: Map<string, unknown> }>(x: T): Omit<T, "cache"> => {
  const { cache: _, ...rest } = x;
  return rest;
};

/** The segment with its typed arrays in shared memory; it keeps the memo of this thread. */
export const sharedSegment = (segment: Segment): Segment => ({
  ...toShared(withoutCache(segment)),
  cache: segment.cache,
});

/** A new segment on its way to a search thread: its arrays of strings packed, no memo. */
export type PackedSegment = { readonly packed: unknown };

/** The message form of a shared segment (sharedSegment). */
export const packSegment = (shared: Segment): PackedSegment => ({
  packed: packStrings(withoutCache(shared)),
});

/** The segment of a PackedSegment, with a memo of its own; yields between slices of work. */
export function* unpackSegment(posted: PackedSegment): Generator<void, Segment> {
  const segment = (yield* unpackStrings(posted.packed)) as Omit<Segment, "cache">;
  return { ...segment, cache: new Map() };
}

/** The snapshot over `segments` (its shared ones), its tombstones in shared memory too. */
export const sharedSnapshot = (snapshot: Snapshot, segments: Segment[]): Snapshot => ({
  ...snapshot,
  segments,
  dead: snapshot.dead.map((bits) => sharedCopy(bits) as Uint32Array),
});

/** A snapshot but its segments: what travels at each swap, the registries only when changed. */
export interface SnapshotFrame {
  starts: readonly number[];
  dead: Snapshot["dead"];
  deadCount: number;
  /** Shared: offers written in place bump them (index/offer-columns.ts). */
  offerEpochs: Int32Array;
  /** Present when they changed since `previous` (snapshotFrame). */
  categories?: Omit<CategoryTable, "cache">;
  facets?: FacetRegistry;
  warehouses?: WarehouseRegistry;
  /** The domain's synonyms, present when they changed (search/synonyms.ts). */
  synonyms?: Snapshot["synonyms"];
  /** The domain's merchandising rules, present when they changed (search/merchandising.ts). */
  merchandising?: Snapshot["merchandising"];
}

/** The frame of `shared` (sharedSnapshot) for a thread that holds `previous`. */
export function snapshotFrame(shared: Snapshot, previous: Snapshot | undefined): SnapshotFrame {
  return {
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
    ...(previous?.merchandising === shared.merchandising || shared.merchandising === undefined
      ? {}
      : { merchandising: shared.merchandising }),
  };
}

/** The snapshot of `segments` and `frame` on a thread whose previous snapshot was `previous`. */
export function frameSnapshot(
  segments: Segment[],
  frame: SnapshotFrame,
  previous: Snapshot | undefined,
): Snapshot {
  const categories = frame.categories
    ? { ...frame.categories, cache: new Map<string, unknown>() }
    : previous?.categories;
  const facets = frame.facets ?? previous?.facets;
  const warehouses = frame.warehouses ?? previous?.warehouses;
  const synonyms = frame.synonyms ?? previous?.synonyms;
  const merchandising = frame.merchandising ?? previous?.merchandising;
  if (!categories || !facets || !warehouses) throw new Error("replica without registries");
  return {
    segments,
    starts: frame.starts,
    dead: frame.dead,
    deadCount: frame.deadCount,
    offerEpochs: frame.offerEpochs,
    categories,
    facets,
    warehouses,
    ...(synonyms ? { synonyms } : {}),
    ...(merchandising ? { merchandising } : {}),
  };
}
