/**
 * A {@linkcode RateLimitStore} over the model router's
 * {@linkcode RouterStore}: per-key buckets live where the router's breakers
 * live, so with the Redis store (`@switchyard/switchyard/models/redis`) a key
 * limited to N requests per minute gets N across every gateway instance, not
 * N per instance. One mechanism: each take is the store's own atomic
 * `takeTokens` (one Lua script on Redis).
 *
 * - **A store that does not answer** within `timeoutMs` (default 100), or
 *   fails, never fails or holds a request: this instance counts on its own
 *   in-process buckets (each instance then allows the full limit), emits
 *   `rate-limit-store-unavailable` through `onWarning`, and asks the store
 *   again in the background at most every `retryMs` (default 1000); its
 *   first answer emits `rate-limit-store-recovered` and the shared buckets
 *   count again.
 * - **Charging usage** after the answer (`adjust`): a refund adds tokens
 *   back; an overrun is taken as far as the bucket goes, so a shared bucket
 *   empties but never goes below zero (the in-memory store keeps the debt).
 *
 * @module
 */
import type { RouterStore, TokenResult } from "../models/store.ts";
import type { IRWarning } from "../models/types.ts";
import type { BucketLimit, BucketState, RateLimitStore } from "./rate_limit.ts";
import { MemoryRateLimitStore } from "./memory_rate_limit_store.ts";

/**
 * Options of {@linkcode SharedRateLimitStore}.
 *
 * @example Usage
 * ```ts
 * import type { SharedRateLimitStoreOptions } from "@switchyard/switchyard/gateway";
 * const options: SharedRateLimitStoreOptions = { timeoutMs: 50, onWarning: (w) => console.warn(w.code) };
 * ```
 */
export interface SharedRateLimitStoreOptions {
  /** Longest wait for the store, in ms, before counting locally. Default 100. */
  readonly timeoutMs?: number;
  /** While the store is out, how often (ms) it is asked again. Default 1000. */
  readonly retryMs?: number;
  /** Receives `rate-limit-store-unavailable` and `rate-limit-store-recovered`. */
  readonly onWarning?: (warning: IRWarning) => void;
  /** Key namespace inside the store. Default `ratelimit:`. */
  readonly prefix?: string;
}

const TIMED_OUT: unique symbol = Symbol("timed out");

/**
 * Token buckets in a {@linkcode RouterStore}, with in-process buckets while
 * the store is out.
 *
 * @example Two gateways' limiters sharing one store admit the limit once
 * ```ts
 * import { createMemoryStore } from "@switchyard/switchyard/models";
 * import { RateLimiter, SharedRateLimitStore } from "@switchyard/switchyard/gateway";
 * const store = createMemoryStore();
 * const a = new RateLimiter(new SharedRateLimitStore(store), () => 0);
 * const b = new RateLimiter(new SharedRateLimitStore(store), () => 0);
 * const key = { id: "team", rpm: 2 };
 * await a.admit(key, 0);
 * await b.admit(key, 0);
 * const refused = await a.admit(key, 0).catch((e) => e.status);
 * console.log(refused); // 429
 * ```
 */
export class SharedRateLimitStore implements RateLimitStore {
  readonly #store: RouterStore;
  readonly #local = new MemoryRateLimitStore();
  readonly #timeoutMs: number;
  readonly #retryMs: number;
  readonly #prefix: string;
  readonly #onWarning: ((warning: IRWarning) => void) | undefined;
  #up = true;
  #probing = false;
  #nextProbe = 0;

  /**
   * Creates the store.
   *
   * @param store The router's store (memory or Redis).
   * @param options Timeout, retry period, warnings and key prefix.
   */
  constructor(store: RouterStore, options: SharedRateLimitStoreOptions = {}) {
    this.#store = store;
    this.#timeoutMs = options.timeoutMs ?? 100;
    this.#retryMs = options.retryMs ?? 1000;
    this.#prefix = options.prefix ?? "ratelimit:";
    this.#onWarning = options.onWarning;
  }

  /** Whether the shared store counts (false: local buckets, store out). */
  get shared(): boolean {
    return this.#up;
  }

