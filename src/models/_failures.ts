// The errors the Router raises, built in one place so every path (execute,
// streams, fallback, dispatchParallel) reports the same codes and messages.

import {
  AdapterError,
  type BackendFailure,
  ErrorCode,
  RouterError,
} from "./errors.ts";
import type { RoutingTrace } from "./trace.ts";
import type { TracedAttempt } from "./_outcome.ts";
import type { BackendEntry } from "./_state.ts";
import { abortedError } from "./_util.ts";

/** A bad configuration value or argument. */
export function configError(message: string): AdapterError {
  return new AdapterError({ code: ErrorCode.INVALID_REQUEST, message });
}

/** A routing decision that cannot be honoured (unknown name, bad hook result). */
export function routingFailed(
  message: string,
  attempted: readonly string[] = [],
  cause?: unknown,
  details?: Record<string, unknown>,
): RouterError {
  return new RouterError({
    code: ErrorCode.ROUTING_FAILED,
    message,
    attemptedBackends: attempted,
    cause,
    ...(details === undefined ? {} : { details }),
  });
}

/** Nothing could be called. */
export function noBackend(message: string): RouterError {
  return new RouterError({
    code: ErrorCode.NO_BACKEND_AVAILABLE,
    message,
    attemptedBackends: [],
  });
}

/**
 * When the first of `candidates` admits requests again, if every one of them
 * is out for a known time: `retryAfter` (ms from `now`), and in `details`
 * `availableAt` (the Router's clock) and `cooldown`: `rate-limit` when every
 * candidate cools down after a 429's Retry-After, else `circuit-open`.
 */
function reopening(
  candidates: readonly BackendEntry[],
  now: number,
): { retryAfter: number; details: Record<string, unknown> } | undefined {
  if (candidates.length === 0) return undefined;
  let at = Infinity;
  let rateLimited = true;
  for (const entry of candidates) {
    const reopens = entry.state.reopensAt(now);
    if (reopens === undefined) return undefined;
    at = Math.min(at, reopens.at);
    rateLimited &&= reopens.rateLimited;
  }
  return {
    retryAfter: Math.max(0, at - now),
    details: {
      availableAt: at,
      cooldown: rateLimited ? "rate-limit" : "circuit-open",
    },
  };
}

/**
 * Nothing could be called for a request that named `requested` (or none);
 * `candidates` are the backends it could have used, for when they admit
 * requests again (see reopening).
 */
export function noBackendFor(
  requested: string | undefined,
  disposed: boolean,
  candidates: readonly BackendEntry[] = [],
  now = 0,
): RouterError {
  if (disposed) return noBackend("Router is disposed");
  const message = requested === undefined
    ? "No backend is available"
    : `Backend "${requested}" is unavailable and no fallback is available`;
  const back = reopening(candidates, now);
  if (back === undefined) return noBackend(message);
  const why = back.details.cooldown === "rate-limit"
    ? "cooling down after a rate limit"
    : "behind an open circuit breaker";
  return new RouterError({
    code: ErrorCode.NO_BACKEND_AVAILABLE,
    message: `${message} (${why}; available again in ${
      Math.ceil(back.retryAfter)
    } ms)`,
    attemptedBackends: [],
    retryAfter: back.retryAfter,
    details: back.details,
  });
}

/** Why one backend cannot be called now; `entry` is its registration, if any. */
export function unavailableError(
  name: string | undefined,
  entry: BackendEntry | undefined,
): AdapterError {
  const misconfigured = entry?.state.misconfigured;
  const why = entry === undefined
    ? "not available"
    : misconfigured !== undefined
    ? `misconfigured (${misconfigured.code}: ${misconfigured.message})`
    : !entry.healthy
    ? "unhealthy"
    : "circuit open";
  return new AdapterError({
    code: ErrorCode.NO_BACKEND_AVAILABLE,
    message: `Backend "${name}" is ${why}`,
  });
}

/** The failed attempts (not aborted, not unavailable), in attempt order. */
export function failuresOf(
  attempts: readonly TracedAttempt[],
): BackendFailure[] {
  const failures: BackendFailure[] = [];
  for (const a of attempts) {
    if (!a.ok && a.kind === "failed") {
      failures.push({ backend: a.backend, error: a.error });
    }
  }
  return failures;
}

/** The caller's signal (or dispose) stopped the request. */
export function abortedRouterError(
  signal: AbortSignal | undefined,
  attempts: readonly TracedAttempt[],
): RouterError {
  const base = abortedError(signal);
  return new RouterError({
    code: ErrorCode.ABORTED,
    message: base.message,
    cause: signal?.reason,
    attemptedBackends: attempts.map((a) => a.backend),
    errors: failuresOf(attempts),
  });
}

/** Every backend tried failed; `failures` is not empty. */
export function allFailedError(
  failures: readonly BackendFailure[],
  routing: RoutingTrace,
): RouterError {
  return new RouterError({
    code: ErrorCode.ALL_BACKENDS_FAILED,
    message: `All backends failed: ${
      failures.map((f) => `${f.backend} (${f.error.code}: ${f.error.message})`)
        .join("; ")
    }`,
    attemptedBackends: failures.map((f) => f.backend),
    errors: failures,
    cause: failures[failures.length - 1].error,
    details: { routing },
  });
}
