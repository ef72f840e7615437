// The errors of a domain's recent failed import batches, for the admin page: a bounded ring
// per domain, kept in the writer thread's memory (where the answers are made). It is this
// node's view and starts empty at every start: the store keeps nothing of rejected batches.

/** One failed batch as the admin page shows it. */
export interface FailedBatch {
  /** ISO time the answer was made. */
  at: string;
  kind: "products" | "categories";
  status: number;
  /** The answer's `detail` when the whole batch was refused (malformed JSON, too many items). */
  detail?: string;
  /** Items rejected, when the batch was read. */
  failed?: number;
  /** The first of its per-item errors, as the answer gave them. */
  errors?: unknown[];
  /** Per error kept, its item's source id as sent (null when it had none). */
  source_ids?: (string | null)[];
}

/** Batches kept per domain, and per-item errors kept per batch: a few KB per domain at most. */
export const KEPT_BATCHES = 20;
export const KEPT_ERRORS = 10;

export class FailedBatches {
  private readonly rings = new Map<number, FailedBatch[]>();

  add(domainId: number, batch: FailedBatch): void {
    const ring = this.rings.get(domainId) ?? [];
    const kept = batch.errors
      ? {
          ...batch,
          errors: batch.errors.slice(0, KEPT_ERRORS),
          source_ids: batch.source_ids?.slice(0, KEPT_ERRORS),
        }
      : batch;
    ring.unshift(kept);
    if (ring.length > KEPT_BATCHES) ring.length = KEPT_BATCHES;
    this.rings.set(domainId, ring);
  }

  /** Newest first. */
  of(domainId: number): FailedBatch[] {
    return this.rings.get(domainId) ?? [];
  }
}
