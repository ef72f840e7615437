// When to send a request again (docs/CLIENT.md, "Retries"): pure, so that the rule is tested
// without a clock. Only 429 and 503 are retried: every other 4xx says the request itself is
// wrong, and sending it again would be answered the same.

export interface RetryPolicy {
  /** Retries after the first attempt; 0 sends each request once. */
  retries: number;
  /**
   * The longest one wait may be, in ms. A `Retry-After` beyond it is not waited for: the answer
   * is returned as it is (an earlier retry would only be refused again).
   */
  maxWaitMs: number;
  /** The first wait when the answer names none, doubled at each retry (up to maxWaitMs). */
  backoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 5, maxWaitMs: 60_000, backoffMs: 500 };

/** The statuses a server answers for a while only: too many requests, or not now. */
export const RETRIED = new Set([429, 503]);

/**
 * `Retry-After` in ms: whole seconds, or an HTTP date (RFC 9110 10.2.3) counted from `now`;
 * null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; Date.parse alone would take "-1" for a year.
  const at = /[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The wait before retry number `attempt` (1 for the first retry) of an answer with `status`
 * and `Retry-After` header, or null for no retry. Without the header the wait is the backoff,
 * `backoffMs * 2^(attempt-1)`, jittered over its upper half (`random` in [0, 1)) so that many
 * clients refused at once do not come back at once.
 */
export function retryWait(
  answer: { status: number; retryAfter: string | null },
  attempt: number,
  policy: RetryPolicy,
  now: number,
  random: number,
): number | null {
  if (!RETRIED.has(answer.status) || attempt > policy.retries) return null;
  const asked = retryAfterMs(answer.retryAfter, now);
  if (asked !== null) return asked <= policy.maxWaitMs ? asked : null;
  const backoff = Math.min(policy.maxWaitMs, policy.backoffMs * 2 ** (attempt - 1));
  return Math.round(backoff * (0.5 + random / 2));
}