  /**
   * Takes `cost` units when the shared bucket holds them.
   *
   * @param key Bucket name.
   * @param cost Units to take.
   * @param limit Bucket size and refill rate.
   * @param now Clock in milliseconds.
   * @returns The bucket after the attempt.
   */
  async take(
    key: string,
    cost: number,
    limit: BucketLimit,
    now: number,
  ): Promise<BucketState> {
    const result = await this.#call(key, cost, limit, now);
    if (result === undefined) return this.#local.take(key, cost, limit, now);
    return stateOf(result, limit);
  }

  /**
   * Removes `delta` units (negative refunds); an overrun empties the bucket.
   *
   * @param key Bucket name.
   * @param delta Units to remove.
   * @param limit Bucket size and refill rate.
   * @param now Clock in milliseconds.
   * @returns The bucket after the change.
   */
  async adjust(
    key: string,
    delta: number,
    limit: BucketLimit,
    now: number,
  ): Promise<BucketState> {
    let result = await this.#call(key, delta, limit, now);
    if (result === undefined) return this.#local.adjust(key, delta, limit, now);
    if (!result.allowed && result.remaining > 0) {
      result = await this.#call(key, result.remaining, limit, now) ?? result;
    }
    return { ...stateOf(result, limit), allowed: true, retryAfterMs: 0 };
  }

  /** The store's answer, or undefined when it is out (count locally). */
  async #call(
    key: string,
    cost: number,
    limit: BucketLimit,
    now: number,
  ): Promise<TokenResult | undefined> {
    if (!this.#up) {
      this.#probe(now);
      return undefined;
    }
    const answer = await this.#ask(key, cost, limit, now);
    if (typeof answer === "string") {
      this.#down(now, answer);
      return undefined;
    }
    return answer;
  }

  /** One bounded store call: its answer, or why there is none. */
  async #ask(
    key: string,
    cost: number,
    limit: BucketLimit,
    now: number,
  ): Promise<TokenResult | string> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const pending = this.#store.takeTokens(
        this.#prefix + key,
        cost,
        limit.capacity,
        limit.perMs * 1000,
        now,
      );
      if (!(pending instanceof Promise)) return pending;
      // A late answer must not surface as an unhandled rejection.
      pending.catch(() => {});
      const late = new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), this.#timeoutMs);
      });
      const answer = await Promise.race([pending, late]);
      return answer === TIMED_OUT
        ? `no answer within ${this.#timeoutMs} ms`
        : answer;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  }

  #down(now: number, why: string): void {
    this.#nextProbe = now + this.#retryMs;
    if (!this.#up) return;
    this.#up = false;
    this.#warn(
      "rate-limit-store-unavailable",
      "Shared rate-limit store unavailable; counting limits in this instance only",
      { error: why },
    );
  }

  /**
   * Asks the store again (a zero-cost take) at most every retryMs, in the
   * background: until it answers, requests keep counting locally.
   */
  #probe(now: number): void {
    if (this.#probing || now < this.#nextProbe) return;
    this.#probing = true;
    this.#nextProbe = now + this.#retryMs;
    this.#ask("probe", 0, { capacity: 1, perMs: 1 }, now).then((answer) => {
      this.#probing = false;
      if (typeof answer === "string" || this.#up) return;
      this.#up = true;
      this.#warn(
        "rate-limit-store-recovered",
        "Shared rate-limit store is back; limits hold across instances again",
      );
    });
  }

  #warn(code: string, message: string, details?: Record<string, unknown>) {
    if (this.#onWarning === undefined) return;
    try {
      this.#onWarning(details ? { code, message, details } : { code, message });
    } catch {
      // A failing warning handler must not fail requests.
    }
  }
}

function stateOf(result: TokenResult, limit: BucketLimit): BucketState {
  const rate = limit.perMs > 0 ? limit.perMs : Number.MIN_VALUE;
  const remaining = Math.min(limit.capacity, result.remaining);
  return {
    allowed: result.allowed,
    remaining,
    resetMs: Math.max(0, (limit.capacity - remaining) / rate),
    retryAfterMs: result.allowed ? 0 : Math.max(0, result.retryAfterMs),
  };
}
