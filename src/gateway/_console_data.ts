// The console's one JSON document: backends (breaker, health, latency
// percentiles, error rate, totals the page turns into a request rate),
// keys (requests, tokens, spend) and the cache hit rate. Read on demand,
// from the state that already exists: the router's snapshots and the
// metrics registry.
import type { GatewayContext } from "./_context.ts";
import type { ApiKey } from "./keys.ts";
import type { RouterStore } from "../models/store.ts";

/** Longest wait for the fleet's counters before showing this instance's. */
const FLEET_READ_MS = 1000;

/**
 * The fleet's outcome counts per backend, as every router on the store
 * flushes them (`ok`, `failed`; a client error is neither, as in the
 * router's own stats), or undefined when the store does not answer in time.
 */
async function fleetCounts(
  store: RouterStore,
  names: readonly string[],
): Promise<Map<string, { ok: number; failed: number }> | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const reads = Promise.all(
      names.map((name) => Promise.resolve(store.readCounters(name))),
    );
    // A late answer must not surface as an unhandled rejection.
    reads.catch(() => {});
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), FLEET_READ_MS);
    });
    const counters = await Promise.race([reads, late]);
    if (counters === undefined) return undefined;
    return new Map(names.map((name, i) => {
      const { ok = 0, failed = 0 } = counters[i];
      return [name, { ok, failed }];
    }));
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** A number safe for JSON (NaN and Infinity are not). */
function finite(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : value;
}

/** The document `GET <admin path>/console.json` answers. */
export async function consoleData(
  ctx: GatewayContext,
  runtimeKeys: readonly ApiKey[],
  keysShared: boolean,
  fleet?: RouterStore,
) {
  const infos = ctx.router.getBackendInfo();
  const counted = fleet === undefined
    ? undefined
    : await fleetCounts(fleet, infos.map((info) => info.name));
  const backends = infos.map((info) => {
    const stats = info.stats;
    const shared = counted?.get(info.name);
    const requests = shared ? shared.ok + shared.failed : stats.totalRequests;
    const failed = shared ? shared.failed : stats.failedRequests;
    return {
      name: info.name,
      provider: info.metadata.provider,
      breaker: info.circuitBreakerState,
      healthy: info.isHealthy,
      consecutiveFailures: info.consecutiveFailures,
      requests,
      failed,
      errorRate: requests === 0 ? 0 : failed / requests,
      p50Ms: finite(stats.p50LatencyMs),
      p95Ms: finite(stats.p95LatencyMs),
      p99Ms: finite(stats.p99LatencyMs),
    };
  });
  const usage = ctx.metrics.usageByKey();
  const keys: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  const left = new Map<string, Promise<number | null>>();
  const add = (id: string, source: string, key?: ApiKey) => {
    if (seen.has(id)) return;
    seen.add(id);
    // The fleet's figure, read from the budget store (one read per key).
    if (key !== undefined) {
      left.set(id, ctx.budgets.remaining(key).catch(() => null));
    }
    const used = Object.hasOwn(usage, id) ? usage[id] : undefined;
    keys.push({
      id,
      source,
      requests: used?.requests ?? 0,
      errors: used?.errors ?? 0,
      tokensIn: used?.tokensIn ?? 0,
      tokensOut: used?.tokensOut ?? 0,
      // This instance's spend, as /metrics counts it.
      spendUsd: used?.spendUsd ?? null,
      budgetLeftUsd: null as number | null,
    });
  };
  for (const key of ctx.keyRing.configKeys) add(key.id, "config", key);
  for (const key of runtimeKeys) add(key.id, "admin", key);
  for (const id of Object.keys(usage)) add(id, "other");
  for (const row of keys) {
    const budget = left.get(row.id as string);
    if (budget !== undefined) row.budgetLeftUsd = await budget;
  }
  return {
    time: new Date(ctx.now()).toISOString(),
    keysShared,
    // Whose requests and errors the backends' figures count.
    backendCounts: counted === undefined ? "instance" : "fleet",
    backends,
    keys,
    // Hits over lookups on this instance; null before the first lookup.
    cache: { hitRate: ctx.metrics.cacheHitRate() },
  };
}
