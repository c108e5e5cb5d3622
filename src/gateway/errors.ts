/**
 * Gateway errors and how a failure becomes an HTTP status.
 *
 * One rule decides the status of every failure, whichever wire format
 * (OpenAI or Anthropic) renders it, so SDKs that retry 5xx and 429 never
 * retry a request that can only fail again:
 *
 * | failure | status |
 * |---|---|
 * | the gateway refused the request (bad JSON, bad field, body too large) | its own 4xx |
 * | an upstream 4xx other than 401, 403, 408 and 429 (400, 404, 409, 413, 422), from the only backend or from **every** backend fallback tried | that status, with the upstream's own error `message`/`type`/`code`/`param` when it sent OpenAI- or Anthropic-shaped JSON |
 * | an upstream 401/403 (`AUTHENTICATION_FAILED`: the provider refused the gateway's own key) from any backend tried | 502 `backend_misconfigured` + `x-should-retry: false`, naming the backend, nothing of the upstream's text (which can quote the key) |
 * | `INVALID_REQUEST` raised before anything was sent, `ROUTING_FAILED` | 400 |
 * | `ROUTING_FAILED` from a custom routing or fallback hook (it threw, or chose an unknown, unavailable, attempted or disallowed backend) | 500, with a generic message |
 * | every backend rate limited | 429 + `Retry-After` (seconds, the shortest wait, rounded up) |
 * | `NO_BACKEND_AVAILABLE` because every candidate cools down after a 429's `Retry-After` (the router's `cooldownOnRateLimit`) | 429 + `Retry-After` and `retry-after-ms`: the time until the first candidate is back |
 * | `NO_BACKEND_AVAILABLE` because every candidate's circuit breaker is open after failures (its `circuitBreakerTimeout` known) | 503 + `Retry-After` and `retry-after-ms`: the time until the first candidate's breaker admits its half-open probe |
 * | anything else after fallback (`ALL_BACKENDS_FAILED`, `PROVIDER_ERROR`, `NETWORK_ERROR`, `INVALID_RESPONSE`) | 502 |
 * | any other `NO_BACKEND_AVAILABLE` (unhealthy, misconfigured, a breaker opened by hand without a timeout) | 503 |
 * | `TIMEOUT` (a backend's timeout or an upstream 408), from the only backend or from every backend fallback tried | 504 |
 * | the client went away (`ABORTED`) | 499 |
 * | a bug | 500 without detail |
 *
 * A mix of client errors and other failures is a 502: some backend failed for
 * a reason the client cannot fix.
 *
 * Messages name backends by their ids (`backend "primary" rate limited: HTTP
 * 429: …`, `All backends failed: backend "primary" unreachable: connection
 * refused (127.0.0.1:8001); backend "backup" …`), never by the provider two
 * backends may share; a network failure says its cause (DNS, refused,
 * reset, TLS, timeout) and the host. An upstream client error's own
 * message, when its body had one, is passed on as it was.
 *
 * A backend cooling down after a 429 is still rate limited: the client gets
 * the 429 and the remaining wait, not a 503 (which both SDKs retry at once),
 * streamed or not, as LiteLLM's proxy answers when every deployment cools
 * down. A breaker opened by failures stays a 503, with the wait until its
 * half-open probe, so an SDK's retry (both retry 503 and read
 * `retry-after-ms` first) lands when a backend can be called again instead
 * of at once.
 *
 * @module
 */
import { AdapterError, RouterError } from "../models/errors.ts";
import { refusedCredentials } from "./_refused.ts";
import { failuresText, type NamedFailure } from "./_failure_text.ts";

/**
 * Options of a {@linkcode GatewayError}.
 *
 * @example Usage
 * ```ts
 * import type { GatewayErrorOptions } from "@switchyard/switchyard/gateway";
 * const options: GatewayErrorOptions = { status: 400, type: "invalid_request_error", message: "bad", param: "model" };
 * ```
 */
export interface GatewayErrorOptions {
  /** HTTP status to answer with. */
  status: number;
  /** OpenAI error type, e.g. `invalid_request_error`. */
  type: string;
  /** Human-readable explanation. */
  message: string;
  /** Machine-readable code. */
  code?: string;
  /** The request field at fault. */
  param?: string;
  /** Extra response headers (`Retry-After`, rate-limit headers). */
  headers?: Record<string, string>;
}

