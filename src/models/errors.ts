/**
 * Errors of the model router and its adapters.
 *
 * @module
 */

/**
 * Machine-readable error codes.
 *
 * @example Usage
 * ```ts
 * import { ErrorCode } from "@switchyard/switchyard/models";
 * console.log(ErrorCode.ROUTING_FAILED); // "ROUTING_FAILED"
 * ```
 */
export const ErrorCode = {
  /** Every backend in the chain failed. */
  ALL_BACKENDS_FAILED: "ALL_BACKENDS_FAILED",
  /** No healthy, circuit-closed backend to route to. */
  NO_BACKEND_AVAILABLE: "NO_BACKEND_AVAILABLE",
  /** Routing rejected the request (unknown backend name, a named backend outside the request's allowed ones, bad chain, bad custom result). */
  ROUTING_FAILED: "ROUTING_FAILED",
  /** The provider rejected the credentials (HTTP 401/403). */
  AUTHENTICATION_FAILED: "AUTHENTICATION_FAILED",
  /** The provider is rate limiting (HTTP 429); see `retryAfter`. */
  RATE_LIMITED: "RATE_LIMITED",
  /** The provider failed (HTTP 5xx or an error event). */
  PROVIDER_ERROR: "PROVIDER_ERROR",
  /** The request was invalid for the provider (HTTP 400/404/422). */
  INVALID_REQUEST: "INVALID_REQUEST",
  /** The provider answered with something that is not its documented format. */
  INVALID_RESPONSE: "INVALID_RESPONSE",
  /** The connection failed. */
  NETWORK_ERROR: "NETWORK_ERROR",
  /** The call took longer than its timeout. */
  TIMEOUT: "TIMEOUT",
  /** The caller aborted. */
  ABORTED: "ABORTED",
  /** Anything else, including non-Error values thrown by adapters. */
  UNKNOWN: "UNKNOWN",
} as const;

/**
 * One of the {@linkcode ErrorCode} values.
 *
 * @example Usage
 * ```ts
 * import type { ErrorCodeValue } from "@switchyard/switchyard/models";
 * const code: ErrorCodeValue = "TIMEOUT";
 * ```
 */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  ErrorCode.ALL_BACKENDS_FAILED,
  ErrorCode.RATE_LIMITED,
  ErrorCode.PROVIDER_ERROR,
  ErrorCode.NETWORK_ERROR,
  ErrorCode.TIMEOUT,
]);

/**
 * Options of an {@linkcode AdapterError}.
 *
 * @example Usage
 * ```ts
 * import type { AdapterErrorOptions } from "@switchyard/switchyard/models";
 * const options: AdapterErrorOptions = { code: "RATE_LIMITED", message: "slow down", retryAfter: 2000 };
 * ```
 */
export interface AdapterErrorOptions {
  /** Why it failed. */
  code: ErrorCodeValue;
  /** Human-readable explanation. */
  message: string;
  /** Provider id of the adapter that failed. */
  provider?: string;
  /** HTTP status from the provider, when there was one. */
  statusCode?: number;
  /** Milliseconds to wait before retrying (from `Retry-After`). */
  retryAfter?: number;
  /** Overrides the code's default retryability. */
  isRetryable?: boolean;
  /** The underlying error. */
  cause?: unknown;
  /** Structured details. */
  details?: Record<string, unknown>;
}

/**
 * The error every adapter and the Router throw, identified by `code`.
 *
 * @example Checking a code
 * ```ts
 * import { AdapterError, ErrorCode } from "@switchyard/switchyard/models";
 * const error = new AdapterError({ code: ErrorCode.RATE_LIMITED, message: "slow down", retryAfter: 1000 });
 * console.log(error.code, error.isRetryable, error.retryAfter); // "RATE_LIMITED" true 1000
 * ```
 */
export class AdapterError extends Error {
  /** Why it failed. */
  readonly code: ErrorCodeValue;
  /** Provider id, when known. */
  readonly provider?: string;
  /** HTTP status, when known. */
  readonly statusCode?: number;
  /** Milliseconds to wait before retrying, when the provider said. */
  readonly retryAfter?: number;
  /** True when the same request may succeed later. */
  readonly isRetryable: boolean;
  /** Structured details. */
  readonly details?: Record<string, unknown>;
  /**
   * The registered backend whose call failed with this error, set by the
   * Router when it records the failure: an error it passes on as the adapter
   * raised it (a client error, `fallbackStrategy: "none"`) names the
   * provider, and this names the backend.
   */
  backend?: string;

  /**
   * Creates the error from one options object.
   *
   * @param options Code, message and details.
   */
  constructor(options: AdapterErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = "AdapterError";
    this.code = options.code;
    this.isRetryable = options.isRetryable ?? RETRYABLE_CODES.has(options.code);
    if (options.provider !== undefined) this.provider = options.provider;
    if (options.statusCode !== undefined) this.statusCode = options.statusCode;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.details !== undefined) this.details = options.details;
  }
}

/**
 * One failed attempt inside a {@linkcode RouterError}.
 *
 * @example Usage
 * ```ts
 * import { AdapterError, type BackendFailure } from "@switchyard/switchyard/models";
 * const failure: BackendFailure = { backend: "a", error: new AdapterError({ code: "TIMEOUT", message: "slow" }) };
 * ```
 */
export interface BackendFailure {
  /** Registered backend name. */
  backend: string;
  /** What it threw, normalised to an AdapterError. */
  error: AdapterError;
}

/**
 * Options of a {@linkcode RouterError}.
 *
 * @example Usage
 * ```ts
 * import type { RouterErrorOptions } from "@switchyard/switchyard/models";
 * const options: RouterErrorOptions = { code: "NO_BACKEND_AVAILABLE", message: "none", attemptedBackends: [] };
 * ```
 */
export interface RouterErrorOptions extends AdapterErrorOptions {
  /** Backends tried, in attempt order. Default `[]`. */
  attemptedBackends?: readonly string[];
  /** Each attempt's error, in attempt order. */
  errors?: readonly BackendFailure[];
}

/**
 * An AdapterError raised by the Router itself, with the backends it tried.
 *
 * @example Inspecting a routing failure
 * ```ts
 * import { AdapterError, RouterError } from "@switchyard/switchyard/models";
 * const error = new RouterError({ code: "ALL_BACKENDS_FAILED", message: "all failed", attemptedBackends: ["a", "b"] });
 * console.log(error instanceof AdapterError, error.attemptedBackends, error.isRetryable); // true ["a","b"] true
 * ```
 */
export class RouterError extends AdapterError {
  /** Backends tried, in attempt order. */
  readonly attemptedBackends: readonly string[];
  /** Each attempt's error, in attempt order. */
  readonly errors: readonly BackendFailure[];

  /**
   * Creates the error from one options object.
   *
   * @param options Code, message, attempted backends and their errors.
   */
  constructor(options: RouterErrorOptions) {
    super(options);
    this.name = "RouterError";
    this.attemptedBackends = [...(options.attemptedBackends ?? [])];
    this.errors = [...(options.errors ?? [])];
  }
}
