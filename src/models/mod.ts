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
 * and demos in `./models/testing`. The decisions the specification leaves
 * open are documented on the `router` module.
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
export * from "./errors.ts";
export * from "./router.ts";
