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
): RouterError {
  return new RouterError({
    code: ErrorCode.ROUTING_FAILED,
    message,
    attemptedBackends: attempted,
    cause,
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

/** Nothing could be called for a request that named `requested` (or none). */
export function noBackendFor(
  requested: string | undefined,
  disposed: boolean,
): RouterError {
  if (disposed) return noBackend("Router is disposed");
  return noBackend(
    requested === undefined
      ? "No backend is available"
      : `Backend "${requested}" is unavailable and no fallback is available`,
  );
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
