/**
 * Statistics and state snapshots of the model {@linkcode Router}:
 * {@linkcode RouterStats}, {@linkcode BackendStats}, {@linkcode BackendInfo}
 * and {@linkcode CircuitBreakerState}. Every snapshot is frozen and never
 * changes after it is returned. Re-exported by `@switchyard/switchyard/models`.
 *
 * @example Reading a backend's figures
 * ```ts
 * import { createRouter, type BackendStats } from "@switchyard/switchyard/models";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const router = createRouter().register("a", createEchoAdapter());
 * await router.execute({ messages: [{ role: "user", content: "x" }] });
 * const stats: BackendStats | undefined = router.getBackendStats("a");
 * console.log(stats?.totalRequests, stats?.successRate); // 1 100
 * router.dispose();
 * ```
 *
 * @module
 */

import type { AdapterMetadata, BackendAdapter } from "./types.ts";

/**
 * State of a backend's circuit breaker.
 *
 * @example Usage
 * ```ts
 * import type { CircuitBreakerState } from "@switchyard/switchyard/models";
 * const state: CircuitBreakerState = "half-open";
 * ```
 */
export type CircuitBreakerState = "closed" | "open" | "half-open";

/**
 * Statistics of one backend (a snapshot).
 *
 * @example Usage
 * ```ts
 * import type { BackendStats } from "@switchyard/switchyard/models";
 * const healthy = (stats: BackendStats): boolean => stats.successRate > 95 && stats.p95LatencyMs < 2000;
 * ```
 */
export interface BackendStats {
  /** Completed attempts (successful + failed; aborts excluded). */
  readonly totalRequests: number;
  /** Successful attempts. */
  readonly successfulRequests: number;
  /** Failed attempts. */
  readonly failedRequests: number;
  /** successful / total × 100; 100 when there were none. */
  readonly successRate: number;
  /** Mean latency of the recent window of successful calls (0 when empty). */
  readonly averageLatencyMs: number;
  /** Nearest-rank median of the window. */
  readonly p50LatencyMs: number;
  /** Nearest-rank 95th percentile of the window. */
  readonly p95LatencyMs: number;
  /** Nearest-rank 99th percentile of the window. */
  readonly p99LatencyMs: number;
  /** Retries started on this backend (`maxRetries`); each also counts as an attempt. */
  readonly retries: number;
  /**
   * Requests this backend rejected as the client's error (400, 404
   * model_not_found, 422, content policy): not in the totals above, the
   * breaker or the scores.
   */
  readonly clientErrors: number;
  /** Sum of estimated costs (only with `trackCost`). */
  readonly totalCost?: number;
  /** Average estimated cost per costed request (only with `trackCost`). */
  readonly averageCost?: number;
}

/**
 * Router-wide statistics (a snapshot).
 *
 * @example Usage
 * ```ts
 * import type { RouterStats } from "@switchyard/switchyard/models";
 * const failureRatio = (stats: RouterStats): number => stats.failedRequests / Math.max(1, stats.totalRequests);
 * ```
 */
export interface RouterStats {
  /** execute, executeStream and dispatchParallel calls that settled. */
  readonly totalRequests: number;
  /** Those that succeeded. */
  readonly successfulRequests: number;
  /** Those that failed (including aborts). */
  readonly failedRequests: number;
  /** Attempts started after the first choice failed or was unavailable. */
  readonly totalFallbacks: number;
  /** Retries on the same backend before falling back (`maxRetries`). */
  readonly totalRetries: number;
  /** dispatchParallel calls. */
  readonly parallelRequests: number;
  /** Per registered backend. */
  readonly backendStats: Readonly<Record<string, BackendStats>>;
  /** `now()` at construction or the last resetStats. */
  readonly sinceTimestamp: number;
}

/**
 * Last known state of one backend (does not probe).
 *
 * @example Usage
 * ```ts
 * import type { BackendInfo } from "@switchyard/switchyard/models";
 * const routable = (info: BackendInfo): boolean => info.isHealthy && info.circuitBreakerState !== "open";
 * ```
 */
export interface BackendInfo {
  /** Registered name. */
  readonly name: string;
  /** The adapter. */
  readonly adapter: BackendAdapter;
  /** The adapter's metadata. */
  readonly metadata: AdapterMetadata;
  /** Result of the last health probe (true before any). */
  readonly isHealthy: boolean;
  /** `now()` of the last health probe. */
  readonly lastHealthCheck?: number;
  /** Breaker state now. */
  readonly circuitBreakerState: CircuitBreakerState;
  /** Consecutive failures counted by the breaker. */
  readonly consecutiveFailures: number;
  /** Statistics snapshot. */
  readonly stats: BackendStats;
}
