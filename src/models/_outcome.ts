// What an attempt against one backend came to: the value every flow
// (execute, fallback, streams, dispatchParallel) records, traces and
// reports. An Attempt is a value, never a rejection, so a fallback loop can
// look at every outcome in one place.

import type { AdapterError } from "./errors.ts";
import type { IRChatResponse } from "./types.ts";

/** The settled outcome of one attempt against one backend; never thrown. */
export type Attempt =
  | {
    readonly ok: true;
    readonly backend: string;
    /**
     * What the attempt's job answered: an IRChatResponse for chat on the
     * IR, a RawAnswer (`_relay.ts`) for a relayed operation.
     */
    readonly response: unknown;
    readonly latencyMs: number;
    /** Set on a retry of the same backend: 1 for the first retry. */
    readonly retry?: number;
  }
  | {
    readonly ok: false;
    readonly backend: string;
    /** failed: counts as a failure; aborted: the caller or the Router cancelled it; unavailable: never started. */
    readonly kind: "failed" | "aborted" | "unavailable";
    readonly error: AdapterError;
    /** What the adapter threw, before normalisation. */
    readonly thrown: unknown;
    readonly latencyMs: number;
    /** Set on a retry of the same backend: 1 for the first retry. */
    readonly retry?: number;
  };

/**
 * A loser of `dispatchParallel` left running on purpose
 * (`cancelOnFirstSuccess: false`): started, no outcome yet when the result
 * was made. It appears only in traces.
 */
export interface RunningAttempt {
  readonly ok: false;
  readonly backend: string;
  readonly kind: "running";
  readonly latencyMs: number;
  readonly retry?: undefined;
}

/** What a routing trace lists: every attempt started, finished or not. */
export type TracedAttempt = Attempt | RunningAttempt;

/** An attempt that produced a response. */
export type Success = Extract<Attempt, { ok: true }>;

/**
 * Stands in for a successful stream: the trace and stats need an Attempt,
 * but a stream has no response object.
 */
export const EMPTY_RESPONSE: IRChatResponse = Object.freeze({
  message: { role: "assistant", content: "" },
  finishReason: "stop",
  metadata: {},
}) as IRChatResponse;

/** An attempt that failed (and counts against the backend). */
export function failedAttempt(
  backend: string,
  error: AdapterError,
  thrown: unknown,
  latencyMs: number,
): Attempt {
  // The error names its backend from here on: the caller of a call that
  // rethrows it as raised still knows which registered backend failed.
  if (!Object.isFrozen(error)) error.backend = backend;
  return { ok: false, kind: "failed", backend, error, thrown, latencyMs };
}

/** An attempt the caller or the Router cancelled (not the backend's fault). */
export function abortedAttempt(
  backend: string,
  error: AdapterError,
  thrown: unknown,
  latencyMs: number,
): Attempt {
  return { ok: false, kind: "aborted", backend, error, thrown, latencyMs };
}

/** A backend that could not be called (unhealthy, or lost a half-open race). */
export function unavailableAttempt(
  backend: string,
  error: AdapterError,
): Attempt {
  return {
    ok: false,
    kind: "unavailable",
    backend,
    error,
    thrown: undefined,
    latencyMs: 0,
  };
}
