// The frozen snapshots the public stats and info methods return, read from
// the counters (_stats.ts) and each backend's state (_state.ts).

import type { BackendInfo, BackendStats, RouterStats } from "./stats.ts";
import type { BackendEntry } from "./_state.ts";
import type { BackendCounters, RouterCounters } from "./_stats.ts";

/** A frozen snapshot of one backend's counters. */
export function backendStatsOf(
  s: BackendCounters,
  trackCost: boolean,
): BackendStats {
  const window = s.latency;
  const stats: {
    -readonly [K in keyof BackendStats]: BackendStats[K];
  } = {
    totalRequests: s.total,
    successfulRequests: s.ok,
    failedRequests: s.failed,
    successRate: s.total === 0 ? 100 : (s.ok / s.total) * 100,
    averageLatencyMs: window.size === 0 ? 0 : window.mean(),
    p50LatencyMs: window.percentile(50),
    p95LatencyMs: window.percentile(95),
    p99LatencyMs: window.percentile(99),
    retries: s.retries,
    clientErrors: s.clientErrors,
  };
  if (trackCost) {
    stats.totalCost = s.costTotal;
    stats.averageCost = s.costSamples === 0 ? 0 : s.costTotal / s.costSamples;
  }
  return Object.freeze(stats);
}

/** A frozen snapshot of the Router's counters and every backend's. */
export function routerStatsOf(
  counters: RouterCounters,
  order: readonly BackendEntry[],
  trackCost: boolean,
): RouterStats {
  const backendStats: Record<string, BackendStats> = {};
  for (const entry of order) {
    backendStats[entry.name] = backendStatsOf(entry.stats, trackCost);
  }
  return Object.freeze({
    totalRequests: counters.total,
    successfulRequests: counters.ok,
    failedRequests: counters.failed,
    totalFallbacks: counters.fallbacks,
    totalRetries: counters.retries,
    parallelRequests: counters.parallel,
    backendStats: Object.freeze(backendStats),
    sinceTimestamp: counters.since,
  });
}

/** A frozen snapshot of one backend's last known state (does not probe). */
export function backendInfoOf(
  entry: BackendEntry,
  now: number,
  trackCost: boolean,
): BackendInfo {
  const info: { -readonly [K in keyof BackendInfo]: BackendInfo[K] } = {
    name: entry.name,
    adapter: entry.adapter,
    metadata: entry.adapter.metadata,
    isHealthy: entry.healthy && entry.state.misconfigured === undefined,
    circuitBreakerState: entry.breaker.state(now),
    consecutiveFailures: entry.breaker.consecutiveFailures,
    stats: backendStatsOf(entry.stats, trackCost),
  };
  if (entry.lastHealthCheck !== undefined) {
    info.lastHealthCheck = entry.lastHealthCheck;
  }
  return Object.freeze(info);
}
