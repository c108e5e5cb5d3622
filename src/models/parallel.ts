/**
 * Types of the model {@linkcode Router}'s parallel dispatch
 * (`router.dispatchParallel`): the {@linkcode ParallelStrategy}, its
 * {@linkcode ParallelDispatchOptions} and its
 * {@linkcode ParallelDispatchResult}. Re-exported by
 * `@switchyard/switchyard/models`.
 *
 * @example Ask every backend, keep every answer
 * ```ts
 * import { createRouter, type ParallelDispatchResult } from "@switchyard/switchyard/models";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const router = createRouter().register("a", createEchoAdapter()).register("b", createEchoAdapter());
 * const result: ParallelDispatchResult = await router.dispatchParallel(
 *   { messages: [{ role: "user", content: "hi" }] },
 *   { strategy: "all" },
 * );
 * console.log(result.allResponses?.length); // 2
 * router.dispose();
 * ```
 *
 * @module
 */

import type { BackendFailure } from "./errors.ts";
import type { IRChatResponse } from "./types.ts";

/**
 * How {@linkcode Router.dispatchParallel} combines the backends' answers.
 *
 * - `first` and `fastest`: resolve with the first success to arrive (the two
 *   names select the same response; both honour `cancelOnFirstSuccess`).
 * - `all`: wait for every backend (or the timeout); `response` is the first
 *   success in backend order and `allResponses` lists every success.
 * - `custom`: wait like `all`, then `customAggregator(successes)`.
 *
 * @example Usage
 * ```ts
 * import type { ParallelStrategy } from "@switchyard/switchyard/models";
 * const strategy: ParallelStrategy = "all";
 * ```
 */
export type ParallelStrategy = "first" | "all" | "fastest" | "custom";

/**
 * One successful answer of a parallel dispatch.
 *
 * @example Usage
 * ```ts
 * import type { ParallelResponse } from "@switchyard/switchyard/models";
 * const longest = (all: readonly ParallelResponse[]) =>
 *   all.reduce((a, b) => String(b.response.message.content).length > String(a.response.message.content).length ? b : a);
 * ```
 */
export interface ParallelResponse {
  /** Backend name. */
  readonly backend: string;
  /** Its response. */
  readonly response: IRChatResponse;
  /** Its latency. */
  readonly latencyMs: number;
}

/**
 * Options of {@linkcode Router.dispatchParallel}.
 *
 * @example Usage
 * ```ts
 * import type { ParallelDispatchOptions } from "@switchyard/switchyard/models";
 * const options: ParallelDispatchOptions = { backends: ["a", "b"], strategy: "all", timeout: 5000 };
 * ```
 */
export interface ParallelDispatchOptions {
  /** Backends to call (registered names); default every available backend. */
  readonly backends?: readonly string[];
  /** How answers are combined. Default `first`. */
  readonly strategy?: ParallelStrategy;
  /** Wall-clock bound in ms; backends still running are aborted as TIMEOUT. */
  readonly timeout?: number;
  /** With `first`/`fastest`, abort the backends still running. Default true. */
  readonly cancelOnFirstSuccess?: boolean;
  /** Combines the successes for the `custom` strategy. */
  readonly customAggregator?: (
    responses: readonly ParallelResponse[],
  ) => IRChatResponse;
  /** Aborts the whole dispatch; one aborted already calls no backend. */
  readonly signal?: AbortSignal;
}

/**
 * Result of {@linkcode Router.dispatchParallel}.
 *
 * @example Usage
 * ```ts
 * import type { ParallelDispatchResult } from "@switchyard/switchyard/models";
 * const summary = (result: ParallelDispatchResult): string =>
 *   `${result.successfulBackends.length} ok, ${result.failedBackends.length} failed in ${result.totalTimeMs} ms`;
 * ```
 */
export interface ParallelDispatchResult {
  /** The chosen (or aggregated) response. */
  readonly response: IRChatResponse;
  /** Every success known at resolution, in backend order. */
  readonly allResponses?: readonly ParallelResponse[];
  /** Backends that succeeded (known at resolution), in backend order. */
  readonly successfulBackends: readonly string[];
  /** Backends that failed, were unavailable or timed out, in backend order. */
  readonly failedBackends: readonly BackendFailure[];
  /** Wall time of the dispatch. */
  readonly totalTimeMs: number;
}
