import type { MerchRule } from "../../model/merchandising.ts";
import type { CategoryRecord, ProductRecord } from "../../model/records.ts";
import type { SynonymTable } from "../synonyms.ts";
import { type Bitset, hasBit, newBitset, popcount, setBit } from "./bitset.ts";
import {
  buildCategoryTable,
  type CategoryTable,
  CategoryTableDraft,
  EMPTY_CATEGORIES,
} from "./category-table.ts";
import { EMPTY_FACETS, type FacetRegistry, FacetRegistryDraft } from "./facet-registry.ts";
import { newOfferEpochs } from "./offer-columns.ts";
import { availableOf, findDoc, HOT, type Segment } from "./segment.ts";
import { buildSegment, SegmentBuilder, type SegmentContext } from "./segment-build.ts";
import { mergeSegments, type SegmentPart } from "./segment-merge.ts";
import {
  EMPTY_WAREHOUSES,
  type WarehouseRegistry,
  WarehouseRegistryDraft,
} from "./warehouse-registry.ts";

// An immutable snapshot of a domain's index: segments in a log-structured merge (as in Lucene
// and LSM trees). segments[0] is the oldest and largest; every patch indexes only its own
// products into a new small segment, marks the replaced docs of older segments in their
// tombstone bitsets, and merges the newest segments once together they come close to the size
// of the one before them (like the carries of a counter: each doc is merged O(log n) times, so
// a patch costs in proportion to its size, amortised, also when a domain is filled by patches
// from an empty index). A cascade of carries is one multi-way merge: merging pairwise copied
// the same docs several times in one patch. The oldest segment is rewritten alone when too
// much of it is dead. Merges are structural (segment-merge.ts), never a re-analysis of text.
// Readers holding the previous snapshot keep a complete, unchanged view: nothing reachable
// from it is ever written.

export interface Snapshot {
  /** Oldest first; [0] is the base. Global doc ids run through them in order. */
  readonly segments: readonly Segment[];
  /** Global doc id of each segment's first doc, and the total after the last. */
  readonly starts: readonly number[];
  /** Per segment: its docs replaced by a newer version. */
  readonly dead: readonly Bitset[];
  readonly deadCount: number;
  readonly categories: CategoryTable;
  readonly facets: FacetRegistry;
  readonly warehouses: WarehouseRegistry;
  /** The domain's own synonyms (search/synonyms.ts); none when absent. */
  readonly synonyms?: SynonymTable;
  /** The domain's merchandising rules as set (search/merchandising.ts); none when absent. */
  readonly merchandising?: readonly MerchRule[];
  /**
   * The domain's offer epochs (offer-columns.ts: OFFER_EPOCH), in shared memory, carried from
   * snapshot to snapshot: offers written in place change no snapshot, so cached answers check
   * these instead.
   */
  readonly offerEpochs: Int32Array;
}

/**
 * The newest segments from k on merge into one when segment k holds at most this times their
 * live docs together (the longest such run, in one multi-way merge).
 */
const TIER_RATIO = 2;
/**
 * The same for the base, which the newer segments join only once together they match it: a
 * merge into the base copies the whole domain, so the base at most doubles at each, while the
 * smaller segments above it keep merging by TIER_RATIO (measured: a fifth less merging when a
 * domain is filled by patches, no more segments at most).
 */
const BASE_TIER_RATIO = 1;
/** The base is rewritten alone once this share of it is dead. */
const BASE_DEAD_SHARE = 0.3;

export function buildSnapshot(input: {
  products: readonly ProductRecord[];
  categories: readonly CategoryRecord[];
}): Snapshot {
  const categories = buildCategoryTable(EMPTY_CATEGORIES, input.categories);
  const ctx = newContext(categories, EMPTY_FACETS, EMPTY_WAREHOUSES);
  const base = buildSegment(latestById(input.products), ctx);
  return finish(
    ctx,
    [{ segment: base, dead: newBitset(base.size), deadCount: 0 }],
    newOfferEpochs(),
  );
}

export function patchSnapshot(
  prev: Snapshot,
  patch: { products?: readonly ProductRecord[]; categories?: readonly CategoryRecord[] },
): Snapshot {
  const categories =
    patch.categories !== undefined && patch.categories.length > 0
      ? buildCategoryTable(prev.categories, patch.categories)
      : prev.categories;
  const products = latestById(patch.products ?? []);
  if (products.length === 0) return { ...prev, categories };
  const next = startProductPatch({ ...prev, categories }, products.length);
  next.add(products);
  return next.finish();
}

