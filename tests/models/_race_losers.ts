// What the parallel-race tests share: the retryable failure a losing racer
// throws, a delay counted in microtask turns (so a sweep over it meets every
// turn of the race), and the check that a loser is listed in the routing
// trace as its backend's statistics counted it.
import assert from "node:assert/strict";
import { AdapterError, ErrorCode, type Router } from "../../src/models/mod.ts";

/** A retryable 503 from the provider, as a failing racer throws it. */
export function unavailable(): AdapterError {
  return new AdapterError({
    code: ErrorCode.PROVIDER_ERROR,
    statusCode: 503,
    message: "503 Service Unavailable",
  });
}

/** Resolves after `n` microtask turns. */
export async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

/**
 * Asserts that `backend`'s record among `attempts` is its failure when its
 * statistics counted one, else a cancellation (ABORTED); true when the
 * failure was counted. `depth` names the sweep's step in the message.
 */
export function listedAsCounted(
  router: Router,
  attempts: readonly { backend: string; errorCode?: string }[],
  backend: string,
  depth: number,
): boolean {
  const record = attempts.find((a) => a.backend === backend);
  const counted = router.getStats().backendStats[backend].failedRequests;
  assert.equal(
    record?.errorCode,
    counted === 1 ? ErrorCode.PROVIDER_ERROR : ErrorCode.ABORTED,
    `after ${depth} turns: the trace and the statistics disagree`,
  );
  return counted === 1;
}
