/**
 * The multi-backend model router: routing strategies, fallback, circuit
 * breakers, health checks, statistics, streaming and parallel dispatch.
 *
 * The decisions the specification leaves open are listed in the module docs
 * of `@switchyard/switchyard/models` (`mod.ts`), the page users read.
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
  AdapterMetadata,
  BackendAdapter,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRStreamChunk,
  IRStreamDoneChunk,
  IRStreamErrorChunk,
} from "./types.ts";
import type { RouterConfig, RoutingContext } from "./config.ts";
import type {
  ParallelDispatchOptions,
  ParallelDispatchResult,
} from "./parallel.ts";
import type { BackendInfo, BackendStats, RouterStats } from "./stats.ts";
import type { RoutingTrace } from "./trace.ts";
import {
  type Attempt,
  attempt,
  type AttemptContext,
  Call,
  startCall,
  type Success,
} from "./_attempt.ts";
import { resolveSettings, type Settings } from "./_config.ts";
import {
  abortedRouterError,
  allFailedError,
  failuresOf,
  noBackend,
  noBackendFor,
  routingFailed,
  unavailableError,
} from "./_failures.ts";
import {
  fallbackCandidates,
  type FallbackState,
  nextCandidate,
  raceCandidates,
} from "./_fallback.ts";
import { probeAdapter } from "./_health.ts";
import { Lifetime } from "./_lifetime.ts";
import {
  appendRace,
  chooseResponse,
  dispatchFailed,
  dispatchResult,
  dispatchStrategy,
  runParallel,
  sortOutcomes,
} from "./_parallel.ts";
import {
  assertAdapter,
  assertChain,
  assertMapping,
  removeFromOrder,
  routerMetadata,
} from "./_registry.ts";
import {
  askHook,
  assertRequest,
  explicitPlan,
  fallthrough,
  LatencyRanking,
  namedBackend,
  pickByModel,
  pickCheapest,
  pickRandom,
  type Plan,
} from "./_select.ts";
import { BackendEntry } from "./_state.ts";
import {
  backendInfoOf,
  backendStatsOf,
  RouterCounters,
  routerStatsOf,
} from "./_stats.ts";
import {
  type CompiledPatterns,
  compilePatterns,
  type EntryFilter,
  pickRoundRobin,
  type Requirements,
  requirementsOf,
  usableFilter,
} from "./_strategies.ts";
import { StreamRun, Verdict } from "./_stream.ts";
import { type Admitted, raceStreams } from "./_stream_race.ts";
import { REFUSED } from "./_breaker.ts";
import { tracedResponse, traceOf } from "./_trace.ts";
import { substitution } from "./_translate.ts";
import {
  ignore,
  linkSignal,
  raceAbort,
  toAdapterError,
  unrefTimeout,
} from "./_util.ts";

/** Where a stream starts: its plan, fallback state and first backend. */
interface StreamRoute {
  readonly plan: Plan;
  readonly state: FallbackState;
  readonly entry: BackendEntry | undefined;
  /** The winning step when a parallel fallback chose `entry`. */
  readonly first: IteratorResult<IRStreamChunk> | undefined;
}