/** A patch of products given in parts: `finish` returns the snapshot with all of them. */
export interface ProductPatch {
  add(products: readonly ProductRecord[]): void;
  /**
   * `merge: false` leaves the new segment unmerged, for `settleSnapshot` to merge on a later
   * turn: the products are searchable before the merges they cause.
   */
  finish(options?: { merge?: boolean }): Snapshot;
}

/**
 * A patch of up to `count` products of distinct ids, given in parts and analysed as they come
 * into one new segment, so that the caller can yield between parts. `prev` stays untouched and
 * answering until `finish`.
 */
export function startProductPatch(prev: Snapshot, count: number): ProductPatch {
  const ctx = newContext(prev.categories, prev.facets, prev.warehouses);
  const builder = new SegmentBuilder(ctx, count);
  const ids: number[] = [];
  return {
    add(products) {
      for (const p of products) {
        builder.add(p);
        ids.push(p.id);
      }
    },
    finish(options = {}) {
      if (ids.length === 0) return prev;
      const tiers: Tier[] = prev.segments.map((segment, k) => ({
        segment,
        dead: prev.dead[k] as Bitset,
        deadCount: -1,
      }));
      // Tombstone the previous versions.
      tombstone(tiers, prev.dead, ids);
      const fresh = builder.build();
      tiers.push({ segment: fresh, dead: newBitset(fresh.size), deadCount: 0 });
      const merge = options.merge ?? true;
      return finish(ctx, merge ? settle(tiers, ctx) : tiers, prev.offerEpochs);
    },
  };
}

/**
 * `prev` without the products of these ids (deleted from the store): their live docs
 * tombstoned, no segment built; `prev` itself when it holds none of them. The merges the
 * tombstones make due are left to `settleSnapshot`.
 */
export function removeProducts(prev: Snapshot, ids: Iterable<number>): Snapshot {
  const tiers: Tier[] = prev.segments.map((segment, k) => ({
    segment,
    dead: prev.dead[k] as Bitset,
    deadCount: -1,
  }));
  if (!tombstone(tiers, prev.dead, ids)) return prev;
  const ctx = newContext(prev.categories, prev.facets, prev.warehouses);
  return finish(ctx, tiers, prev.offerEpochs);
}

/**
 * Marks the live doc of each id dead in the newest tier holding it, copying a tier's bitset
 * (one of `shared`, the previous snapshot's) at its first change; whether any was found.
 */
function tombstone(tiers: Tier[], shared: readonly Bitset[], ids: Iterable<number>): boolean {
  let found = false;
  for (const id of ids) {
    for (let k = tiers.length - 1; k >= 0; k--) {
      const tier = tiers[k] as Tier;
      const doc = findDoc(tier.segment, id);
      if (doc < 0 || hasBit(tier.dead, doc)) continue;
      if (tier.dead === shared[k]) tier.dead = tier.dead.slice();
      setBit(tier.dead, doc);
      found = true;
      break;
    }
  }
  return found;
}

/** `snap` with its segments merged by the policy (settle), or `snap` itself when none are due. */
export function settleSnapshot(snap: Snapshot): Snapshot {
  const tiers: Tier[] = snap.segments.map((segment, k) => ({
    segment,
    dead: snap.dead[k] as Bitset,
    deadCount: -1,
  }));
  const ctx = newContext(snap.categories, snap.facets, snap.warehouses);
  // settle works on the list it is given.
  const settled = settle([...tiers], ctx);
  if (settled.length === tiers.length && settled.every((t, k) => t === tiers[k])) return snap;
  return finish(ctx, settled, snap.offerEpochs);
}

export function snapshotStats(snap: Snapshot): {
  products: number;
  categories: number;
  terms: number;
  tombstones: number;
} {
  let categories = 0;
  for (const e of snap.categories.entries) if (e.record !== null) categories++;
  let terms = 0;
  for (const s of snap.segments) terms += s.text.terms.length;
  return {
    products: (snap.starts[snap.segments.length] as number) - snap.deadCount,
    categories,
    terms,
    tombstones: snap.deadCount,
  };
}

/**
 * The catalog as the snapshot holds it, for the admin page: live products, categories, the
 * unavailable products and the warehouses named by live products' stock. One pass over the
 * hot records and the stock (~1 ms per 100,000 products), only when the page asks.
 */
