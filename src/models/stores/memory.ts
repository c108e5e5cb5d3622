// The in-memory RouterStore: one process's state, synchronous. Breakers are
// the Router's own CircuitBreaker objects (see _local.ts), so every store
// implementation is checked against the exact semantics the Router had
// before stores existed (tests/models/stores/_suite.ts).

import { type BreakerSettings, CircuitBreaker } from "../_breaker.ts";
import type {
  BreakerRecord,
  BreakerRules,
  RouterStore,
  TokenResult,
} from "../store.ts";
import { registerLocal } from "./_local.ts";
import { checkAmount, checkDelta } from "./_delta.ts";
import { AdapterError, ErrorCode } from "../errors.ts";

/** Rules of a breaker created by a read; failures pass their own. */
const DEFAULT_RULES: BreakerSettings = {
  enabled: false,
  threshold: 5,
  timeout: 60_000,
};

class MemoryStore implements RouterStore {
  readonly probeLease: number;
  readonly #rules: BreakerSettings;
  readonly #breakers = new Map<string, CircuitBreaker>();
  readonly #health = new Map<string, { healthy: boolean; at: number }>();
  readonly #counters = new Map<string, Record<string, number>>();
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  // One process's totals live as long as it does: a few numbers per key and
  // budget period, so the ttls are not needed to bound them.
  readonly #totals = new Map<string, number>();

  constructor(probeLease: number) {
    this.probeLease = probeLease;
    this.#rules = { ...DEFAULT_RULES, probeLease };
    registerLocal(this, this.#breakers);
  }

  #breaker(key: string): CircuitBreaker {
    let breaker = this.#breakers.get(key);
    if (breaker === undefined) {
      breaker = new CircuitBreaker(this.#rules);
      this.#breakers.set(key, breaker);
    }
    return breaker;
  }

  readBreakers(keys: readonly string[], now: number): BreakerRecord[] {
    return keys.map((key) => this.#breaker(key).snapshot(now));
  }

  recordFailure(
    key: string,
    now: number,
    ticket: number,
    rules: BreakerRules,
    count = 1,
  ): BreakerRecord {
    const breaker = this.#breaker(key);
    breaker.state(now);
    // Past the first, failures only add to the count: none is a probe's.
    breaker.onFailure(now, ticket, rules);
    for (let i = 1; i < count; i++) breaker.onFailure(now, -2, rules);
    return breaker.snapshot(now);
  }

  recordSuccess(key: string, now: number, ticket: number): BreakerRecord {
    const breaker = this.#breaker(key);
    breaker.state(now);
    breaker.onSuccess(ticket, () => now);
    return breaker.snapshot(now);
  }

  claimProbe(key: string, now: number): number {
    const breaker = this.#breaker(key);
    return breaker.state(now) === "half-open" ? breaker.admit(now) : -1;
  }

  releaseProbe(key: string, ticket: number): void {
    this.#breaker(key).onAbort(ticket);
  }

  openBreaker(
    key: string,
    now: number,
    ms: number,
    extendOnly: boolean,
  ): BreakerRecord {
    const breaker = this.#breaker(key);
    breaker.state(now); // an elapsed opening becomes half-open first, as in Redis
    if (extendOnly) breaker.coolFor(now, ms);
    else breaker.forceOpen(now, ms);
    return breaker.snapshot(now);
  }

  closeBreaker(key: string): void {
    this.#breaker(key).close();
  }

  setHealth(key: string, healthy: boolean, at: number): void {
    this.#health.set(key, { healthy, at });
  }

  readHealth(key: string): { healthy: boolean; at: number } | undefined {
    const health = this.#health.get(key);
    return health === undefined ? undefined : { ...health };
  }

  addCounters(key: string, delta: Readonly<Record<string, number>>): void {
    checkDelta(delta);
    let counters = this.#counters.get(key);
    if (counters === undefined) this.#counters.set(key, counters = {});
    for (const name in delta) {
      counters[name] = (counters[name] ?? 0) + delta[name];
    }
  }

  readCounters(key: string): Record<string, number> {
    return { ...this.#counters.get(key) };
  }

  addTotals(keys: readonly string[], amount: number): number[] {
    checkAmount(amount);
    return keys.map((key) => {
      const total = (this.#totals.get(key) ?? 0) + amount;
      this.#totals.set(key, total);
      return total;
    });
  }

  takeTokens(
    key: string,
    cost: number,
    capacity: number,
    refillPerSecond: number,
    now: number,
  ): TokenResult {
    const bucket = this.#buckets.get(key) ?? { tokens: capacity, at: now };
    const elapsed = Math.max(0, now - bucket.at);
    const tokens = Math.min(
      capacity,
      bucket.tokens + elapsed * refillPerSecond / 1000,
    );
    const allowed = tokens >= cost;
    const left = allowed ? tokens - cost : tokens;
    this.#buckets.set(key, { tokens: left, at: Math.max(now, bucket.at) });
    const retryAfterMs = allowed
      ? 0
      : refillPerSecond > 0
      ? Math.ceil((cost - tokens) * 1000 / refillPerSecond)
      : Infinity;
    return { allowed, remaining: left, retryAfterMs };
  }
}

/**
 * The in-memory {@linkcode RouterStore}: state of one process, answered
 * synchronously. A Router without `store` gets its own; routers given the
 * same one share breakers (one probe between them in half-open).
 *
 * @param options `probeLease`: how long (ms) a half-open probe may go
 * unreported before the next caller may probe (default Infinity: in one
 * process every probe reports back; set it to model a fleet's store).
 * @returns A new, empty store.
 *
 * @example Two routers, one breaker
 * ```ts
 * import { createMemoryStore, createRouter } from "@switchyard/switchyard/models";
 * import { createFailingAdapter } from "@switchyard/switchyard/models/testing";
 * const store = createMemoryStore();
 * const options = { store, enableCircuitBreaker: true, circuitBreakerThreshold: 2 };
 * const a = createRouter(options).register("x", createFailingAdapter());
 * const b = createRouter(options).register("x", createFailingAdapter());
 * await a.execute({ messages: [] }).catch(() => {});
 * await b.execute({ messages: [] }).catch(() => {});
 * console.log(a.isCircuitBreakerOpen("x"), b.isCircuitBreakerOpen("x")); // true true
 * a.dispose();
 * b.dispose();
 * ```
 */
export function createMemoryStore(
  options: { readonly probeLease?: number } = {},
): RouterStore {
  const lease = options.probeLease === undefined
    ? Infinity
    : options.probeLease;
  if (typeof lease !== "number" || !(lease > 0)) {
    throw new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message:
        "createMemoryStore: probeLease must be a positive number of milliseconds",
    });
  }
  return new MemoryStore(lease);
}
