import { SEARCH_TOKEN_GRACE } from "../../tenancy/domains.ts";

// The grace of the old search token on a rotation (issue 23, point 5): `search_token_grace`
// seconds in the rotation's URL, 0 (at once) to 30 days, 24 h when absent.

export const GRACE_PARAM = "search_token_grace";

/** The grace in seconds, or the per-parameter error of a bad value. */
export function parseGrace(
  url: URL,
): { ok: true; seconds: number } | { ok: false; errors: Record<string, string[]> } {
  const raw = url.searchParams.get(GRACE_PARAM);
  if (raw === null) return { ok: true, seconds: SEARCH_TOKEN_GRACE.default };
  const seconds = /^\d{1,8}$/.test(raw) ? Number(raw) : Number.NaN;
  if (seconds <= SEARCH_TOKEN_GRACE.max) return { ok: true, seconds };
  return {
    ok: false,
    errors: {
      [GRACE_PARAM]: [`Must be a whole number of seconds from 0 to ${SEARCH_TOKEN_GRACE.max}.`],
    },
  };
}
