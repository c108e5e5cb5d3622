/**
 * How a provider's answer becomes an AdapterError: the code for an HTTP
 * status, the provider's own message, `Retry-After`, tool-call arguments,
 * and the INVALID_RESPONSE / INVALID_REQUEST errors every adapter raises.
 *
 * @module
 */

import { AdapterError, ErrorCode, type ErrorCodeValue } from "../errors.ts";
import { invalidResponse as malformed, MAX_TIMER_MS } from "../_util.ts";

/**
 * Retry delay in milliseconds from `retry-after-ms` (OpenAI) or `Retry-After`
 * (delta-seconds or an HTTP-date, relative to `now`); anything else is
 * undefined. Capped at MAX_TIMER_MS
 * (~24.8 days): a caller that sleeps `retryAfter` with setTimeout would
 * otherwise retry after 1 ms (overflow), and a 1e+20 is no valid header.
 */
export function parseRetryAfter(
  headers: Headers,
  now: number,
): number | undefined {
  const ms = headers.get("retry-after-ms")?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) {
    return Math.min(MAX_TIMER_MS, Math.ceil(Number(ms)));
  }
  const value = headers.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) {
    return Math.min(MAX_TIMER_MS, Math.ceil(Number(value) * 1000));
  }
  // Every HTTP-date form starts with a day name; Date.parse alone would read
  // garbage such as "-5" or "7" as a year.
  if (!/^(mon|tue|wed|thu|fri|sat|sun)/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date)
    ? undefined
    : Math.min(MAX_TIMER_MS, Math.max(0, date - now));
}

/** The AdapterError code for an HTTP error status. */
export function codeForStatus(status: number): ErrorCodeValue {
  if (status === 401 || status === 403) return ErrorCode.AUTHENTICATION_FAILED;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  if (status === 408) return ErrorCode.TIMEOUT;
  if (status >= 500) return ErrorCode.PROVIDER_ERROR;
  if (status >= 400) return ErrorCode.INVALID_REQUEST;
  return ErrorCode.UNKNOWN;
}

/**
 * The human message inside a provider error body. Covers OpenAI and
 * compatibles (`{error:{message}}`), Anthropic (`{type:"error",error:{message}}`),
 * Gemini (`{error:{code,message,status}}`), Ollama (`{error:"…"}`) and
 * FastAPI-style servers (`{detail:"…"}`).
 */
export function providerMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const error = body.error;
  if (typeof error === "string") return error;
  if (isRecord(error) && typeof error.message === "string") {
    return error.message;
  }
  if (typeof body.message === "string") return body.message;
  if (typeof body.detail === "string") return body.detail;
  return undefined;
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a tool call's JSON arguments; a non-object or invalid JSON is INVALID_RESPONSE. */
export function parseToolArguments(
  text: string,
  provider: string,
  toolName: string,
): Record<string, unknown> {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw invalidResponse(
      provider,
      `arguments of tool call "${toolName}" are not valid JSON`,
      { cause, details: { arguments: text } },
    );
  }
  if (!isRecord(value)) {
    throw invalidResponse(
      provider,
      `arguments of tool call "${toolName}" are not a JSON object`,
      { details: { arguments: text } },
    );
  }
  return value;
}

/**
 * The package's one INVALID_RESPONSE error (retryable; see `_util.ts`),
 * speaking for `provider`.
 */
export function invalidResponse(
  provider: string,
  what: string,
  extra: {
    cause?: unknown;
    statusCode?: number;
    details?: Record<string, unknown>;
  } = {},
): AdapterError {
  return malformed(provider, what, { ...extra, provider });
}

/** An INVALID_REQUEST error raised before anything is sent. */
export function invalidRequest(provider: string, what: string): AdapterError {
  return new AdapterError({
    code: ErrorCode.INVALID_REQUEST,
    message: `${provider}: ${what}`,
    provider,
  });
}
