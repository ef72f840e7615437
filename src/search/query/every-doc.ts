import { hasBit } from "../index/bitset.ts";
import { subtreeMask } from "../index/category-tree.ts";
import type { Segment } from "../index/segment.ts";
import type { Snapshot } from "../index/snapshot.ts";
import type { Candidates } from "./match.ts";

// A category page (issue 32, point 2) has no words to match: its candidates are every live doc
// of the category and of its descendants (issue 33: their docs per segment,
// Segment.categoryDocs), or of the store, in doc order, with no match infos. The rest of a
// search (filters, counts, stats, rank, layout) is the same.

/** The docs array, reused from browse to browse (search is synchronous). */
let scratch = new Uint32Array(0);

/**
 * The live docs of the category `categoryId` and its descendants (a source id; null: every
 * category; one the snapshot does not know, with no known children, has none) as candidates
 * of no word.
 */
export function everyDoc(snap: Snapshot, categoryId: string | null): Candidates {
  const slots: number[] = [];
  if (categoryId !== null) {
    const mask = subtreeMask(snap.categories, categoryId);
    for (let slot = 0; slot < mask.length; slot++) if (mask[slot] === 1) slots.push(slot);
    if (slots.length === 0) return { count: 0, docs: scratch, info: NO_INFO, words: 0 };
  }
  const total = snap.starts[snap.segments.length] as number;
  if (scratch.length < total) scratch = new Uint32Array(total + (total >>> 3));
  const docs = scratch;
  let count = 0;
  snap.segments.forEach((segment: Segment, k) => {
    const dead = snap.dead[k] as Uint32Array;
    const start = snap.starts[k] as number;
    if (categoryId === null) {
      for (let d = 0; d < segment.size; d++) if (!hasBit(dead, d)) docs[count++] = start + d;
      return;
    }
    const from = count;
    const { offsets, items } = segment.categoryDocs;
    for (const slot of slots) {
      // Categories made after the segment have no docs in it.
      if (slot + 1 >= offsets.length) continue;
      for (let i = offsets[slot] as number; i < (offsets[slot + 1] as number); i++) {
        const d = items[i] as number;
        if (!hasBit(dead, d)) docs[count++] = start + d;
      }
    }
    // Each category's docs are in order; several categories' are merged back into doc order.
    if (slots.length > 1) docs.subarray(from, count).sort();
  });
  return { count, docs, info: NO_INFO, words: 0 };
}

const NO_INFO = new Uint16Array(0);
