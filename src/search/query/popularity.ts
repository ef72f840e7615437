import type { SearchRequest } from "../engine-types.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { docOf } from "../merchandising.ts";

// The `popular` order's score of each doc (issue 32, point 1): the domain's scores by source id
// (analytics/product-popularity.ts) laid over the snapshot's docs once, so that the candidate
// loop reads a number per doc. Made again when the snapshot or the scores change.

const memo = new WeakMap<Snapshot, { scores: SearchRequest["popularity"]; byDoc: Float32Array }>();

/** Per global doc of `snap`, its score; 0 for a product never acted on. */
export function popularityByDoc(snap: Snapshot, scores: SearchRequest["popularity"]): Float32Array {
  const known = memo.get(snap);
  if (known !== undefined && known.scores === scores) return known.byDoc;
  const byDoc = new Float32Array(snap.starts[snap.segments.length] as number);
  for (const [sourceId, score] of scores) {
    const doc = docOf(snap, sourceId);
    if (doc !== undefined) byDoc[doc] = score;
  }
  memo.set(snap, { scores, byDoc });
  return byDoc;
}
