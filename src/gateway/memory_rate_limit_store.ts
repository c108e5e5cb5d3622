/**
 * The in-process {@linkcode RateLimitStore}: one token bucket per key name in
 * a Map. Limits hold per gateway process; several instances behind a load
 * balancer each allow the full limit (a shared store fixes that).
 *
 * @module
 */
import type { BucketLimit, BucketState, RateLimitStore } from "./rate_limit.ts";

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets in memory. Time comes from the `now` each call passes, so
 * tests need no fake timers; a clock that goes backwards refills nothing.
 *
 * @example Taking from a bucket
 * ```ts
 * import { MemoryRateLimitStore } from "@switchyard/switchyard/gateway";
 * const store = new MemoryRateLimitStore();
 * const limit = { capacity: 2, perMs: 2 / 60_000 };
 * console.log(store.take("k", 2, limit, 0).allowed, store.take("k", 1, limit, 0).allowed); // true false
 * console.log(store.take("k", 1, limit, 30_000).allowed); // true
 * ```
 */
export class MemoryRateLimitStore implements RateLimitStore {
  #buckets = new Map<string, Bucket>();

  #refill(key: string, limit: BucketLimit, now: number): Bucket {
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: limit.capacity, at: now };
      this.#buckets.set(key, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(
      limit.capacity,
      bucket.tokens + elapsed * limit.perMs,
    );
    bucket.at = Math.max(bucket.at, now);
    return bucket;
  }

  #state(
    bucket: Bucket,
    limit: BucketLimit,
    allowed: boolean,
    cost: number,
  ): BucketState {
    const rate = limit.perMs > 0 ? limit.perMs : Number.MIN_VALUE;
    return {
      allowed,
      remaining: bucket.tokens,
      resetMs: Math.max(0, (limit.capacity - bucket.tokens) / rate),
      retryAfterMs: allowed ? 0 : Math.max(0, (cost - bucket.tokens) / rate),
    };
  }

  /**
   * Takes `cost` units when the bucket holds them.
   *
   * @param key Bucket name.
   * @param cost Units to take.
   * @param limit Bucket size and refill rate.
   * @param now Clock in milliseconds.
   * @returns The bucket after the attempt.
   */
  take(
    key: string,
    cost: number,
    limit: BucketLimit,
    now: number,
  ): BucketState {
    const bucket = this.#refill(key, limit, now);
    const allowed = bucket.tokens >= cost;
    if (allowed) bucket.tokens -= cost;
    return this.#state(bucket, limit, allowed, cost);
  }

  /**
   * Removes `delta` units whatever the bucket holds (negative refunds).
   *
   * @param key Bucket name.
   * @param delta Units to remove.
   * @param limit Bucket size and refill rate.
   * @param now Clock in milliseconds.
   * @returns The bucket after the change.
   */
  adjust(
    key: string,
    delta: number,
    limit: BucketLimit,
    now: number,
  ): BucketState {
    const bucket = this.#refill(key, limit, now);
    bucket.tokens = Math.min(limit.capacity, bucket.tokens - delta);
    return this.#state(bucket, limit, true, 0);
  }
}
