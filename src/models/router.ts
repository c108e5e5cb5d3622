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

import { AdapterError, ErrorCode } from "./errors.ts";
import type {
  AdapterMetadata,
  BackendAdapter,
  ChatWire,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  OperationRequest,
} from "./types.ts";
import type { ExecuteOptions, RouterConfig } from "./config.ts";
import type {
  ParallelDispatchOptions,
  ParallelDispatchResult,
} from "./parallel.ts";
import type { BackendInfo, BackendStats, RouterStats } from "./stats.ts";
import { resolveSettings, type Settings } from "./_config.ts";
import { dispatch } from "./_dispatch.ts";
import { runCall } from "./_execute.ts";
import { failedAttempt, type Success, type TracedAttempt } from "./_outcome.ts";
import { REFUSED } from "./_breaker.ts";
import { budgetOf } from "./_budget.ts";
import { tracedResponse } from "./_trace.ts";
import { noBackendFor, routingFailed } from "./_failures.ts";
import { HealthMonitor } from "./_health.ts";
import { Lifetime } from "./_lifetime.ts";
import type { Parts } from "./_parts.ts";
import { Registry, routerMetadata } from "./_registry.ts";
import { backendInfoOf, backendStatsOf, routerStatsOf } from "./_snapshots.ts";
import { RouterCounters } from "./_stats.ts";
import { Translator } from "./_translate.ts";
import { ignore, raceAbort } from "./_util.ts";
import { Warnings } from "./_warnings.ts";
import { Fleet } from "./_fleet.ts";
import { createMemoryStore } from "./stores/memory.ts";
import { localBreakers } from "./stores/_local.ts";
import { stateAfter } from "./fallback/run.ts";
import { createPolicy } from "./fallback/create.ts";
import { createStrategy } from "./routing/create.ts";
import { Selector } from "./routing/selector.ts";
import { routeStream } from "./streaming/stream.ts";
import { errorChunk } from "./streaming/_chunks.ts";
import { handOver, type RawAnswer } from "./_relay.ts";
import {
  CHAT_JOB,
  CHAT_RELAY_JOB,
  noneServes,
  operationJob,
  routingView,
  servesCall,
  servingBackends,
  sourcedChatJob,
} from "./_job.ts";
import { traceOf } from "./_trace.ts";
import type { Plan } from "./routing/strategy.ts";
import type { OperationName } from "./operations.ts";
import type { RelayResult } from "./trace.ts";

