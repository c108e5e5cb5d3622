/**
 * Configuration types of the model {@linkcode Router}: the routing and
 * fallback strategies, the optimisation score, the custom routing and
 * fallback hooks, model translation and {@linkcode RouterConfig} itself.
 * Re-exported by `@switchyard/switchyard/models`.
 *
 * @example A round-robin router with circuit breakers
 * ```ts
 * import { createRouter, type RouterConfig } from "@switchyard/switchyard/models";
 * const config: RouterConfig = { routingStrategy: "round-robin", enableCircuitBreaker: true };
 * createRouter(config).dispose();
 * ```
 *
 * @module
 */

import type { RouterStore } from "./store.ts";
import type { AdapterError } from "./errors.ts";
import type { CallOptions, IRChatRequest, IRWarning } from "./types.ts";
import type { RouterStats } from "./stats.ts";

/**
 * How the Router picks the first backend for a request.
 *
 * @example Usage
 * ```ts
 * import type { RoutingStrategy } from "@switchyard/switchyard/models";
 * const strategy: RoutingStrategy = "round-robin";
 * ```
 */
export type RoutingStrategy =
  | "explicit"
  | "model-based"
  | "cost-optimized"
  | "latency-optimized"
  | "round-robin"
  | "random"
  | "custom";

/**
 * What the Router does after the first backend fails.
 *
 * @example Usage
 * ```ts
 * import type { FallbackStrategy } from "@switchyard/switchyard/models";
 * const fallback: FallbackStrategy = "parallel";
 * ```
 */
export type FallbackStrategy = "none" | "sequential" | "parallel" | "custom";

/**
 * Optimisation preset used by capability-based routing's score.
 *
 * @example Usage
 * ```ts
 * import type { OptimizationGoal } from "@switchyard/switchyard/models";
 * const goal: OptimizationGoal = "speed";
 * ```
 */
export type OptimizationGoal = "cost" | "speed" | "quality" | "balanced";

/**
 * Relative weights of the optimisation score (normalised to sum 1; negative
 * values count as 0).
 *
 * @example Usage
 * ```ts
 * import type { OptimizationWeights } from "@switchyard/switchyard/models";
 * const weights: OptimizationWeights = { cost: 1, speed: 2, quality: 1 };
 * ```
 */
export interface OptimizationWeights {
  /** Weight of low average cost. */
  readonly cost: number;
  /** Weight of low average latency. */
  readonly speed: number;
  /** Weight of a high success rate. */
  readonly quality: number;
}

/**
 * Per-request routing context handed to a {@linkcode CustomRoutingFunction}.
 *
 * @example Usage
 * ```ts
 * import type { RoutingContext } from "@switchyard/switchyard/models";
 * function preferred(context: RoutingContext): string | null {
 *   return context.preferredBackend ?? null;
 * }
 * ```
 */
export interface RoutingContext {
  /** A snapshot of the Router's statistics. */
  readonly stats: RouterStats;
  /** A copy of `request.metadata.custom` (empty object when absent). */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The backend the request named, when it named one. */
  readonly preferredBackend?: string;
}

/**
 * Chooses a backend by name; `null` falls through to `defaultBackend`, then
 * the first available backend. The name must be one of `availableBackends`.
 *
 * @example Route long conversations to a big-context backend
 * ```ts
 * import type { CustomRoutingFunction } from "@switchyard/switchyard/models";
 * const byLength: CustomRoutingFunction = (request, available) =>
 *   Promise.resolve(request.messages.length > 20 && available.includes("large") ? "large" : null);
 * ```
 */
export type CustomRoutingFunction = (
  request: IRChatRequest,
  availableBackends: readonly string[],
  context: RoutingContext,
) => Promise<string | null>;

/**
 * Chooses the backend to try after `failedBackend` failed; `null` stops
 * (the call then fails with `ALL_BACKENDS_FAILED`). `availableBackends`
 * lists exactly what it may choose, in registration order: available now,
 * on the request's allow-list, neither the first choice (even when it comes
 * back from a cooldown meanwhile) nor a backend already attempted. Returning
 * an unknown, unavailable or already attempted name is `ROUTING_FAILED`.
 *
 * @example Only fall back on rate limits
 * ```ts
 * import type { CustomFallbackFunction } from "@switchyard/switchyard/models";
 * const onRateLimit: CustomFallbackFunction = (_request, _failed, error, _attempted, available) =>
 *   Promise.resolve(error.code === "RATE_LIMITED" ? available[0] ?? null : null);
 * ```
 */
export type CustomFallbackFunction = (
  request: IRChatRequest,
  failedBackend: string,
  error: AdapterError,
  attemptedBackends: readonly string[],
  availableBackends: readonly string[],
) => Promise<string | null>;

