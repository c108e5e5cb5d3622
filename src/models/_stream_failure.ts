// An error as an `error` chunk carries it, and back. A streamed failure used
// to keep only a code and a message, so a consumer could not answer a
// streamed upstream 404 or 429 as a non-streamed call would; the failure
// now travels whole in the chunk (status, Retry-After, the upstream body,
// every backend's own failure), and no side channel is needed.

import {
  AdapterError,
  type BackendFailure,
  ErrorCode,
  type ErrorCodeValue,
  RouterError,
} from "./errors.ts";
import type { IRStreamFailure } from "./types.ts";

const CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** The chunk form of `error` (a RouterError's backends included). */
export function failureOf(error: AdapterError): IRStreamFailure {
  const failure: IRStreamFailure = {
    code: error.code,
    message: error.message,
    retryable: error.isRetryable,
  };
  if (error.retryAfter !== undefined) failure.retryAfter = error.retryAfter;
  const cooldown = error.details?.cooldown;
  if (cooldown === "rate-limit" || cooldown === "circuit-open") {
    failure.cooldown = cooldown;
  }
  if (error.statusCode !== undefined) failure.status = error.statusCode;
  if (error.details?.body !== undefined) failure.body = error.details.body;
  if (error.provider !== undefined) failure.provider = error.provider;
  if (error.backend !== undefined) failure.backend = error.backend;
  if (error instanceof RouterError && error.errors.length > 0) {
    failure.failures = error.errors.map((f) => ({
      backend: f.backend,
      error: failureOf(f.error),
    }));
  }
  return failure;
}

/**
 * The error a chunk's failure stands for: a RouterError when it lists
 * backends, else an AdapterError. An unknown code becomes `fallback`'s (the
 * adapter's own code kept in `details.code`).
 */
export function errorOfFailure(
  raw: Partial<IRStreamFailure> | undefined,
  provider: string | undefined,
  fallback: ErrorCodeValue = ErrorCode.PROVIDER_ERROR,
): AdapterError {
  const code = typeof raw?.code === "string" && CODES.has(raw.code)
    ? raw.code as ErrorCodeValue
    : fallback;
  const details: Record<string, unknown> = {};
  if (raw?.code !== code) details.code = raw?.code;
  if (raw?.cooldown === "rate-limit" || raw?.cooldown === "circuit-open") {
    details.cooldown = raw.cooldown;
  }
  if (raw?.body !== undefined) details.body = raw.body;
  const options = {
    code,
    message: typeof raw?.message === "string"
      ? raw.message
      : "Backend stream reported an error",
    provider: typeof raw?.provider === "string" ? raw.provider : provider,
    isRetryable: typeof raw?.retryable === "boolean"
      ? raw.retryable
      : undefined,
    ...(typeof raw?.status === "number" ? { statusCode: raw.status } : {}),
    // Kept, so a 429 reported in-band cools the backend like a thrown one.
    ...(typeof raw?.retryAfter === "number" && raw.retryAfter >= 0
      ? { retryAfter: raw.retryAfter }
      : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
  const backend = typeof raw?.backend === "string" ? raw.backend : undefined;
  if (!Array.isArray(raw?.failures)) {
    const error = new AdapterError(options);
    if (backend !== undefined) error.backend = backend;
    return error;
  }
  const errors: BackendFailure[] = raw.failures.map((f) => ({
    backend: String(f?.backend),
    error: errorOfFailure(f?.error, undefined, ErrorCode.UNKNOWN),
  }));
  for (const failure of errors) failure.error.backend = failure.backend;
  return new RouterError({
    ...options,
    attemptedBackends: errors.map((f) => f.backend),
    errors,
  });
}
