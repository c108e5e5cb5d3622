/**
 * Multi-backend model router for chat requests in an intermediate
 * representation (IR): register backend adapters by name, then route each
 * request by a strategy (explicit, model-based, cost- or latency-optimized,
 * round-robin, random, custom) with fallback (sequential, parallel, custom,
 * none), circuit breakers driven by an injectable clock, health checks,
 * nearest-rank latency statistics, streaming with fallback before the first
 * content chunk, and parallel dispatch. The Router is itself a
 * {@linkcode BackendAdapter}, and every response carries a routing trace on
 * `metadata.routing`.
 *
 * Provider adapters live in `./models/openai`, `./models/anthropic`,
 * `./models/gemini` and `./models/ollama`; deterministic adapters for tests
 * and demos in `./models/testing`.
 *
 * ## Decisions the specification leaves open
 *
 * - **Operations.** A call names its operation (`OPERATIONS`: chat,
 *   embeddings, responses, completions). Chat runs on the IR (`execute`,
 *   `executeStream`) or relayed (`relayResponse`); every other operation runs
 *   through `invoke`, on the backends whose adapter declares it
 *   (`BackendAdapter.operations`, `operate`), the others left out of its
 *   routing and fallback. Selection, attempts, retries, timeouts, breakers,
 *   cooldowns, fallback, the store, statistics and the trace are one flow for
 *   every operation. Model translation (`modelTranslation`) is chat's only:
 *   a backend's default model is a chat model, no stand-in for an
 *   embeddings one. A relayed answer is a Response with an `abort` that ends
 *   its reading. A stream's `error` chunk carries the whole failure (upstream
 *   status and body, `retryAfter`, each backend's failure). Every error the
 *   Router records names its registered backend (`AdapterError.backend`),
 *   also one it passes on as the adapter raised it.
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
 *   admits a request (half-open admits exactly one probe). When every
 *   candidate is out for a known time, that error's `retryAfter` is the wait
 *   until the first is back and `details.cooldown` says whether they all cool
 *   down after a 429 (`rate-limit`) or not (`circuit-open`).
 * - **A request's allow-list** (`options.backends` of `execute`,
 *   `executeStream`, `relayResponse`, `invoke`) narrows availability for that request
 *   alone, in one place that every strategy, the fall-through and every
 *   fallback policy read: nothing outside it is called. A named backend
 *   outside it is `ROUTING_FAILED` before the name is looked up, its message
 *   and `details` naming that backend and the list (only what the caller
 *   gave); no allowed backend available is the usual `NO_BACKEND_AVAILABLE`;
 *   a custom hook choosing outside it is `ROUTING_FAILED`. None of these
 *   messages names a backend the caller did not (the gateway's key scopes
 *   rely on it).
 * - **latency-optimized / cost-optimized.** A backend that has never been
 *   tried is chosen first (registration order), once, so new backends get
 *   data; afterwards the lowest mean latency over the recent window (only
 *   successful calls are timed) or the lowest average observed cost wins. A
 *   backend tried but without a successful sample ranks last. Once every
 *   backend has data, latency-optimized re-ranks at most once per 32
 *   selections (sooner when the registry changes, the leader becomes
 *   unavailable or fails, or a cooldown ends, by time or by a success),
 *   which keeps selection O(1) amortised with many backends. Failures count: a failed call cools its
 *   backend down (1 s, doubling per consecutive failure, at most 60 s; a
 *   success ends it), and latency-optimized ranks cooling backends after
 *   every other backend with data.
 *   Costs come from `estimateCost` after each successful call. Without
 *   `trackLatency` (resp. `trackCost`, or when no backend implements
 *   `estimateCost`) the strategy selects nothing and routing falls through.
 * - **round-robin** cycles over registration order with a cursor that skips
 *   unavailable backends and is never reset by availability changes. A
 *   request with an allow-list rotates on its list's own cursor: it never
 *   changes what the next request without one (or with another list) gets.
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
 *   success wins and the others are aborted (streams: see **Streams**).
 *   `custom` asks `customFallback` after each failure, offering the
 *   available backends not yet tried (never the first choice): `null`
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
 *   its success closes and its failure re-opens with a fresh timeout (calls
 *   admitted before the breaker opened no longer move it). Aborts
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
 *   With the `parallel` fallback strategy, a primary that fails before its
 *   first content starts every remaining available backend's stream at once
 *   (a half-open breaker admits one probe, as for `execute`). The first to
 *   yield `content`/`tool_use`, or a `done`, wins: its held `start`/`metadata`
 *   chunks are forwarded, then the rest of its stream; every other stream is
 *   closed at once (`return()` called, its signal aborted) and recorded as an
 *   `ABORTED` attempt that does not count against its backend. A racer that
 *   fails first simply drops out; when all fail the stream ends with an
 *   `ALL_BACKENDS_FAILED` error chunk. Race attempts appear in the trace in
 *   fallback order, and each racer started counts in `totalFallbacks`.
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
 * - **dispose()** aborts every call in flight: each adapter receives a signal
 *   derived from the Router's lifetime (the lifetime's own signal when the
 *   caller passed none, else one linked to both), and the caller's promise
 *   settles at once with `ABORTED` ("Router disposed") even when the adapter
 *   ignores it; streams end with that error chunk, probes answer unhealthy.
 *   Aborted attempts do not count against a backend's breaker, but the calls
 *   count as failed in the Router totals. Calls made after `dispose()` fail
 *   with `NO_BACKEND_AVAILABLE`.
 * - **dispatchParallel** calls the given (or every available) backends with
 *   one AbortController each, linked to `options.signal` and to `dispose()`.
 *   It counts once in `totalRequests` and in `parallelRequests`. The chosen
 *   response and each `allResponses` entry carry a trace on
 *   `metadata.routing` with `strategy: "parallel"` and every backend started
 *   (see {@linkcode RoutingTrace}). Named backends that are unavailable are listed in
 *   `failedBackends` with `NO_BACKEND_AVAILABLE`. The `custom` strategy's
 *   `customAggregator` must return a valid response (a returned promise is
 *   awaited); anything else is a `RouterError` coded `INVALID_RESPONSE`.
 * - **Model translation** (`modelTranslation`, off by default): before a
 *   backend is called, `mapping[backend]` translates the request's model
 *   (exact keys; with strategy `pattern` or `default` also globs), and with
 *   strategy `default` a model missing from the backend's
 *   `capabilities.models` becomes `defaultModels[backend]` or the adapter's
 *   `defaultModel`. Each substitution emits `model-substituted`. The caller's
 *   request is copied, never mutated.
 * - **Timeouts.** Every millisecond setting (`healthCheckInterval`,
 *   `healthCheckTimeout`, `circuitBreakerTimeout`, `ParallelDispatchOptions.timeout`,
 *   the `timeout` of `openCircuitBreaker`) takes a number ≥ 0; NaN, a negative
 *   number or a non-number is an `AdapterError` (`INVALID_REQUEST` for config,
 *   `ROUTING_FAILED` for per-call options). `Infinity` means never (no timer is
 *   set); a finite value above 2^31 − 1 ms (~24.8 days) is clamped to it,
 *   because runtimes otherwise fire such timers after 1 ms.
 * - **Resilience** (`execute`; per request through its `options`).
 *   `attemptTimeout` aborts an attempt that runs past it and records a
 *   `TIMEOUT` failure (breaker, stats), unlike the caller's own abort
 *   (`AbortSignal.timeout` included), which is `ABORTED`. `maxRetries`
 *   retries the same backend after a retryable backend failure, waiting
 *   `Retry-After` when given, else `retryBaseDelay`·2^(n−1)·(0.5 + random/2)
 *   capped at `retryMaxDelay`; a wait longer than `retryMaxDelay` or past
 *   `deadline` falls back instead. Retries are traced (`retry: n`) and counted
 *   (`totalRetries`, per backend `retries`). Whose fault an error is decides
 *   what it does to routing:
 *
 *   | error | breaker / cooldown / scores | retried | fallback |
 *   |---|---|---|---|
 *   | `INVALID_REQUEST` (400, 404 naming a model, 422, content policy) | never counted (`clientErrors`) | no | no: the caller gets the backend's error, unless `fallbackOnClientError` |
 *   | `INVALID_REQUEST` 404 not naming a model (wrong URL) | failure; backend misconfigured | no | yes |
 *   | `AUTHENTICATION_FAILED` (401/403) | failure; backend misconfigured (out of routing until a health probe passes or the adapter is replaced) | no | yes |
 *   | `RATE_LIMITED` (429) | failure; with `Retry-After`, the breaker opens for that long, then one probe | yes | yes |
 *   | `PROVIDER_ERROR` (5xx), `NETWORK_ERROR`, `TIMEOUT` | failure | yes | yes |
 *   | `INVALID_RESPONSE` (a malformed answer; retryable) | failure | yes | yes |
 *   | `UNKNOWN` | failure | no | yes |
 *   | `ABORTED` (caller, dispose) | not counted; frees a half-open probe | no | stops |
 *
 *   The breaker is the cooldown: LiteLLM's `allowed_fails` (failures a
 *   deployment may have before it cools) is `circuitBreakerThreshold − 1`, and
 *   its `cooldown_time` is `circuitBreakerTimeout`. Unlike LiteLLM, failures
 *   are consecutive (a success resets them) rather than per minute, and after
 *   the cooldown one probe is admitted before the backend is fully back.
 *   Streams share the fault table and the fallback rule; for a stream,
 *   `attemptTimeout` (also per request) bounds the wait for its first
 *   content; retries and `deadline` apply to `execute` only.
 * - **Shared state** (`store`). Breakers (with their half-open probe and
 *   failures), health and counters live in a {@linkcode RouterStore}: by
 *   default this Router's own memory store, used synchronously. Routers given
 *   one memory store share breakers. With an asynchronous store (Redis,
 *   `./models/redis`) routing never waits on it: each Router keeps local
 *   copies, adopts what every store call returns, re-reads the fleet's
 *   breakers every `storeSyncInterval` ms, claims the half-open probe from
 *   the store (one probe per fleet), and routes on local state while the
 *   store fails or is slower than `storeTimeout` (warnings
 *   `store-unavailable`, then `store-recovered`). dispose() clears every
 *   timer of it.
 * - **Routing trace.** Every response carries `metadata.routing`, a
 *   {@linkcode RoutingTrace}; the final `done` chunk of a stream carries it
 *   in its `metadata`. A stream also begins with a `start` chunk carrying
 *   the trace as of its commit (the backend streaming, its attempt without
 *   an outcome yet): the backend's own `start`, or one the Router adds when
 *   the backend sent none, so a consumer that stops early knows the backend.
 *
 * @example Failover with a circuit breaker
 * ```ts
 * import { createRouter, RouterError } from "@switchyard/switchyard/models";
 * import { createEchoAdapter, createFailingAdapter } from "@switchyard/switchyard/models/testing";
 *
 * let now = 0;
 * const router = createRouter({
 *   defaultBackend: "primary",
 *   enableCircuitBreaker: true,
 *   circuitBreakerThreshold: 2,
 *   circuitBreakerTimeout: 30_000,
 *   now: () => now,
 * })
 *   .register("primary", createFailingAdapter())
 *   .register("backup", createEchoAdapter());
 *
 * const request = { messages: [{ role: "user" as const, content: "hello" }] };
 * await router.execute(request); // primary fails, backup answers
 * await router.execute(request); // second failure opens primary's breaker
 * console.log(router.isCircuitBreakerOpen("primary")); // true
 * now += 30_000; // half-open: the next request is primary's single probe
 * console.log(router.getBackendInfo("primary")?.circuitBreakerState); // "half-open"
 *
 * try {
 *   await router.execute({ ...request, metadata: { custom: { backend: "nope" } } });
 * } catch (error) {
 *   console.log(error instanceof RouterError && error.code); // "ROUTING_FAILED"
 * }
 * router.dispose();
 * ```
 *
 * @module
 */

export * from "./types.ts";
export * from "./operations.ts";
export * from "./errors.ts";
export * from "./router.ts";
