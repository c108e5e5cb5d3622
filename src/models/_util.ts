// Private helpers shared by the Router's files: error normalisation, abort
// plumbing and timers that never keep a process alive.

import { AdapterError, type AdapterErrorOptions, ErrorCode } from "./errors.ts";
import type {
  AdapterCapabilities,
  AdapterMetadata,
  IRChatResponse,
} from "./types.ts";

/** Reason used when the Router itself aborts an attempt because of a timeout. */
export const TIMEOUT_REASON: unique symbol = Symbol("switchyard.timeout");
/** Reason used when the Router aborts a loser of a parallel race. */
export const CANCELLED_REASON: unique symbol = Symbol("switchyard.cancelled");

/**
 * Turns anything an adapter threw into an AdapterError. AdapterErrors pass
 * through unchanged; Errors and plain values become `UNKNOWN` with the original
 * value as `cause`, so nothing the adapter said is lost.
 */
export function toAdapterError(
  value: unknown,
  provider?: string,
): AdapterError {
  if (value instanceof AdapterError) return value;
  if (value === TIMEOUT_REASON) {
    return new AdapterError({
      code: ErrorCode.TIMEOUT,
      message: "Backend timed out",
      provider,
    });
  }
  let message: string;
  if (value instanceof Error) {
    if (value.name === "AbortError") {
      return new AdapterError({
        code: ErrorCode.ABORTED,
        message: value.message || "Aborted",
        provider,
        cause: value,
      });
    }
    message = value.message || value.name;
  } else if (
    typeof value === "object" && value !== null &&
    typeof (value as { message?: unknown }).message === "string"
  ) {
    message = (value as { message: string }).message;
  } else {
    message = describe(value);
  }
  return new AdapterError({
    code: ErrorCode.UNKNOWN,
    message: message || "Unknown adapter error",
    provider,
    cause: value,
  });
}

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // Circular or otherwise unserialisable: fall through to String().
  }
  return String(value);
}

/** The error used when the caller's signal aborted a call. */
export function abortedError(signal: AbortSignal | undefined): AdapterError {
  const reason = signal?.reason;
  return new AdapterError({
    code: ErrorCode.ABORTED,
    message: reason instanceof Error && reason.message
      ? reason.message
      : "The operation was aborted",
    cause: reason,
  });
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it
 * aborts, so an adapter that ignores its signal cannot hold the caller.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  if (signal.aborted) {
    promise.catch(ignore);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Swallows a rejection we deliberately stopped caring about. */
export function ignore(): void {}

interface DenoTimers {
  unrefTimer?(id: number): void;
}

/** The longest delay setTimeout honours (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A delay setTimeout really waits for. Runtimes turn a delay above
 * MAX_TIMER_MS (Infinity included) or NaN into 1 ms, so an "effectively
 * never" timeout would fire at once; clamp instead. Callers skip the timer
 * altogether for Infinity.
 */
export function timerDelay(ms: number): number {
  return ms > MAX_TIMER_MS ? MAX_TIMER_MS : ms > 0 ? ms : 0;
}

/** setTimeout whose timer does not keep Deno or Node alive. */
export function unrefTimeout(
  callback: () => void,
  ms: number,
): ReturnType<typeof setTimeout> {
  const id = setTimeout(callback, timerDelay(ms));
  const deno = (globalThis as { Deno?: DenoTimers }).Deno;
  if (typeof id === "number") {
    if (deno && typeof deno.unrefTimer === "function") deno.unrefTimer(id);
  } else if (id && typeof (id as { unref?: () => void }).unref === "function") {
    (id as { unref: () => void }).unref();
  }
  return id;
}

/** Links a child controller to a parent signal; returns the unlink function. */
export function linkSignal(
  parent: AbortSignal | undefined,
  child: AbortController,
): () => void {
  if (parent === undefined) return ignore;
  if (parent.aborted) {
    child.abort(parent.reason);
    return ignore;
  }
  const onAbort = (): void => child.abort(parent.reason);
  parent.addEventListener("abort", onAbort, { once: true });
  return () => parent.removeEventListener("abort", onAbort);
}

/**
 * Checks the minimum shape the Router relies on. Anything else becomes an
 * INVALID_RESPONSE failure (and triggers fallback) instead of a crash later.
 */
export function isValidResponse(value: unknown): value is IRChatResponse {
  if (typeof value !== "object" || value === null) return false;
  const message = (value as { message?: unknown }).message;
  if (typeof message !== "object" || message === null) return false;
  const content = (message as { content?: unknown }).content;
  if (typeof content !== "string" && !Array.isArray(content)) return false;
  const metadata = (value as { metadata?: unknown }).metadata;
  return metadata === undefined ||
    (typeof metadata === "object" && metadata !== null);
}

/**
 * The one INVALID_RESPONSE error, for the Router (an adapter returned or
 * streamed something malformed) and the HTTP adapters (a provider's body is
 * not its documented shape). Always retryable: the request was valid and the
 * answer was bad, as with a 502 — a truncated body, a proxy's error page or
 * a model's broken tool-call JSON can all come out right on the next try or
 * on another backend (the gateway answers it with 502, which SDKs retry).
 * With `options.provider` the message starts with the provider id, as every
 * adapter error does; without, it names the backend.
 */
export function invalidResponse(
  backend: string,
  what: string,
  options: Omit<AdapterErrorOptions, "code" | "message" | "isRetryable"> = {},
): AdapterError {
  return new AdapterError({
    ...options,
    code: ErrorCode.INVALID_RESPONSE,
    message: options.provider === undefined
      ? `Backend "${backend}" ${what}`
      : `${options.provider}: ${what}`,
    isRetryable: true,
  });
}

/** Metadata of an adapter that streams and handles tools, images and system messages. */
export function adapterMetadata(
  name: string,
  provider: string,
  defaultModel: string | undefined,
  capabilities: Partial<AdapterCapabilities> | undefined,
): AdapterMetadata {
  return {
    name,
    provider,
    version: "1.0.0",
    capabilities: {
      streaming: true,
      tools: true,
      vision: true,
      systemMessages: true,
      ...capabilities,
    },
    ...(defaultModel === undefined ? {} : { defaultModel }),
  };
}
