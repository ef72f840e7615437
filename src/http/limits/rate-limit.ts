import type { RateLimit } from "../../config.ts";

/**
 * A bucket's tokens at `nowMs`, refilled at `rate` a second since `at` up to `burst`. A debt
 * (tokens below zero) is paid back by the same refill.
 */
const refilled = (limit: RateLimit, tokens: number, at: number, nowMs: number): number =>
  Math.min(limit.burst, tokens + (Math.max(0, nowMs - at) * limit.rate) / 1000);

/** The whole seconds (at least 1) until a bucket of `tokens` holds `need`, for Retry-After. */
const secondsUntil = (limit: RateLimit, tokens: number, need: number): number =>
  Math.max(1, Math.ceil((need - tokens) / limit.rate));

/**
 * What one operation does to a bucket's tokens: `take` one token (a request counted), or
 * `admit` (anything left lets the work in; the work pays after, by `charge`), or `charge` an
 * amount, which may leave a debt. Returns the new tokens and the wait (0: granted).
 */
type Operation = (limit: RateLimit, tokens: number) => { tokens: number; wait: number };

const take: Operation = (limit, tokens) =>
  tokens >= 1 ? { tokens: tokens - 1, wait: 0 } : { tokens, wait: secondsUntil(limit, tokens, 1) };

const admit: Operation = (limit, tokens) => ({
  tokens,
  wait: tokens > 0 ? 0 : secondsUntil(limit, tokens, Number.MIN_VALUE),
});

// A debt is at most one burst: a store that ran up time while alone on the node (its share is
// enforced only beside others) waits at most two bursts' time once another store comes.
const charge =
  (amount: number): Operation =>
  (limit, tokens) => ({ tokens: Math.max(-limit.burst, tokens - amount), wait: 0 });

/**
 * A token bucket per key (the classic leaky-bucket-as-meter of network policing): a key's
 * bucket holds at most `burst` tokens and refills at `rate` a second. A request counted pays
 * one token (`take`); work measured in time pays what it cost once done (`admit`, then
 * `charge`: a bucket of milliseconds). Keys are domain ids, so the map is bounded by the number
 * of domains. Pure: the caller gives the time.
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
    return this.apply(key, nowMs, take);
  }

  /** 0 when `key`'s bucket holds anything at `nowMs`, else the seconds until it will. */
  admit(key: K, nowMs: number): number {
    return this.apply(key, nowMs, admit);
  }

  /** Takes `amount` from `key`'s bucket at `nowMs`, into debt if need be. */
  charge(key: K, nowMs: number, amount: number): void {
    this.apply(key, nowMs, charge(amount));
  }

  /** One operation on `key`'s bucket (also SharedTokenBuckets' for the domains past its table). */
  apply(key: K, nowMs: number, operation: Operation): number {
    if (this.limit.rate <= 0) return 0;
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at: nowMs };
    const done = operation(this.limit, refilled(this.limit, bucket.tokens, bucket.at, nowMs));
    bucket.tokens = done.tokens;
    bucket.at = Math.max(bucket.at, nowMs);
    this.buckets.set(key, bucket);
    return done.wait;
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
    return this.apply(domainId, nowMs, take);
  }

  /** As TokenBuckets.admit. */
  admit(domainId: number, nowMs: number): number {
    return this.apply(domainId, nowMs, admit);
  }

  /** As TokenBuckets.charge. */
  charge(domainId: number, nowMs: number, amount: number): void {
    this.apply(domainId, nowMs, charge(amount));
  }

  private apply(domainId: number, nowMs: number, operation: Operation): number {
    const slot = this.slotOf(domainId);
    if (this.limit.rate <= 0) {
      // No limit, but the time of use is kept (usedByOthers).
      if (slot >= 0) this.at[slot] = Math.max(this.at[slot] as number, nowMs);
      return 0;
    }
    if (slot < 0) return this.overflow.apply(domainId, nowMs, operation);
    while (Atomics.compareExchange(this.locks, slot, 0, 1) !== 0);
    const at = this.at[slot] as number;
    // A slot never used (`at` 0) is a full bucket.
    const tokens =
      at === 0 ? this.limit.burst : refilled(this.limit, this.tokens[slot] as number, at, nowMs);
    const done = operation(this.limit, tokens);
    this.tokens[slot] = done.tokens;
    this.at[slot] = Math.max(at, nowMs);
    Atomics.store(this.locks, slot, 0);
    return done.wait;
  }

  /**
   * Whether a domain other than `domainId` used its bucket (a search admitted, refused or
   * charged) within `windowMs` before wall-clock `nowMs`: whether anyone else is there to be
   * slowed. Reads every slot: for a request that is not a search (an import), not per search.
   */
  usedByOthers(domainId: number, nowMs: number, windowMs: number): boolean {
    const key = domainId + 1;
    for (let slot = 0; slot < SHARED_SLOTS; slot++) {
      const found = Atomics.load(this.keys, slot);
      if (found === 0 || found === key) continue;
      if ((this.at[slot] as number) >= nowMs - windowMs) return true;
    }
    return false;
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
