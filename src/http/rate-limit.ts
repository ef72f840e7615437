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

/**
 * Domains whose search buckets fit in the shared table; a domain past it (slots are never freed,
 * so deleted domains count) gets a bucket of each thread's own at an equal share of the rate.
 */
const SHARED_SLOTS = 4096;

/**
 * The search token buckets of every search thread in one SharedArrayBuffer, so that a store's
 * rate is its own whatever thread a connection lands on (docs/ARCHITECTURE.md, "Threads"). A
 * slot per domain id (open addressing, claimed with a compare-and-swap); its two numbers change
 * under a spin lock held for a few instructions. Times are wall-clock milliseconds: each
 * thread's `performance.now()` counts from its own start.
 */
export class SharedTokenBuckets {
  private readonly keys: Int32Array;
  private readonly locks: Int32Array;
  private readonly tokens: Float64Array;
  private readonly at: Float64Array;
  /** The domains past the shared table: this thread's share of their rate. */
  private readonly overflow: TokenBuckets<number>;

  /** `threads`: how many search threads share `memory` (each takes 1/threads of an overflow). */
  constructor(
    private readonly limit: RateLimit,
    readonly memory = new SharedArrayBuffer(SHARED_SLOTS * 24),
    threads = 1,
  ) {
    this.tokens = new Float64Array(memory, 0, SHARED_SLOTS);
    this.at = new Float64Array(memory, SHARED_SLOTS * 8, SHARED_SLOTS);
    this.keys = new Int32Array(memory, SHARED_SLOTS * 16, SHARED_SLOTS);
    this.locks = new Int32Array(memory, SHARED_SLOTS * 20, SHARED_SLOTS);
    this.overflow = new TokenBuckets({
      rate: limit.rate / threads,
      burst: Math.max(1, limit.burst / threads),
    });
  }

  /** As TokenBuckets.take, for a domain id (>= 0) at wall-clock `nowMs`. */
  take(domainId: number, nowMs: number): number {
    const { rate, burst } = this.limit;
    if (rate <= 0) return 0;
    const slot = this.slotOf(domainId);
    if (slot < 0) return this.overflow.take(domainId, nowMs);
    while (Atomics.compareExchange(this.locks, slot, 0, 1) !== 0);
    let tokens = this.tokens[slot] as number;
    const at = this.at[slot] as number;
    tokens = at === 0 ? burst : Math.min(burst, tokens + (Math.max(0, nowMs - at) * rate) / 1000);
    const granted = tokens >= 1;
    if (granted) tokens -= 1;
    this.tokens[slot] = tokens;
    this.at[slot] = Math.max(at, nowMs);
    Atomics.store(this.locks, slot, 0);
    return granted ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate));
  }

  private slotOf(domainId: number): number {
    const key = domainId + 1;
    for (let i = 0; i < SHARED_SLOTS; i++) {
      const slot = (domainId + i) % SHARED_SLOTS;
      const found = Atomics.load(this.keys, slot);
      if (found === key) return slot;
      if (found === 0) {
        const before = Atomics.compareExchange(this.keys, slot, 0, key);
        if (before === 0 || before === key) return slot;
      }
    }
    return -1;
  }
}