export type * from "./config.ts";
export type * from "./parallel.ts";
export type * from "./stats.ts";
export type * from "./trace.ts";

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
  readonly #settings: Settings;
  /** What every attempt reads from this Router (built once: it is per call). */
  readonly #context: AttemptContext;

  #defaultBackend: string | undefined;
  readonly #entries = new Map<string, BackendEntry>();
  #order: BackendEntry[] = [];
  /** round-robin position; availability changes never reset it. */
  #cursor = 0;
  #chain: readonly string[] = [];
  #mapping: Readonly<Record<string, string>> = Object.freeze({});
  #compiledMapping: CompiledPatterns = compilePatterns({});
  readonly #latency = new LatencyRanking();
  /** Set while clone() rebuilds a registry, which is no routing change. */
  #silent = false;
  readonly #counters: RouterCounters;

  #disposed = false;
  /** Aborted by dispose(); every call's adapter signal derives from it. */
  readonly #lifetime = new Lifetime();
  #healthTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Creates a Router; backends are added afterwards with {@linkcode Router.register}.
   *
   * @param config Optional configuration; see {@linkcode RouterConfig} for defaults.
   */
  constructor(config: RouterConfig = {}) {
    const settings = resolveSettings(config);
    this.#config = Object.freeze({ ...config });
    this.#settings = settings;
    this.#context = {
      now: settings.now,
      clock: settings.clock,
      trackLatency: settings.trackLatency,
      trackCost: settings.trackCost,
      translate: settings.translation === undefined
        ? undefined
        : (request, entry) => this.#translate(request, entry),
      unavailable: (name) => this.#unavailableError(name),
      lifetime: this.#lifetime,
    };
    this.#defaultBackend = config.defaultBackend;
    this.#counters = new RouterCounters(settings.now());
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
    return routerMetadata(this.#order);
  }

  /**
   * The configuration as given (with `defaultBackend` as it is now).
   * Defaults are not filled in: an omitted field reads `undefined` and means
   * the default documented on {@linkcode RouterConfig} (pinned by
   * tests/models/config_defaults_test.ts), so `clone()` keeps inheriting
   * defaults rather than freezing today's values.
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
    assertAdapter(name, adapter);
    if (this.#entries.has(name)) {
      throw routingFailed(
        `Backend "${name}" is already registered; use replace()`,
      );
    }
    const entry = new BackendEntry(
      name,
      adapter,
      this.#order.length,
      this.#settings.breaker,
    );
    this.#order.push(entry);
    this.#entries.set(name, entry);
    this.#latency.invalidate();
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
    assertAdapter(name, adapter);
    const entry = this.#entries.get(name);
    if (entry === undefined) {
      throw routingFailed(
        `Backend "${name}" is not registered; use register()`,
      );
    }
    entry.swap(adapter);
    this.#latency.invalidate();
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
    removeFromOrder(this.#order, entry);
    this.#latency.invalidate();
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
    assertChain(names, this.#entries);
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
    assertMapping(mapping, this.#entries);
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
    if (this.#settings.fallback === "none") {
      throw this.#noBackendFor(plan.requested);
    }
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
    // The adapters' signal: dispose() aborts it, and the caller's too.
    const link = this.#lifetime.callSignal(signal);
    try {
      if (signal?.aborted) throw abortedRouterError(signal, []);
      let plan = this.#select(request, false, false);
      if (plan instanceof Promise) plan = await plan;
      let first = plan.entry === undefined
        ? undefined
        : startCall(plan.entry, request, link.signal, this.#context);
      if (first instanceof Call) {
        const call = first;
        let value: unknown;
        let threw = false;
        try {
          value = await call.pending;
        } catch (thrown) {
          threw = true;
          value = thrown;
        }
        first = call.end(threw, value);
      }
      const response = first?.ok
        ? this.#respond(first, plan, [first])
        : await this.#fallBack(request, plan, first, link.signal);
      this.#counters.settle(true);
      return response;
    } catch (error) {
      this.#counters.settle(false);
      throw error;
    } finally {
      link.unlink();
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
    this.#counters.parallel++;
    let ok = false;
    try {
      const result = await this.#dispatch(request, options);
      ok = true;
      return result;
    } finally {
      this.#counters.settle(ok);
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
      return await this.#probe(this.#require(name), false);
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
    const now = this.#settings.now();
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
    const now = this.#settings.now();
    if (name !== undefined) {
      const entry = this.#entries.get(name);
      return entry === undefined
        ? undefined
        : backendInfoOf(entry, now, this.#settings.trackCost);
    }
    return this.#order.map((e) =>
      backendInfoOf(e, now, this.#settings.trackCost)
    );
  }

  // ----------------------------------------------------------------- breaker

  /**
   * Forces a backend's breaker open. With a timeout it moves to half-open
   * once that many ms have passed; without one it stays open until
   * {@linkcode Router.closeCircuitBreaker} or {@linkcode Router.resetCircuitBreaker}.
   *
   * @param name A registered name.
   * @param timeout Optional ms until half-open (`Infinity` or omitted: until
   *   closed or reset).
   * @throws {AdapterError} `ROUTING_FAILED` for an unknown name, or a timeout
   *   that is NaN, negative or not a number.
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
    const entry = this.#require(name);
    // NaN used to open the breaker forever, a negative value not at all.
    if (
      timeout !== undefined && (typeof timeout !== "number" || !(timeout >= 0))
    ) {
      throw routingFailed(
        `openCircuitBreaker timeout must be a non-negative number of milliseconds, got ${
          String(timeout)
        }`,
      );
    }
    entry.breaker.forceOpen(this.#settings.now(), timeout);
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
    return this.#entries.get(name)?.breaker.state(this.#settings.now()) ===
      "open";
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
    const trackCost = this.#settings.trackCost;
    return routerStatsOf(this.#counters, this.#order, trackCost);
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
    for (const entry of this.#order) entry.stats.reset();
    this.#counters.reset(this.#settings.now());
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
    return entry === undefined
      ? undefined
      : backendStatsOf(entry.stats, this.#settings.trackCost);
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
   * Stops background health checks, aborts every call in flight and clears
   * the registry. In-flight `execute` and `dispatchParallel` calls reject with
   * a `RouterError` coded `ABORTED` ("Router disposed"), streams end with that
   * error chunk, and health probes answer unhealthy — at once, even when an
   * adapter ignores its abort signal (the signal the adapter was given is
   * aborted too). Calls made afterwards fail with `NO_BACKEND_AVAILABLE`
   * (streams with that error chunk) and `register` with `ROUTING_FAILED`.
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
    // Settles every call in flight, even against adapters that ignore it.
    this.#lifetime.end(
      new AdapterError({
        code: ErrorCode.ABORTED,
        message: "Router disposed",
      }),
    );
    this.#entries.clear();
    this.#order = [];
    this.#chain = Object.freeze([]);
    this.#cursor = 0;
    this.#latency.invalidate();
  }

  // ================================================================ private

  #assertLive(): void {
    if (this.#disposed) throw routingFailed("Router is disposed");
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

  #noBackendFor(requested: string | undefined): AdapterError {
    return noBackendFor(requested, this.#disposed);
  }

  #unavailableError(name: string | undefined): AdapterError {
    const entry = name === undefined ? undefined : this.#entries.get(name);
    return unavailableError(name, entry);
  }

  /** What capability routing requires of a backend for this request. */
  #needs(
    request: IRChatRequest,
    streaming: boolean,
  ): Requirements | undefined {
    if (!this.#settings.capabilityRouting) return undefined;
    const checkModel = this.#settings.translation === undefined;
    return requirementsOf(request, streaming, checkModel);
  }

  #usable(needs: Requirements | undefined): EntryFilter {
    const now = this.#settings.now();
    return usableFilter(now, needs, this.#settings.capabilityTtl);
  }

  // ---------------------------------------------------------------- selection

  /** The first backend to try; a Promise only for the custom strategy. */
  #select(
    request: IRChatRequest,
    streaming: boolean,
    peek: boolean,
  ): Plan | Promise<Plan> {
    if (this.#disposed) throw noBackend("Router is disposed");
    assertRequest(request);
    const now = this.#settings.now();
    const named = namedBackend(request);
    const routing = this.#settings.routing;
    if (named !== undefined) {
      const entry = this.#require(named);
      if (routing !== "custom") return explicitPlan(entry, now);
    }
    const needs = this.#needs(request, streaming);
    const usable = usableFilter(now, needs, this.#settings.capabilityTtl);
    const order = this.#order;
    let plan: Plan | undefined;
    // One switch here, not a helper: this is every request's path.
    switch (routing) {
      case "custom":
        return this.#selectCustom(request, usable, named);
      case "round-robin":
        plan = this.#pickRoundRobin(usable, peek);
        break;
      case "latency-optimized":
        if (this.#settings.trackLatency) {
          plan = this.#latency.pick(order, usable);
        }
        break;
      case "cost-optimized":
        if (this.#settings.trackCost) plan = pickCheapest(order, usable);
        break;
      case "model-based":
        plan = pickByModel(
          this.#compiledMapping,
          this.#entries,
          request,
          usable,
        );
        break;
      case "random":
        plan = pickRandom(order, usable, this.#settings.random);
    }
    return plan ?? this.#fallthrough(usable, needs !== undefined);
  }

  #pickRoundRobin(usable: EntryFilter, peek: boolean): Plan | undefined {
    const order = this.#order;
    const i = pickRoundRobin(order, this.#cursor, usable);
    if (i < 0) return undefined;
    if (!peek) this.#cursor = i + 1 === order.length ? 0 : i + 1;
    return { entry: order[i], reason: "round-robin", requested: undefined };
  }

  async #selectCustom(
    request: IRChatRequest,
    usable: EntryFilter,
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
    const entry = await askHook(
      () =>
        this.#config.customRouter!(request, Object.freeze(available), context),
      { hook: "customRouter", entries: this.#entries, usable, attempted: [] },
    );
    if (entry === undefined) {
      return this.#fallthrough(usable, this.#settings.capabilityRouting);
    }
    return { entry, reason: "custom", requested: preferred };
  }

  #fallthrough(usable: EntryFilter, score: boolean): Plan {
    const name = this.#defaultBackend;
    const plan = fallthrough(
      name === undefined ? undefined : this.#entries.get(name),
      this.#order,
      usable,
      score ? this.#settings.weights : undefined,
    );
    if (plan === undefined) throw this.#noBackendFor(undefined);
    return plan;
  }

  #translate(request: IRChatRequest, entry: BackendEntry): IRChatRequest {
    const translation = this.#settings.translation;
    if (translation === undefined) return request;
    const change = substitution(translation, request, entry);
    if (change === undefined) return request;
    const { from, to } = change;
    this.#warn(
      "model-substituted",
      `Model "${from}" replaced by "${to}" for backend "${entry.name}"`,
      { backend: entry.name, from, to },
    );
    return { ...request, parameters: { ...request.parameters, model: to } };
  }

  // ----------------------------------------------------------------- execute

  #trace(
    plan: Plan,
    attempts: readonly Attempt[],
    backend: string,
  ): RoutingTrace {
    return traceOf(this.#settings.routing, plan, attempts, backend);
  }

  #respond(
    winner: Success,
    plan: Plan,
    attempts: readonly Attempt[],
  ): IRChatResponse {
    return tracedResponse(this.#settings.routing, winner, plan, attempts);
  }

  #allFailed(plan: Plan, attempts: readonly Attempt[]): AdapterError {
    const failures = failuresOf(attempts);
    if (failures.length === 0) {
      return this.#noBackendFor(plan.entry?.name ?? plan.requested);
    }
    const last = failures[failures.length - 1].backend;
    return allFailedError(failures, this.#trace(plan, attempts, last));
  }

  #fallbackState(
    request: IRChatRequest,
    primary: string | undefined,
    failed: string | undefined,
    error: AdapterError,
    streaming = false,
  ): FallbackState {
    const candidates = fallbackCandidates(
      this.#chain,
      this.#entries,
      this.#order,
      primary,
    );
    return {
      request,
      primary,
      candidates,
      attempted: failed === undefined ? [] : [failed],
      needs: this.#needs(request, streaming),
      pos: 0,
      lastFailed: primary ?? "",
      lastError: error,
    };
  }

  /** Next backend to try, or undefined to stop. */
  async #nextFallback(
    state: FallbackState,
  ): Promise<BackendEntry | undefined> {
    const usable = this.#usable(state.needs);
    if (this.#settings.fallback !== "custom") {
      return nextCandidate(state, this.#entries, usable);
    }
    const available = this.#order.filter(usable).map((e) => e.name);
    return await askHook(
      () =>
        this.#config.customFallback!(
          state.request,
          state.lastFailed,
          state.lastError,
          Object.freeze([...state.attempted]),
          Object.freeze(available),
        ),
      {
        hook: "customFallback",
        entries: this.#entries,
        usable,
        attempted: state.attempted,
        primary: state.primary,
      },
    );
  }

  /** #nextFallback, counting the attempt it starts as a fallback. */
  async #nextCounted(state: FallbackState): Promise<BackendEntry | undefined> {
    const entry = await this.#nextFallback(state);
    if (entry !== undefined) this.#counters.fallbacks++;
    return entry;
  }

  /** After the first choice failed or was unavailable: the fallback strategy. */
  #fallBack(
    request: IRChatRequest,
    plan: Plan,
    first: Attempt | undefined,
    signal: AbortSignal | undefined,
  ): Promise<IRChatResponse> {
    const attempts: Attempt[] = [];
    const failed = first?.ok === false && first.kind === "failed";
    if (first?.ok === false) {
      if (first.kind === "aborted") throw abortedRouterError(signal, [first]);
      if (failed) attempts.push(first);
      if (failed && this.#settings.fallback === "none") {
        throw first.thrown instanceof Error ? first.thrown : first.error;
      }
    }
    const state = this.#fallbackState(
      request,
      plan.entry?.name ?? plan.requested,
      failed ? first!.backend : undefined,
      first?.ok === false
        ? first.error
        : this.#unavailableError(plan.requested),
    );
    if (this.#settings.fallback === "none") {
      throw this.#noBackendFor(plan.entry?.name ?? plan.requested);
    }
    return this.#settings.fallback === "parallel"
      ? this.#parallelFallback(state, plan, attempts, signal)
      : this.#sequentialFallback(state, plan, attempts, signal);
  }

  async #sequentialFallback(
    state: FallbackState,
    plan: Plan,
    attempts: Attempt[],
    signal: AbortSignal | undefined,
  ): Promise<IRChatResponse> {
    for (;;) {
      if (signal?.aborted) throw abortedRouterError(signal, attempts);
      const entry = await this.#nextCounted(state);
      if (entry === undefined) break;
      const outcome = await attempt(
        entry,
        state.request,
        signal,
        this.#context,
      );
      if (outcome.ok) {
        attempts.push(outcome);
        return this.#respond(outcome, plan, attempts);
      }
      if (outcome.kind === "aborted") {
        attempts.push(outcome);
        throw abortedRouterError(signal, attempts);
      }
      // An unavailable entry lost a half-open race: skip it, but never retry it.
      state.attempted.push(entry.name);
      if (outcome.kind === "unavailable") {
        this.#counters.fallbacks--;
        continue;
      }
      attempts.push(outcome);
      state.lastFailed = entry.name;
      state.lastError = outcome.error;
    }
    throw this.#allFailed(plan, attempts);
  }

  async #parallelFallback(
    state: FallbackState,
    plan: Plan,
    attempts: Attempt[],
    signal: AbortSignal | undefined,
  ): Promise<IRChatResponse> {
    const targets = raceCandidates(state, this.#usable(state.needs));
    if (targets.length === 0) throw this.#allFailed(plan, attempts);
    this.#counters.fallbacks += targets.length;
    const clock = this.#settings.clock;
    const start = clock();
    const run = await runParallel(
      targets.length,
      (i, s) => attempt(targets[i], state.request, s, this.#context),
      { parent: signal, stopOnSuccess: true, cancelLosers: true },
    );
    const names = targets.map((t) => t.name);
    appendRace(run, names, clock() - start, attempts);
    if (run.winner >= 0) {
      return this.#respond(run.outcomes[run.winner] as Success, plan, attempts);
    }
    if (signal?.aborted) throw abortedRouterError(signal, attempts);
    throw this.#allFailed(plan, attempts);
  }

  // ----------------------------------------------------------------- dispatch

  async #dispatch(
    request: IRChatRequest,
    options: ParallelDispatchOptions,
  ): Promise<ParallelDispatchResult> {
    if (this.#disposed) throw noBackend("Router is disposed");
    const strategy = dispatchStrategy(options);
    const { targets, unavailable } = this.#dispatchTargets(options.backends);
    const names = targets.map((t) => t.name);
    const controller = new AbortController();
    const unlinkCaller = linkSignal(options.signal, controller);
    const unlinkLifetime = linkSignal(this.#lifetime.signal, controller);
    const stopOnSuccess = strategy === "first" || strategy === "fastest";
    const clock = this.#settings.clock;
    const start = clock();
    const run = await runParallel(
      targets.length,
      (i, s) => attempt(targets[i], request, s, this.#context),
      {
        parent: controller.signal,
        timeoutMs: options.timeout,
        stopOnSuccess,
        cancelLosers: stopOnSuccess && (options.cancelOnFirstSuccess ?? true),
      },
    );
    // Losers left running (cancelOnFirstSuccess: false) stay within dispose()'s reach.
    run.allSettled.then(() => {
      unlinkCaller();
      unlinkLifetime();
    });
    const totalTimeMs = clock() - start;
    const outcomes = sortOutcomes(run, unavailable);
    if (outcomes.successes.length === 0) {
      // The caller's signal or dispose(); a timeout aborts the attempts, not the controller.
      throw controller.signal.aborted
        ? abortedRouterError(controller.signal, outcomes.attempted)
        : dispatchFailed(names, outcomes.failedBackends);
    }
    const response = await chooseResponse(
      run,
      strategy,
      options,
      outcomes.successes,
      names,
    );
    const winner = run.winner >= 0
      ? names[run.winner]
      : outcomes.successes[0].backend;
    return dispatchResult(response, winner, outcomes, run, names, totalTimeMs);
  }

  /** The backends a dispatch calls, and the named ones it cannot. */
  #dispatchTargets(
    names: readonly string[] | undefined,
  ): { targets: BackendEntry[]; unavailable: BackendFailure[] } {
    const usable = this.#usable(undefined);
    const targets: BackendEntry[] = [];
    const unavailable: BackendFailure[] = [];
    if (names === undefined) {
      for (const entry of this.#order) if (usable(entry)) targets.push(entry);
    } else {
      for (const name of new Set(names)) {
        const entry = this.#require(name);
        if (usable(entry)) targets.push(entry);
        else {
          unavailable.push({
            backend: name,
            error: this.#unavailableError(name),
          });
        }
      }
    }
    if (targets.length === 0) {
      throw new RouterError({
        code: ErrorCode.NO_BACKEND_AVAILABLE,
        message: "No backend is available for parallel dispatch",
        attemptedBackends: [],
        errors: unavailable,
      });
    }
    return { targets, unavailable };
  }

  // ------------------------------------------------------------------ stream

  /**
   * One generator loop across the attempts, so a chunk costs one hop; the
   * rest is in StreamRun and the helpers below. The generator never throws.
   */
  async *#stream(
    request: IRChatRequest,
    signal: AbortSignal | undefined,
  ): IRChatStream {
    // dispose() ends the stream like the caller's signal would.
    const link = this.#lifetime.callSignal(signal);
    const run = new StreamRun(link.signal);
    try {
      const route = await this.#openStream(request, run, signal);
      let entry = route?.entry;
      // A parallel fallback's winner arrives with the step that won it.
      let first = route?.first;
      while (entry !== undefined) {
        // A race winner was admitted (and begun) by the race.
        const ticket = first !== undefined
          ? run.ticket
          : entry.admit(this.#settings.now());
        if (ticket !== REFUSED) {
          if (first === undefined) {
            run.begin(entry, this.#settings.clock(), ticket);
          }
          try {
            let step = first;
            first = undefined;
            if (step === undefined) {
              run.open(this.#translate(request, entry));
              step = await run.pull();
            }
            for (;; step = await run.pull()) {
              const verdict = run.accept(step);
              if (verdict === Verdict.HOLD) continue;
              if (verdict === Verdict.PASS) yield run.renumber(run.chunk!);
              else if (verdict === Verdict.COMMIT) {
                for (const held of run.takeHeld()) yield held;
                yield run.renumber(run.chunk!);
              } else if (verdict === Verdict.DONE) {
                for (const chunk of this.#streamDone(run, route!.plan)) {
                  yield chunk;
                }
                return;
              } else if (verdict === Verdict.ERROR && run.committed) {
                run.failed(this.#settings.clock, this.#settings.now());
                yield run.renumber(run.chunk!);
                return;
              } else break;
            }
          } catch (thrown) {
            if (!run.isAbort(thrown)) {
              run.failure = toAdapterError(thrown, run.provider);
            } else {
              yield this.#streamAborted(run, thrown);
              return;
            }
          } finally {
            run.release();
          }
          this.#streamFailed(run, route!.state);
        } else this.#streamSkipped(run, entry, route!.plan);
        if (this.#settings.fallback === "parallel") {
          first = await this.#streamRace(run, route!.state, request, entry);
          entry = first === undefined ? undefined : run.live;
        } else entry = await this.#streamNext(run, route!.state, entry);
      }
      yield run.end ?? run.error(this.#allFailed(route!.plan, run.attempts));
    } catch (error) {
      yield run.error(toAdapterError(error));
    } finally {
      // The consumer stopped early (or an abort): not a backend failure.
      run.close();
      link.unlink();
      if (!run.settled) this.#counters.settle(false);
    }
  }

  /**
   * Selects the first stream backend. Undefined (with `run.end` set) when the
   * stream ends before any attempt.
   */
  async #openStream(
    request: IRChatRequest,
    run: StreamRun,
    caller: AbortSignal | undefined,
  ): Promise<StreamRoute | undefined> {
    // The caller's signal only: after dispose() routing reports it instead.
    if (caller?.aborted) return run.stop(abortedRouterError(caller, []));
    let plan: Plan;
    try {
      const selected = this.#select(request, true, false);
      plan = selected instanceof Promise ? await selected : selected;
    } catch (error) {
      return run.stop(toAdapterError(error));
    }
    const primary = plan.entry?.name ?? plan.requested;
    const error = this.#unavailableError(primary);
    const state = this.#fallbackState(request, primary, undefined, error, true);
    if (plan.entry !== undefined) {
      return { plan, state, entry: plan.entry, first: undefined };
    }
    if (this.#settings.fallback === "none") {
      return run.stop(this.#noBackendFor(plan.requested));
    }
    if (this.#settings.fallback === "parallel") {
      const first = await this.#streamRace(run, state, request, undefined);
      return { plan, state, entry: run.live, first };
    }
    return {
      plan,
      state,
      entry: await this.#nextCounted(state),
      first: undefined,
    };
  }

  /**
   * The `parallel` fallback of a stream: races every remaining available
   * backend (see _stream_race.ts) and adopts the winner into `run`. Returns
   * the winning step, or undefined when none won (`run.end` is set on abort).
   */
  async #streamRace(
    run: StreamRun,
    state: FallbackState,
    request: IRChatRequest,
    failed: BackendEntry | undefined,
  ): Promise<IteratorResult<IRStreamChunk> | undefined> {
    if (run.end !== undefined) return undefined;
    if (failed !== undefined) state.attempted.push(failed.name);
    if (run.signal?.aborted) {
      return run.stop(abortedRouterError(run.signal, run.attempts));
    }
    const now = this.#settings.now();
    // Admission claims a half-open breaker's single probe, as startCall does.
    const admitted: Admitted[] = [];
    for (const entry of raceCandidates(state, this.#usable(state.needs))) {
      const ticket = entry.admit(now);
      if (ticket !== REFUSED) admitted.push({ entry, ticket });
    }
    for (const { entry } of admitted) state.attempted.push(entry.name);
    this.#counters.fallbacks += admitted.length;
    const race = await raceStreams(
      admitted,
      run.signal,
      (entry) => this.#translate(request, entry),
      this.#settings,
    );
    const slot = run.attempts.length + race.index;
    for (const outcome of race.outcomes) {
      if (outcome !== undefined) run.attempts.push(outcome);
    }
    if (race.winner !== undefined) {
      return run.adopt(race.winner, race.detach, slot);
    }
    if (run.signal?.aborted) {
      run.stop(abortedRouterError(run.signal, run.attempts));
    }
    return undefined;
  }

  /** The next stream backend; undefined once `run.end` is set or none is left. */
  async #streamNext(
    run: StreamRun,
    state: FallbackState,
    entry: BackendEntry,
  ): Promise<BackendEntry | undefined> {
    if (run.end !== undefined) return undefined;
    state.attempted.push(entry.name);
    if (run.signal?.aborted) {
      return run.stop(abortedRouterError(run.signal, run.attempts));
    }
    return await this.#nextCounted(state);
  }

  /** A stream backend that lost a half-open race: not an attempt. */
  #streamSkipped(run: StreamRun, entry: BackendEntry, plan: Plan): void {
    if (entry !== plan.entry) this.#counters.fallbacks--;
    if (this.#settings.fallback === "none") {
      run.stop(this.#noBackendFor(entry.name));
    }
  }

  /** Records the caller's abort; returns the chunk that ends the stream. */
  #streamAborted(run: StreamRun, thrown: unknown): IRStreamErrorChunk {
    run.aborted(thrown, this.#settings.clock);
    return run.error(abortedRouterError(run.signal, run.attempts));
  }

  /** Records a finished stream; returns the held chunks and the traced done chunk. */
  #streamDone(run: StreamRun, plan: Plan): IRStreamChunk[] {
    const entry = run.live!;
    const ticket = run.ticket;
    const latencyMs = run.succeeded(this.#settings.clock);
    entry.recordSuccess(latencyMs, this.#settings.trackLatency, ticket);
    run.settled = true;
    this.#counters.settle(true);
    const chunks = run.takeHeld();
    const done = run.renumber(run.chunk as IRStreamDoneChunk);
    const routing = this.#trace(plan, run.attempts, entry.name);
    chunks.push({ ...done, metadata: { ...done.metadata, routing } });
    return chunks;
  }

  /**
   * Records a failed stream attempt. After content, or without fallback, the
   * stream ends with its error (`run.end`); else the fallback continues.
   */
  #streamFailed(run: StreamRun, state: FallbackState): void {
    const name = run.live!.name;
    run.failed(this.#settings.clock, this.#settings.now());
    const failure = run.failure!;
    if (run.committed || this.#settings.fallback === "none") {
      run.stop(failure);
      return;
    }
    state.lastFailed = name;
    state.lastError = failure;
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

  /** Concurrent probes of one backend share one call. */
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
    // Without healthCheck the answer is applied synchronously, as ever.
    const healthy = typeof adapter.healthCheck !== "function" ||
      await probeAdapter(
        adapter,
        this.#settings.healthTimeout,
        this.#lifetime.signal,
        background,
      );
    // A probe that outlived dispose(), unregister() or replace() says nothing.
    if (
      !this.#disposed && this.#entries.get(entry.name) === entry &&
      entry.adapter === adapter
    ) {
      entry.healthy = healthy;
      entry.lastHealthCheck = this.#settings.now();
    }
    return healthy;
  }

  /** Chains unref'd timeouts: the next run starts after this one ends. */
  #scheduleHealth(): void {
    const interval = this.#settings.healthInterval;
    // Infinity means never, not setTimeout's overflow to 1 ms.
    if (this.#disposed || interval <= 0 || interval === Infinity) return;
    this.#healthTimer = unrefTimeout(() => {
      this.#healthTimer = undefined;
      this.#probeAll(true).then(ignore, ignore).finally(() =>
        this.#scheduleHealth()
      );
    }, interval);
  }
}

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
