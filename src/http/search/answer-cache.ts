import type { SearchParams } from "../../model/search.ts";
import { type AnswerStamp, answerHolds, type Snapshot } from "../../search/engine.ts";
import type { PreparedBody } from "../stack/browser-answer.ts";

// The search answers as sent, per thread, the node's one answer cache: a repeated search is a
// look-up, not a search, a JSON.stringify, a hash and a compression (docs/ARCHITECTURE.md,
// "Answers fit for browsers"). An answer is a function of the snapshot and the parameters of
// `cacheKey` (not uuid, demo; none for the suggestions, which follow the popular queries); the
// snapshot is part of the key, so an import is never hidden: the next search of its domain
// finds no entry and the old ones age out. An offer written in place (a price or stock change)
// changes no snapshot: each entry checks its stamp instead, and only the answers it made stale
// are dropped (the engine's answerHolds). Every answer is kept: an entry is a few typed arrays
// and costs next to nothing to keep or to drop.

/** What a search's analytics need of its answer, kept beside the bytes. */
export interface CachedAnswer extends PreparedBody {
  readonly total: number;
  readonly corrected_query: string;
  /** What tells whether offers written in place since have made it stale. */
  readonly stamp: AnswerStamp;
}

/**
 * Bytes an entry counts for: its JSON, plus as much again for the br and gzip forms it may
 * be given later (each ~30% of the JSON on the query mix; BENCHMARKS.md, "Compressed answers").
 */
const charge = (answer: CachedAnswer) => 2 * answer.bytes.length + answer.etag.length;

/** A per-thread number for each snapshot seen: keys name it without holding it. */
const generations = new WeakMap<Snapshot, number>();
let lastGeneration = 0;
const generationOf = (snap: Snapshot): number => {
  let n = generations.get(snap);
  if (n === undefined) {
    n = ++lastGeneration;
    generations.set(snap, n);
  }
  return n;
};

/** The parameters an answer depends on (not uuid, demo); null when it is not to be kept. */
export function cacheKey(params: SearchParams): string | null {
  if (params.use_suggestions && !params.use_corrections) return null;
  return [
    params.q,
    params.language,
    params.filters.join(","),
    params.price_from,
    params.price_to,
    params.category_id,
    params.group_by_category,
    params.show_unavailable,
    params.page,
    params.product_page_size,
    params.category_page_size,
    params.per_category_limit,
    params.show_filters,
    params.use_corrections,
    params.wid,
    params.highlight,
    params.sort,
    params.browse,
    params.group_variants,
    params.ranges.map((r) => `${r.attribute}:${r.min ?? ""}:${r.max ?? ""}`).join(","),
  ].join("\u0000");
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  /** `budget`: the bytes kept at most (charged as `charge` says); 0 keeps nothing. */
  constructor(private readonly budget: number) {}

  /** The key of the answer to `params` on `snap`, or null when it is not to be kept. */
  keyOf(snap: Snapshot, params: SearchParams): string | null {
    const key = this.budget > 0 ? cacheKey(params) : null;
    return key === null ? null : `${generationOf(snap)}\u0001${key}`;
  }

  /** The answer kept under `key` (made on `snap`), unless an offer written since changed it. */
  get(key: string, snap: Snapshot): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer === undefined) return undefined;
    if (!answerHolds(snap, answer.stamp)) {
      this.entries.delete(key);
      this.bytes -= charge(answer);
      return undefined;
    }
    // Least recently used first out: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, answer);
    return answer;
  }

  put(key: string, answer: CachedAnswer): void {
    const cost = charge(answer);
    if (cost > this.budget) return;
    const replaced = this.entries.get(key);
    if (replaced !== undefined) {
      this.entries.delete(key);
      this.bytes -= charge(replaced);
    }
    for (const [oldKey, old] of this.entries) {
      if (this.bytes + cost <= this.budget) break;
      this.entries.delete(oldKey);
      this.bytes -= charge(old);
    }
    this.entries.set(key, answer);
    this.bytes += cost;
  }
}
