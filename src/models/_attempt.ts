// One call to one backend, admitted, awaited, classified into an Attempt
// and recorded: the unit execute, the fallback policies and
// dispatchParallel are built from.

import type { Lifetime } from "./_lifetime.ts";
import type { BackendEntry } from "./_state.ts";
import type { Registry } from "./_registry.ts";
import type { Settings } from "./_config.ts";
import type { Translator } from "./_translate.ts";
import { REFUSED, type Ticket } from "./_breaker.ts";
import {
  abortedAttempt,
  type Attempt,
  failedAttempt,
  unavailableAttempt,
} from "./_outcome.ts";
import type { BackendAdapter, IRChatRequest } from "./types.ts";
import {
  abortedError,
  invalidResponse,
  isValidResponse,
  raceAbort,
  TIMEOUT_REASON,
  toAdapterError,
} from "./_util.ts";

/**
 * What an attempt reads: the settings, the translator, the registry (why a
 * backend is unavailable) and the Router's lifetime. Components, not
 * closures: nothing here calls back into the Router.
 */
export interface AttemptEnv {
  readonly settings: Settings;
  readonly translator: Translator;
  readonly registry: Registry;
  /** dispose() settles every call waiting on it. */
  readonly lifetime: Lifetime;
}

/**
 * One call to one backend, admitted by its breaker (or refused) and started
 * at construction; its answer races the signal, so an adapter that ignores
 * it cannot hold the call. The caller awaits `pending` and hands what it
 * settled with to end(), which classifies and records the outcome. execute()
 * awaits `pending` in its own frame: an extra async hop per call would cost
 * about 10% of the router's overhead (bench/models_bench.ts).
 */
export class Call {
  readonly entry: BackendEntry;
  /** Whether the breaker admitted the call (else refused() is its outcome). */
  readonly admitted: boolean;
  /** The adapter's answer (a value or a promise); rejects like the adapter. */
  readonly pending: unknown;
  readonly #ticket: Ticket;
  readonly #signal: AbortSignal | undefined;
  readonly #env: AttemptEnv;
  readonly #startedAt: number;
  readonly #cost: Promise<number | null> | undefined;

  constructor(
    entry: BackendEntry,
    request: IRChatRequest,
    signal: AbortSignal | undefined,
    env: AttemptEnv,
  ) {
    const { settings, lifetime } = env;
    this.entry = entry;
    this.#signal = signal;
    this.#env = env;
    const ticket = entry.admit(settings.now());
    this.#ticket = ticket;
    this.admitted = ticket !== REFUSED;
    if (!this.admitted) {
      this.#startedAt = 0;
      this.#cost = undefined;
      return;
    }
    const req = env.translator.translate(request, entry);
    this.#cost = settings.trackCost ? costOf(entry.adapter, req) : undefined;
    this.#startedAt = settings.clock();
    let pending: unknown;
    try {
      const answer = entry.adapter.execute(req, signal);
      // The lifetime's own signal is raced through a Set, not a listener:
      // the common call without a caller signal stays cheap.
      pending = signal === undefined
        ? answer
        : signal === lifetime.signal
        ? lifetime.race(answer)
        : raceAbort(Promise.resolve(answer), signal);
    } catch (thrown) {
      pending = Promise.reject(thrown);
    }
    this.pending = pending;
  }

  /** The outcome of a call the breaker refused (not started, not recorded). */
  refused(): Attempt {
    const name = this.entry.name;
    return unavailableAttempt(name, this.#env.registry.unavailable(name));
  }

  /** Classifies what `pending` settled with, and records it. */
  end(threw: boolean, value: unknown): Attempt {
    const entry = this.entry;
    const settings = this.#env.settings;
    const latencyMs = settings.clock() - this.#startedAt;
    const outcome = threw
      ? rejected(entry, this.#signal, value, latencyMs)
      : resolved(entry, value, latencyMs);
    entry.settle(outcome, this.#ticket, settings);
    const cost = this.#cost;
    if (outcome.ok && cost !== undefined) {
      cost.then((c) => entry.recordCost(c));
    }
    return outcome;
  }
}

/** One call to one backend, awaited; never rejects. */
export async function attempt(
  entry: BackendEntry,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  env: AttemptEnv,
): Promise<Attempt> {
  const call = new Call(entry, request, signal, env);
  if (!call.admitted) return call.refused();
  let value: unknown;
  let threw = false;
  try {
    value = await call.pending;
  } catch (thrown) {
    threw = true;
    value = thrown;
  }
  return call.end(threw, value);
}

/** Classifies a call that threw: an abort, a timeout or a failure. */
function rejected(
  entry: BackendEntry,
  signal: AbortSignal | undefined,
  thrown: unknown,
  latencyMs: number,
): Attempt {
  if (signal?.aborted && signal.reason !== TIMEOUT_REASON) {
    return abortedAttempt(entry.name, abortedError(signal), thrown, latencyMs);
  }
  const error = toAdapterError(
    signal?.aborted ? TIMEOUT_REASON : thrown,
    entry.adapter.metadata?.provider,
  );
  return failedAttempt(entry.name, error, thrown, latencyMs);
}

/** Classifies a call that answered: valid or malformed. */
function resolved(
  entry: BackendEntry,
  value: unknown,
  latencyMs: number,
): Attempt {
  if (!isValidResponse(value)) {
    const error = invalidResponse(entry.name, "returned a malformed response");
    return failedAttempt(entry.name, error, error, latencyMs);
  }
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
