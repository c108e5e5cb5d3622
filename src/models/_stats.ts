// Per-backend counters and a fixed-size latency window with nearest-rank
// percentiles, the Router-wide counters, and the frozen snapshots the public
// stats and info methods return. Memory per backend is constant: the window
// is a ring buffer.

import type { BackendInfo, BackendStats, RouterStats } from "./stats.ts";
import type { BackendEntry } from "./_state.ts";

/** Samples kept per backend for latency figures. */
export const LATENCY_WINDOW = 1024;

export class LatencyWindow {
  readonly #samples: Float64Array;
  #size = 0;
  #next = 0;
  #sum = 0;
  #sorted: Float64Array | undefined;

  constructor(capacity: number = LATENCY_WINDOW) {
    this.#samples = new Float64Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  add(ms: number): void {
    const capacity = this.#samples.length;
    if (this.#size === capacity) this.#sum -= this.#samples[this.#next];
    else this.#size++;
    this.#samples[this.#next] = ms;
    this.#sum += ms;
    this.#next = this.#next + 1 === capacity ? 0 : this.#next + 1;
    this.#sorted = undefined;
  }

  /** Mean of the window; NaN when empty. */
  mean(): number {
    return this.#size === 0 ? NaN : this.#sum / this.#size;
  }

  /** Nearest-rank percentile (`p` in 0–100) of the window; 0 when empty. */
  percentile(p: number): number {
    if (this.#size === 0) return 0;
    if (this.#sorted === undefined) {
      this.#sorted = this.#samples.slice(0, this.#size).sort();
    }
    const rank = Math.max(1, Math.ceil((p / 100) * this.#size));
    return this.#sorted[rank - 1];
  }

  clear(): void {
    this.#size = 0;
    this.#next = 0;
    this.#sum = 0;
    this.#sorted = undefined;
  }
}

/** Settled calls: every one counts in `total` and in `ok` or `failed`. */
class Outcomes {
  total = 0;
  ok = 0;
  failed = 0;
}

export class BackendCounters extends Outcomes {
  costTotal = 0;
  costSamples = 0;
  readonly latency: LatencyWindow = new LatencyWindow();

  reset(): void {
    this.total = this.ok = this.failed = 0;
    this.costTotal = this.costSamples = 0;
    this.latency.clear();
  }

  /** Average observed cost; NaN without samples. */
  averageCost(): number {
    return this.costSamples === 0 ? NaN : this.costTotal / this.costSamples;
  }
}

/** Router-wide counters; per-backend figures live on each BackendCounters. */
export class RouterCounters extends Outcomes {
  /** Attempts started after the first choice. */
  fallbacks = 0;
  parallel = 0;
  since: number;

  constructor(since: number) {
    super();
    this.since = since;
  }

  /** Counts one settled execute, executeStream or dispatchParallel call. */
  settle(ok: boolean): void {
    this.total++;
    if (ok) this.ok++;
    else this.failed++;
  }

  reset(since: number): void {
    this.total =
      this.ok =
      this.failed =
      this.fallbacks =
      this.parallel =
        0;
    this.since = since;
  }
}

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
    isHealthy: entry.healthy,
    circuitBreakerState: entry.breaker.state(now),
    consecutiveFailures: entry.breaker.consecutiveFailures,
    stats: backendStatsOf(entry.stats, trackCost),
  };
  if (entry.lastHealthCheck !== undefined) {
    info.lastHealthCheck = entry.lastHealthCheck;
  }
  return Object.freeze(info);
}
