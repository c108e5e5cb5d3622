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
 * - **Headers, as OpenAI sends them.** Every answer of a limited key, 200 or
 *   429, carries `x-ratelimit-limit-requests`,
 *   `x-ratelimit-remaining-requests`, `x-ratelimit-reset-requests` (time
 *   until the bucket is full again, written like `1s`, `6m0s`, `120ms`) when
 *   the key has `rpm`, and the `-tokens` three when it has `tpm`: all six
 *   when it has both, also on a 429 for requests (the tokens bucket is looked
 *   at, not charged). A refused request takes nothing from either bucket. A
 *   429 adds `Retry-After` (whole seconds, rounded up) and `retry-after-ms`.
 * - **Anthropic's headers on `/v1/messages`** (style `anthropic`):
 *   `anthropic-ratelimit-requests-limit`, `-remaining`, `-reset` (an RFC 3339
 *   time, when the bucket is full again, rounded up to the second) and the
 *   `anthropic-ratelimit-tokens-*` three, as Anthropic's API sends them. The
 *   `x-ratelimit-*` headers stay on that endpoint too (as before): clients
 *   and dashboards written for OpenAI's names keep working, and Anthropic's
 *   SDK ignores them.
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
  /** Rate-limit headers for the answer (`x-ratelimit-*`, `anthropic-ratelimit-*`). */
  readonly headers: Record<string, string>;
  /** Tokens taken up front from the `tpm` bucket. */
  readonly estimatedTokens: number;
}

/**
 * Which rate-limit headers an answer carries: OpenAI's `x-ratelimit-*`, or
 * for the Anthropic endpoint Anthropic's `anthropic-ratelimit-*` as well.
 *
 * @example Usage
 * ```ts
 * import type { RateLimitHeaderStyle } from "@switchyard/switchyard/gateway";
 * const style: RateLimitHeaderStyle = "anthropic";
 * ```
 */
export type RateLimitHeaderStyle = "openai" | "anthropic";

interface Limited {
  readonly limit: number;
  readonly state: BucketState;
}

/** RFC 3339 time, rounded up to the second, as Anthropic writes resets. */
function resetTime(now: number, ms: number): string {
  const at = Math.ceil((now + Math.max(0, ms)) / 1000) * 1000;
  return new Date(at).toISOString().replace(".000Z", "Z");
}

// Every limit the key has, on every answer (as OpenAI sends them): limit,
// remaining (never below 0) and the time until the bucket is full again.
function rateLimitHeaders(
  style: RateLimitHeaderStyle,
  now: number,
  limits: { requests?: Limited; tokens?: Limited },
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const kind of ["requests", "tokens"] as const) {
    const limited = limits[kind];
    if (limited === undefined) continue;
    const limit = String(limited.limit);
    const remaining = String(Math.max(0, Math.floor(limited.state.remaining)));
    headers[`x-ratelimit-limit-${kind}`] = limit;
    headers[`x-ratelimit-remaining-${kind}`] = remaining;
    headers[`x-ratelimit-reset-${kind}`] = formatReset(limited.state.resetMs);
    if (style === "anthropic") {
      headers[`anthropic-ratelimit-${kind}-limit`] = limit;
      headers[`anthropic-ratelimit-${kind}-remaining`] = remaining;
      // A bucket that never refills (a limit of 0 in debt) has no reset time.
      if (Number.isFinite(limited.state.resetMs)) {
        headers[`anthropic-ratelimit-${kind}-reset`] = resetTime(
          now,
          limited.state.resetMs,
        );
      }
    }
  }
  return headers;
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
   * A refused request takes nothing (a refusal on requests only looks at the
   * tokens bucket, for its headers).
   *
   * @param key The key's limits.
   * @param estimatedTokens Prompt tokens estimated before routing.
   * @param style Which headers: `openai` (`x-ratelimit-*`, the default) or
   *   `anthropic` (`anthropic-ratelimit-*` as well).
   * @returns The headers to send and the tokens taken.
   * @throws {GatewayError} 429 with `Retry-After` and the rate-limit headers.
   */
  async admit(
    key: KeyLimits,
    estimatedTokens: number,
    style: RateLimitHeaderStyle = "openai",
  ): Promise<Admission> {
    const now = this.#now();
    let requests: BucketState | undefined;
    let tokens: BucketState | undefined;
    // The bucket that refused, and its limit in words for the message.
    let refusal: { bucket: BucketState; limit: string } | undefined;
    if (key.rpm !== undefined) {
      requests = await this.#store.take(
        `${key.id}:rpm`,
        1,
        perMinute(key.rpm),
        now,
      );
      if (!requests.allowed) {
        refusal = { bucket: requests, limit: `${key.rpm} requests per minute` };
      }
    }
    let taken = 0;
    if (key.tpm !== undefined) {
      const bucket = perMinute(key.tpm);
      if (refusal !== undefined) {
        // Refused already: look at the tokens bucket for its headers (a
        // zero-cost take) without charging a request that is not served.
        tokens = await this.#store.take(`${key.id}:tpm`, 0, bucket, now);
      } else {
        const cost = Math.min(key.tpm, Math.max(0, Math.ceil(estimatedTokens)));
        tokens = await this.#store.take(`${key.id}:tpm`, cost, bucket, now);
        if (tokens.allowed) taken = cost;
        else {
          refusal = { bucket: tokens, limit: `${key.tpm} tokens per minute` };
          if (key.rpm !== undefined) {
            // The request was not served: give its request unit back.
            requests = await this.#store.adjust(
              `${key.id}:rpm`,
              -1,
              perMinute(key.rpm),
              now,
            );
          }
        }
      }
    }
    const headers = rateLimitHeaders(style, now, {
      ...(requests && key.rpm !== undefined
        ? { requests: { limit: key.rpm, state: requests } }
        : {}),
      ...(tokens && key.tpm !== undefined
        ? { tokens: { limit: key.tpm, state: tokens } }
        : {}),
    });
    if (refusal !== undefined) {
      Object.assign(
        headers,
        retryAfterHeaders(Math.max(1, refusal.bucket.retryAfterMs)),
      );
      throw new GatewayError({
        status: 429,
        type: "rate_limit_error",
        message:
          `Rate limit reached for API key "${key.id}": ${refusal.limit}. Retry after ${
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
