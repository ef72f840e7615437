import { infoField, infoNotExact, infoPosition, infoTypos, NO_MATCH } from "./match.ts";
import type { QueryWord } from "./parse-query.ts";

// Ranking by buckets, as Meilisearch does: each criterion only breaks the ties of the ones
// before it. Packed into one integer, higher is better:
//   words matched (4 bits) | fewer typos (4) | proximity (4) | stronger fields (5)
//   | exact words (4) | available (1)
// Ties then go to the newest updated_at, and last to the lower product id.

const MAX_PAIR_DISTANCE = 7;

export function relevance(
  info: Uint16Array,
  row: number,
  words: readonly QueryWord[],
  available: boolean,
): number {
  const W = words.length;
  let matched = 0;
  let typos = 0;
  let fields = 0;
  let exact = 0;
  let proximity = 0;
  let previous = NO_MATCH;
  for (let w = 0; w < W; w++) {
    const inf = info[row + w] as number;
    const word = words[w] as QueryWord;
    if (inf === NO_MATCH) {
      if (!word.optional) previous = NO_MATCH;
      continue;
    }
    matched++;
    const t = infoTypos(inf);
    typos += t;
    fields += infoField(inf);
    if (t === 0 && infoNotExact(inf) === 0) exact++;
    if (word.optional) continue;
    if (previous !== NO_MATCH) proximity += pairDistance(previous, inf);
    previous = inf;
  }
  return (
    (min(matched, 15) << 18) |
    ((15 - min(typos, 15)) << 14) |
    ((15 - min(proximity, 15)) << 10) |
    ((31 - min(fields, 31)) << 5) |
    (min(exact, 15) << 1) |
    (available ? 1 : 0)
  );
}

/** 0 for adjacent words in order; more apart, reversed or in different fields costs more. */
function pairDistance(a: number, b: number): number {
  if (infoField(a) !== infoField(b)) return MAX_PAIR_DISTANCE;
  const d = infoPosition(b) - infoPosition(a);
  const cost = d > 0 ? d - 1 : 1 - d;
  return Math.min(cost, MAX_PAIR_DISTANCE);
}

const min = Math.min;

/** Ranked hits: parallel arrays indexed by hit number. */
export interface Hits {
  readonly count: number;
  readonly docs: Uint32Array;
  readonly relevance: Uint32Array;
  readonly updatedAt: Float64Array;
  readonly productId: Float64Array;
}

/** Negative when hit a ranks before hit b. */
export function compareHits(hits: Hits, a: number, b: number): number {
  return (
    (hits.relevance[b] as number) - (hits.relevance[a] as number) ||
    (hits.updatedAt[b] as number) - (hits.updatedAt[a] as number) ||
    (hits.productId[a] as number) - (hits.productId[b] as number)
  );
}

/**
 * The best `k` of the given hit numbers, in rank order: a bounded binary heap (worst on top)
 * when k is small against the list, a full sort otherwise.
 */
export function topHits(hits: Hits, list: ArrayLike<number>, k: number): number[] {
  const n = list.length;
  if (k <= 0 || n === 0) return [];
  if (k * 4 >= n) {
    const all = Array.from(list);
    all.sort((a, b) => compareHits(hits, a, b));
    return k < n ? all.slice(0, k) : all;
  }
  const heap: number[] = [];
  const worse = (a: number, b: number) => compareHits(hits, a, b) > 0;
  for (let i = 0; i < n; i++) {
    const h = list[i] as number;
    if (heap.length < k) {
      heap.push(h);
      let c = heap.length - 1;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!worse(h, heap[p] as number)) break;
        heap[c] = heap[p] as number;
        c = p;
      }
      heap[c] = h;
    } else if (worse(heap[0] as number, h)) {
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        if (l >= k) break;
        const r = l + 1;
        const m = r < k && worse(heap[r] as number, heap[l] as number) ? r : l;
        if (!worse(heap[m] as number, h)) break;
        heap[c] = heap[m] as number;
        c = m;
      }
      heap[c] = h;
    }
  }
  heap.sort((a, b) => compareHits(hits, a, b));
  return heap;
}
