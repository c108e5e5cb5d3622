// One call to one backend, admitted, awaited, classified into an Attempt
// and recorded: the unit execute, the fallback policies and
// dispatchParallel are built from.

import type { Lifetime } from "./_lifetime.ts";
import type { BackendEntry } from "./_state.ts";
import type { Registry } from "./_registry.ts";
import type { Settings } from "./_config.ts";
import type { Translator } from "./_translate.ts";
import { REFUSED } from "./_breaker.ts";
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
 * One call to one backend, admitted by its breaker, awaited (racing the
 * signal, so an adapter that ignores it cannot hold the call), classified
 * and recorded; never rejects. A backend that cannot be admitted now is the
 * `unavailable` Attempt.
 */
export async function attempt(
  entry: BackendEntry,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  env: AttemptEnv,
): Promise<Attempt> {
  const { settings, lifetime } = env;
  const ticket = entry.admit(settings.now());
  if (ticket === REFUSED) {
    return unavailableAttempt(entry.name, env.registry.unavailable(entry.name));
  }
  const req = env.translator.translate(request, entry);
  const cost = settings.trackCost ? costOf(entry.adapter, req) : undefined;
  const startedAt = settings.clock();
  let outcome: Attempt;
  try {
    const answer = entry.adapter.execute(req, signal);
    // The lifetime's own signal is raced through a Set, not a listener: the
    // common call without a caller signal stays cheap.
    const value = await (signal === undefined
      ? answer
      : signal === lifetime.signal
      ? lifetime.race(answer)
      : raceAbort(Promise.resolve(answer), signal));
    outcome = resolved(entry, value, settings.clock() - startedAt);
  } catch (thrown) {
    outcome = rejected(entry, signal, thrown, settings.clock() - startedAt);
  }
  entry.settle(outcome, ticket, settings.now(), settings.trackLatency);
  if (outcome.ok && cost !== undefined) cost.then((c) => entry.recordCost(c));
  return outcome;
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
