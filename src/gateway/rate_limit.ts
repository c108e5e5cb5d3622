/**
 * Per-key rate limits: requests per minute and tokens per minute, each a
 * token bucket that holds a minute's allowance and refills continuously.
 *
 * - **Requests**: every request takes 1 from the `rpm` bucket before it is
 *   routed; an empty bucket is a 429.
 * - **Tokens**: before routing, the prompt's estimated tokens (characters / 4,
 *   at most the bucket size) are taken from the `tpm` bucket; a bucket short of
 *   them is a 429. When the answer reports its usage, the bucket is charged the
 *   difference between the real total and the estimate (a refund when the
 *   estimate was high), so a bucket may go below zero and the next request
 *   waits until it has refilled: the LiteLLM proxy and OpenAI count the same
 *   way.
 * - A 429 carries `Retry-After` (whole seconds, rounded up) and OpenAI's
 *   headers: `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
 *   `x-ratelimit-reset-requests` (time until the bucket is full again, written
 *   like `1s`, `6m0s`, `120ms`) and the `-tokens` variants. Successful
 *   answers carry the same headers.
 *
 * Bucket state lives behind {@linkcode RateLimitStore}; the default
 * {@linkcode MemoryRateLimitStore} keeps it in this process,
 * `SharedRateLimitStore` in the model router's `RouterStore` (on Redis: one
 * count for a fleet of gateways).
 *
 * @module
 */
import { GatewayError, retryAfterHeaders } from "./errors.ts";

/**
 * The size and refill rate of one bucket.
 *
 * @example Usage
 * ```ts
 * import type { BucketLimit } from "@switchyard/switchyard/gateway";
 * const sixtyPerMinute: BucketLimit = { capacity: 60, perMs: 60 / 60_000 };
 * ```
 */
export interface BucketLimit {
  /** Most the bucket holds (the per-minute allowance). */
  readonly capacity: number;
  /** Refill per millisecond. */
  readonly perMs: number;
}

/**
 * A bucket after a `take` or `adjust`.
 *
 * @example Usage
 * ```ts
 * import type { BucketState } from "@switchyard/switchyard/gateway";
 * const state: BucketState = { allowed: false, remaining: 0, resetMs: 1000, retryAfterMs: 1000 };
 * ```
 */
export interface BucketState {
  /** Whether the cost was taken. */
  readonly allowed: boolean;
  /** Whole units left (never below 0 in headers). */
  readonly remaining: number;
  /** Milliseconds until the bucket is full again. */
  readonly resetMs: number;
  /** Milliseconds until `cost` would be allowed (0 when allowed). */
  readonly retryAfterMs: number;
}

/**
 * Where bucket state lives. Implementations must make `take` atomic per key
 * (`SharedRateLimitStore` over the Redis store does it in one Lua script).
 *
 * @example A store that counts its calls
 * ```ts
 * import { MemoryRateLimitStore, type RateLimitStore } from "@switchyard/switchyard/gateway";
 * const memory = new MemoryRateLimitStore();
 * let calls = 0;
 * const counting: RateLimitStore = {
 *   take: (key, cost, limit, now) => (calls++, memory.take(key, cost, limit, now)),
 *   adjust: (key, delta, limit, now) => memory.adjust(key, delta, limit, now),
 * };
 * await counting.take("k", 1, { capacity: 1, perMs: 1 / 60_000 }, 0);
 * console.log(calls); // 1
 * ```
 */
