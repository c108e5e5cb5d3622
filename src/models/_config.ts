// RouterConfig validated and resolved to its defaults once, at construction,
// so the hot paths read plain fields.

import type {
  FallbackStrategy,
  RouterConfig,
  RouterTimers,
  RoutingStrategy,
} from "./config.ts";
import type { RouterStore } from "./store.ts";
import { DEFAULT_TIMERS, type RetryPolicy } from "./_resilience.ts";
import type { BreakerSettings } from "./_breaker.ts";
import { configError } from "./_failures.ts";
import { resolveWeights, type Weights } from "./routing/_rank.ts";
import { compileTranslation, type Translation } from "./_translate.ts";

/** A RouterConfig with every default applied. */
export interface Settings {
  readonly routing: RoutingStrategy;
  readonly fallback: FallbackStrategy;
  /** Breaker, health and stats timestamps. */
  readonly now: () => number;
  /** Latency measurements: `config.now`, else the monotonic performance.now(). */
  readonly clock: () => number;
  readonly random: () => number;
  readonly trackLatency: boolean;
  readonly trackCost: boolean;
  readonly capabilityRouting: boolean;
  readonly capabilityTtl: number;
  readonly weights: Weights;
  readonly healthInterval: number;
  readonly healthTimeout: number;
  readonly breaker: BreakerSettings;
  readonly translation: Translation | undefined;
  /** Infinity: no per-attempt timer. */
  readonly attemptTimeout: number;
  readonly retry: RetryPolicy;
  /** Infinity: no overall budget. */
  readonly deadline: number;
  readonly fallbackOnClientError: boolean;
  readonly cooldownOnRateLimit: boolean;
  readonly timers: RouterTimers;
  /** How often (ms) routing re-reads an asynchronous store's breakers. */
  readonly syncInterval: number;
  /** How long (ms) a store call may take before the Router routes on local state. */
  readonly storeTimeout: number;
  /** Whether any per-request budget applies (else execute skips the bookkeeping). */
  readonly budgeted: boolean;
}

const ROUTING: ReadonlySet<string> = new Set([
  "explicit",
  "model-based",
  "cost-optimized",
  "latency-optimized",
  "round-robin",
  "random",
  "custom",
]);
const FALLBACK: ReadonlySet<string> = new Set([
  "none",
  "sequential",
  "parallel",
  "custom",
]);

function nonNegative(value: unknown, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw configError(`RouterConfig.${field} must be a non-negative number`);
  }
  return value;
}

/** Validates the strategies and their hooks; throws INVALID_REQUEST. */
function strategiesOf(
  config: RouterConfig,
): { routing: RoutingStrategy; fallback: FallbackStrategy } {
  const routing = config.routingStrategy ?? "explicit";
  const fallback = config.fallbackStrategy ?? "sequential";
  if (!ROUTING.has(routing)) {
    throw configError(`Unknown routingStrategy "${routing}"`);
  }
  if (!FALLBACK.has(fallback)) {
    throw configError(`Unknown fallbackStrategy "${fallback}"`);
  }
  if (routing === "custom" && typeof config.customRouter !== "function") {
    throw configError('routingStrategy "custom" needs config.customRouter');
  }
  if (fallback === "custom" && typeof config.customFallback !== "function") {
    throw configError('fallbackStrategy "custom" needs config.customFallback');
  }
  return { routing, fallback };
}

function breakerOf(config: RouterConfig): BreakerSettings {
  return {
    enabled: config.enableCircuitBreaker ?? false,
    threshold: Math.max(
      1,
      nonNegative(config.circuitBreakerThreshold, "circuitBreakerThreshold", 5),
    ),
    timeout: nonNegative(
      config.circuitBreakerTimeout,
      "circuitBreakerTimeout",
      60_000,
    ),
    probeLease: leaseOf(config.store),
  };
}

/** The methods every RouterStore has (the optional record methods aside). */
const STORE_METHODS = [
  "readBreakers",
  "recordFailure",
  "recordSuccess",
  "claimProbe",
  "releaseProbe",
  "openBreaker",
  "closeBreaker",
  "setHealth",
  "readHealth",
  "addCounters",
  "readCounters",
  "takeTokens",
] as const satisfies readonly (keyof RouterStore)[];

