/**
 * The multi-backend model router: routing strategies, fallback, circuit
 * breakers, health checks, statistics, streaming and parallel dispatch.
 *
 * Decisions the specification leaves open:
 *
 * - **Explicit routing.** `request.metadata.custom.backend` names a backend in
 *   every strategy except `custom` (which receives it as
 *   `context.preferredBackend`). An unknown name, or a non-string, is
 *   `ROUTING_FAILED` — never a silent reroute. A known but unavailable name
 *   (unhealthy or circuit open) is treated as a failed primary: the fallback
 *   strategy picks the next backend, and with `fallbackStrategy: "none"` the
 *   call fails with `NO_BACKEND_AVAILABLE`.
 * - **Selection order.** The strategy's choice, else `defaultBackend` when it
 *   is available, else the first available backend in registration order
 *   (with `capabilityBasedRouting`, the best-scored one), else
 *   `NO_BACKEND_AVAILABLE`. Available = registered, healthy, and the breaker
 *   admits a request (half-open admits exactly one probe).
 * - **latency-optimized / cost-optimized.** A backend that has never been
 *   tried is chosen first (registration order), once, so new backends get
 *   data; afterwards the lowest mean latency over the recent window (only
 *   successful calls are timed) or the lowest average observed cost wins. A
 *   backend tried but without a successful sample ranks last. Once every
 *   backend has data, latency-optimized re-ranks at most once per 32
 *   selections (sooner when the registry changes or the leader becomes
 *   unavailable), which keeps selection O(1) amortised with many backends.
 *   Costs come from `estimateCost` after each successful call. Without
 *   `trackLatency` (resp. `trackCost`, or when no backend implements
 *   `estimateCost`) the strategy selects nothing and routing falls through.
 * - **round-robin** cycles over registration order with a cursor that skips
 *   unavailable backends and is never reset by availability changes.
 * - **random** uses `config.random` (default `Math.random`).
 * - **custom** results are validated: `null` falls through; an unknown or
 *   unavailable name is `ROUTING_FAILED`.
 * - **model-based** maps `request.parameters.model` through
 *   {@linkcode Router.setModelMapping}; keys may be exact names or globs with
 *   `*` and `?` (exact names win, then patterns in insertion order).
 * - **capabilityBasedRouting** skips, for automatic choices and fallbacks, any
 *   backend whose `metadata.capabilities` says it cannot serve the request
 *   (`tools: false` for requests with tools or tool parts, `vision: false`
 *   for image parts, `systemMessages: false` for system messages,
 *   `streaming: false` for streams, and a `models` list that lacks the
 *   requested model unless `modelTranslation` is set). Capabilities are read
 *   from adapter metadata at most once per `capabilityCacheDuration`. It also
 *   replaces "first available" with the best score: cost and latency
 *   min–max normalised, quality = success rate, weighted by
 *   `optimizationWeights` or the `optimization` preset (cost, speed, quality
 *   or balanced = equal weights).
 * - **Fallback.** `sequential` tries the fallback chain (or, without one,
 *   every other backend in registration order), skipping unavailable ones.
 *   `parallel` starts all remaining available backends at once; the first
 *   success wins and the others are aborted. Streams use the sequential order
 *   for `parallel`. `custom` asks `customFallback` after each failure: `null`
 *   stops (`ALL_BACKENDS_FAILED`); an unknown, unavailable or already tried
 *   name is `ROUTING_FAILED`, which also bounds the loop. `none` rethrows the
 *   original error (non-Error values are wrapped in an `UNKNOWN`
 *   AdapterError with the value as `cause`).
 * - **Errors.** Every backend failed → `RouterError` `ALL_BACKENDS_FAILED` with
 *   `attemptedBackends` in attempt order, `errors` holding each attempt's
 *   AdapterError, and `details.routing` holding the trace. A response that is
 *   not an object with a `message` whose `content` is a string or an array is
 *   `INVALID_RESPONSE` and counts as a failure. An abort through the caller's
 *   signal stops fallback and rejects with a `RouterError` coded `ABORTED`.
 * - **Circuit breaker.** Driven by `config.now`. Closed → open after
 *   `circuitBreakerThreshold` consecutive failures (only with
 *   `enableCircuitBreaker`); open → half-open once `circuitBreakerTimeout` has
 *   passed (computed lazily, no timers); in half-open one probe is admitted,
 *   its success closes and its failure re-opens with a fresh timeout. Aborts
 *   by the caller are not failures. `openCircuitBreaker(name)` without a
 *   timeout stays open until closed or reset; `resetCircuitBreaker` closes and
 *   clears the failure count. Manual control works even when automatic
 *   breaking is disabled.
 * - **Health.** `checkHealth` calls each adapter's `healthCheck` (absent =
 *   healthy) bounded by `healthCheckTimeout`; anything but `false` is
 *   healthy, while `false`, a rejection or the timeout is unhealthy. A healthy
 *   probe makes an unhealthy backend routable again. Concurrent probes of one
 *   backend share one call. Background checks (`healthCheckInterval > 0`) run
 *   as a chain of unref'd timeouts: the next run is scheduled when the
 *   previous one ends, so runs never overlap.
 * - **Streams.** Chunks before the first `content`/`tool_use` chunk are held
 *   back; a failure until then falls back silently. After content, a failure
 *   ends the stream with an `error` chunk. A stream that ends without `done`
 *   is `INVALID_RESPONSE`. Routing failures also end the stream with an
 *   `error` chunk (the generator itself never throws). `sequence` is
 *   renumbered from 0. An abort ends the stream with an `ABORTED` error chunk
 *   and calls `return()` on the backend's iterator (without waiting for an
 *   adapter that ignores it); so does a consumer that stops iterating early.
 *   The `parallel` fallback strategy falls back sequentially for streams.
 * - **Stats.** Latency figures (mean, nearest-rank p50/p95/p99) cover the last
 *   1024 successful calls per backend. `successRate` is 100 before any
 *   request. Aborted attempts are not recorded against a backend; at the
 *   Router level every `execute`, `executeStream` and `dispatchParallel` call
 *   counts once, as successful or failed (an aborted or abandoned stream is
 *   failed). `totalFallbacks` counts attempts started after the first choice.
 *   Latency is measured with `config.now` when given, else `performance.now()`.
 * - **Registry.** Registering a taken name is `ROUTING_FAILED` (use
 *   `replace`, which keeps position and statistics but resets health and the
 *   breaker). `setFallbackChain` and `setModelMapping` replace the previous
 *   value and reject unregistered names. Unregistering leaves chain and
 *   mapping entries in place; unregistered names are skipped while routing.
 * - **dispatchParallel** calls the given (or every available) backends with
 *   one AbortController each, linked to `options.signal` and to `dispose()`.
 *   It counts once in `totalRequests` and in `parallelRequests`; responses
 *   carry no routing trace. Named backends that are unavailable are listed in
 *   `failedBackends` with `NO_BACKEND_AVAILABLE`.
 * - **Model translation** (`modelTranslation`, off by default): before a
 *   backend is called, `mapping[backend]` translates the request's model
 *   (exact keys; with strategy `pattern` or `default` also globs), and with
 *   strategy `default` a model missing from the backend's
 *   `capabilities.models` becomes `defaultModels[backend]` or the adapter's
 *   `defaultModel`. Each substitution emits `model-substituted`. The caller's
 *   request is copied, never mutated.
 * - **Routing trace.** Every response carries `metadata.routing`, a
 *   {@linkcode RoutingTrace}; the final `done` chunk of a stream carries it
 *   in its `metadata`.
 *
 * @example Route with fallback
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/models";
 * import { createEchoAdapter, createFailingAdapter } from "@switchyard/switchyard/models/testing";
 *
 * const router = createRouter({ defaultBackend: "primary" })
 *   .register("primary", createFailingAdapter())
 *   .register("backup", createEchoAdapter());
 * const response = await router.execute({ messages: [{ role: "user", content: "hi" }] });
 * console.log(response.message.content, response.metadata.routing); // "hi" { backend: "backup", … }
 * router.dispose();
 * ```
 *
 * @module
 */

import {
  AdapterError,
  type BackendFailure,
  ErrorCode,
  RouterError,
} from "./errors.ts";
import type {
  AdapterCapabilities,
  AdapterMetadata,
  BackendAdapter,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRStreamChunk,
} from "./types.ts";
import { type Attempt, runParallel } from "./_parallel.ts";
import { BackendEntry } from "./_state.ts";
import {
  type CompiledPatterns,
  compilePatterns,
  lookup,
  pickByCost,
  pickByLatency,
  pickByScore,
  pickRoundRobin,
  type Requirements,
  requirementsOf,
  resolveWeights,
  supports,
  type Weights,
} from "./_strategies.ts";
import {
  AbortGate,
  errorChunk,
  errorFromChunk,
  isChunk,
  isCommitting,
  releaseIterator,
  STREAM_ABORTED,
} from "./_stream.ts";
import {
  abortedError,
  ignore,
  invalidResponse,
  isValidResponse,
  linkSignal,
  raceAbort,
  TIMEOUT_REASON,
  toAdapterError,
  unrefTimeout,
} from "./_util.ts";

