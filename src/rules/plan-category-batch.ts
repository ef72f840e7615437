import type { CategoryDraft } from "../model/drafts.ts";
import type { CategoryRecord } from "../model/records.ts";
import type { BatchPlan, PlannedItem } from "./plan-product-batch.ts";

/**
 * The rules of a category batch, once for both stores: an item replaces its category whole
 * (the stored id kept, or the one an earlier item of the batch created), 201 for a new one and
 * 200 for an update; the log entry is written when the caller allows it (no item failed
 * validation: the rules refuse none). `storedId` answers the stored id of a source id, or null.
 */
export function planCategoryBatch(
  drafts: readonly (CategoryDraft | null)[],
  storedId: (sourceCategoryId: number) => number | null,
  options: { log: boolean; now: number; newId: () => number },
): BatchPlan<CategoryRecord> {
  const written = new Map<number, number>();
  const items = drafts.map((draft): PlannedItem<CategoryRecord> | null => {
    if (!draft) return null;
    const known = written.get(draft.source_category_id) ?? storedId(draft.source_category_id);
    const id = known ?? options.newId();
    written.set(draft.source_category_id, id);
    return {
      ok: true,
      status: known === null ? 201 : 200,
      record: { id, ...draft, updated_at: options.now },
    };
  });
  return { items, log: options.log, warehouses: [] };
}