/** The store's probe lease, which the Router's breakers apply too. */
function leaseOf(store: RouterConfig["store"]): number {
  // A value that is no store (`false` from `useRedis && store`, a string)
  // would have the Router warn store-unavailable on every call and route
  // on local state: refused here, as every other bad setting is.
  if (store !== undefined && store !== null && typeof store !== "object") {
    throw configError(
      `RouterConfig.store must be a RouterStore, not ${typeof store}`,
    );
  }
  // An object without a store's methods (`{}`, a Redis client passed where
  // `createRedisStore(client)` belongs) fails the same way on every call.
  if (store !== undefined && store !== null) {
    const missing = STORE_METHODS.filter((name) =>
      typeof (store as unknown as Record<string, unknown>)[name] !== "function"
    );
    if (missing.length > 0) {
      throw configError(
        `RouterConfig.store must be a RouterStore: it has no ${
          missing.join(", ")
        } (wrap a Redis client with createRedisStore)`,
      );
    }
  }
  const lease = store?.probeLease;
  if (lease === undefined) return Infinity;
  if (typeof lease !== "number" || !(lease > 0)) {
    throw configError(
      "RouterConfig.store.probeLease must be a positive number of milliseconds",
    );
  }
  return lease;
}

function retryOf(config: RouterConfig): RetryPolicy {
  const retries = nonNegative(config.maxRetries, "maxRetries", 0);
  if (!Number.isInteger(retries)) {
    throw configError("RouterConfig.maxRetries must be an integer");
  }
  return {
    retries,
    baseDelay: nonNegative(config.retryBaseDelay, "retryBaseDelay", 500),
    maxDelay: nonNegative(config.retryMaxDelay, "retryMaxDelay", 10_000),
  };
}

/** Validates a RouterConfig and applies its defaults (see RouterConfig). */
export function resolveSettings(config: RouterConfig): Settings {
  const { routing, fallback } = strategiesOf(config);
  const attemptTimeout = nonNegative(
    config.attemptTimeout,
    "attemptTimeout",
    Infinity,
  );
  const deadline = nonNegative(config.deadline, "deadline", Infinity);
  const retry = retryOf(config);
  const timers = config.timers ?? DEFAULT_TIMERS;
  if (
    typeof timers.setTimeout !== "function" ||
    typeof timers.clearTimeout !== "function"
  ) {
    throw configError(
      "RouterConfig.timers needs setTimeout and clearTimeout functions",
    );
  }
  return {
    attemptTimeout,
    retry,
    deadline,
    fallbackOnClientError: config.fallbackOnClientError ?? false,
    syncInterval: nonNegative(
      config.storeSyncInterval,
      "storeSyncInterval",
      50,
    ),
    storeTimeout: nonNegative(config.storeTimeout, "storeTimeout", 100),
    cooldownOnRateLimit: config.cooldownOnRateLimit ?? true,
    timers,
    budgeted: attemptTimeout !== Infinity || deadline !== Infinity ||
      retry.retries > 0,
    routing,
    fallback,
    now: config.now ?? Date.now,
    clock: config.now ?? (() => performance.now()),
    random: config.random ?? Math.random,
    trackLatency: config.trackLatency ?? true,
    trackCost: config.trackCost ?? false,
    capabilityRouting: config.capabilityBasedRouting ?? false,
    capabilityTtl: nonNegative(
      config.capabilityCacheDuration,
      "capabilityCacheDuration",
      3_600_000,
    ),
    weights: resolveWeights(
      config.optimization ?? "balanced",
      config.optimizationWeights,
    ),
    healthInterval: nonNegative(
      config.healthCheckInterval,
      "healthCheckInterval",
      0,
    ),
    healthTimeout: nonNegative(
      config.healthCheckTimeout,
      "healthCheckTimeout",
      5000,
    ),
    breaker: breakerOf(config),
    translation: compileTranslation(config.modelTranslation),
  };
}
