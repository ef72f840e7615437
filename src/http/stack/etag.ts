// Entity tags of the cacheable answers (RFC 9110 8.8.3, 13.1.2).

/**
 * A weak tag from the body's bytes before any coding: the br, gzip and raw forms of one answer
 * share it (a strong tag would have to differ per coding). Bun.hash is wyhash: ~2 us for a
 * 20 KB answer, measured (BENCHMARKS.md, "Compressed answers").
 */
export function etagOf(body: string | Uint8Array): string {
  return `W/"${Bun.hash(body).toString(36)}"`;
}

/** If-None-Match against a tag, by weak comparison: `*` or any tag of the list. */
export function noneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
