import { type Bitset, hasBit } from "../index/bitset.ts";
import { HOT, type Segment } from "../index/segment.ts";
import type { Snapshot } from "../index/snapshot.ts";

/** A category slot and how many products of the snapshot it holds. */
export interface CategorySize {
  readonly slot: number;
  readonly products: number;
}

// Once per snapshot: the widget asks when nothing matches, the products change with each patch.
const memo = new WeakMap<Snapshot, readonly CategorySize[]>();

/**
 * The categories holding the most products, largest first (ties by slot, the order the store
 * sent them); only imported categories. One pass over the hot records per snapshot.
 */
export function largestCategories(snap: Snapshot, limit: number): readonly CategorySize[] {
  let sizes = memo.get(snap);
  if (sizes === undefined) {
    const counts = new Uint32Array(snap.categories.entries.length);
    snap.segments.forEach((segment: Segment, k) => {
      const dead = snap.dead[k] as Bitset;
      const hot = segment.hot;
      for (let doc = 0; doc < segment.size; doc++) {
        if (hasBit(dead, doc)) continue;
        const slot = ((hot[doc * HOT.stride + HOT.flags] as number) | 0) >>> 1;
        if (slot < counts.length) counts[slot] = (counts[slot] as number) + 1;
      }
    });
    const list: CategorySize[] = [];
    counts.forEach((products, slot) => {
      if (products > 0 && snap.categories.entries[slot]?.record != null)
        list.push({ slot, products });
    });
    sizes = list.sort((a, b) => b.products - a.products || a.slot - b.slot);
    memo.set(snap, sizes);
  }
  return sizes.slice(0, limit);
}
