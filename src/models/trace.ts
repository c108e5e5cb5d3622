/**
 * The routing trace the model {@linkcode Router} puts on every response's
 * `metadata.routing` (and on a stream's final `done` chunk, and on
 * `ALL_BACKENDS_FAILED` errors in `details.routing`): which backend answered,
 * why the first one was chosen, and every attempt with its latency and error
 * code. Re-exported by `@switchyard/switchyard/models`.
 *
 * @example The trace of a fallback
 * ```ts
 * import { createRouter, type RoutingTrace } from "@switchyard/switchyard/models";
 * import { createEchoAdapter, createFailingAdapter } from "@switchyard/switchyard/models/testing";
 * const router = createRouter()
 *   .register("down", createFailingAdapter())
 *   .register("up", createEchoAdapter());
 * const response = await router.execute({ messages: [{ role: "user", content: "hi" }] });
 * const trace = response.metadata.routing as RoutingTrace;
 * console.log(trace.backend, trace.fallbacks, trace.attempts.map((a) => a.errorCode)); // "up" 1 ["PROVIDER_ERROR", undefined]
 * router.dispose();
 * ```
 *
 * @module
 */

import type { RoutingStrategy } from "./config.ts";
import type { AdapterError } from "./errors.ts";

/**
 * Why the first backend was chosen.
 *
 * @example Usage
 * ```ts
 * import type { RoutingReason } from "@switchyard/switchyard/models";
 * const reason: RoutingReason = "untried";
 * ```
 */
export type RoutingReason =
  | "explicit"
  | "explicit-unavailable"
  | "model-mapping"
  | "lowest-latency"
  | "lowest-cost"
  | "untried"
  | "round-robin"
  | "random"
  | "custom"
  | "default"
  | "best-score"
  | "first-available"
  | "parallel-dispatch";

/**
 * One attempt in a {@linkcode RoutingTrace}.
 *
 * @example Usage
 * ```ts
 * import type { RoutingAttempt } from "@switchyard/switchyard/models";
 * const attempt: RoutingAttempt = { backend: "a", latencyMs: 12, ok: false, errorCode: "TIMEOUT" };
 * ```
 */
export interface RoutingAttempt {
  /** Backend name. */
  readonly backend: string;
  /** Time from call to outcome. */
  readonly latencyMs: number;
  /** Whether it succeeded. */
  readonly ok: boolean;
  /**
   * The AdapterError code when it did not. Absent on a failed-looking
   * attempt that was still running when the trace was made (its latency is
   * the time it had run by then): a loser of `dispatchParallel` with
   * `cancelOnFirstSuccess: false`, or the streaming backend in the trace on
   * a stream's `start` chunk.
   */
  readonly errorCode?: string;
  /**
   * Set when this attempt retried the same backend as the one before it
   * (`maxRetries`): 1 for the first retry. Retries are not fallbacks.
   */
  readonly retry?: number;
}

/**
 * The routing trace on `response.metadata.routing` (and on the final `done`
 * chunk's `metadata.routing`; as of the commit, on a stream's first chunk,
 * its `start`; on `ALL_BACKENDS_FAILED` in `details.routing`).
 *
 * `dispatchParallel` puts a trace on `result.response.metadata.routing` and on
 * each `allResponses[i].response.metadata.routing`: `strategy: "parallel"`,
 * `reason: "parallel-dispatch"`, `backend` the backend whose response it is
 * (for the `custom` strategy's aggregate, the first success), `attempts` every
 * backend started, in the order given (losers cancelled by the winner appear
 * as `ABORTED` with the dispatch's total time, unless a loser's own outcome
 * was recorded in the turn the winner answered: then that outcome; with
 * `cancelOnFirstSuccess: false`, losers still running appear with `ok: false`
 * and no `errorCode`), and `fallbacks: 0`.
 *
 * @example Reading the trace
 * ```ts
 * import { createRouter, type RoutingTrace } from "@switchyard/switchyard/models";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const router = createRouter().register("echo", createEchoAdapter());
 * const response = await router.execute({ messages: [{ role: "user", content: "hi" }] });
 * const trace = response.metadata.routing as RoutingTrace;
 * console.log(trace.backend, trace.reason, trace.attempts.length); // "echo" "first-available" 1
 * router.dispose();
 * ```
 */
export interface RoutingTrace {
  /** The backend that answered (or, on failure, the last one tried). */
  readonly backend: string;
  /**
   * The configured routing strategy; `"parallel"` on the responses of
   * `dispatchParallel` (whose `reason` is `"parallel-dispatch"`).
   */
  readonly strategy: RoutingStrategy | "parallel";
  /** Why the first backend was chosen. */
  readonly reason: RoutingReason;
  /** The backend the request named, when it named one. */
  readonly requestedBackend?: string;
  /** Every attempt started, in start order. */
  readonly attempts: readonly RoutingAttempt[];
  /** Attempts after the first choice. */
  readonly fallbacks: number;
}

/**
 * What `Router.relayResponse` resolves with: the winning backend's raw
 * answer (2xx, body unread) and how it was chosen.
 *
 * @example Usage
 * ```ts
 * import type { RelayResult } from "@switchyard/switchyard/models";
 * function backendOf(result: RelayResult): string {
 *   return result.routing.backend;
 * }
 * ```
 */
export interface RelayResult {
  /** The upstream's response: status 2xx, headers, body for the caller to read or cancel. */
  readonly response: Response;
  /**
   * Ends the body's reading: aborts the signal the adapter's fetch watches,
   * so even a body being read whole (`arrayBuffer()`, not cancellable)
   * stops and the upstream connection closes.
   *
   * @param reason The abort reason.
   */
  abort(reason?: unknown): void;
  /** The routing trace (backend, attempts, fallbacks). */
  readonly routing: RoutingTrace;
  /**
   * Tells the Router the body broke off after the head (the upstream cut
   * the stream): the backend's failure is recorded (statistics, breaker)
   * beside the success its head was counted as. Absent on a result built
   * by hand.
   *
   * @param error The failure, e.g. a `NETWORK_ERROR`.
   */
  readonly failed?: (error: AdapterError) => void;
}
