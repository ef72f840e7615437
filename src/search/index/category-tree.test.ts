// Properties of subtreeMask:
//  1. a category's mask holds its own slot and every descendant's, at any depth
//  2. children of a parent the table does not know are its subtree all the same
//  3. a cycle among records (the import refuses them) ends the walk; a leaf is itself alone
//  4. a table rebuilt with a moved parent answers the new tree, not the kept mask
//  5. treeOrder: depth first, siblings by id, an orphan and a cycle at the top, bounded
import { expect, test } from "bun:test";
import type { CategoryRecord } from "../../model/records.ts";
import { buildCategoryTable, EMPTY_CATEGORIES } from "./category-table.ts";
import { subtreeMask, treeOrder } from "./category-tree.ts";

const category = (id: number, parent_id?: number): CategoryRecord => ({
  id,
  source_category_id: id,
  translations: [{ language: "uk", name: `К ${id}`, url: null, synonyms: [], keywords: [] }],
  ...(parent_id === undefined ? {} : { parent_id }),
  updated_at: 1,
});
const sources = (table: ReturnType<typeof buildCategoryTable>, mask: Uint8Array) =>
  table.entries.filter((_, slot) => mask[slot] === 1).map((e) => e.source);

test("subtrees: depth, unknown parents, cycles, rebuilds", () => {
  // 1 <- 2 <- 3, 1 <- 4; 6 <- 5 (6 never imported); 7 <-> 8 a cycle.
  const table = buildCategoryTable(EMPTY_CATEGORIES, [
    category(1),
    category(2, 1),
    category(3, 2),
    category(4, 1),
    category(5, 6),
    category(7, 8),
    category(8, 7),
  ]);
  expect(sources(table, subtreeMask(table, "1"))).toEqual(["1", "2", "3", "4"]);
  expect(sources(table, subtreeMask(table, "2"))).toEqual(["2", "3"]);
  expect(sources(table, subtreeMask(table, "3"))).toEqual(["3"]);
  expect(sources(table, subtreeMask(table, "6"))).toEqual(["5"]);
  expect(sources(table, subtreeMask(table, "7"))).toEqual(["7", "8"]);
  expect(sources(table, subtreeMask(table, "99"))).toEqual([]);
  const rows = (t: typeof table, limit = 100) =>
    treeOrder(t, limit).map((r) => [r.record.source_category_id, r.depth]);
  expect(rows(table)).toEqual([
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 1],
    [5, 0],
    [7, 0],
    [8, 1],
  ]);
  expect(rows(table, 2)).toEqual([
    [1, 0],
    [2, 1],
  ]);
  const moved = buildCategoryTable(table, [category(3, 4)]);
  expect(sources(moved, subtreeMask(moved, "2"))).toEqual(["2"]);
  expect(sources(moved, subtreeMask(moved, "4"))).toEqual(["3", "4"]);
});
