import { AppError } from "../errors.ts";

// A domain's allowed origins: the sites whose pages may search it from a browser (CORS).
// None means open (`*`), the default (docs/ARCHITECTURE.md, "Answers fit for browsers").

/** A store has a few sites (shop, mobile site, staging): more is a mistake, and a cost per search. */
export const MAX_ORIGINS = 20;

/** scheme://host[:port] and nothing else: no path, query, fragment or user. */
const SHAPE = /^https?:\/\/[^/?#@\s\\]+$/i;

/**
 * The origins as a browser sends them in its Origin header (RFC 6454 serialisation: lowercase
 * scheme and host, no default port), without repeats; throws a 400 on anything else.
 */
export function parseOrigins(input: unknown): string[] {
  if (!Array.isArray(input)) throw new AppError("invalid_origins", { limit: MAX_ORIGINS });
  if (input.length > MAX_ORIGINS) throw new AppError("too_many_origins", { limit: MAX_ORIGINS });
  const out = new Set<string>();
  for (const [index, item] of input.entries()) {
    const origin = typeof item === "string" && SHAPE.test(item) ? originOf(item) : null;
    // By its place, not its value: an error never echoes what it refuses.
    if (origin === null) throw new AppError("invalid_origin", { index });
    out.add(origin);
  }
  return [...out];
}

function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.hostname === "" ? null : url.origin;
  } catch {
    return null;
  }
}