/**
 * A request the gateway refuses itself (bad body, bad key, over a limit);
 * becomes an error response with its status in the client's wire format.
 *
 * @example Usage
 * ```ts
 * import { GatewayError } from "@switchyard/switchyard/gateway";
 * const error = new GatewayError({ status: 400, type: "invalid_request_error", message: "messages is required", param: "messages" });
 * console.log(error.status); // 400
 * ```
 */
export class GatewayError extends Error {
  /** HTTP status to answer with. */
  readonly status: number;
  /** OpenAI error type. */
  readonly type: string;
  /** Machine-readable code. */
  readonly code?: string;
  /** The request field at fault. */
  readonly param?: string;
  /** Extra response headers. */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * Creates the error.
   *
   * @param options Status, type, message, code, param and headers.
   */
  constructor(options: GatewayErrorOptions) {
    super(options.message);
    this.name = "GatewayError";
    this.status = options.status;
    this.type = options.type;
    this.headers = { ...options.headers };
    if (options.code !== undefined) this.code = options.code;
    if (options.param !== undefined) this.param = options.param;
  }
}

/**
 * A failure resolved to what the client is told, independent of wire format.
 *
 * @example Usage
 * ```ts
 * import type { ResolvedError } from "@switchyard/switchyard/gateway";
 * const resolved: ResolvedError = { status: 429, type: "rate_limit_error", message: "slow down", code: "RATE_LIMITED", param: null, headers: { "retry-after": "2" } };
 * ```
 */
export interface ResolvedError {
  /** HTTP status. */
  status: number;
  /** OpenAI error type (`invalid_request_error`, `rate_limit_error`, …). */
  type: string;
  /** Human-readable explanation. */
  message: string;
  /** Machine-readable code (`ErrorCode`, or the upstream's own code). */
  code: string | null;
  /** The request field at fault. */
  param: string | null;
  /** Extra response headers. */
  headers: Record<string, string>;
}

/** An OpenAI error body: `{ error: { message, type, param, code } }`. */
export interface OpenAIErrorBody {
  /** The error. */
  error: {
    /** Human-readable explanation. */
    message: string;
    /** OpenAI error type, e.g. `invalid_request_error`. */
    type: string;
    /** The request field at fault, when one is. */
    param: string | null;
    /** Machine-readable code. */
    code: string | null;
  };
}

const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  INVALID_REQUEST: 400,
  ROUTING_FAILED: 400,
  AUTHENTICATION_FAILED: 401,
  RATE_LIMITED: 429,
  ALL_BACKENDS_FAILED: 502,
  PROVIDER_ERROR: 502,
  INVALID_RESPONSE: 502,
  NETWORK_ERROR: 502,
  NO_BACKEND_AVAILABLE: 503,
  TIMEOUT: 504,
  ABORTED: 499,
  UNKNOWN: 500,
};

/** The status of a NO_BACKEND_AVAILABLE whose candidates all cool down. */
const COOLDOWN_STATUS: Readonly<Record<string, number>> = {
  "rate-limit": 429,
  "circuit-open": 503,
};

const TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  409: "invalid_request_error",
  413: "invalid_request_error",
  422: "invalid_request_error",
  429: "rate_limit_error",
};

/**
 * The OpenAI error type for an HTTP status.
 *
 * @param status HTTP status.
 * @returns `invalid_request_error`, `authentication_error`, … or `server_error`.
 *
 * @example Usage
 * ```ts
 * import { errorTypeFor } from "@switchyard/switchyard/gateway";
 * console.log(errorTypeFor(404), errorTypeFor(502)); // "not_found_error" "server_error"
 * ```
 */