/**
 * How request model names are translated for the backend that serves them.
 *
 * - `exact`: only exact keys of `mapping[backend]` translate.
 * - `pattern`: keys of `mapping[backend]` may also be `*`/`?` globs.
 * - `default` (the default): like `pattern`, and a model the backend does not
 *   list in `capabilities.models` becomes `defaultModels[backend]`, else the
 *   adapter's `metadata.defaultModel`.
 *
 * @example Translate OpenAI names for an Anthropic backend
 * ```ts
 * import type { ModelTranslationConfig } from "@switchyard/switchyard/models";
 * const translation: ModelTranslationConfig = {
 *   strategy: "pattern",
 *   mapping: { anthropic: { "gpt-4o*": "claude-sonnet-4-5" } },
 * };
 * ```
 */
export interface ModelTranslationConfig {
  /**
   * `exact`, `pattern`, `default` (the default) or `none` (no translation:
   * models pass through, as without `modelTranslation`). Any other value is
   * refused with `INVALID_REQUEST`.
   */
  readonly strategy?: "exact" | "pattern" | "default" | "none";
  /** Per backend name: request model (or glob) → backend model. */
  readonly mapping?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Per backend name: the model used when the requested one is not served. */
  readonly defaultModels?: Readonly<Record<string, string>>;
}

/**
 * Router configuration; every field is optional.
 *
 * @example Usage
 * ```ts
 * import type { RouterConfig } from "@switchyard/switchyard/models";
 * const config: RouterConfig = { routingStrategy: "round-robin", enableCircuitBreaker: true, circuitBreakerThreshold: 3 };
 * ```
 */
export interface RouterConfig {
  /** How the first backend is chosen. Default `explicit`. */
  readonly routingStrategy?: RoutingStrategy;
  /** What happens after it fails. Default `sequential`. */
  readonly fallbackStrategy?: FallbackStrategy;
  /** Backend used when the strategy chooses none. Default none. */
  readonly defaultBackend?: string;
  /** Background health-check period in ms; 0 disables. Default 0. */
  readonly healthCheckInterval?: number;
  /** Bound on one adapter's health check in ms. Default 5000. */
  readonly healthCheckTimeout?: number;
  /** Open breakers automatically on consecutive failures. Default false. */
  readonly enableCircuitBreaker?: boolean;
  /** Consecutive failures that open a breaker. Default 5. */
  readonly circuitBreakerThreshold?: number;
  /** Milliseconds a breaker stays open before half-open. Default 60000. */
  readonly circuitBreakerTimeout?: number;
  /** Record latencies (needed by latency-optimized). Default true. */
  readonly trackLatency?: boolean;
  /** Record costs through `estimateCost` (needed by cost-optimized). Default false. */
  readonly trackCost?: boolean;
  /** Filter by adapter capabilities and pick by score. Default false. */
  readonly capabilityBasedRouting?: boolean;
  /** Score preset for capability-based routing. Default `balanced`. */
  readonly optimization?: OptimizationGoal;
  /** Explicit score weights (override `optimization`). Default none. */
  readonly optimizationWeights?: OptimizationWeights;
  /** How long adapter capabilities are cached, in ms. Default 3600000. */
  readonly capabilityCacheDuration?: number;
  /** Used by the `custom` routing strategy. */
  readonly customRouter?: CustomRoutingFunction;
  /** Used by the `custom` fallback strategy. */
  readonly customFallback?: CustomFallbackFunction;
  /** Model name translation. Default none (models pass through). */
  readonly modelTranslation?: ModelTranslationConfig;
  /** Receives `routing-config-changed` and `model-substituted` warnings. */
  readonly onWarning?: (warning: IRWarning) => void;
  /** Clock in ms for breakers, health and stats timestamps. Default `Date.now`. */
  readonly now?: () => number;
  /** Random source in [0, 1) for the `random` strategy and retry jitter. Default `Math.random`. */
  readonly random?: () => number;
  /**
   * Milliseconds one attempt may run; past it the attempt is aborted and
   * counts as a `TIMEOUT` failure (breaker, stats), unlike the caller's own
   * abort. Per request: {@linkcode ExecuteOptions.attemptTimeout}. Default
   * Infinity (no timer).
   */
  readonly attemptTimeout?: number;
  /**
   * Retries on the same backend after a retryable backend failure, before
   * falling back. Per request: {@linkcode ExecuteOptions.maxRetries}. Default 0.
   */
  readonly maxRetries?: number;
  /** Backoff before the first retry in ms, doubled for each further one (with jitter). Default 500. */
  readonly retryBaseDelay?: number;
  /** Longest wait before one retry in ms; a longer `Retry-After` falls back instead. Default 10000. */
  readonly retryMaxDelay?: number;
  /**
   * Overall budget of one execute() in ms: retry waits that would end past
   * it fall back instead, and every attempt's timeout is cut to what is
   * left. Per request: {@linkcode ExecuteOptions.deadline}. Default Infinity.
   */
  readonly deadline?: number;
  /**
   * Whether fallback may answer a request a backend rejected as the client's
   * error (400, 404 model_not_found, 422, content policy). Default false: the
   * rejection reaches the caller as the backend gave it.
   */
  readonly fallbackOnClientError?: boolean;
  /**
   * Whether a 429 with `Retry-After` takes the backend out of routing for that
   * long (then admits one probe, like a half-open breaker). Default true.
   */
  readonly cooldownOnRateLimit?: boolean;
  /** Timers for attempt timeouts, retry waits and store calls. Default the runtime's (never keeping it alive). */
  readonly timers?: RouterTimers;
  /**
   * Where breakers (with their half-open probe and failures), cooldowns,
   * health and shared counters live. Default: a memory store of this Router
   * alone. Routers given one memory store share it synchronously; with an
   * asynchronous store (`createRedisStore` from `./models/redis`) routing
   * never waits on it: see the `store` module. The Router's breakers apply
   * the store's `probeLease`; one that is not a positive number is refused
   * (`INVALID_REQUEST`), as is a value that is not an object (`false`, a
   * string) or an object without a store's methods (`{}`, a Redis client
   * itself); `null` is no store, like `undefined`.
   */
  readonly store?: RouterStore;
  /**
   * With an asynchronous store: at most how often (ms) routing re-reads the
   * fleet's breakers, in the background. Default 50.
   */
  readonly storeSyncInterval?: number;
  /**
   * With an asynchronous store: how long (ms) a store call may go unanswered
   * before the Router routes on its local state (`store-unavailable`
   * warning) until the store answers again (`store-recovered`). Default 100.
   */
  readonly storeTimeout?: number;
}

