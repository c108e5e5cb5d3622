// One call to one backend, classified into an Attempt: the unit execute, the
// fallback strategies, streams and dispatchParallel are built from. An
// Attempt is a value, never a rejection, so a fallback loop can look at every
// outcome in one place.

import type { AdapterError } from "./errors.ts";
import type { Lifetime } from "./_lifetime.ts";
import type { BackendEntry } from "./_state.ts";
import { REFUSED, type Ticket } from "./_breaker.ts";
import type { BackendAdapter, IRChatRequest, IRChatResponse } from "./types.ts";
import {
  abortedError,
  invalidResponse,
  isValidResponse,
  raceAbort,
  TIMEOUT_REASON,
  toAdapterError,
} from "./_util.ts";

/** The settled outcome of one attempt against one backend; never thrown. */
export type Attempt =
  | {
    readonly ok: true;
    readonly backend: string;
    readonly response: IRChatResponse;
    readonly latencyMs: number;
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
}

/** What a routing trace lists: every attempt started, finished or not. */
export type TracedAttempt = Attempt | RunningAttempt;

/** An attempt that produced a response. */
export type Success = Extract<Attempt, { ok: true }>;

/** What an attempt needs from its Router: clocks, switches and lookups. */
export interface AttemptContext {
  /** The breaker clock (`config.now`). */
  readonly now: () => number;
  /** The latency clock. */
  readonly clock: () => number;
  readonly trackLatency: boolean;
  readonly trackCost: boolean;
  /** The request as this backend should see it; undefined when translation is off. */
  readonly translate:
    | ((request: IRChatRequest, entry: BackendEntry) => IRChatRequest)
    | undefined;
  /** Why a backend cannot be called now, as the Router's registry sees it. */
  readonly unavailable: (name: string) => AdapterError;
  /** The Router's lifetime: dispose() settles every call waiting on it. */
  readonly lifetime: Lifetime;
}

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

/**
 * An admitted call in flight. `execute` awaits `pending` in its own frame
 * (an extra async hop would cost the hot path ~100 ns), then calls end().
 */
export class Call {
  readonly entry: BackendEntry;
  /** The adapter's answer (a value or a promise); rejects like the adapter. */
  readonly pending: unknown;
  readonly signal: AbortSignal | undefined;
  readonly startedAt: number;
  readonly cost: Promise<number | null> | undefined;
  readonly context: AttemptContext;
  /** The breaker's ticket: the outcome is reported with it. */
  readonly ticket: Ticket;

  constructor(
    entry: BackendEntry,
    pending: unknown,
    signal: AbortSignal | undefined,
    startedAt: number,
    cost: Promise<number | null> | undefined,
    context: AttemptContext,
    ticket: Ticket,
  ) {
    this.ticket = ticket;
    this.entry = entry;
    this.pending = pending;
    this.signal = signal;
    this.startedAt = startedAt;
    this.cost = cost;
    this.context = context;
  }

  /** Classifies and records what the call produced. */
  end(threw: boolean, value: unknown): Attempt {
    const latencyMs = this.context.clock() - this.startedAt;
    return threw
      ? rejected(this, value, latencyMs)
      : resolved(this, value, latencyMs);
  }
}

/**
 * Admits and starts one call to one backend, or returns the `unavailable`
 * Attempt when it cannot be called now. Never throws for the adapter: a
 * synchronous throw becomes a rejected `pending`.
 */
export function startCall(
  entry: BackendEntry,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  context: AttemptContext,
): Call | Attempt {
  const ticket = entry.admit(context.now());
  if (ticket === REFUSED) {
    return unavailableAttempt(entry.name, context.unavailable(entry.name));
  }
  entry.started++;
  const req = context.translate === undefined
    ? request
    : context.translate(request, entry);
  const cost = context.trackCost ? costOf(entry.adapter, req) : undefined;
  const startedAt = context.clock();
  let pending: unknown;
  try {
    const answer = entry.adapter.execute(req, signal);
    // The lifetime's own signal is raced through a Set, not a listener: the
    // common call without a caller signal stays cheap.
    pending = signal === undefined
      ? answer
      : signal === context.lifetime.signal
      ? context.lifetime.race(answer)
      : raceAbort(Promise.resolve(answer), signal);
  } catch (thrown) {
    pending = Promise.reject(thrown);
  }
  return new Call(entry, pending, signal, startedAt, cost, context, ticket);
}

/** One call to one backend, awaited; never rejects. */
export function attempt(
  entry: BackendEntry,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  context: AttemptContext,
): Promise<Attempt> {
  const call = startCall(entry, request, signal, context);
  if (!(call instanceof Call)) return Promise.resolve(call);
  return Promise.resolve(call.pending).then(
    (value) => call.end(false, value),
    (thrown) => call.end(true, thrown),
  );
}

/** Classifies and records a call that threw: an abort, a timeout or a failure. */
function rejected(call: Call, thrown: unknown, latencyMs: number): Attempt {
  const { entry, signal, ticket } = call;
  if (signal?.aborted && signal.reason !== TIMEOUT_REASON) {
    entry.breaker.onAbort(ticket);
    return abortedAttempt(entry.name, abortedError(signal), thrown, latencyMs);
  }
  const error = toAdapterError(
    signal?.aborted ? TIMEOUT_REASON : thrown,
    entry.adapter.metadata?.provider,
  );
  entry.recordFailure(call.context.now(), ticket);
  return failedAttempt(entry.name, error, thrown, latencyMs);
}

/** Classifies and records a call that answered: valid or malformed. */
function resolved(call: Call, value: unknown, latencyMs: number): Attempt {
  const { entry, ticket, cost, context } = call;
  if (!isValidResponse(value)) {
    const error = invalidResponse(entry.name, "returned a malformed response");
    entry.recordFailure(context.now(), ticket);
    return failedAttempt(entry.name, error, error, latencyMs);
  }
  entry.recordSuccess(latencyMs, context.trackLatency, ticket);
  if (cost !== undefined) cost.then((c) => entry.recordCost(c));
  return { ok: true, backend: entry.name, response: value, latencyMs };
}

/** The adapter's cost estimate, started beside the call; never rejects. */
function costOf(
  adapter: BackendAdapter,
  request: IRChatRequest,
): Promise<number | null> | undefined {
  if (typeof adapter.estimateCost !== "function") return undefined;
  try {
    return Promise.resolve(adapter.estimateCost!(request)).catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
}
