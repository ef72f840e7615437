import { AppError } from "../../errors.ts";

// A reindex rebuilds a store's whole index from the store, on the thread that also answers
// searches (issue 34, fault 6: a loop of reindexes of one store of 8,000 products took another
// store's search p99 from 3.6 to 196 ms). Its time is charged to the store's share as its
// imports' patches are (indexing/domain-indexer.ts); and a store has at most one at a time:
// from its request until this node's index has applied it, another is refused with 409, since
// it would rebuild the same index from the same records again.

/** A reindex request of a domain, one at a time; answers the position of its log entry. */
export function oneReindexAtATime(deps: {
  append: (domainId: number) => Promise<number>;
  /** The log position this node's index of the domain has applied (undefined: not served here). */
  applied: (domainId: number) => number | undefined;
}): (domainId: number) => Promise<number> {
  /** Per domain, the position of its last reindex entry; 0 while it is being appended. */
  const queued = new Map<number, number>();
  return async (domainId) => {
    const seq = queued.get(domainId);
    if (seq === 0 || (seq !== undefined && (deps.applied(domainId) ?? seq) < seq))
      throw new AppError("reindex_running");
    queued.set(domainId, 0);
    try {
      const at = await deps.append(domainId);
      queued.set(domainId, at);
      return at;
    } catch (error) {
      queued.delete(domainId);
      throw error;
    }
  };
}
