import type { CategoryRecord, ProductRecord } from "../../model/records.ts";
import { type Bitset, hasBit, newBitset, setBit } from "./bitset.ts";
import {
  buildCategoryTable,
  type CategoryTable,
  CategoryTableDraft,
  EMPTY_CATEGORIES,
} from "./category-table.ts";
import { EMPTY_FACETS, type FacetRegistry, FacetRegistryDraft } from "./facet-registry.ts";
import { findDoc, type Segment } from "./segment.ts";
import { buildSegment, type SegmentContext } from "./segment-build.ts";
import { mergeSegments } from "./segment-merge.ts";
import {
  EMPTY_WAREHOUSES,
  type WarehouseRegistry,
  WarehouseRegistryDraft,
} from "./warehouse-registry.ts";

// An immutable snapshot of a domain's index: a base segment, a delta segment that absorbs
// patches, and a tombstone bitset over the base. A patch builds a new delta from the old
// delta's live docs plus the patched products and copies the tombstones: its cost follows
// the size of the delta, not of the catalog. When the delta outgrows a fraction of the base,
// both merge into a new base (amortised, as in an LSM tree). Readers holding the previous
// snapshot keep a complete, unchanged view: nothing reachable from it is ever written.

export interface Snapshot {
  readonly base: Segment;
  readonly delta: Segment;
  /** Base docs replaced by a later version (or deleted). The delta never holds dead docs. */
  readonly dead: Bitset;
  readonly deadCount: number;
  readonly categories: CategoryTable;
  readonly facets: FacetRegistry;
  readonly warehouses: WarehouseRegistry;
}

/** The delta merges into the base once it holds more than this share of the base... */
const MERGE_RATIO = 0.1;
/** ...and more than this many docs. */
const MERGE_MIN = 2048;

export function buildSnapshot(input: {
  products: readonly ProductRecord[];
  categories: readonly CategoryRecord[];
}): Snapshot {
  const categories = buildCategoryTable(EMPTY_CATEGORIES, input.categories);
  const ctx = newContext(categories, EMPTY_FACETS, EMPTY_WAREHOUSES);
  const base = buildSegment(latestById(input.products), ctx);
  const delta = buildSegment([], ctx);
  return finish(ctx, { base, delta, dead: newBitset(base.size), deadCount: 0 });
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

  const ctx = newContext(categories, prev.facets, prev.warehouses);
  const fresh = buildSegment(products, ctx);

  let dead = prev.dead;
  let deadCount = prev.deadCount;
  const replacedInDelta = new Uint8Array(prev.delta.size);
  for (const p of products) {
    const inDelta = findDoc(prev.delta, p.id);
    if (inDelta >= 0) replacedInDelta[inDelta] = 1;
    const inBase = findDoc(prev.base, p.id);
    if (inBase >= 0 && !hasBit(dead, inBase)) {
      if (dead === prev.dead) dead = prev.dead.slice();
      setBit(dead, inBase);
      deadCount++;
    }
  }
  const keptDelta: number[] = [];
  for (let d = 0; d < prev.delta.size; d++) if (replacedInDelta[d] === 0) keptDelta.push(d);

  const slots = ctx.categories.build().entries.length;
  const delta =
    prev.delta.size === 0
      ? fresh
      : mergeSegments(
          [
            { segment: prev.delta, keep: Uint32Array.from(keptDelta) },
            { segment: fresh, keep: allDocs(fresh.size) },
          ],
          slots,
        );

  if (delta.size <= MERGE_MIN || delta.size <= prev.base.size * MERGE_RATIO) {
    return finish(ctx, { base: prev.base, delta, dead, deadCount });
  }
  const keptBase: number[] = [];
  for (let d = 0; d < prev.base.size; d++) if (!hasBit(dead, d)) keptBase.push(d);
  const base = mergeSegments(
    [
      { segment: prev.base, keep: Uint32Array.from(keptBase) },
      { segment: delta, keep: allDocs(delta.size) },
    ],
    slots,
  );
  const empty = buildSegment([], ctx);
  return finish(ctx, { base, delta: empty, dead: newBitset(base.size), deadCount: 0 });
}

export function snapshotStats(snap: Snapshot): {
  products: number;
  categories: number;
  terms: number;
  tombstones: number;
} {
  let categories = 0;
  for (const e of snap.categories.entries) if (e.record !== null) categories++;
  return {
    products: snap.base.size - snap.deadCount + snap.delta.size,
    categories,
    terms: snap.base.text.terms.length + snap.delta.text.terms.length,
    tombstones: snap.deadCount,
  };
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

function finish(
  ctx: SegmentContext,
  parts: Pick<Snapshot, "base" | "delta" | "dead" | "deadCount">,
): Snapshot {
  return {
    ...parts,
    categories: ctx.categories.build(),
    facets: ctx.facets.build(),
    warehouses: ctx.warehouses.build(),
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

function allDocs(size: number): Uint32Array {
  const docs = new Uint32Array(size);
  for (let i = 0; i < size; i++) docs[i] = i;
  return docs;
}