/**
 * The timers a Router schedules attempt timeouts and retry waits with;
 * inject them (with `now`) to run resilience tests on a fake clock.
 *
 * @example A manual timer queue
 * ```ts
 * import type { RouterTimers } from "@switchyard/switchyard/models";
 * const queue = new Map<number, () => void>();
 * let next = 0;
 * const timers: RouterTimers = {
 *   setTimeout: (callback) => { queue.set(++next, callback); return next; },
 *   clearTimeout: (id) => { queue.delete(id as number); },
 * };
 * ```
 */
export interface RouterTimers {
  /** Calls `callback` once after `ms`; returns an id for clearTimeout. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a timer that has not fired; ignores unknown ids. */
  clearTimeout(id: unknown): void;
}

/**
 * Per-request options of `Router.execute`, `executeStream` and
 * `relayResponse`: resilience settings (each overrides the RouterConfig
 * field of the same meaning) and the backends the request may use.
 *
 * @example Usage
 * ```ts
 * import type { ExecuteOptions } from "@switchyard/switchyard/models";
 * const options: ExecuteOptions = { attemptTimeout: 10_000, maxRetries: 2, deadline: 30_000 };
 * ```
 *
 * @example Only some backends may answer
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/models";
 * import { createEchoAdapter, createFailingAdapter } from "@switchyard/switchyard/models/testing";
 * const router = createRouter({ fallbackStrategy: "sequential" })
 *   .register("a", createFailingAdapter())
 *   .register("b", createEchoAdapter())
 *   .register("c", createEchoAdapter());
 * const response = await router.execute(
 *   { messages: [{ role: "user", content: "hi" }] },
 *   undefined,
 *   { backends: ["c"] },
 * );
 * console.log((response.metadata.routing as { backend: string }).backend); // "c"
 * router.dispose();
 * ```
 */
export interface ExecuteOptions extends CallOptions {
  /** See {@linkcode RouterConfig.attemptTimeout}. */
  readonly attemptTimeout?: number;
  /** See {@linkcode RouterConfig.maxRetries}. */
  readonly maxRetries?: number;
  /** See {@linkcode RouterConfig.deadline}. */
  readonly deadline?: number;
  /**
   * The only backends this request may call (an allow-list of registered
   * names, as an API key's scope): every routing strategy, the default
   * backend and every fallback policy choose among these only. A strategy's
   * choice outside the list (a model mapping's, say) is not a refusal: routing
   * goes on among the allowed backends. A backend the request names
   * (`metadata.custom.backend`) outside the list is refused before any call
   * with `ROUTING_FAILED` (not retryable: the request, not an outage, is at
   * fault), whose message names that backend and the list, as do its
   * `details.backend` and `details.allowed`; a stream ends with that error
   * chunk. When no allowed backend is available the error is
   * `NO_BACKEND_AVAILABLE`, whose message names no other backend.
   * Absent: any backend.
   */
  readonly backends?: readonly string[];
}
