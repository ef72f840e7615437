import { fnv1a64 } from "../tenancy/partition.ts";

// A feed's category id as the import's source_category_id, a positive integer of at most 15
// digits (model/import.ts CategoryItem). A feed id that is one already ("17") stays itself, so
// the store's categories keep the feed's numbers; any other ("cat-17", "017", a Google
// breadcrumb) maps to 900,000,000,000,000 + its 64-bit FNV-1a hash modulo 99,999,999,999,999:
// stable across runs and nodes, in a range feeds' own numbers seldom reach. Two feed ids of one
// feed that meet on one number are caught by the planner (plan-feed.ts): the later one fails.

const MAX = 999_999_999_999_999;
const HASHED_FROM = 900_000_000_000_000n;
const HASHED_SPAN = 99_999_999_999_999n;

export function categoryNumber(feedId: string): number {
  if (/^[1-9][0-9]{0,14}$/.test(feedId) && Number(feedId) <= MAX) return Number(feedId);
  return Number(HASHED_FROM + (fnv1a64(feedId) % HASHED_SPAN));
}

/** The feed id of a breadcrumb's category: its path, root first, as Google writes it. */
export const pathId = (path: readonly string[]): string => `path:${path.join(" > ")}`;
