import type { SearchCategory, TreeCategory } from "../../model/search.ts";

// InstantSearch's hierarchicalMenu reads one attribute per level (`categories.lvl0`,
// `categories.lvl1`, ...), each value the path from the top (`Електроніка > Смартфони`). Here
// they are made of the store's category tree (GET /api/v2/search/categories/): a refined path
// is the `category_id` of its category, and a path's count is the products of the answer in
// its category and the ones under it.

/** InstantSearch's default separator of hierarchical levels. */
export const SEPARATOR = " > ";

/**
 * The levels' names answered to `facets: ["*"]` (dynamicWidgets asks every facet, naming none):
 * Algolia's usual `categories.lvlN`.
 */
export const EVERY_LEVEL = "categories.lvl";

/** `categories.lvl2` → 2; null for an attribute that is no level of a hierarchy. */
export function levelOf(attribute: string): number | null {
  const m = /\.lvl(\d+)$/.exec(attribute);
  return m ? Number(m[1]) : null;
}

export class CategoryPaths {
  /** source_id → the path of names from the top, one per level. */
  private readonly paths = new Map<string, string[]>();
  private readonly byPath = new Map<string, string>();

  constructor(tree: readonly TreeCategory[]) {
    // Depth first: a parent is met before its children.
    for (const c of tree) {
      const above = c.parent_id === null ? undefined : this.paths.get(c.parent_id);
      const path = [...(above ?? []), c.name];
      this.paths.set(c.source_id, path);
      this.byPath.set(path.join(SEPARATOR), c.source_id);
    }
  }

  /** How many levels the tree has. */
  levels(): number {
    let most = 0;
    for (const path of this.paths.values()) most = Math.max(most, path.length);
    return most;
  }

  /** The category a path names; undefined when the tree has none. */
  sourceOf(path: string): string | undefined {
    return this.byPath.get(path);
  }

  /**
   * The values of level `level` and their counts: each answered category's products count for
   * its own path and every path above it.
   */
  countsAt(level: number, categories: readonly SearchCategory[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const c of categories) {
      const path = this.paths.get(c.source_id);
      if (path === undefined || path.length <= level || c.total === 0) continue;
      const value = path.slice(0, level + 1).join(SEPARATOR);
      counts[value] = (counts[value] ?? 0) + c.total;
    }
    return counts;
  }
}