export function catalogCounts(snap: Snapshot): {
  categories: number;
  products: number;
  unavailable: number;
  warehouses: number;
} {
  let products = 0;
  let unavailable = 0;
  const warehouses = new Set<number>();
  snap.segments.forEach((segment, k) => {
    const dead = snap.dead[k] as Bitset;
    const { offsets, warehouse } = segment.stock;
    for (let doc = 0; doc < segment.size; doc++) {
      if (hasBit(dead, doc)) continue;
      products++;
      if (!availableOf(segment, doc)) unavailable++;
      for (let i = offsets[doc] as number; i < (offsets[doc + 1] as number); i++)
        warehouses.add(warehouse[i] as number);
    }
  });
  const { categories } = snapshotStats(snap);
  return { categories, products, unavailable, warehouses: warehouses.size };
}

/** Index of the segment holding global doc `doc`. */
export function segmentIndexOf(snap: Snapshot, doc: number): number {
  let k = 0;
  while (doc >= (snap.starts[k + 1] as number)) k++;
  return k;
}

/** The hot-record flags of global doc `doc` (HOT.flags: category slot and availability). */
export function flagsOf(snap: Snapshot, doc: number): number {
  const k = segmentIndexOf(snap, doc);
  const local = doc - (snap.starts[k] as number);
  return ((snap.segments[k] as Segment).hot[local * HOT.stride + HOT.flags] as number) | 0;
}

interface Tier {
  segment: Segment;
  dead: Bitset;
  /** -1: not counted yet. */
  deadCount: number;
}

function deadIn(tier: Tier): number {
  if (tier.deadCount < 0) tier.deadCount = popcount(tier.dead);
  return tier.deadCount;
}

function live(tier: Tier): number {
  return tier.segment.size - deadIn(tier);
}

/** Merges segments by the policy above; returns the tiers to keep. */
function settle(tiers: Tier[], ctx: SegmentContext): Tier[] {
  const slots = ctx.categories.build().entries.length;
  const merge = (from: number): void => {
    const parts: SegmentPart[] = tiers.slice(from).map((t) => ({
      segment: t.segment,
      keep: liveDocs(t),
    }));
    const merged = mergeSegments(parts, slots);
    tiers.splice(from, tiers.length - from, {
      segment: merged,
      dead: newBitset(merged.size),
      deadCount: 0,
    });
  };
  for (;;) {
    const base = tiers[0] as Tier;
    if (deadIn(base) > base.segment.size * BASE_DEAD_SHARE) {
      tiers.splice(0, 1, compact(base, slots));
    } else {
      const from = mergeFrom(tiers);
      if (from < 0) return tiers;
      merge(from);
    }
  }
}

/** The first of the tiers to merge into one, or -1: see TIER_RATIO. */
function mergeFrom(tiers: readonly Tier[]): number {
  let from = -1;
  let newer = 0;
  for (let k = tiers.length - 1; k > 0; k--) {
    newer += live(tiers[k] as Tier);
    const ratio = k === 1 ? BASE_TIER_RATIO : TIER_RATIO;
    if (live(tiers[k - 1] as Tier) <= newer * ratio) from = k - 1;
  }
  return from;
}

function compact(tier: Tier, slots: number): Tier {
  const segment = mergeSegments([{ segment: tier.segment, keep: liveDocs(tier) }], slots);
  return { segment, dead: newBitset(segment.size), deadCount: 0 };
}

function liveDocs(tier: Tier): Uint32Array {
  const docs = new Uint32Array(live(tier));
  let n = 0;
  for (let d = 0; d < tier.segment.size; d++) if (!hasBit(tier.dead, d)) docs[n++] = d;
  return docs;
}

function newContext(
  categories: CategoryTable,
  facets: FacetRegistry,
  warehouses: WarehouseRegistry,
): SegmentContext {
  return {
    categories: new CategoryTableDraft(categories),
    facets: new FacetRegistryDraft(facets),
    warehouses: new WarehouseRegistryDraft(warehouses),
  };
}

function finish(ctx: SegmentContext, tiers: readonly Tier[], offerEpochs: Int32Array): Snapshot {
  const starts = [0];
  let deadCount = 0;
  for (const t of tiers) {
    starts.push((starts[starts.length - 1] as number) + t.segment.size);
    deadCount += deadIn(t);
  }
  return {
    segments: tiers.map((t) => t.segment),
    starts,
    dead: tiers.map((t) => t.dead),
    deadCount,
    categories: ctx.categories.build(),
    facets: ctx.facets.build(),
    warehouses: ctx.warehouses.build(),
    offerEpochs,
  };
}

/** The last record of each id, in order of first appearance. */
function latestById(products: readonly ProductRecord[]): ProductRecord[] {
  const index = new Map<number, number>();
  const out: ProductRecord[] = [];
  for (const p of products) {
    const at = index.get(p.id);
    if (at === undefined) {
      index.set(p.id, out.length);
      out.push(p);
    } else {
      out[at] = p;
    }
  }
  return out;
}
