// Whose fault an error is, how long to wait before retrying, and the timers
// every wait goes through (injectable, so tests never read the wall clock).
// The table in docs/models.md's "Resilience" section and in the module docs
// of models/mod.ts is this file in words: keep them in step.

import { type AdapterError, ErrorCode } from "./errors.ts";
import type { RouterTimers } from "./config.ts";
import { timerDelay, unrefTimeout } from "./_util.ts";

/**
 * Who an error is about. `client`: the request itself (never counted against
 * the backend, not hidden by fallback unless configured); `misconfigured`:
 * the backend's credentials or URL (it leaves routing until a health probe
 * or a new adapter says otherwise); `backend`: the backend's own failure
 * (breaker, cooldown, failure and latency scores).
 */
export type Fault = "client" | "misconfigured" | "backend";

/** Whose fault `error` is; see {@linkcode Fault}. */
export function faultOf(error: AdapterError): Fault {
  const code = error.code;
  if (code === ErrorCode.INVALID_REQUEST) {
    // A 404 naming no model is a wrong URL (the backend's setup), not a
    // model the caller asked for that does not exist.
    if (error.statusCode === 404 && !/model/i.test(error.message)) {
      return "misconfigured";
    }
    return "client";
  }
  if (code === ErrorCode.AUTHENTICATION_FAILED) return "misconfigured";
  return "backend";
}

/** The Router's timers: `config.timers`, else the runtime's, never keeping a process alive. */
export const DEFAULT_TIMERS: RouterTimers = {
  setTimeout: (callback, ms) => unrefTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Resolves after `ms` through `timers`, or rejects with the signal's reason
 * once it aborts; the timer is cleared either way, so nothing stays pending.
 */
export function sleep(
  timers: RouterTimers,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      timers.clearTimeout(id);
      reject(signal.reason);
    };
    const done = (): void => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    // A backoff is a call in flight with nothing else pending (no fetch, no
    // socket): the runtime's timer must keep the process alive through it,
    // unlike DEFAULT_TIMERS' unref'd ones, which serve background polls.
    const id = timers === DEFAULT_TIMERS
      ? setTimeout(done, timerDelay(ms))
      : timers.setTimeout(done, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Retry settings of one request (RouterConfig, overridden per request). */
export interface RetryPolicy {
  /** Retries on the same backend after its first attempt. */
  readonly retries: number;
  /** Backoff of the first retry in ms; each further one doubles it. */
  readonly baseDelay: number;
  /** Cap on one backoff wait in ms (a longer Retry-After falls back). */
  readonly maxDelay: number;
}

/**
 * How long to wait before retry number `retry` (1-based) after `error`, or
 * undefined when the error is not worth retrying on this backend. Retry-After
 * is honoured as given; otherwise exponential backoff with "full jitter" in
 * its upper half: base·2^(retry−1)·(0.5 + random/2), capped at maxDelay.
 */
export function retryDelay(
  error: AdapterError,
  retry: number,
  policy: RetryPolicy,
  random: () => number,
): number | undefined {
  if (retry > policy.retries || !error.isRetryable) return undefined;
  if (faultOf(error) !== "backend") return undefined;
  if (error.retryAfter !== undefined) {
    return error.retryAfter > policy.maxDelay ? undefined : error.retryAfter;
  }
  const exp = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (retry - 1));
  return exp * (0.5 + random() / 2);
}
