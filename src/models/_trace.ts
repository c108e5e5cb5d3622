// Builds the routing trace (metadata.routing) from a plan and its attempts.
// Plain loops: this runs on every response, so no closures or extra arrays.

import type { RoutingStrategy } from "./config.ts";
import type { RoutingAttempt, RoutingReason, RoutingTrace } from "./trace.ts";
import type { IRChatResponse } from "./types.ts";
import type { Success, TracedAttempt } from "./_outcome.ts";
import type { Plan } from "./routing/strategy.ts";

/** The public record of one attempt; one still running has no error code. */
function recordOf(attempt: TracedAttempt): RoutingAttempt {
  const record: RoutingAttempt = attempt.ok
    ? { backend: attempt.backend, latencyMs: attempt.latencyMs, ok: true }
    : attempt.kind === "running"
    ? { backend: attempt.backend, latencyMs: attempt.latencyMs, ok: false }
    : {
      backend: attempt.backend,
      latencyMs: attempt.latencyMs,
      ok: false,
      errorCode: attempt.error.code,
    };
  return attempt.retry !== undefined
    ? { ...record, retry: attempt.retry }
    : record;
}

/** The trace of a request that ended on `backend`. */
export function traceOf(
  strategy: RoutingStrategy,
  plan: Plan,
  attempts: readonly TracedAttempt[],
  backend: string,
): RoutingTrace {
  const first = plan.entry?.name;
  const records: RoutingAttempt[] = [];
  let fallbacks = 0;
  for (const attempt of attempts) {
    records.push(recordOf(attempt));
    if (
      attempt.backend !== first &&
      attempt.retry === undefined
    ) fallbacks++;
  }
  const trace: {
    backend: string;
    strategy: RoutingStrategy | "parallel";
    reason: RoutingReason;
    requestedBackend?: string;
    attempts: RoutingAttempt[];
    fallbacks: number;
  } = { backend, strategy, reason: plan.reason, attempts: records, fallbacks };
  if (plan.requested !== undefined) trace.requestedBackend = plan.requested;
  return trace;
}

/**
 * The winner's response with the trace on `metadata.routing` (a copy);
 * the winner of a chat job on the IR, whose answer is an IRChatResponse.
 */
export function tracedResponse(
  strategy: RoutingStrategy,
  winner: Success,
  plan: Plan,
  attempts: readonly TracedAttempt[],
): IRChatResponse {
  const response = winner.response as IRChatResponse;
  return {
    ...response,
    metadata: {
      ...response.metadata,
      routing: traceOf(strategy, plan, attempts, winner.backend),
    },
  };
}

/** The trace of a dispatchParallel response that came from `backend`. */
export function dispatchTrace(
  attempts: readonly TracedAttempt[],
  backend: string,
): RoutingTrace {
  const records: RoutingAttempt[] = [];
  for (const attempt of attempts) records.push(recordOf(attempt));
  return {
    backend,
    strategy: "parallel",
    reason: "parallel-dispatch",
    attempts: records,
    fallbacks: 0,
  };
}

/** `response` with a dispatch trace on `metadata.routing` (a copy). */
export function withDispatchTrace(
  response: IRChatResponse,
  attempts: readonly TracedAttempt[],
  backend: string,
): IRChatResponse {
  return {
    ...response,
    metadata: {
      ...response.metadata,
      routing: dispatchTrace(attempts, backend),
    },
  };
}