export function errorTypeFor(status: number): string {
  return TYPE_BY_STATUS[status] ?? "server_error";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The upstream status when `error` is a client error the client must see. */
function clientStatus(error: AdapterError): number | undefined {
  const status = error.statusCode;
  if (status === undefined) {
    return error.code === "INVALID_REQUEST" ? 400 : undefined;
  }
  return status >= 400 && status < 500 && status !== 408 && status !== 429
    ? status
    : undefined;
}

/** The backend the model router named on an error it recorded. */
function backendNamed(error: AdapterError): string | undefined {
  return error.backend;
}

/** Every backend's error behind `error` (itself when it is not a RouterError). */
function failuresOf(
  error: AdapterError,
  extra: readonly AdapterError[],
  backendOf: (error: AdapterError) => string | undefined,
): readonly NamedFailure[] {
  const named = (failure: AdapterError): NamedFailure => {
    const backend = backendOf(failure);
    return backend === undefined
      ? { error: failure }
      : { backend, error: failure };
  };
  if (extra.length > 0) return extra.map(named);
  if (error instanceof RouterError && error.errors.length > 0) {
    return error.errors;
  }
  return [named(error)];
}

/**
 * The gateway's own answer when a backend refused the gateway's credentials:
 * a 502 naming the backends, with nothing of the upstream's text (a
 * provider's 401 can quote the end of the operator's key). `x-should-retry:
 * false` tells the OpenAI and Anthropic SDKs, which retry every 5xx, that a
 * retry cannot help.
 */
function misconfigured(
  failures: readonly NamedFailure[],
): ResolvedError | undefined {
  const refused = failures.filter((f) => refusedCredentials(f.error));
  if (refused.length === 0) return undefined;
  const names = [
    ...new Set(
      refused.flatMap((f) => f.backend === undefined ? [] : [f.backend]),
    ),
  ].map((name) => `"${name}"`);
  // A router the caller built passes no names for errors it raised as is.
  const subject = names.length === 0
    ? "A backend is"
    : names.length === 1
    ? `Backend ${names[0]} is`
    : `Backends ${names.join(", ")} are`;
  const statuses = [
    ...new Set(refused.map((f) => f.error.statusCode).filter((s) => s)),
  ];
  const others = failures.length - refused.length;
  return {
    status: 502,
    type: errorTypeFor(502),
    message:
      `${subject} misconfigured: the provider refused the gateway's credentials${
        statuses.length > 0 ? ` (HTTP ${statuses.join(", ")})` : ""
      }. Your request is not at fault; the gateway's operator must fix the backend's key.${
        others > 0 ? ` ${others} other attempt(s) failed too.` : ""
      }`,
    code: "backend_misconfigured",
    param: null,
    headers: { "x-should-retry": "false" },
  };
}

/** The upstream's own error fields, from an OpenAI- or Anthropic-shaped body. */
function upstreamFields(
  error: AdapterError,
): { message?: string; type?: string; code?: string; param?: string } {
  const body = error.details?.body;
  const inner = isRecord(body) ? body.error : undefined;
  if (!isRecord(inner)) return {};
  const text = (value: unknown): string | undefined =>
    typeof value === "string" && value !== "" ? value : undefined;
  return {
    message: text(inner.message),
    type: text(inner.type),
    code: text(inner.code),
    param: text(inner.param),
  };
}

/**
 * `Retry-After` in whole seconds (rounded up), and `retry-after-ms`, which the
 * OpenAI and Anthropic SDKs read first, for the exact wait.
 *
 * @param ms The wait in milliseconds, when known.
 * @returns The headers (none when the wait is unknown).
 *
 * @example Usage
 * ```ts
 * import { retryAfterHeaders } from "@switchyard/switchyard/gateway";
 * console.log(retryAfterHeaders(1500)); // { "retry-after": "2", "retry-after-ms": "1500" }
 * ```
 */
export function retryAfterHeaders(
  ms: number | undefined,
): Record<string, string> {
  if (ms === undefined) return {};
  const wait = Math.max(0, Math.ceil(ms));
  return {
    "retry-after": String(Math.ceil(wait / 1000)),
    "retry-after-ms": String(wait),
  };
}

/**
 * Resolves any failure to the status, fields and headers the client gets
 * (see the module docs for the table).
 *
 * @param error What was thrown.
 * @param failures Each backend's error, when known apart from `error` (streams).
 * @param backendOf The registered backend that raised an error the router
 * passed on as the adapter raised it (a client error, `fallbackStrategy:
 * "none"`), to name it in the answer; a RouterError names its own. Default:
 * the error's `backend`, which the model router sets.
 * @returns The resolved error.
 *
 * @example An upstream 404 behind fallback stays a 404
 * ```ts
 * import { AdapterError, RouterError } from "@switchyard/switchyard/models";
 * import { resolveError } from "@switchyard/switchyard/gateway";
 * const notFound = new AdapterError({ code: "INVALID_REQUEST", message: "no such model", statusCode: 404 });
 * const error = new RouterError({
 *   code: "ALL_BACKENDS_FAILED", message: "all failed", attemptedBackends: ["a", "b"],
 *   errors: [{ backend: "a", error: notFound }, { backend: "b", error: notFound }],
 * });
 * console.log(resolveError(error).status); // 404
 * ```
 */
export function resolveError(
  error: unknown,
  failures: readonly AdapterError[] = [],
  backendOf: (error: AdapterError) => string | undefined = backendNamed,
): ResolvedError {
  if (error instanceof GatewayError) {
    return {
      status: error.status,
      type: error.type,
      message: error.message,
      code: error.code ?? null,
      param: error.param ?? null,
      headers: { ...error.headers },
    };
  }
  if (!(error instanceof AdapterError)) {
    return {
      status: 500,
      type: "server_error",
      message: "Internal server error.",
      code: null,
      param: null,
      headers: {},
    };
  }
  const named = failuresOf(error, failures, backendOf);
  const refused = misconfigured(named);
  if (refused !== undefined) return refused;
  const all = named.map((failure) => failure.error);
  const first = all[0];
  // The backends' own failures, each named by its backend id; a
  // RouterError that is not about them (no backend available, a routing
  // refusal) and an abort keep their message.
  const told = (error instanceof RouterError &&
      error.code !== "ALL_BACKENDS_FAILED") || error.code === "ABORTED"
    ? error.message
    : failuresText(named);
  const firstClient = clientStatus(first);
  if (
    firstClient !== undefined &&
    all.every((failure) => clientStatus(failure) !== undefined)
  ) {
    const own = upstreamFields(first);
    return {
      status: firstClient,
      type: own.type ?? errorTypeFor(firstClient),
      message: own.message ?? failuresText(named.slice(0, 1)),
      code: own.code ?? first.code,
      param: own.param ?? null,
      headers: {},
    };
  }
  if (all.every((failure) => failure.code === "RATE_LIMITED")) {
    const waits = all.map((failure) => failure.retryAfter).filter((
      ms,
    ): ms is number => ms !== undefined);
    return {
      status: 429,
      type: "rate_limit_error",
      message: told,
      code: error.code,
      param: null,
      headers: retryAfterHeaders(
        waits.length > 0 ? Math.min(...waits) : undefined,
      ),
    };
  }
  // Every backend timed out (its own timeout, or an upstream 408): the
  // gateway's timeout, whatever fallback tried; a 502 would say some backend
  // answered wrongly.
  if (all.every((failure) => failure.code === "TIMEOUT")) {
    return {
      status: 504,
      type: errorTypeFor(504),
      message: told,
      code: error.code,
      param: null,
      headers: {},
    };
  }
  // Every candidate waits out a cooldown whose end is known: a 429's
  // (answered as the 429 it was) or an open breaker's (a 503). Both SDKs
  // retry at once unless told the wait, so they are told.
  const cooldown = error.code === "NO_BACKEND_AVAILABLE" &&
      error.retryAfter !== undefined
    ? COOLDOWN_STATUS[String(error.details?.cooldown)]
    : undefined;
  if (cooldown !== undefined) {
    return {
      status: cooldown,
      type: errorTypeFor(cooldown),
      message: error.message,
      code: cooldown === 429 ? "RATE_LIMITED" : error.code,
      param: null,
      headers: retryAfterHeaders(error.retryAfter),
    };
  }
  if (error.code === "ROUTING_FAILED" && error.details?.hook !== undefined) {
    // A custom routing or fallback hook (the operator's code) failed or chose
    // a backend it may not: not the request's fault, and not one a retry
    // would fix, so neither a 400 nor a 503.
    return {
      status: 500,
      type: errorTypeFor(500),
      message: "The gateway's routing hook failed.",
      code: error.code,
      param: null,
      headers: {},
    };
  }
  let status = STATUS_BY_CODE[error.code] ?? 500;
  // A lone failure behind ALL_BACKENDS_FAILED keeps its own status class.
  if (error.code === "ALL_BACKENDS_FAILED" && all.length === 1) {
    status = Math.max(502, STATUS_BY_CODE[first.code] ?? 502);
  }
  return {
    status,
    type: errorTypeFor(status),
    message: told,
    code: error.code,
    param: null,
    headers: {},
  };
}

/**
 * The OpenAI error body for a resolved error.
 *
 * @param resolved The resolved error.
 * @returns `{ error: { message, type, param, code } }`.
 *
 * @example Usage
 * ```ts
 * import { openAIErrorBody, resolveError } from "@switchyard/switchyard/gateway";
 * console.log(openAIErrorBody(resolveError(new Error("secret"))).error.message); // "Internal server error."
 * ```
 */
export function openAIErrorBody(resolved: ResolvedError): OpenAIErrorBody {
  return {
    error: {
      message: resolved.message,
      type: resolved.type,
      param: resolved.param,
      code: resolved.code,
    },
  };
}