import type {
  FallbackStrategy,
  RouterConfig,
  RoutingContext,
  RoutingStrategy,
} from "./config.ts";
import type {
  ParallelDispatchOptions,
  ParallelDispatchResult,
  ParallelResponse,
} from "./parallel.ts";
import type {
  BackendInfo,
  BackendStats,
  CircuitBreakerState,
  RouterStats,
} from "./stats.ts";
import type { RoutingAttempt, RoutingReason, RoutingTrace } from "./trace.ts";

export type * from "./config.ts";
export type * from "./parallel.ts";
export type * from "./stats.ts";
export type * from "./trace.ts";

interface Plan {
  /** undefined when the named backend is unavailable. */
  readonly entry: BackendEntry | undefined;
  readonly reason: RoutingReason;
  readonly requested: string | undefined;
}

interface FallbackState {
  readonly request: IRChatRequest;
  readonly primary: string | undefined;
  readonly candidates: readonly BackendEntry[];
  readonly attempted: string[];
  readonly needs: Requirements | undefined;
  pos: number;
  lastFailed: string;
  lastError: AdapterError;
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
const PARALLEL: ReadonlySet<string> = new Set([
  "first",
  "all",
  "fastest",
  "custom",
]);

function configError(message: string): AdapterError {
  return new AdapterError({ code: ErrorCode.INVALID_REQUEST, message });
}

function routingFailed(
  message: string,
  attempted: readonly string[] = [],
  cause?: unknown,
): RouterError {
  return new RouterError({
    code: ErrorCode.ROUTING_FAILED,
    message,
    attemptedBackends: attempted,
    cause,
  });
}

function noBackend(message: string): RouterError {
  return new RouterError({
    code: ErrorCode.NO_BACKEND_AVAILABLE,
    message,
    attemptedBackends: [],
  });
}

function nonNegative(value: unknown, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw configError(`RouterConfig.${field} must be a non-negative number`);
  }
  return value;
}

function record(attempt: Attempt): RoutingAttempt {
  return attempt.ok
    ? { backend: attempt.backend, latencyMs: attempt.latencyMs, ok: true }
    : {
      backend: attempt.backend,
      latencyMs: attempt.latencyMs,
      ok: false,
      errorCode: attempt.error.code,
    };
}

function failuresOf(attempts: readonly Attempt[]): BackendFailure[] {
  const failures: BackendFailure[] = [];
  for (const a of attempts) {
    if (!a.ok && a.kind === "failed") {
      failures.push({ backend: a.backend, error: a.error });
    }
  }
  return failures;
}

/**
 * latency-optimized re-ranks every backend at most once per this many
 * selections (and whenever the registry changes or the leader becomes
 * unavailable), so selection stays O(1) amortised with many backends.
 */
const LATENCY_RERANK_EVERY = 32;

const EMPTY_CAPABILITIES: AdapterCapabilities = { streaming: false };

/**
 * Routes IR chat requests across registered backend adapters, and is itself
 * a {@linkcode BackendAdapter}. See the module documentation for every
 * routing, fallback, breaker, health and statistics rule.
 *
 * @example Round-robin over two backends
 * ```ts
 * import { Router } from "@switchyard/switchyard/models";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 *
 * const router = new Router({ routingStrategy: "round-robin" });
 * router.register("a", createEchoAdapter()).register("b", createEchoAdapter());
 * const request = { messages: [{ role: "user" as const, content: "hello" }] };
 * console.log(await router.selectBackend(request)); // "a"
 * await router.execute(request);
 * console.log(await router.selectBackend(request)); // "b"
 * router.dispose();
 * ```
 */
