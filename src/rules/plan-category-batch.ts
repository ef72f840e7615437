import type { CategoryDraft } from "../model/drafts.ts";
import type { CategoryRecord } from "../model/records.ts";
import type { BatchPlan, PlannedItem } from "./plan-product-batch.ts";

/** What the rules read of the stored categories, by source_category_id. */
export interface CategoryLookups {
  /** The stored internal id, or null when the category is not stored. */
  id(sourceCategoryId: number): number | null;
  /** The stored parent's source id, or null for a top-level or unknown category. */
  parent(sourceCategoryId: number): number | null;
}

/**
 * The rules of a category batch, once for both stores: an item replaces its category whole
 * (the stored id kept, or the one an earlier item of the batch created), 201 for a new one and
 * 200 for an update; `parent_id` left out keeps the stored parent, null clears it. A parent
 * that would make the category its own ancestor (A→B while B→…→A is stored or written earlier
 * in the batch) fails that item on `parent_id`: the tree stays a forest, so the index's walk
 * down a category never meets a cycle it did not also guard against. The log entry is written
 * when the caller allows it and no item failed (rule 8).
 */
export function planCategoryBatch(
  drafts: readonly (CategoryDraft | null)[],
  lookups: CategoryLookups,
  options: { log: boolean; now: number; newId: () => number },
): BatchPlan<CategoryRecord> {
  let log = options.log;
  const written = new Map<number, CategoryRecord>();
  const parentOf = (source: number): number | null => {
    const record = written.get(source);
    return record ? (record.parent_id ?? null) : lookups.parent(source);
  };
  const items = drafts.map((draft): PlannedItem<CategoryRecord> | null => {
    if (!draft) return null;
    const source = draft.source_category_id;
    const known = written.get(source)?.id ?? lookups.id(source);
    const parent = draft.parent_id === undefined ? parentOf(source) : draft.parent_id;
    if (parent !== null && isAncestor(source, parent, parentOf)) {
      log = false;
      return {
        ok: false,
        errors: {
          parent_id: [
            `Category ${parent} is a descendant of category ${source}: a category cannot be its own ancestor.`,
          ],
        },
      };
    }
    const record = categoryRecord(
      { ...draft, parent_id: parent },
      known ?? options.newId(),
      options.now,
    );
    written.set(source, record);
    return { ok: true, status: known === null ? 201 : 200, record };
  });
  return { items, log, warehouses: [] };
}

/**
 * The record of a draft whose parent is decided (null: none, kept out of the record, as a
 * store that sends no parents had its records before).
 */
export function categoryRecord(draft: CategoryDraft, id: number, now: number): CategoryRecord {
  const { parent_id, ...rest } = draft;
  return { id, ...rest, ...(parent_id == null ? {} : { parent_id }), updated_at: now };
}

/**
 * Whether `source` is `parent` or one of its ancestors. The walk up stops at a category seen
 * twice: the rules keep the tree acyclic, but two Redis nodes' batches planned at once could
 * not see each other's edges were it not for the tree's version check (redis/category-batch.ts).
 */
function isAncestor(
  source: number,
  parent: number,
  parentOf: (source: number) => number | null,
): boolean {
  const seen = new Set<number>();
  for (let at: number | null = parent; at !== null && !seen.has(at); at = parentOf(at)) {
    if (at === source) return true;
    seen.add(at);
  }
  return false;
}
