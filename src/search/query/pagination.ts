// The pages of a result (specification 2.7's pagination is built at the HTTP side).

/** The [from, to) slice of items on `page` (1-based). */
export function pageSlice(page: number, pageSize: number): [number, number] {
  const from = Math.max(0, (page - 1) * pageSize);
  return [from, from + Math.max(0, pageSize)];
}
