import type { ProductDraft } from "../model/drafts.ts";
import type { FieldErrors } from "../model/import.ts";
import type { ProductRecord } from "../model/records.ts";
import { mergeProduct, sameRecord, unknownCategory } from "./merge-product.ts";

// The per-item rules of a product batch, once for both stores: each store reads what the
// lookups answer inside its own transaction (SQLite) or read script (Redis), runs this plan,
// and writes what it returns. Pure: no I/O but the store's synchronous lookups.

/** What the store holds, asked item by item (each source_id and category at most once). */
export interface ProductLookups {
  /** The stored record of a source_id, or null when the domain has none. */
  product(sourceId: string): ProductRecord | null;
  /** Whether the domain has a category of this source id. */
  category(sourceCategoryId: number): boolean;
}

/** One item's outcome: the record to write and its status, or why the rules refuse it. */
export type PlannedItem<T> =
  /** `unchanged`: the stored record, which the store leaves as it is (`skipUnchanged`). */
  { ok: true; status: 200 | 201; record: T; unchanged?: true } | { ok: false; errors: FieldErrors };

export interface BatchPlan<T> {
  /** In request order; null where the draft was null (the item failed validation). */
  items: (PlannedItem<T> | null)[];
  /** Write the change-log entry: the caller allowed it and every item passed (rule 8). */
  log: boolean;
  /** The warehouses the written records name, each once (created on first use). */
  warehouses: string[];
}

const CATEGORY_ID = /^[1-9][0-9]{0,14}$/;

/** A category source id as a number, or null when it is not one a category can have. */
export const categoryNumber = (sourceCategoryId: string): number | null =>
  CATEGORY_ID.test(sourceCategoryId) ? Number(sourceCategoryId) : null;

/**
 * Per item: its category must exist; the stored product, or the one an earlier item of the
 * batch wrote, is merged with it (merge-product.ts); 201 for a new product, 200 for an update.
 * `newId` hands out the id of a new product: a store that assigns ids only when it writes
 * (Redis) hands out provisional ones, the same for every item that writes that product.
 */
export function planProductBatch(
  drafts: readonly (ProductDraft | null)[],
  lookups: ProductLookups,
  options: {
    log: boolean;
    now: number;
    newId: () => number;
    skipUnchanged?: boolean;
    /** Categories taken as existing whatever the store answers (a dry run's own). */
    assumeCategories?: readonly number[];
  },
): BatchPlan<ProductRecord> {
  const assumed = new Set(options.assumeCategories);
  let log = options.log;
  const categories = new Map<string, boolean>();
  const written = new Map<string, ProductRecord>();
  const warehouses = new Set<string>();
  const items = drafts.map((draft): PlannedItem<ProductRecord> | null => {
    if (!draft) return null;
    let known = categories.get(draft.source_category_id);
    if (known === undefined) {
      const n = categoryNumber(draft.source_category_id);
      known = n !== null && (assumed.has(n) || lookups.category(n));
      categories.set(draft.source_category_id, known);
    }
    if (!known) {
      log = false;
      return { ok: false, errors: unknownCategory(draft.source_category_id) };
    }
    const stored = written.get(draft.source_id) ?? lookups.product(draft.source_id);
    const merged = mergeProduct(draft, stored, {
      newId: stored ? stored.id : options.newId(),
      now: options.now,
    });
    if (!merged.ok) {
      log = false;
      return merged;
    }
    const record = merged.record;
    if (stored && options.skipUnchanged && sameRecord(record, stored))
      return { ok: true, status: 200, record: stored, unchanged: true };
    written.set(record.source_id, record);
    for (const w of record.warehouses) warehouses.add(w.external_id);
    return { ok: true, status: stored ? 200 : 201, record };
  });
  return { items, log, warehouses: [...warehouses] };
}
