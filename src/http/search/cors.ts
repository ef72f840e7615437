// The CORS headers of the search answers: open to every site, or, when the domain lists its
// allowed origins, to those alone (docs/ARCHITECTURE.md, "Answers fit for browsers").

/** The widget calls search from the store's own site: open by default. */
export const OPEN_CORS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, OPTIONS",
  "access-control-allow-headers": "*",
  "access-control-max-age": "86400",
  // The widget reads why an answer is empty (PRODUCT.md, X-Search-Token) from another origin.
  "access-control-expose-headers": "X-Search-Token",
};

/**
 * The headers for a request from `origin` (its Origin header) to a domain allowing `allowed`,
 * or null when the origin is refused. A request without Origin is not a browser's cross-site
 * call: it is answered, with no CORS header. `Vary: Origin` whenever the answer depends on it.
 * The service's own origin (`own`: its /demo and /admin pages) is never refused: a store's
 * list names its sites, not the service's.
 */
export function corsFor(
  allowed: readonly string[] | undefined,
  origin: string | null,
  own: string,
): Record<string, string> | null {
  if (!allowed?.length) return { ...OPEN_CORS };
  if (origin === null) return { vary: "Origin" };
  if (!allowed.includes(origin) && origin !== own) return null;
  return { ...OPEN_CORS, "access-control-allow-origin": origin, vary: "Origin" };
}

/**
 * The headers of a refusal the refused page can read: without them its browser hides the 403
 * and its `detail` behind a generic CORS error, and the store's developer cannot tell what to
 * configure (the widget prints the detail to the console).
 */
export function refusalCors(origin: string | null): Record<string, string> {
  return {
    ...(origin === null ? {} : { "access-control-allow-origin": origin }),
    vary: "Origin",
  };
}