export interface RateLimitStore {
  /**
   * Takes `cost` units when the bucket holds that many; a new bucket starts
   * full.
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
  ): BucketState | Promise<BucketState>;
  /**
   * Removes `delta` units whatever the bucket holds (negative `delta` refunds,
   * never above capacity); the bucket may go below zero.
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
  ): BucketState | Promise<BucketState>;
}

/**
 * The bucket of a per-minute allowance.
 *
 * @param perMinute Units per minute.
 * @returns Capacity `perMinute`, refilled over one minute.
 *
 * @example Usage
 * ```ts
 * import { perMinute } from "@switchyard/switchyard/gateway";
 * console.log(perMinute(60).capacity); // 60
 * ```
 */
export function perMinute(perMinute: number): BucketLimit {
  return { capacity: perMinute, perMs: perMinute / 60_000 };
}

/**
 * A duration as OpenAI writes it in `x-ratelimit-reset-*`: `120ms`, `1s`,
 * `6m0s`, `1h2m3s` (seconds rounded up; under a second in milliseconds).
 *
 * @param ms Milliseconds.
 * @returns The duration text.
 *
 * @example Usage
 * ```ts
 * import { formatReset } from "@switchyard/switchyard/gateway";
 * console.log(formatReset(360_000), formatReset(1500), formatReset(20)); // "6m0s" "2s" "20ms"
 * ```
 */
export function formatReset(ms: number): string {
  if (ms <= 0) return "0s";
  if (ms < 1000) return `${Math.ceil(ms)}ms`;
  let seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  if (hours > 0) return `${hours}h${minutes}m${seconds}s`;
  if (minutes > 0) return `${minutes}m${seconds}s`;
  return `${seconds}s`;
}

/**
 * The limits of one key.
 *
 * @example Usage
 * ```ts
 * import type { KeyLimits } from "@switchyard/switchyard/gateway";
 * const limits: KeyLimits = { id: "team-a", rpm: 60, tpm: 100_000 };
 * ```
 */
export interface KeyLimits {
  /** Key id (the bucket names derive from it). */
  readonly id: string;
  /** Requests per minute. */
  readonly rpm?: number;
  /** Tokens per minute. */
  readonly tpm?: number;
}

/**
 * A request admitted by {@linkcode RateLimiter.admit}: its rate-limit headers
 * and what to charge when the usage is known.
 *
 * @example Usage
 * ```ts
 * import type { Admission } from "@switchyard/switchyard/gateway";
 * const admission: Admission = { headers: {}, estimatedTokens: 0 };
 * ```
 */
export interface Admission {
  /** `x-ratelimit-*` headers for the answer. */
  readonly headers: Record<string, string>;
  /** Tokens taken up front from the `tpm` bucket. */
  readonly estimatedTokens: number;
}

function setHeaders(
  headers: Record<string, string>,
  kind: "requests" | "tokens",
  limit: number,
  state: BucketState,
): void {
  headers[`x-ratelimit-limit-${kind}`] = String(limit);
  headers[`x-ratelimit-remaining-${kind}`] = String(
    Math.max(0, Math.floor(state.remaining)),
  );
  headers[`x-ratelimit-reset-${kind}`] = formatReset(state.resetMs);
}

/**
 * Applies per-key limits through a {@linkcode RateLimitStore}.
 *
 * @example Two requests a minute
 * ```ts
 * import { MemoryRateLimitStore, RateLimiter } from "@switchyard/switchyard/gateway";
 * let now = 0;
 * const limiter = new RateLimiter(new MemoryRateLimitStore(), () => now);
 * const key = { id: "a", rpm: 2 };
 * await limiter.admit(key, 0);
 * await limiter.admit(key, 0);
 * const refused = await limiter.admit(key, 0).catch((e) => e);
 * console.log(refused.status, refused.headers["retry-after"]); // 429 "30"
 * now += 30_000;
 * console.log((await limiter.admit(key, 0)).headers["x-ratelimit-remaining-requests"]); // "0"
 * ```
 */
export class RateLimiter {
  #store: RateLimitStore;
  #now: () => number;

  /**
   * Creates the limiter.
   *
   * @param store Where bucket state lives.
   * @param now Clock in milliseconds.
   */
  constructor(store: RateLimitStore, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  /**
   * Admits one request of a key, taking 1 request and its estimated tokens.
   *
   * @param key The key's limits.
   * @param estimatedTokens Prompt tokens estimated before routing.
   * @returns The headers to send and the tokens taken.
   * @throws {GatewayError} 429 with `Retry-After` and `x-ratelimit-*` headers.
   */
  async admit(key: KeyLimits, estimatedTokens: number): Promise<Admission> {
    const headers: Record<string, string> = {};
    const now = this.#now();
    let retryAfterMs = 0;
    let what = "";
    if (key.rpm !== undefined) {
      const state = await this.#store.take(
        `${key.id}:rpm`,
        1,
        perMinute(key.rpm),
        now,
      );
      setHeaders(headers, "requests", key.rpm, state);
      if (!state.allowed) {
        retryAfterMs = state.retryAfterMs;
        what = `${key.rpm} requests per minute`;
      }
    }
    let taken = 0;
    if (key.tpm !== undefined && what === "") {
      const cost = Math.min(key.tpm, Math.max(0, Math.ceil(estimatedTokens)));
      const state = await this.#store.take(
        `${key.id}:tpm`,
        cost,
        perMinute(key.tpm),
        now,
      );
      setHeaders(headers, "tokens", key.tpm, state);
      if (state.allowed) taken = cost;
      else {
        retryAfterMs = state.retryAfterMs;
        what = `${key.tpm} tokens per minute`;
      }
      if (!state.allowed && key.rpm !== undefined) {
        // The request was not served: give its request unit back.
        await this.#store.adjust(`${key.id}:rpm`, -1, perMinute(key.rpm), now);
      }
    }
    if (what !== "") {
      Object.assign(headers, retryAfterHeaders(Math.max(1, retryAfterMs)));
      throw new GatewayError({
        status: 429,
        type: "rate_limit_error",
        message:
          `Rate limit reached for API key "${key.id}": ${what}. Retry after ${
            headers["retry-after"]
          } s.`,
        code: "rate_limit_exceeded",
        headers,
      });
    }
    return { headers, estimatedTokens: taken };
  }

  /**
   * Charges a key's `tpm` bucket the tokens a request really used, minus what
   * {@linkcode RateLimiter.admit} took up front.
   *
   * @param key The key's limits.
   * @param admission What admit returned.
   * @param totalTokens Prompt + completion tokens reported by the backend.
   * @returns Resolves when charged.
   */
  async charge(
    key: KeyLimits,
    admission: Admission,
    totalTokens: number,
  ): Promise<void> {
    if (key.tpm === undefined) return;
    const delta = totalTokens - admission.estimatedTokens;
    if (delta === 0) return;
    await this.#store.adjust(
      `${key.id}:tpm`,
      delta,
      perMinute(key.tpm),
      this.#now(),
    );
  }
}