export class Router implements BackendAdapter {
  readonly #config: RouterConfig;
  readonly #routing: RoutingStrategy;
  readonly #fallback: FallbackStrategy;
  readonly #now: () => number;
  readonly #clock: () => number;
  readonly #random: () => number;
  readonly #trackLatency: boolean;
  readonly #trackCost: boolean;
  readonly #capabilityRouting: boolean;
  readonly #capabilityTtl: number;
  readonly #weights: Weights;
  readonly #healthInterval: number;
  readonly #healthTimeout: number;
  readonly #breakerSettings: {
    enabled: boolean;
    threshold: number;
    timeout: number;
  };
  readonly #translation: Map<string, CompiledPatterns> | undefined;

  #defaultBackend: string | undefined;
  readonly #entries = new Map<string, BackendEntry>();
  #order: BackendEntry[] = [];
  #cursor = 0;
  #chain: readonly string[] = [];
  #mapping: Readonly<Record<string, string>> = Object.freeze({});
  #compiledMapping: CompiledPatterns = compilePatterns({});
  #silent = false;
  /** Cached latency ranking winner; see LATENCY_RERANK_EVERY. */
  #latencyLeader: BackendEntry | undefined;
  #leaderPicks = 0;

  #total = 0;
  #ok = 0;
  #failed = 0;
  #fallbacks = 0;
  #parallel = 0;
  #since: number;

  #disposed = false;
  readonly #lifetime = new AbortController();
  #healthTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Creates a Router; backends are added afterwards with {@linkcode Router.register}.
   *
   * @param config Optional configuration; see {@linkcode RouterConfig} for defaults.
   */
  constructor(config: RouterConfig = {}) {
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
      throw configError(
        'fallbackStrategy "custom" needs config.customFallback',
      );
    }
    this.#config = Object.freeze({ ...config });
    this.#routing = routing;
    this.#fallback = fallback;
    this.#now = config.now ?? Date.now;
    this.#clock = config.now ?? (() => performance.now());
    this.#random = config.random ?? Math.random;
    this.#defaultBackend = config.defaultBackend;
    this.#trackLatency = config.trackLatency ?? true;
    this.#trackCost = config.trackCost ?? false;
    this.#capabilityRouting = config.capabilityBasedRouting ?? false;
    this.#capabilityTtl = nonNegative(
      config.capabilityCacheDuration,
      "capabilityCacheDuration",
      3_600_000,
    );
    this.#weights = resolveWeights(
      config.optimization ?? "balanced",
      config.optimizationWeights,
    );
    this.#healthInterval = nonNegative(
      config.healthCheckInterval,
      "healthCheckInterval",
      0,
    );
    this.#healthTimeout = nonNegative(
      config.healthCheckTimeout,
      "healthCheckTimeout",
      5000,
    );
    this.#breakerSettings = {
      enabled: config.enableCircuitBreaker ?? false,
      threshold: Math.max(
        1,
        nonNegative(
          config.circuitBreakerThreshold,
          "circuitBreakerThreshold",
          5,
        ),
      ),
      timeout: nonNegative(
        config.circuitBreakerTimeout,
        "circuitBreakerTimeout",
        60_000,
      ),
    };
    this.#translation = config.modelTranslation === undefined
      ? undefined
      : new Map(
        Object.entries(config.modelTranslation.mapping ?? {}).map((
          [backend, table],
        ) => [
          backend,
          compilePatterns(table, config.modelTranslation?.strategy !== "exact"),
        ]),
      );
    this.#since = this.#now();
    this.#scheduleHealth();
  }

  /**
   * The Router's own adapter metadata; capabilities are the union of the
   * registered backends'.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("echo", createEchoAdapter());
   * console.log(router.metadata.provider, router.metadata.capabilities.streaming); // "router" true
   * router.dispose();
   * ```
   */
  get metadata(): AdapterMetadata {
    const capabilities: {
      streaming: boolean;
      tools?: boolean;
      vision?: boolean;
      systemMessages?: boolean;
      maxContextTokens?: number;
      models?: string[];
    } = { streaming: false };
    const models = new Set<string>();
    for (const entry of this.#order) {
      const c = entry.adapter.metadata?.capabilities ?? EMPTY_CAPABILITIES;
      capabilities.streaming ||= c.streaming !== false;
      if (c.tools) capabilities.tools = true;
      if (c.vision) capabilities.vision = true;
      if (c.systemMessages) capabilities.systemMessages = true;
      if (c.maxContextTokens !== undefined) {
        capabilities.maxContextTokens = Math.max(
          capabilities.maxContextTokens ?? 0,
          c.maxContextTokens,
        );
      }
      for (const m of c.models ?? []) models.add(m);
    }
    if (models.size > 0) capabilities.models = [...models];
    return {
      name: "router",
      provider: "router",
      version: "0.1.0",
      capabilities,
    };
  }

  /**
   * The effective configuration (with `defaultBackend` as it is now).
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(createRouter({ trackCost: true }).config.trackCost); // true
   * ```
   */
  get config(): RouterConfig {
    return Object.freeze({
      ...this.#config,
      defaultBackend: this.#defaultBackend,
    });
  }

  // ---------------------------------------------------------------- registry

  /**
   * Registers a backend under a unique name.
   *
   * @param name Name used in routing, chains, mappings and stats.
   * @param adapter The backend adapter.
   * @returns The Router, for chaining.
   * @throws {AdapterError} `ROUTING_FAILED` when the name is taken or the Router is disposed; `INVALID_REQUEST` for a bad name or adapter.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter()).register("b", createEchoAdapter());
   * console.log(router.listBackends()); // ["a", "b"]
   * ```
   */
  register(name: string, adapter: BackendAdapter): this {
    this.#assertLive();
    this.#assertAdapter(name, adapter);
    if (this.#entries.has(name)) {
      throw routingFailed(
        `Backend "${name}" is already registered; use replace()`,
      );
    }
    const entry = new BackendEntry(
      name,
      adapter,
      this.#order.length,
      this.#breakerSettings,
    );
    this.#order.push(entry);
    this.#entries.set(name, entry);
    this.#latencyLeader = undefined;
    this.#warn("routing-config-changed", `Backend "${name}" registered`, {
      action: "register",
      backend: name,
    });
    return this;
  }

  /**
   * Swaps the adapter of a registered backend, keeping its position and
   * statistics; health and breaker start fresh.
   *
   * @param name A registered name.
   * @param adapter The new adapter.
   * @returns The Router.
   * @throws {AdapterError} `ROUTING_FAILED` when the name is not registered.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter, createMockAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * const mock = createMockAdapter();
   * router.replace("a", mock);
   * console.log(router.get("a") === mock); // true
   * ```
   */
  replace(name: string, adapter: BackendAdapter): this {
    this.#assertLive();
    this.#assertAdapter(name, adapter);
    const entry = this.#entries.get(name);
    if (entry === undefined) {
      throw routingFailed(
        `Backend "${name}" is not registered; use register()`,
      );
    }
    entry.swap(adapter);
    this.#latencyLeader = undefined;
    this.#warn("routing-config-changed", `Backend "${name}" replaced`, {
      action: "replace",
      backend: name,
    });
    return this;
  }

  /**
   * Removes a backend (unknown names are ignored). Unregistering the default
   * backend clears `defaultBackend`. Chain and mapping entries naming it stay
   * and are skipped while it is not registered.
   *
   * @param name The backend name.
   * @returns The Router.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter({ defaultBackend: "a", onWarning: (w) => console.log(w.message) });
   * router.register("a", createEchoAdapter()).unregister("a");
   * console.log(router.config.defaultBackend); // undefined
   * ```
   */
  unregister(name: string): this {
    const entry = this.#entries.get(name);
    if (entry === undefined) return this;
    this.#entries.delete(name);
    this.#order.splice(entry.index, 1);
    this.#latencyLeader = undefined;
    for (let i = entry.index; i < this.#order.length; i++) {
      this.#order[i].index = i;
    }
    if (entry.index < this.#cursor) this.#cursor--;
    if (this.#cursor >= this.#order.length) this.#cursor = 0;
    let message = `Backend "${name}" unregistered`;
    const details: Record<string, unknown> = {
      action: "unregister",
      backend: name,
    };
    if (this.#defaultBackend === name) {
      this.#defaultBackend = undefined;
      message +=
        `; it was the default backend, so defaultBackend is now cleared`;
      details.defaultBackendCleared = true;
    }
    this.#warn("routing-config-changed", message, details);
    return this;
  }

  /**
   * The adapter registered under a name.
   *
   * @param name The backend name.
   * @returns The adapter, or undefined.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(createRouter().get("missing")); // undefined
   * ```
   */
  get(name: string): BackendAdapter | undefined {
    return this.#entries.get(name)?.adapter;
  }

  /**
   * Whether a name is registered.
   *
   * @param name The backend name.
   * @returns True when registered.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * console.log(createRouter().register("a", createEchoAdapter()).has("a")); // true
   * ```
   */
  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /**
   * Registered names in registration order.
   *
   * @returns A fresh frozen list.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(createRouter().listBackends()); // []
   * ```
   */
  listBackends(): readonly string[] {
    return Object.freeze(this.#order.map((e) => e.name));
  }

  /**
   * Sets the order tried after the primary fails (replacing any previous chain).
   *
   * @param names Registered backend names, without duplicates.
   * @returns The Router.
   * @throws {AdapterError} `ROUTING_FAILED` when a name is not registered or repeated.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter()).register("b", createEchoAdapter());
   * router.setFallbackChain(["b", "a"]);
   * console.log(router.getFallbackChain()); // ["b", "a"]
   * ```
   */
  setFallbackChain(names: readonly string[]): this {
    if (!Array.isArray(names)) {
      throw routingFailed("setFallbackChain expects a list of backend names");
    }
    const seen = new Set<string>();
    for (const name of names) {
      if (typeof name !== "string" || !this.#entries.has(name)) {
        throw routingFailed(
          `Fallback chain names unregistered backend "${String(name)}"`,
        );
      }
      if (seen.has(name)) {
        throw routingFailed(`Fallback chain names "${name}" twice`);
      }
      seen.add(name);
    }
    this.#chain = Object.freeze([...names]);
    this.#warn(
      "routing-config-changed",
      `Fallback chain set to [${names.join(", ")}]`,
      {
        action: "setFallbackChain",
        chain: [...names],
      },
    );
    return this;
  }

  /**
   * The fallback chain.
   *
   * @returns The chain as set (frozen).
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(createRouter().getFallbackChain()); // []
   * ```
   */
  getFallbackChain(): readonly string[] {
    return this.#chain;
  }

  /**
   * Sets the model → backend mapping of the `model-based` strategy (replacing
   * the previous one). Keys are exact model names or globs (`*`, `?`); exact
   * names win, then globs in insertion order.
   *
   * @param mapping Model name or glob → registered backend name.
   * @returns The Router.
   * @throws {AdapterError} `ROUTING_FAILED` when a value is not a registered backend.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter({ routingStrategy: "model-based" })
   *   .register("openai", createEchoAdapter()).register("anthropic", createEchoAdapter());
   * router.setModelMapping({ "gpt-*": "openai", "claude-*": "anthropic" });
   * console.log(await router.selectBackend({ messages: [], parameters: { model: "claude-sonnet-4-5" } })); // "anthropic"
   * ```
   */
  setModelMapping(mapping: Readonly<Record<string, string>>): this {
    if (
      typeof mapping !== "object" || mapping === null || Array.isArray(mapping)
    ) {
      throw routingFailed(
        "setModelMapping expects an object of model name → backend name",
      );
    }
    for (const [model, backend] of Object.entries(mapping)) {
      if (typeof backend !== "string" || !this.#entries.has(backend)) {
        throw routingFailed(
          `Model mapping "${model}" names unregistered backend "${
            String(backend)
          }"`,
        );
      }
    }
    this.#mapping = Object.freeze({ ...mapping });
    this.#compiledMapping = compilePatterns(this.#mapping);
    this.#warn(
      "routing-config-changed",
      `Model mapping set (${Object.keys(mapping).length} entries)`,
      {
        action: "setModelMapping",
        mapping: { ...mapping },
      },
    );
    return this;
  }

  /**
   * The model mapping.
   *
   * @returns The mapping as set (frozen).
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(createRouter().getModelMapping()); // {}
   * ```
   */
  getModelMapping(): Readonly<Record<string, string>> {
    return this.#mapping;
  }

  // ----------------------------------------------------------------- routing

  /**
   * Runs the routing strategy without executing anything.
   *
   * @param request The IR request.
   * @returns The name of the backend `execute` would try first.
   * @throws {RouterError} `NO_BACKEND_AVAILABLE` when nothing is available, `ROUTING_FAILED` for an unknown named backend.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter()).register("b", createEchoAdapter());
   * console.log(await router.selectBackend({ messages: [], metadata: { custom: { backend: "b" } } })); // "b"
   * ```
   */
  async selectBackend(request: IRChatRequest): Promise<string> {
    const plan = await this.#select(request, false, true);
    if (plan.entry !== undefined) return plan.entry.name;
    const state = this.#fallbackState(
      request,
      plan.requested,
      undefined,
      this.#unavailableError(plan.requested),
    );
    if (this.#fallback === "none") throw this.#noBackendFor(plan.requested);
    const next = await this.#nextFallback(state);
    if (next === undefined) throw this.#noBackendFor(plan.requested);
    return next.name;
  }

  /**
   * Executes a request with automatic backend selection and fallback.
   *
   * @param request The IR request (never mutated).
   * @param signal Aborts the call and stops fallback.
   * @returns The response, with the routing trace on `metadata.routing`.
   * @throws {AdapterError} See the module documentation for every code.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("echo", createEchoAdapter());
   * const response = await router.execute({ messages: [{ role: "user", content: "ping" }] });
   * console.log(response.message.content); // "ping"
   * ```
   */
  async execute(
    request: IRChatRequest,
    signal?: AbortSignal,
  ): Promise<IRChatResponse> {
    try {
      if (signal?.aborted) throw this.#aborted(signal, []);
      let plan = this.#select(request, false, false);
      if (plan instanceof Promise) plan = await plan;
      const attempts: Attempt[] = [];
      let state: FallbackState;
      const entry = plan.entry;
      if (entry !== undefined) {
        // The first attempt is inlined: it is the hot path of every request.
        let first: Attempt;
        if (entry.healthy && entry.breaker.admit(this.#now())) {
          entry.started++;
          const req = this.#translation === undefined
            ? request
            : this.#translate(request, entry);
          const cost = this.#trackCost
            ? this.#costOf(entry.adapter, req)
            : undefined;
          const start = this.#clock();
          let value: unknown;
          let threw = false;
          try {
            const pending = entry.adapter.execute(req, signal);
            value = signal === undefined
              ? await pending
              : await raceAbort(Promise.resolve(pending), signal);
          } catch (thrown) {
            threw = true;
            value = thrown;
          }
          first = this.#outcome(
            entry,
            signal,
            threw,
            value,
            this.#clock() - start,
            cost,
          );
        } else {
          first = {
            ok: false,
            kind: "unavailable",
            backend: entry.name,
            error: this.#unavailableError(entry.name),
            thrown: undefined,
            latencyMs: 0,
          };
        }
        if (first.ok) {
          this.#total++;
          this.#ok++;
          const response = first.response;
          const routing: RoutingTrace = plan.requested === undefined
            ? {
              backend: entry.name,
              strategy: this.#routing,
              reason: plan.reason,
              attempts: [{
                backend: entry.name,
                latencyMs: first.latencyMs,
                ok: true,
              }],
              fallbacks: 0,
            }
            : this.#trace(plan, [first], entry.name);
          return { ...response, metadata: { ...response.metadata, routing } };
        }
        if (first.kind === "aborted") throw this.#aborted(signal, [first]);
        if (first.kind === "failed") {
          attempts.push(first);
          if (this.#fallback === "none") {
            throw first.thrown instanceof Error ? first.thrown : first.error;
          }
        }
        state = this.#fallbackState(
          request,
          entry.name,
          first.kind === "failed" ? first.backend : undefined,
          first.error,
        );
      } else {
        state = this.#fallbackState(
          request,
          plan.requested,
          undefined,
          this.#unavailableError(plan.requested),
        );
      }
      if (this.#fallback === "none") {
        throw this.#noBackendFor(plan.entry?.name ?? plan.requested);
      }
      const response = this.#fallback === "parallel"
        ? await this.#parallelFallback(state, plan, attempts, signal)
        : await this.#sequentialFallback(state, plan, attempts, signal);
      this.#total++;
      this.#ok++;
      return response;
    } catch (error) {
      this.#total++;
      this.#failed++;
      throw error;
    }
  }

  /**
   * Streams a request with fallback before the first content chunk. Returns
   * the generator synchronously; it never throws — failures end the stream
   * with an `error` chunk.
   *
   * @param request The IR request (never mutated).
   * @param signal Ends the stream (with an `ABORTED` error chunk).
   * @returns The chunk stream, `sequence` renumbered from 0.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("echo", createEchoAdapter());
   * let text = "";
   * for await (const chunk of router.executeStream({ messages: [{ role: "user", content: "a b c" }] })) {
   *   if (chunk.type === "content") text += chunk.delta;
   * }
   * console.log(text); // "a b c"
   * ```
   */
  executeStream(request: IRChatRequest, signal?: AbortSignal): IRChatStream {
    return this.#stream(request, signal);
  }

  /**
   * Sends one request to several backends at once.
   *
   * @param request The IR request (never mutated).
   * @param options Backends, strategy, timeout, cancellation, aggregator.
   * @returns The chosen response and every backend's outcome.
   * @throws {RouterError} `ALL_BACKENDS_FAILED` when none succeeded, `NO_BACKEND_AVAILABLE` when none could be called, `ROUTING_FAILED` for bad options, `ABORTED`.
   *
   * @example Ask two backends, keep both answers
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter()).register("b", createEchoAdapter());
   * const result = await router.dispatchParallel({ messages: [{ role: "user", content: "hi" }] }, { strategy: "all" });
   * console.log(result.successfulBackends); // ["a", "b"]
   * ```
   */
  async dispatchParallel(
    request: IRChatRequest,
    options: ParallelDispatchOptions = {},
  ): Promise<ParallelDispatchResult> {
    this.#parallel++;
    let ok = false;
    try {
      const result = await this.#dispatch(request, options);
      ok = true;
      return result;
    } finally {
      this.#total++;
      if (ok) this.#ok++;
      else this.#failed++;
    }
  }

  // ------------------------------------------------------------------ health

  /**
   * Probes every backend's health.
   *
   * @returns Each registered name mapped to its health.
   */
  checkHealth(): Promise<Record<string, boolean>>;
  /**
   * Probes one backend's health.
   *
   * @param name A registered backend name.
   * @returns Its health.
   */
  checkHealth(name: string): Promise<boolean>;
  /**
   * Probes health: calls `healthCheck()` (absent = healthy), bounded by
   * `healthCheckTimeout`, and updates each backend's `isHealthy`.
   *
   * @param name A registered name, or nothing for all.
   * @returns The health of that backend, or of every backend by name.
   * @throws {AdapterError} `ROUTING_FAILED` for an unknown name.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter, createMockAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter()
   *   .register("up", createEchoAdapter())
   *   .register("down", createMockAdapter({ healthy: false }));
   * console.log(await router.checkHealth()); // { up: true, down: false }
   * ```
   */
  async checkHealth(name?: string): Promise<Record<string, boolean> | boolean> {
    if (name !== undefined) {
      const entry = this.#entries.get(name);
      if (entry === undefined) throw routingFailed(`Unknown backend "${name}"`);
      return await this.#probe(entry, false);
    }
    return await this.#probeAll(false);
  }

  /**
   * Health of the Router as an adapter: probes every backend and answers
   * whether at least one is available afterwards.
   *
   * @param signal Abandons the wait (the probes keep their own timeout).
   * @returns True when some backend is available.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(await createRouter().healthCheck()); // false (no backends)
   * ```
   */
  async healthCheck(signal?: AbortSignal): Promise<boolean> {
    const probes = this.#probeAll(false);
    await (signal === undefined
      ? probes
      : raceAbort(probes, signal).catch(ignore));
    const now = this.#now();
    return this.#order.some((e) => e.isAvailable(now));
  }

  /**
   * Estimated cost of a request on the backend routing would choose.
   *
   * @param request The IR request.
   * @returns The estimate, or null when unknown or nothing is routable.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createMockAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("m", createMockAdapter({ cost: 0.25 }));
   * console.log(await router.estimateCost({ messages: [] })); // 0.25
   * ```
   */
  async estimateCost(request: IRChatRequest): Promise<number | null> {
    let name: string;
    try {
      name = await this.selectBackend(request);
    } catch {
      return null;
    }
    const entry = this.#entries.get(name);
    if (
      entry === undefined || typeof entry.adapter.estimateCost !== "function"
    ) return null;
    try {
      const cost = await entry.adapter.estimateCost(
        this.#translate(request, entry),
      );
      return typeof cost === "number" && Number.isFinite(cost) ? cost : null;
    } catch {
      return null;
    }
  }

  /**
   * Last known state of every backend (does not probe).
   *
   * @returns One BackendInfo per registered backend.
   */
  getBackendInfo(): BackendInfo[];
  /**
   * Last known state of one backend (does not probe).
   *
   * @param name The backend name.
   * @returns Its BackendInfo, or undefined when not registered.
   */
  getBackendInfo(name: string): BackendInfo | undefined;
  /**
   * Last known health, breaker state and statistics, without probing.
   *
   * @param name A backend name, or nothing for all.
   * @returns One BackendInfo, undefined, or the list.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * console.log(router.getBackendInfo("a")?.circuitBreakerState); // "closed"
   * ```
   */
  getBackendInfo(name?: string): BackendInfo[] | BackendInfo | undefined {
    const now = this.#now();
    if (name !== undefined) {
      const entry = this.#entries.get(name);
      return entry === undefined ? undefined : this.#info(entry, now);
    }
    return this.#order.map((e) => this.#info(e, now));
  }

  // ----------------------------------------------------------------- breaker

  /**
   * Forces a backend's breaker open. With a timeout it moves to half-open
   * once that many ms have passed; without one it stays open until
   * {@linkcode Router.closeCircuitBreaker} or {@linkcode Router.resetCircuitBreaker}.
   *
   * @param name A registered name.
   * @param timeout Optional ms until half-open.
   * @throws {AdapterError} `ROUTING_FAILED` for an unknown name.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * router.openCircuitBreaker("a");
   * console.log(router.isCircuitBreakerOpen("a")); // true
   * ```
   */
  openCircuitBreaker(name: string, timeout?: number): void {
    this.#require(name).breaker.forceOpen(this.#now(), timeout);
  }

  /**
   * Closes a backend's breaker and clears its failure count.
   *
   * @param name A registered name.
   * @throws {AdapterError} `ROUTING_FAILED` for an unknown name.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * router.openCircuitBreaker("a");
   * router.closeCircuitBreaker("a");
   * console.log(router.isCircuitBreakerOpen("a")); // false
   * ```
   */
  closeCircuitBreaker(name: string): void {
    this.#require(name).breaker.close();
  }

  /**
   * Resets breakers to closed with no failures counted.
   *
   * @param name A registered name, or nothing for every backend.
   * @throws {AdapterError} `ROUTING_FAILED` for an unknown name.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * router.openCircuitBreaker("a");
   * router.resetCircuitBreaker();
   * console.log(router.getBackendInfo("a")?.circuitBreakerState); // "closed"
   * ```
   */
  resetCircuitBreaker(name?: string): void {
    if (name !== undefined) this.#require(name).breaker.close();
    else for (const entry of this.#order) entry.breaker.close();
  }

  /**
   * Whether a backend's breaker is open (half-open counts as not open).
   *
   * @param name A backend name.
   * @returns True when open; false for unknown names.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * console.log(createRouter().isCircuitBreakerOpen("missing")); // false
   * ```
   */
  isCircuitBreakerOpen(name: string): boolean {
    return this.#entries.get(name)?.breaker.state(this.#now()) === "open";
  }

  // ------------------------------------------------------------------- stats

  /**
   * A snapshot of the Router's statistics.
   *
   * @returns Frozen totals and per-backend figures.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * await router.execute({ messages: [{ role: "user", content: "x" }] });
   * console.log(router.getStats().totalRequests); // 1
   * ```
   */
  getStats(): RouterStats {
    const backendStats: Record<string, BackendStats> = {};
    for (const entry of this.#order) {
      backendStats[entry.name] = this.#backendStats(entry);
    }
    return Object.freeze({
      totalRequests: this.#total,
      successfulRequests: this.#ok,
      failedRequests: this.#failed,
      totalFallbacks: this.#fallbacks,
      parallelRequests: this.#parallel,
      backendStats: Object.freeze(backendStats),
      sinceTimestamp: this.#since,
    });
  }

  /**
   * Clears every counter and latency window; `sinceTimestamp` becomes `now()`.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * const router = createRouter({ now: () => 42 });
   * router.resetStats();
   * console.log(router.getStats().sinceTimestamp); // 42
   * ```
   */
  resetStats(): void {
    this.#total =
      this.#ok =
      this.#failed =
      this.#fallbacks =
      this.#parallel =
        0;
    for (const entry of this.#order) entry.stats.reset();
    this.#since = this.#now();
  }

  /**
   * A snapshot of one backend's statistics.
   *
   * @param name A backend name.
   * @returns Its stats, or undefined when not registered.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * console.log(router.getBackendStats("a")?.successRate); // 100
   * ```
   */
  getBackendStats(name: string): BackendStats | undefined {
    const entry = this.#entries.get(name);
    return entry === undefined ? undefined : this.#backendStats(entry);
  }

  // --------------------------------------------------------------- lifecycle

  /**
   * A new Router with this configuration merged with `overrides`, the same
   * adapters registered in the same order, and the same fallback chain and
   * model mapping. Health, breakers and statistics start fresh.
   *
   * @param overrides Configuration fields to change.
   * @returns The new Router.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * const router = createRouter().register("a", createEchoAdapter());
   * const copy = router.clone({ routingStrategy: "round-robin" });
   * console.log(copy.listBackends(), copy.config.routingStrategy); // ["a"] "round-robin"
   * ```
   */
  clone(overrides: RouterConfig = {}): Router {
    const copy = new Router({
      ...this.#config,
      defaultBackend: this.#defaultBackend,
      ...overrides,
    });
    copy.#silent = true;
    try {
      for (const entry of this.#order) copy.register(entry.name, entry.adapter);
      if (this.#chain.length > 0) copy.setFallbackChain(this.#chain);
      if (Object.keys(this.#mapping).length > 0) {
        copy.setModelMapping(this.#mapping);
      }
    } finally {
      copy.#silent = false;
    }
    return copy;
  }

  /**
   * Stops background health checks, aborts in-flight health probes and
   * parallel dispatches, and clears the registry. Afterwards routing fails
   * with `NO_BACKEND_AVAILABLE` and `register` with `ROUTING_FAILED`.
   * Idempotent.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * const router = createRouter({ healthCheckInterval: 30_000 });
   * router.dispose();
   * console.log(router.listBackends()); // []
   * ```
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#healthTimer !== undefined) clearTimeout(this.#healthTimer);
    this.#healthTimer = undefined;
    this.#lifetime.abort(
      new AdapterError({ code: ErrorCode.ABORTED, message: "Router disposed" }),
    );
    this.#entries.clear();
    this.#order = [];
    this.#chain = Object.freeze([]);
    this.#cursor = 0;
    this.#latencyLeader = undefined;
  }

  // ================================================================ private

  #assertLive(): void {
    if (this.#disposed) throw routingFailed("Router is disposed");
  }

  #assertAdapter(name: string, adapter: BackendAdapter): void {
    if (typeof name !== "string" || name === "") {
      throw configError("Backend name must be a non-empty string");
    }
    if (
      typeof adapter !== "object" || adapter === null ||
      typeof adapter.execute !== "function" ||
      typeof adapter.executeStream !== "function"
    ) {
      throw configError(
        `Backend "${name}" is not a BackendAdapter (execute and executeStream are required)`,
      );
    }
  }

  #require(name: string): BackendEntry {
    const entry = this.#entries.get(name);
    if (entry === undefined) throw routingFailed(`Unknown backend "${name}"`);
    return entry;
  }

  #warn(
    code: string,
    message: string,
    details?: Record<string, unknown>,
  ): void {
    const listener = this.#config.onWarning;
    if (listener === undefined || this.#silent) return;
    try {
      const result: unknown = listener({ code, message, details });
      if (result instanceof Promise) result.catch(ignore);
    } catch {
      // A throwing listener must never break routing.
    }
  }

  #noBackendFor(requested: string | undefined): RouterError {
    if (this.#disposed) return noBackend("Router is disposed");
    return noBackend(
      requested === undefined
        ? "No backend is available"
        : `Backend "${requested}" is unavailable and no fallback is available`,
    );
  }

  #unavailableError(name: string | undefined): AdapterError {
    const entry = name === undefined ? undefined : this.#entries.get(name);
    const why = entry === undefined
      ? "not available"
      : !entry.healthy
      ? "unhealthy"
      : "circuit open";
    return new AdapterError({
      code: ErrorCode.NO_BACKEND_AVAILABLE,
      message: `Backend "${name}" is ${why}`,
    });
  }

  #aborted(
    signal: AbortSignal | undefined,
    attempts: readonly Attempt[],
  ): RouterError {
    const base = abortedError(signal);
    return new RouterError({
      code: ErrorCode.ABORTED,
      message: base.message,
      cause: signal?.reason,
      attemptedBackends: attempts.map((a) => a.backend),
      errors: failuresOf(attempts),
    });
  }

  /** Availability + capability filter for automatic choices. */
  #usable(
    now: number,
    needs: Requirements | undefined,
  ): (entry: BackendEntry) => boolean {
    if (needs === undefined) return (e) => e.healthy && e.breaker.canAdmit(now);
    const ttl = this.#capabilityTtl;
    return (e) =>
      e.healthy && e.breaker.canAdmit(now) &&
      supports(e.capabilities(now, ttl), needs);
  }

  #select(
    request: IRChatRequest,
    streaming: boolean,
    peek: boolean,
  ): Plan | Promise<Plan> {
    if (this.#disposed) throw noBackend("Router is disposed");
    if (
      typeof request !== "object" || request === null ||
      !Array.isArray(request.messages)
    ) {
      throw new AdapterError({
        code: ErrorCode.INVALID_REQUEST,
        message: "request.messages must be an array",
      });
    }
    const now = this.#now();
    const named = request.metadata?.custom?.backend;
    if (named !== undefined) {
      if (typeof named !== "string") {
        throw routingFailed("request.metadata.custom.backend must be a string");
      }
      const entry = this.#entries.get(named);
      if (entry === undefined) {
        throw routingFailed(`Unknown backend "${named}"`);
      }
      if (this.#routing !== "custom") {
        return entry.isAvailable(now)
          ? { entry, reason: "explicit", requested: named }
          : {
            entry: undefined,
            reason: "explicit-unavailable",
            requested: named,
          };
      }
    }
    const needs = this.#capabilityRouting
      ? requirementsOf(
        request,
        streaming,
        this.#config.modelTranslation === undefined,
      )
      : undefined;
    const usable = this.#usable(now, needs);
    const order = this.#order;
    switch (this.#routing) {
      case "model-based": {
        const model = request.parameters?.model;
        if (typeof model === "string") {
          const name = lookup(this.#compiledMapping, model);
          const entry = name === undefined
            ? undefined
            : this.#entries.get(name);
          if (entry !== undefined && usable(entry)) {
            return { entry, reason: "model-mapping", requested: undefined };
          }
        }
        break;
      }
      case "latency-optimized": {
        if (!this.#trackLatency) break;
        const leader = this.#latencyLeader;
        if (leader !== undefined && this.#leaderPicks-- > 0 && usable(leader)) {
          return {
            entry: leader,
            reason: "lowest-latency",
            requested: undefined,
          };
        }
        const pick = pickByLatency(order, usable);
        this.#latencyLeader = pick?.untried === false ? pick.entry : undefined;
        this.#leaderPicks = LATENCY_RERANK_EVERY - 1;
        if (pick) {
          return {
            entry: pick.entry,
            reason: pick.untried ? "untried" : "lowest-latency",
            requested: undefined,
          };
        }
        break;
      }
      case "cost-optimized": {
        if (!this.#trackCost) break;
        const pick = pickByCost(order, usable);
        if (pick) {
          return {
            entry: pick.entry,
            reason: pick.untried ? "untried" : "lowest-cost",
            requested: undefined,
          };
        }
        break;
      }
      case "round-robin": {
        const i = pickRoundRobin(order, this.#cursor, usable);
        if (i >= 0) {
          if (!peek) this.#cursor = i + 1 === order.length ? 0 : i + 1;
          return {
            entry: order[i],
            reason: "round-robin",
            requested: undefined,
          };
        }
        break;
      }
      case "random": {
        const available = order.filter(usable);
        if (available.length > 0) {
          const r = this.#random();
          const i = Math.min(
            available.length - 1,
            Math.max(0, Math.floor(r * available.length)),
          );
          return {
            entry: available[i],
            reason: "random",
            requested: undefined,
          };
        }
        break;
      }
      case "custom":
        return this.#selectCustom(
          request,
          usable,
          typeof named === "string" ? named : undefined,
        );
    }
    return this.#fallthrough(usable, needs !== undefined);
  }

  async #selectCustom(
    request: IRChatRequest,
    usable: (e: BackendEntry) => boolean,
    preferred: string | undefined,
  ): Promise<Plan> {
    const available = this.#order.filter(usable).map((e) => e.name);
    const custom = request.metadata?.custom;
    const context: RoutingContext = {
      stats: this.getStats(),
      metadata: Object.freeze(
        typeof custom === "object" && custom !== null ? { ...custom } : {},
      ),
      ...(preferred !== undefined ? { preferredBackend: preferred } : {}),
    };
    let choice: unknown;
    try {
      choice = await this.#config.customRouter!(
        request,
        Object.freeze(available),
        context,
      );
    } catch (error) {
      throw routingFailed("customRouter threw", [], error);
    }
    if (choice === null || choice === undefined) {
      return this.#fallthrough(usable, this.#capabilityRouting);
    }
    if (typeof choice !== "string") {
      throw routingFailed(
        `customRouter returned a non-name: ${String(choice)}`,
      );
    }
    const entry = this.#entries.get(choice);
    if (entry === undefined) {
      throw routingFailed(`customRouter chose unknown backend "${choice}"`);
    }
    if (!usable(entry)) {
      throw routingFailed(`customRouter chose unavailable backend "${choice}"`);
    }
    return { entry, reason: "custom", requested: preferred };
  }

  #fallthrough(usable: (e: BackendEntry) => boolean, score: boolean): Plan {
    const byDefault = this.#defaultBackend === undefined
      ? undefined
      : this.#entries.get(this.#defaultBackend);
    if (byDefault !== undefined && usable(byDefault)) {
      return { entry: byDefault, reason: "default", requested: undefined };
    }
    if (score) {
      const best = pickByScore(this.#order.filter(usable), this.#weights);
      if (best !== undefined) {
        return { entry: best, reason: "best-score", requested: undefined };
      }
    } else {
      for (const entry of this.#order) {
        if (usable(entry)) {
          return { entry, reason: "first-available", requested: undefined };
        }
      }
    }
    throw this.#noBackendFor(undefined);
  }

  #translate(request: IRChatRequest, entry: BackendEntry): IRChatRequest {
    const translation = this.#config.modelTranslation;
    if (translation === undefined) return request;
    const from = request.parameters?.model;
    if (typeof from !== "string") return request;
    let to: string | undefined;
    const table = this.#translation?.get(entry.name);
    if (table !== undefined) to = lookup(table, from);
    if (to === undefined && (translation.strategy ?? "default") === "default") {
      const served = entry.adapter.metadata?.capabilities?.models;
      if (
        Array.isArray(served) && served.length > 0 && !served.includes(from)
      ) {
        to = translation.defaultModels?.[entry.name] ??
          entry.adapter.metadata?.defaultModel;
      }
    }
    if (to === undefined || to === from) return request;
    this.#warn(
      "model-substituted",
      `Model "${from}" replaced by "${to}" for backend "${entry.name}"`,
      {
        backend: entry.name,
        from,
        to,
      },
    );
    return { ...request, parameters: { ...request.parameters, model: to } };
  }

  /** One call to one backend; never rejects. */
  async #attempt(
    entry: BackendEntry,
    request: IRChatRequest,
    signal: AbortSignal | undefined,
  ): Promise<Attempt> {
    if (!entry.healthy || !entry.breaker.admit(this.#now())) {
      return {
        ok: false,
        kind: "unavailable",
        backend: entry.name,
        error: this.#unavailableError(entry.name),
        thrown: undefined,
        latencyMs: 0,
      };
    }
    entry.started++;
    const req = this.#translation === undefined
      ? request
      : this.#translate(request, entry);
    const cost = this.#trackCost ? this.#costOf(entry.adapter, req) : undefined;
    const start = this.#clock();
    let value: unknown;
    let threw = false;
    try {
      const pending = entry.adapter.execute(req, signal);
      value = signal === undefined
        ? await pending
        : await raceAbort(Promise.resolve(pending), signal);
    } catch (thrown) {
      threw = true;
      value = thrown;
    }
    return this.#outcome(
      entry,
      signal,
      threw,
      value,
      this.#clock() - start,
      cost,
    );
  }

  /** Classifies and records what one admitted call produced. */
  #outcome(
    entry: BackendEntry,
    signal: AbortSignal | undefined,
    threw: boolean,
    value: unknown,
    latencyMs: number,
    cost: Promise<number | null> | undefined,
  ): Attempt {
    if (threw) {
      if (signal?.aborted && signal.reason !== TIMEOUT_REASON) {
        entry.breaker.onAbort();
        return {
          ok: false,
          kind: "aborted",
          backend: entry.name,
          error: abortedError(signal),
          thrown: value,
          latencyMs,
        };
      }
      const error = toAdapterError(
        signal?.aborted ? TIMEOUT_REASON : value,
        entry.adapter.metadata?.provider,
      );
      this.#recordFailure(entry);
      return {
        ok: false,
        kind: "failed",
        backend: entry.name,
        error,
        thrown: value,
        latencyMs,
      };
    }
    if (!isValidResponse(value)) {
      const error = invalidResponse(
        entry.name,
        "returned a malformed response",
      );
      this.#recordFailure(entry);
      return {
        ok: false,
        kind: "failed",
        backend: entry.name,
        error,
        thrown: error,
        latencyMs,
      };
    }
    this.#recordSuccess(entry, latencyMs);
    if (cost !== undefined) cost.then((c) => this.#recordCost(entry, c));
    return { ok: true, backend: entry.name, response: value, latencyMs };
  }

  #costOf(
    adapter: BackendAdapter,
    request: IRChatRequest,
  ): Promise<number | null> | undefined {
    if (typeof adapter.estimateCost !== "function") return undefined;
    try {
      return Promise.resolve(adapter.estimateCost!(request)).catch(() => null);
    } catch {
      return Promise.resolve(null);
    }
  }

  #recordCost(entry: BackendEntry, cost: number | null): void {
    if (typeof cost === "number" && Number.isFinite(cost)) {
      entry.stats.costTotal += cost;
      entry.stats.costSamples++;
    }
  }

  #recordSuccess(entry: BackendEntry, latencyMs: number): void {
    const stats = entry.stats;
    stats.total++;
    stats.ok++;
    if (this.#trackLatency) stats.latency.add(latencyMs);
    entry.breaker.onSuccess();
  }

  #recordFailure(entry: BackendEntry): void {
    entry.stats.total++;
    entry.stats.failed++;
    entry.breaker.onFailure(this.#now());
  }

  #trace(
    plan: Plan,
    attempts: readonly Attempt[],
    backend: string,
  ): RoutingTrace {
    const trace: {
      backend: string;
      strategy: RoutingStrategy;
      reason: RoutingReason;
      requestedBackend?: string;
      attempts: RoutingAttempt[];
      fallbacks: number;
    } = {
      backend,
      strategy: this.#routing,
      reason: plan.reason,
      attempts: attempts.map(record),
      fallbacks: attempts.filter((a) => a.backend !== plan.entry?.name).length,
    };
    if (plan.requested !== undefined) trace.requestedBackend = plan.requested;
    return trace;
  }

  #respond(
    winner: Attempt & { ok: true },
    plan: Plan,
    attempts: readonly Attempt[],
  ): IRChatResponse {
    const response = winner.response;
    return {
      ...response,
      metadata: {
        ...response.metadata,
        routing: this.#trace(plan, attempts, winner.backend),
      },
    };
  }

  #allFailed(plan: Plan, attempts: readonly Attempt[]): RouterError {
    const failures = failuresOf(attempts);
    if (failures.length === 0) {
      return this.#noBackendFor(plan.entry?.name ?? plan.requested);
    }
    const attempted = failures.map((f) => f.backend);
    return new RouterError({
      code: ErrorCode.ALL_BACKENDS_FAILED,
      message: `All backends failed: ${
        failures.map((f) =>
          `${f.backend} (${f.error.code}: ${f.error.message})`
        ).join("; ")
      }`,
      attemptedBackends: attempted,
      errors: failures,
      cause: failures[failures.length - 1].error,
      details: {
        routing: this.#trace(plan, attempts, attempted[attempted.length - 1]),
      },
    });
  }

  #fallbackCandidates(primary: string | undefined): BackendEntry[] {
    const out: BackendEntry[] = [];
    if (this.#chain.length > 0) {
      for (const name of this.#chain) {
        const entry = this.#entries.get(name);
        if (entry !== undefined && name !== primary) out.push(entry);
      }
    } else {
      for (const entry of this.#order) {
        if (entry.name !== primary) out.push(entry);
      }
    }
    return out;
  }

  #fallbackState(
    request: IRChatRequest,
    primary: string | undefined,
    failed: string | undefined,
    error: AdapterError,
    streaming = false,
  ): FallbackState {
    return {
      request,
      primary,
      candidates: this.#fallbackCandidates(primary),
      attempted: failed === undefined ? [] : [failed],
      needs: this.#capabilityRouting
        ? requirementsOf(
          request,
          streaming,
          this.#config.modelTranslation === undefined,
        )
        : undefined,
      pos: 0,
      lastFailed: primary ?? "",
      lastError: error,
    };
  }

  /** Next backend to try, or undefined to stop. */
  async #nextFallback(state: FallbackState): Promise<BackendEntry | undefined> {
    const usable = this.#usable(this.#now(), state.needs);
    if (this.#fallback !== "custom") {
      while (state.pos < state.candidates.length) {
        const entry = state.candidates[state.pos++];
        if (
          this.#entries.get(entry.name) === entry &&
          !state.attempted.includes(entry.name) && usable(entry)
        ) {
          return entry;
        }
      }
      return undefined;
    }
    const available = this.#order.filter(usable).map((e) => e.name);
    let choice: unknown;
    try {
      choice = await this.#config.customFallback!(
        state.request,
        state.lastFailed,
        state.lastError,
        Object.freeze([...state.attempted]),
        Object.freeze(available),
      );
    } catch (error) {
      throw routingFailed("customFallback threw", state.attempted, error);
    }
    if (choice === null || choice === undefined) return undefined;
    if (typeof choice !== "string") {
      throw routingFailed(
        `customFallback returned a non-name: ${String(choice)}`,
        state.attempted,
      );
    }
    const entry = this.#entries.get(choice);
    if (entry === undefined) {
      throw routingFailed(
        `customFallback chose unknown backend "${choice}"`,
        state.attempted,
      );
    }
    if (state.attempted.includes(choice) || choice === state.primary) {
      throw routingFailed(
        `customFallback chose already attempted backend "${choice}"`,
        state.attempted,
      );
    }
    if (!usable(entry)) {
      throw routingFailed(
        `customFallback chose unavailable backend "${choice}"`,
        state.attempted,
      );
    }
    return entry;
  }

  async #sequentialFallback(
    state: FallbackState,
    plan: Plan,
    attempts: Attempt[],
    signal: AbortSignal | undefined,
  ): Promise<IRChatResponse> {
    for (;;) {
      if (signal?.aborted) throw this.#aborted(signal, attempts);
      const entry = await this.#nextFallback(state);
      if (entry === undefined) break;
      this.#fallbacks++;
      const attempt = await this.#attempt(entry, state.request, signal);
      if (attempt.ok) {
        attempts.push(attempt);
        return this.#respond(attempt, plan, attempts);
      }
      if (attempt.kind === "aborted") {
        attempts.push(attempt);
        throw this.#aborted(signal, attempts);
      }
      // An unavailable entry lost a half-open race: skip it, but never retry it.
      state.attempted.push(entry.name);
      if (attempt.kind === "unavailable") {
        this.#fallbacks--;
        continue;
      }
      attempts.push(attempt);
      state.lastFailed = entry.name;
      state.lastError = attempt.error;
    }
    throw this.#allFailed(plan, attempts);
  }

  async #parallelFallback(
    state: FallbackState,
    plan: Plan,
    attempts: Attempt[],
    signal: AbortSignal | undefined,
  ): Promise<IRChatResponse> {
    const usable = this.#usable(this.#now(), state.needs);
    const targets = state.candidates.filter((e) =>
      !state.attempted.includes(e.name) && usable(e)
    );
    if (targets.length === 0) throw this.#allFailed(plan, attempts);
    this.#fallbacks += targets.length;
    const start = this.#clock();
    const run = await runParallel(
      targets.length,
      (i, s) => this.#attempt(targets[i], state.request, s),
      {
        parent: signal,
        stopOnSuccess: true,
        cancelLosers: true,
      },
    );
    const cancelledAfter = this.#clock() - start;
    run.outcomes.forEach((outcome, i) => {
      if (
        outcome !== undefined && (outcome.ok || outcome.kind !== "unavailable")
      ) attempts.push(outcome);
      else if (outcome === undefined) {
        attempts.push({
          ok: false,
          kind: "aborted",
          backend: targets[i].name,
          error: new AdapterError({
            code: ErrorCode.ABORTED,
            message: "Cancelled: another backend answered first",
          }),
          thrown: undefined,
          latencyMs: cancelledAfter,
        });
      }
    });
    if (run.winner >= 0) {
      return this.#respond(
        run.outcomes[run.winner] as Attempt & { ok: true },
        plan,
        attempts,
      );
    }
    if (signal?.aborted) throw this.#aborted(signal, attempts);
    throw this.#allFailed(plan, attempts);
  }

  async #dispatch(
    request: IRChatRequest,
    options: ParallelDispatchOptions,
  ): Promise<ParallelDispatchResult> {
    if (this.#disposed) throw noBackend("Router is disposed");
    const strategy = options.strategy ?? "first";
    if (!PARALLEL.has(strategy)) {
      throw routingFailed(`Unknown parallel strategy "${strategy}"`);
    }
    if (
      strategy === "custom" && typeof options.customAggregator !== "function"
    ) {
      throw routingFailed(
        'Parallel strategy "custom" needs options.customAggregator',
      );
    }
    if (
      options.timeout !== undefined &&
      (typeof options.timeout !== "number" || !(options.timeout >= 0))
    ) {
      throw routingFailed(
        "options.timeout must be a non-negative number of milliseconds",
      );
    }
    const now = this.#now();
    const usable = this.#usable(now, undefined);
    const targets: BackendEntry[] = [];
    const unavailable: BackendFailure[] = [];
    if (options.backends !== undefined) {
      for (const name of new Set(options.backends)) {
        const entry = this.#entries.get(name);
        if (entry === undefined) {
          throw routingFailed(`Unknown backend "${name}"`);
        }
        if (usable(entry)) targets.push(entry);
        else {unavailable.push({
            backend: name,
            error: this.#unavailableError(name),
          });}
      }
    } else {
      for (const entry of this.#order) if (usable(entry)) targets.push(entry);
    }
    if (targets.length === 0) {
      throw new RouterError({
        code: ErrorCode.NO_BACKEND_AVAILABLE,
        message: "No backend is available for parallel dispatch",
        attemptedBackends: [],
        errors: unavailable,
      });
    }
    const controller = new AbortController();
    const unlinkCaller = linkSignal(options.signal, controller);
    const unlinkLifetime = linkSignal(this.#lifetime.signal, controller);
    const stopOnSuccess = strategy === "first" || strategy === "fastest";
    const start = this.#clock();
    let run;
    try {
      run = await runParallel(
        targets.length,
        (i, s) => this.#attempt(targets[i], request, s),
        {
          parent: controller.signal,
          timeoutMs: options.timeout,
          stopOnSuccess,
          cancelLosers: stopOnSuccess && (options.cancelOnFirstSuccess ?? true),
        },
      );
    } finally {
      unlinkCaller();
      unlinkLifetime();
    }
    const totalTimeMs = this.#clock() - start;
    const successes: ParallelResponse[] = [];
    const failedBackends: BackendFailure[] = [...unavailable];
    const attempted: Attempt[] = [];
    for (const outcome of run.outcomes) {
      if (outcome === undefined) continue;
      attempted.push(outcome);
      if (outcome.ok) {
        successes.push({
          backend: outcome.backend,
          response: outcome.response,
          latencyMs: outcome.latencyMs,
        });
      } else if (outcome.kind === "failed") {
        failedBackends.push({ backend: outcome.backend, error: outcome.error });
      }
    }
    if (successes.length === 0 && controller.signal.aborted) {
      // The caller's signal or dispose(); a timeout aborts the attempts, not the controller.
      throw this.#aborted(controller.signal, attempted);
    }
    if (successes.length === 0) {
      throw new RouterError({
        code: ErrorCode.ALL_BACKENDS_FAILED,
        message: `All ${targets.length} backends failed in parallel dispatch`,
        attemptedBackends: targets.map((t) => t.name),
        errors: failedBackends,
        details: { failedBackends },
      });
    }
    let response: IRChatResponse;
    if (run.winner >= 0) {
      response = (run.outcomes[run.winner] as Attempt & { ok: true }).response;
    } else if (strategy === "custom") {
      try {
        response = options.customAggregator!(Object.freeze(successes));
      } catch (error) {
        throw new RouterError({
          code: ErrorCode.UNKNOWN,
          message: "customAggregator threw",
          attemptedBackends: targets.map((t) => t.name),
          cause: error,
        });
      }
    } else {
      response = successes[0].response;
    }
    return Object.freeze({
      response,
      allResponses: Object.freeze(successes),
      successfulBackends: Object.freeze(successes.map((s) => s.backend)),
      failedBackends: Object.freeze(failedBackends),
      totalTimeMs,
    });
  }

  // ------------------------------------------------------------------ stream

  async *#stream(
    request: IRChatRequest,
    signal: AbortSignal | undefined,
  ): IRChatStream {
    let seq = 0;
    let settled = false;
    const settle = (ok: boolean): void => {
      if (settled) return;
      settled = true;
      this.#total++;
      if (ok) this.#ok++;
      else this.#failed++;
    };
    const gate = signal === undefined ? undefined : new AbortGate(signal);
    const attempts: Attempt[] = [];
    // The attempt in progress, so `finally` can release it if the consumer stops early.
    let live: BackendEntry | undefined;
    let iterator: AsyncIterator<IRStreamChunk> | undefined;
    try {
      if (signal?.aborted) {
        yield errorChunk(this.#aborted(signal, []), seq++);
        return;
      }
      let plan: Plan;
      try {
        const selected = this.#select(request, true, false);
        plan = selected instanceof Promise ? await selected : selected;
      } catch (error) {
        yield errorChunk(toAdapterError(error), seq++);
        return;
      }
      let entry = plan.entry;
      const primary = entry?.name ?? plan.requested;
      const state = this.#fallbackState(
        request,
        primary,
        undefined,
        this.#unavailableError(primary),
        true,
      );
      if (entry === undefined) {
        if (this.#fallback === "none") {
          yield errorChunk(this.#noBackendFor(plan.requested), seq++);
          return;
        }
        entry = await this.#nextFallback(state);
        if (entry !== undefined) this.#fallbacks++;
      }
      while (entry !== undefined) {
        // One attempt, inlined (a nested generator would cost a hop per chunk).
        let failure: AdapterError | undefined;
        if (!entry.healthy || !entry.breaker.admit(this.#now())) {
          // Lost a half-open race: not an attempt.
          if (entry !== plan.entry) this.#fallbacks--;
          if (this.#fallback === "none") {
            yield errorChunk(this.#noBackendFor(entry.name), seq++);
            return;
          }
        } else {
          entry.started++;
          live = entry;
          const provider = entry.adapter.metadata?.provider;
          const req = this.#translation === undefined
            ? request
            : this.#translate(request, entry);
          const start = this.#clock();
          const held: IRStreamChunk[] = [];
          let committed = false;
          try {
            iterator = entry.adapter.executeStream(req, signal);
            for (;;) {
              const step = gate === undefined
                ? await iterator.next()
                : await gate.next(iterator);
              const chunk: unknown = step.done ? undefined : step.value;
              if (step.done || !isChunk(chunk)) {
                failure = invalidResponse(
                  entry.name,
                  step.done
                    ? "ended its stream without a done chunk"
                    : "yielded a malformed stream chunk",
                );
                break;
              }
              if (chunk.type === "error") {
                failure = errorFromChunk(chunk, provider);
                if (committed) {
                  this.#streamFailed(entry, failure, start, attempts);
                  live = undefined;
                  yield { ...chunk, sequence: seq++ };
                  return;
                }
                break;
              }
              if (chunk.type === "done") {
                const latencyMs = this.#clock() - start;
                live = undefined;
                this.#recordSuccess(entry, latencyMs);
                attempts.push({
                  ok: true,
                  backend: entry.name,
                  response: EMPTY_RESPONSE,
                  latencyMs,
                });
                settle(true);
                for (const h of held) yield { ...h, sequence: seq++ };
                yield {
                  ...chunk,
                  sequence: seq++,
                  metadata: {
                    ...chunk.metadata,
                    routing: this.#trace(plan, attempts, entry.name),
                  },
                };
                return;
              }
              if (!committed) {
                if (!isCommitting(chunk)) {
                  held.push(chunk);
                  continue;
                }
                committed = true;
                for (const h of held) yield { ...h, sequence: seq++ };
                held.length = 0;
              }
              yield { ...chunk, sequence: seq++ };
            }
          } catch (thrown) {
            if (thrown === STREAM_ABORTED || signal?.aborted) {
              live = undefined;
              entry.breaker.onAbort();
              attempts.push({
                ok: false,
                kind: "aborted",
                backend: entry.name,
                error: abortedError(signal),
                thrown,
                latencyMs: this.#clock() - start,
              });
              yield errorChunk(this.#aborted(signal, attempts), seq++);
              return;
            }
            failure = toAdapterError(thrown, provider);
          } finally {
            releaseIterator(iterator);
            iterator = undefined;
          }
          // failure is set: every other way out of the loop returned.
          this.#streamFailed(entry, failure!, start, attempts);
          live = undefined;
          if (committed) {
            yield errorChunk(failure!, seq++);
            return;
          }
          if (this.#fallback === "none") {
            yield errorChunk(failure!, seq++);
            return;
          }
          state.lastFailed = entry.name;
          state.lastError = failure!;
        }
        state.attempted.push(entry.name);
        if (signal?.aborted) {
          yield errorChunk(this.#aborted(signal, attempts), seq++);
          return;
        }
        entry = await this.#nextFallback(state);
        if (entry !== undefined) this.#fallbacks++;
      }
      yield errorChunk(this.#allFailed(plan, attempts), seq++);
    } catch (error) {
      yield errorChunk(toAdapterError(error), seq++);
    } finally {
      // The consumer stopped early (or an abort): not a backend failure.
      live?.breaker.onAbort();
      releaseIterator(iterator);
      gate?.close();
      settle(false);
    }
  }

  #streamFailed(
    entry: BackendEntry,
    error: AdapterError,
    start: number,
    attempts: Attempt[],
  ): void {
    this.#recordFailure(entry);
    attempts.push({
      ok: false,
      kind: "failed",
      backend: entry.name,
      error,
      thrown: error,
      latencyMs: this.#clock() - start,
    });
  }

  // ------------------------------------------------------------------ health

  #probeAll(background: boolean): Promise<Record<string, boolean>> {
    const entries = this.#order.slice();
    return Promise.all(entries.map((e) => this.#probe(e, background))).then(
      (results) => {
        const out: Record<string, boolean> = {};
        entries.forEach((e, i) => (out[e.name] = results[i]));
        return out;
      },
    );
  }

  #probe(entry: BackendEntry, background: boolean): Promise<boolean> {
    if (entry.healthProbe !== undefined) return entry.healthProbe;
    const probe = this.#runProbe(entry, background).finally(() => {
      if (entry.healthProbe === probe) entry.healthProbe = undefined;
    });
    entry.healthProbe = probe;
    return probe;
  }

  async #runProbe(entry: BackendEntry, background: boolean): Promise<boolean> {
    const adapter = entry.adapter;
    let healthy = true;
    if (typeof adapter.healthCheck === "function") {
      const controller = new AbortController();
      const unlink = linkSignal(this.#lifetime.signal, controller);
      const abortOnTimeout = (): void => controller.abort(TIMEOUT_REASON);
      const timer = background
        ? unrefTimeout(abortOnTimeout, this.#healthTimeout)
        : setTimeout(abortOnTimeout, this.#healthTimeout);
      try {
        const check = Promise.resolve().then(() =>
          adapter.healthCheck!(controller.signal)
        );
        healthy = (await raceAbort(check, controller.signal)) !== false;
      } catch {
        healthy = false;
      } finally {
        clearTimeout(timer);
        unlink();
      }
    }
    if (
      !this.#disposed && this.#entries.get(entry.name) === entry &&
      entry.adapter === adapter
    ) {
      entry.healthy = healthy;
      entry.lastHealthCheck = this.#now();
    }
    return healthy;
  }

  #scheduleHealth(): void {
    if (this.#disposed || this.#healthInterval <= 0) return;
    this.#healthTimer = unrefTimeout(() => {
      this.#healthTimer = undefined;
      this.#probeAll(true).then(ignore, ignore).finally(() =>
        this.#scheduleHealth()
      );
    }, this.#healthInterval);
  }

  #info(entry: BackendEntry, now: number): BackendInfo {
    const info: {
      name: string;
      adapter: BackendAdapter;
      metadata: AdapterMetadata;
      isHealthy: boolean;
      lastHealthCheck?: number;
      circuitBreakerState: CircuitBreakerState;
      consecutiveFailures: number;
      stats: BackendStats;
    } = {
      name: entry.name,
      adapter: entry.adapter,
      metadata: entry.adapter.metadata,
      isHealthy: entry.healthy,
      circuitBreakerState: entry.breaker.state(now),
      consecutiveFailures: entry.breaker.consecutiveFailures,
      stats: this.#backendStats(entry),
    };
    if (entry.lastHealthCheck !== undefined) {
      info.lastHealthCheck = entry.lastHealthCheck;
    }
    return Object.freeze(info);
  }

  #backendStats(entry: BackendEntry): BackendStats {
    const s = entry.stats;
    const window = s.latency;
    const stats: {
      totalRequests: number;
      successfulRequests: number;
      failedRequests: number;
      successRate: number;
      averageLatencyMs: number;
      p50LatencyMs: number;
      p95LatencyMs: number;
      p99LatencyMs: number;
      totalCost?: number;
      averageCost?: number;
    } = {
      totalRequests: s.total,
      successfulRequests: s.ok,
      failedRequests: s.failed,
      successRate: s.total === 0 ? 100 : (s.ok / s.total) * 100,
      averageLatencyMs: window.size === 0 ? 0 : window.mean(),
      p50LatencyMs: window.percentile(50),
      p95LatencyMs: window.percentile(95),
      p99LatencyMs: window.percentile(99),
    };
    if (this.#trackCost) {
      stats.totalCost = s.costTotal;
      stats.averageCost = s.costSamples === 0 ? 0 : s.costTotal / s.costSamples;
    }
    return Object.freeze(stats);
  }
}

const EMPTY_RESPONSE: IRChatResponse = Object.freeze({
  message: { role: "assistant", content: "" },
  finishReason: "stop",
  metadata: {},
}) as IRChatResponse;

/**
 * Creates a {@linkcode Router}; the same as `new Router(config)`.
 *
 * @param config Optional configuration.
 * @returns The Router.
 *
 * @example Explicit routing with a default backend
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/models";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const router = createRouter({ defaultBackend: "main" })
 *   .register("main", createEchoAdapter())
 *   .register("other", createEchoAdapter());
 * const response = await router.execute({ messages: [{ role: "user", content: "hi" }] });
 * console.log((response.metadata.routing as { backend: string }).backend); // "main"
 * router.dispose();
 * ```
 */
export function createRouter(config?: RouterConfig): Router {
  return new Router(config);
}