export type * from "./config.ts";
export type * from "./store.ts";
export { createMemoryStore } from "./stores/memory.ts";
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
  readonly #warnings: Warnings;
  readonly #registry: Registry;
  readonly #selector: Selector;
  readonly #counters: RouterCounters;
  /** Aborted by dispose(); every call's adapter signal derives from it. */
  readonly #lifetime = new Lifetime();
  /** The link to an asynchronous shared store (RouterConfig.store). */
  readonly #fleet: Fleet | undefined;
  readonly #health: HealthMonitor;
  /** What the execute, stream and dispatch flows are given. */
  readonly #parts: Parts;

  /**
   * Creates a Router; backends are added afterwards with {@linkcode Router.register}.
   *
   * @param config Optional configuration; see {@linkcode RouterConfig} for defaults.
   */
  constructor(config: RouterConfig = {}) {
    const settings = resolveSettings(config);
    this.#config = Object.freeze({ ...config });
    this.#settings = settings;
    this.#warnings = new Warnings(config.onWarning);
    const store = config.store ?? createMemoryStore();
    this.#fleet = localBreakers(store) === undefined
      ? new Fleet({ ...settings, store, warnings: this.#warnings })
      : undefined;
    this.#registry = new Registry(
      config.defaultBackend,
      {
        breaker: settings.breaker,
        store,
        shared: config.store !== undefined,
        fleet: this.#fleet,
      },
      this.#warnings,
    );
    this.#counters = new RouterCounters(settings.now());
    this.#selector = new Selector(
      createStrategy(settings, config, this.#counters),
      this.#registry,
      settings,
    );
    this.#parts = {
      settings,
      registry: this.#registry,
      selector: this.#selector,
      policy: createPolicy(settings, config),
      translator: new Translator(settings.translation, this.#warnings),
      lifetime: this.#lifetime,
      counters: this.#counters,
    };
    this.#health = new HealthMonitor(this.#registry, settings, this.#lifetime);
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
    return routerMetadata(this.#registry.order);
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
      defaultBackend: this.#registry.defaultBackend,
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
    this.#registry.register(name, adapter);
    this.#selector.changed();
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
    this.#registry.replace(name, adapter);
    this.#selector.changed();
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
    const removed = this.#registry.unregister(name);
    if (removed !== undefined) this.#selector.changed(removed);
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
    return this.#registry.entries.get(name)?.adapter;
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
    return this.#registry.entries.has(name);
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
    return Object.freeze(this.#registry.order.map((e) => e.name));
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
    this.#registry.setChain(names);
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
    return this.#registry.chain;
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
    this.#registry.setMapping(mapping);
    this.#selector.setMapping(mapping);
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
    return this.#registry.mapping;
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
    const parts = this.#parts;
    const signal = this.#lifetime.signal;
    const plan = await this.#selector.select(request, false, true, signal);
    if (plan.entry !== undefined) return plan.entry.name;
    // A named backend is unavailable: the backend fallback would try next.
    const state = stateAfter(parts, request, plan, undefined, signal, false);
    const next = await parts.policy.next(state);
    if (parts.policy.final || next.length === 0) {
      throw noBackendFor(
        plan.requested,
        this.#registry.disposed,
        parts.policy.final ? [] : state.candidates,
        this.#settings.now(),
      );
    }
    return next[0].name;
  }

  /**
   * Executes a request with automatic backend selection and fallback.
   *
   * @param request The IR request (never mutated).
   * @param signal Aborts the call and stops fallback.
   * @param options Per-request attempt timeout, retries and deadline
   *   (override RouterConfig's), and `backends`, the only backends the
   *   request may call (selection and fallback alike).
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
  execute(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: ExecuteOptions,
  ): Promise<IRChatResponse> {
    // Not async: the one flow's promise is returned as is, so execute costs
    // no extra async hop (bench/models_bench.ts).
    return runCall(
      this.#parts,
      request,
      signal,
      options,
      options?.source === undefined ? CHAT_JOB : sourcedChatJob(options.source),
      this.#traced,
    );
  }

  /** A chat answer with its trace on `metadata.routing`. */
  readonly #traced = (
    winner: Success,
    plan: Plan,
    log: readonly TracedAttempt[],
  ): IRChatResponse =>
    tracedResponse(this.#settings.routing, winner, plan, log);

  /** A relayed winner's answer with its trace, handed to the caller. */
  #relayed(
    signal: AbortSignal | undefined,
  ): (winner: Success, plan: Plan, log: TracedAttempt[]) => RelayResult {
    return (winner, plan, log) => {
      const answer = handOver(
        winner.response as RawAnswer,
        signal,
        this.#lifetime.signal,
      );
      const entry = this.#registry.entries.get(winner.backend);
      return {
        response: answer.response,
        abort: answer.abort,
        routing: traceOf(this.#settings.routing, plan, log, winner.backend),
        // The head was recorded a success; a body cut after it is one more
        // outcome, a failure (breaker, statistics), as a translated stream
        // failing after its first content is. With a stale ticket it cannot
        // move a half-open breaker its head already moved.
        failed: (error: AdapterError) => {
          entry?.settle(
            failedAttempt(winner.backend, error, error, 0),
            REFUSED,
            this.#settings,
          );
        },
      };
    };
  }

  /**
   * Whether every registered backend can relay (its adapter has `relay`, as
   * the OpenAI-compatible adapters do): then `relayResponse` can pick any of
   * them.
   *
   * @returns True when there is at least one backend and all can relay.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * console.log(createRouter().register("echo", createEchoAdapter()).canRelay()); // false
   * ```
   */
  canRelay(): boolean {
    const entries = this.#registry.entries;
    if (entries.size === 0) return false;
    for (const entry of entries.values()) {
      if (typeof entry.adapter.relay !== "function") return false;
    }
    return true;
  }

  /**
   * Like `execute`, but resolves with the winning backend's raw answer
   * (`adapter.relay`) as soon as its head arrived with a 2xx status: the
   * same selection, breaker, retries and fallback, with the outcome and
   * latency recorded at the head. A non-2xx answer is that backend's
   * failure as in `execute` (fallback, or the client's error); after the
   * head nothing falls back. `request.stream` chooses JSON or SSE. The body
   * is the caller's to read or cancel; `signal` bounds the wait for the head.
   * An answer the caller does not get (a parallel loser's, one that arrived
   * as `signal` aborted or `dispose()` ran) has its body cancelled at once,
   * so its upstream connection is not held until garbage collection.
   *
   * @param request The IR request (never mutated).
   * @param signal Aborts the call and stops fallback, until the head.
   * @param options Per-request attempt timeout, retries, deadline and
   *   allowed `backends`.
   * @returns The raw response and the routing trace.
   * @throws {AdapterError} As `execute`; a backend without `relay` fails its attempt (check `canRelay()`).
   *
   * @example Relaying an OpenAI-compatible upstream
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createOpenAIAdapter } from "@switchyard/switchyard/models/openai";
   * const upstream = () => Promise.resolve(Response.json({ id: "c1", object: "chat.completion", created: 1, model: "m", choices: [] }));
   * const router = createRouter().register("up", createOpenAIAdapter({ apiKey: "sk-example", defaultModel: "m", fetch: upstream }));
   * const { response, routing } = await router.relayResponse({ messages: [{ role: "user", content: "hi" }] });
   * console.log(routing.backend, (await response.json()).id); // "up" "c1"
   * router.dispose();
   * ```
   */
  relayResponse(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: ExecuteOptions,
  ): Promise<RelayResult> {
    return runCall(
      this.#parts,
      request,
      signal,
      options,
      CHAT_RELAY_JOB,
      this.#relayed(signal),
    );
  }

  /**
   * Runs one non-chat operation (embeddings, responses, completions; see
   * `OPERATIONS`) through the same selection, breaker, retries, timeouts,
   * fallback and statistics as `execute`, on the backends whose adapters
   * serve it (`BackendAdapter.operations`; the others are left out of
   * routing and fallback, as a key's `backends` would leave them). Resolves
   * with the winner's answer in OpenAI's wire shape for the operation, as
   * soon as its head arrived: the upstream's own bytes where the backend
   * speaks that wire, else the adapter's translation. The body is the
   * caller's to read or cancel; `abort` ends its reading.
   *
   * @param request The operation, its OpenAI-shaped body, the model and
   *   routing metadata (never mutated).
   * @param signal Aborts the call and stops fallback, until the head.
   * @param options Per-request attempt timeout, retries, deadline and
   *   allowed `backends`.
   * @returns The answer and the routing trace.
   * @throws {RouterError} `ROUTING_FAILED` when no allowed backend serves the operation; otherwise as `execute`.
   *
   * @example Embeddings through the router
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createOpenAIAdapter } from "@switchyard/switchyard/models/openai";
   * const upstream = () => Promise.resolve(Response.json({ object: "list", data: [{ object: "embedding", index: 0, embedding: [0.5] }], model: "e", usage: { prompt_tokens: 1, total_tokens: 1 } }));
   * const router = createRouter().register("up", createOpenAIAdapter({ apiKey: "sk-example", fetch: upstream }));
   * const { response, routing } = await router.invoke({ operation: "embeddings", model: "e", body: { input: "hi" } });
   * console.log(routing.backend, (await response.json()).data[0].embedding); // "up" [0.5]
   * router.dispose();
   * ```
   */
  invoke(
    request: OperationRequest,
    signal?: AbortSignal,
    options?: ExecuteOptions,
  ): Promise<RelayResult> {
    const serving = servingBackends(
      this.#registry.entries,
      (adapter) => servesCall(adapter, request),
      options?.backends,
    );
    if (serving.length === 0) {
      this.#counters.settle(false);
      return Promise.reject(noneServes(request.operation));
    }
    return runCall(
      this.#parts,
      routingView(request),
      signal,
      { ...options, backends: serving },
      operationJob(request),
      this.#relayed(signal),
    );
  }

  /**
   * Whether every registered backend (of `backends`, else all) speaks one
   * chat wire (`BackendAdapter.wire`): then a chat `invoke` in that wire
   * can go to any of them, the client's body sent as it is.
   *
   * @param wire The client's chat wire.
   * @param backends Only these backends (a named backend, a key's list).
   * @returns True when at least one backend is allowed and all speak `wire`.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createOpenAIAdapter } from "@switchyard/switchyard/models/openai";
   * const router = createRouter().register("up", createOpenAIAdapter({ apiKey: "sk-example" }));
   * console.log(router.speaks("openai"), router.speaks("anthropic")); // true false
   * router.dispose();
   * ```
   */
  speaks(wire: ChatWire, backends?: readonly string[]): boolean {
    const entries = this.#registry.entries;
    let any = false;
    for (const name of backends ?? entries.keys()) {
      const adapter = entries.get(name)?.adapter;
      if (adapter === undefined) continue;
      if (!servesCall(adapter, { operation: "chat", wire })) return false;
      any = true;
    }
    return any;
  }

  /**
   * Whether some registered backend (of `backends`, else any) serves an
   * operation: for chat every backend; for the others those whose adapter
   * declares it (`BackendAdapter.operations`).
   *
   * @param operation The operation.
   * @param backends Only these backends (a key's list).
   * @returns True when `invoke` has a backend to call.
   *
   * @example Usage
   * ```ts
   * import { createRouter } from "@switchyard/switchyard/models";
   * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
   * console.log(createRouter().register("echo", createEchoAdapter()).serves("embeddings")); // false
   * ```
   */
  serves(operation: OperationName, backends?: readonly string[]): boolean {
    return servingBackends(this.#registry.entries, operation, backends)
      .length > 0;
  }

  /**
   * Streams a request with fallback before the first content chunk. Returns
   * the generator synchronously; it never throws — failures end the stream
   * with an `error` chunk. Once it commits to a backend (that backend's first
   * content or tool call, or its `done`), its first chunk is a `start` whose
   * `metadata.routing` is the {@linkcode RoutingTrace} so far: the backend,
   * the fallbacks, and the streaming attempt listed without an outcome
   * (`ok: false`, no `errorCode`). So a consumer that stops early still
   * knows the backend. It is the backend's own `start` (its metadata kept),
   * or one the Router adds when the backend sent none. The final `done`
   * carries the complete trace.
   *
   * @param request The IR request (never mutated).
   * @param signal Ends the stream (with an `ABORTED` error chunk).
   * @param options Per-request `attemptTimeout` (the wait for each
   *   attempt's first content) and allowed `backends`; retries and deadline
   *   apply to execute only.
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
  executeStream(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: ExecuteOptions,
  ): IRChatStream {
    const timeout = options?.attemptTimeout;
    const allowed = options?.backends;
    if (timeout === undefined) {
      return routeStream(
        this.#parts,
        request,
        signal,
        allowed,
        options?.source,
      );
    }
    let attemptTimeout: number;
    try {
      attemptTimeout = budgetOf(this.#settings, { attemptTimeout: timeout })!
        .attemptTimeout;
    } catch (error) {
      return errorStream(error as AdapterError);
    }
    // A copy of the parts with this request's timeout; nothing else changes.
    const parts = {
      ...this.#parts,
      settings: { ...this.#settings, attemptTimeout },
    };
    return routeStream(parts, request, signal, allowed, options?.source);
  }

  /**
   * Sends one request to several backends at once.
   *
   * @param request The IR request (never mutated).
   * @param options Backends, strategy, timeout, cancellation, aggregator.
   * @returns The chosen response and every backend's outcome.
   * @throws {AdapterError} `INVALID_REQUEST` when `request.messages` is not an array or holds an entry that is not an object, before any backend is called (as `execute` and `selectBackend`).
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
    this.#counters.dispatched();
    let ok = false;
    try {
      const result = await dispatch(this.#parts, request, options);
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
      return await this.#health.probe(this.#registry.require(name), false);
    }
    return await this.#health.all(false);
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
    const probes = this.#health.all(false);
    await (signal === undefined
      ? probes
      : raceAbort(probes, signal).catch(ignore));
    const now = this.#settings.now();
    return this.#registry.order.some((e) => e.isAvailable(now));
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
    const entry = this.#registry.entries.get(name);
    if (
      entry === undefined || typeof entry.adapter.estimateCost !== "function"
    ) return null;
    try {
      const cost = await entry.adapter.estimateCost(
        this.#parts.translator.translate(request, entry),
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
    const trackCost = this.#settings.trackCost;
    if (name !== undefined) {
      const entry = this.#registry.entries.get(name);
      return entry === undefined
        ? undefined
        : backendInfoOf(entry, now, trackCost);
    }
    return this.#registry.order.map((e) => backendInfoOf(e, now, trackCost));
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
    const entry = this.#registry.require(name);
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
    entry.state.forceOpen(this.#settings.now(), timeout);
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
    this.#registry.require(name).state.closeBreaker();
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
    if (name !== undefined) this.#registry.require(name).state.closeBreaker();
    else for (const entry of this.#registry.order) entry.state.closeBreaker();
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
    return this.#registry.entries.get(name)?.breaker.state(
      this.#settings.now(),
    ) === "open";
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
    return routerStatsOf(this.#counters, this.#registry.order, trackCost);
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
    for (const entry of this.#registry.order) entry.stats.reset();
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
    const entry = this.#registry.entries.get(name);
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
      defaultBackend: this.#registry.defaultBackend,
      ...overrides,
    });
    // Rebuilding a registry is no routing change.
    copy.#warnings.mute(true);
    try {
      for (const entry of this.#registry.order) {
        copy.register(entry.name, entry.adapter);
      }
      const chain = this.#registry.chain;
      if (chain.length > 0) copy.setFallbackChain(chain);
      const mapping = this.#registry.mapping;
      if (Object.keys(mapping).length > 0) copy.setModelMapping(mapping);
    } finally {
      copy.#warnings.mute(false);
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
    if (this.#registry.disposed) return;
    this.#health.stop();
    this.#fleet?.dispose();
    // Settles every call in flight, even against adapters that ignore it.
    this.#lifetime.end(
      new AdapterError({
        code: ErrorCode.ABORTED,
        message: "Router disposed",
      }),
    );
    this.#registry.clear();
    this.#selector.changed();
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

/** A stream that only reports `error` (executeStream never throws). */
async function* errorStream(error: AdapterError): IRChatStream {
  yield errorChunk(error, 0);
}
