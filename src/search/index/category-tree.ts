import type { CategoryRecord } from "../../model/records.ts";
import type { CategoryEntry, CategoryTable } from "./category-table.ts";

// The category tree of a snapshot (issue 33, point 2): a category page and a `category_id`
// filter take the products of the category and of its descendants, as a store's menu expects.
// The tree is read off the records' parent_id when first asked, once per table (a table is
// rebuilt whole when a category changes), and each category's set of slots is kept, bounded.

/** Slots under each parent's source id, and the masks asked so far. */
interface Tree {
  readonly children: ReadonlyMap<string, readonly number[]>;
  readonly masks: Map<string, Uint8Array>;
}

/** Keyed by the entries array: a table copied with new slots (CategoryTableDraft) has its own. */
const trees = new WeakMap<readonly CategoryEntry[], Tree>();
/** Masks kept per table: `category_id` is the shopper's to send, so any string may come. */
const MAX_MASKS = 1024;

function treeOf(table: CategoryTable): Tree {
  const known = trees.get(table.entries);
  if (known) return known;
  const children = new Map<string, number[]>();
  table.entries.forEach((entry, slot) => {
    const parent = entry.record?.parent_id;
    if (parent === undefined) return;
    const list = children.get(String(parent));
    if (list) list.push(slot);
    else children.set(String(parent), [slot]);
  });
  const tree = { children, masks: new Map() };
  trees.set(table.entries, tree);
  return tree;
}

/**
 * One byte per slot, 1 for `source` and every category below it. A source the table does not
 * know still has the children that name it (a parent not imported yet); one with neither has
 * none. The walk visits each slot once, so a cycle (which the import refuses) cannot loop.
 */
export function subtreeMask(table: CategoryTable, source: string): Uint8Array {
  const tree = treeOf(table);
  const kept = tree.masks.get(source);
  if (kept) return kept;
  const mask = new Uint8Array(table.entries.length);
  const own = table.slots.get(source);
  const pending: number[] = [];
  if (own !== undefined) mask[own] = 1;
  for (const child of tree.children.get(source) ?? []) pending.push(child);
  while (pending.length > 0) {
    const slot = pending.pop() as number;
    if (mask[slot] === 1) continue;
    mask[slot] = 1;
    const below = tree.children.get((table.entries[slot] as CategoryEntry).source);
    if (below) for (const child of below) if (mask[child] !== 1) pending.push(child);
  }
  if (tree.masks.size >= MAX_MASKS) tree.masks.clear();
  tree.masks.set(source, mask);
  return mask;
}

/** A category of the tree as the admin area lists it. */
export interface TreeRow {
  readonly record: CategoryRecord;
  /** 0 at the top; a category whose parent is not imported is at the top too. */
  readonly depth: number;
}

/**
 * The imported categories depth first, each parent before its children, siblings by source
 * id; at most `limit` rows. A cycle (refused by the import) is listed once, from where it is
 * first met, or at the top when no category outside it leads there.
 */
export function treeOrder(table: CategoryTable, limit: number): TreeRow[] {
  const tree = treeOf(table);
  const bySource = (a: number, b: number) =>
    (table.entries[a]?.record?.source_category_id ?? 0) -
    (table.entries[b]?.record?.source_category_id ?? 0);
  const imported = (slot: number) => table.entries[slot]?.record != null;
  const isTop = (slot: number) => {
    const parent = table.entries[slot]?.record?.parent_id;
    if (parent === undefined) return true;
    const at = table.slots.get(String(parent));
    return at === undefined || !imported(at);
  };
  const rows: TreeRow[] = [];
  const seen = new Uint8Array(table.entries.length);
  const visit = (top: number) => {
    const pending: [number, number][] = [[top, 0]];
    while (pending.length > 0 && rows.length < limit) {
      const [slot, depth] = pending.pop() as [number, number];
      if (seen[slot] === 1) continue;
      seen[slot] = 1;
      const entry = table.entries[slot] as CategoryEntry;
      if (entry.record === null) continue;
      rows.push({ record: entry.record, depth });
      const below = [...(tree.children.get(entry.source) ?? [])].sort(bySource).reverse();
      for (const child of below) pending.push([child, depth + 1]);
    }
  };
  const slots = table.entries
    .map((_, slot) => slot)
    .filter(imported)
    .sort(bySource);
  for (const slot of slots) if (isTop(slot)) visit(slot);
  // What no top leads to: a cycle.
  for (const slot of slots) if (seen[slot] !== 1) visit(slot);
  return rows;
}
