import type { Language } from "../../model/records.ts";
import { CATEGORY_TREE_ROWS, type CategoryTreeResponse } from "../../model/search.ts";
import { categoryView, readCategory, type Snapshot, treeOrder } from "../../search/engine.ts";

// The store's category tree for its shoppers: what a menu of category pages (browse=true) and
// the InstantSearch client's hierarchical menu are built from. Search answers keep the
// specification's categories, without parents; the tree is asked once, apart.

const view = categoryView();

/** The tree as `snap` holds it, names and urls in `language` (the search's fallback). */
export function categoryTreeAnswer(
  snap: Snapshot | undefined,
  language: Language,
): CategoryTreeResponse {
  if (snap === undefined) return { categories: [] };
  return {
    categories: treeOrder(snap.categories, CATEGORY_TREE_ROWS).map(({ record, depth }) => {
      const slot = snap.categories.slots.get(String(record.source_category_id)) as number;
      const c = readCategory(snap, slot, language, view);
      return {
        id: record.id,
        source_id: c.sourceId,
        name: c.name,
        url: c.url,
        parent_id: depth === 0 || record.parent_id === undefined ? null : String(record.parent_id),
        depth,
      };
    }),
  };
}
