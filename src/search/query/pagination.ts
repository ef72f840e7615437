import type { Pagination } from "../../model/search.ts";

// Pagination metadata of specification 2.7.

export function pagination(
  type: "products" | "categories",
  page: number,
  pageSize: number,
  totalItems: number,
): Pagination {
  const size = pageSize > 0 ? pageSize : 1;
  const totalPages = Math.ceil(totalItems / size);
  return {
    type,
    current_page: page,
    page_size: pageSize,
    total_items: totalItems,
    total_pages: totalPages,
    has_next: page < totalPages,
    has_previous: page > 1,
  };
}

/** The [from, to) slice of items on `page` (1-based). */
export function pageSlice(page: number, pageSize: number): [number, number] {
  const from = Math.max(0, (page - 1) * pageSize);
  return [from, from + Math.max(0, pageSize)];
}
