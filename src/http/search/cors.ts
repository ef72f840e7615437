// The CORS headers of the search answers: open to every site, or, when the domain lists its
// allowed origins, to those alone (docs/ARCHITECTURE.md, "Answers fit for browsers").

/** The widget calls search from the store's own site: open by default. */
export const OPEN_CORS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, OPTIONS",
  "access-control-allow-headers": "*",
  "access-control-max-age": "86400",
};

/**
 * The headers for a request from `origin` (its Origin header) to a domain allowing `allowed`,
 * or null when the origin is refused. A request without Origin is not a browser's cross-site
 * call: it is answered, with no CORS header. `Vary: Origin` whenever the answer depends on it.
 */
export function corsFor(
  allowed: readonly string[] | undefined,
  origin: string | null,
): Record<string, string> | null {
  if (!allowed?.length) return { ...OPEN_CORS };
  if (origin === null) return { vary: "Origin" };
  if (!allowed.includes(origin)) return null;
  return { ...OPEN_CORS, "access-control-allow-origin": origin, vary: "Origin" };
}
