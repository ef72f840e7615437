import type { RateLimit } from "../config.ts";

/**
 * A token bucket per key (the classic leaky-bucket-as-meter of network policing): a key's
 * bucket holds at most `burst` tokens, refills at `rate` a second and pays one per request.
 * Keys are domain ids, so the map is bounded by the number of domains. Pure: the caller gives
 * the time.
 */
export class TokenBuckets<K> {
  private readonly buckets = new Map<K, { tokens: number; at: number }>();

  constructor(private readonly limit: RateLimit) {}

  get enabled(): boolean {
    return this.limit.rate > 0;
  }

  /**
   * Takes a token from `key`'s bucket at `nowMs`: 0 when granted, else the whole seconds (at
   * least 1) until a token will be there, for Retry-After.
   */
  take(key: K, nowMs: number): number {
    const { rate, burst } = this.limit;
    if (rate <= 0) return 0;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: burst, at: nowMs };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.at) * rate) / 1000);
    bucket.at = nowMs;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  }
}
