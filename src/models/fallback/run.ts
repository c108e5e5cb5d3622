// Fallback, written once: after the first choice failed or was unavailable,
// ask the policy for the next group of backends, start it through the
// caller's Attempter (calls for execute(), streams for executeStream()),
// and stop at a winner, an abort, or when the policy has nothing left.
// Fallbacks are counted here, once per backend actually started.

import type { AdapterError } from "../errors.ts";
import type { Attempt, TracedAttempt } from "../_outcome.ts";
import {
  abortedRouterError,
  allFailedError,
  failuresOf,
  noBackendFor,
} from "../_failures.ts";
import type { Settings } from "../_config.ts";
import type { Registry } from "../_registry.ts";
import type { BackendEntry } from "../_state.ts";
import type { RouterCounters } from "../_stats.ts";
import { traceOf } from "../_trace.ts";
import { faultOf } from "../_resilience.ts";
import type { Plan } from "../routing/strategy.ts";
import type { IRChatRequest } from "../types.ts";
import type { Selector } from "../routing/selector.ts";
import { type FallbackPolicy, FallbackState } from "./policy.ts";

/** How one group of backends ended. */
export interface GroupEnd<W> {
  /** What the caller continues with (a response, a live stream), if any. */
  readonly winner: W | undefined;
  /** Backends admitted and started (each counts as a fallback). */
  readonly started: number;
  /** The last failure, for the next customFallback question. */
  readonly failure:
    | { readonly backend: string; readonly error: AdapterError }
    | undefined;
}

/** Starts a group the policy chose; one backend, or several raced. */
export interface Attempter<W> {
  /** Appends every attempt it starts to `log`, in trace order. */
  run(
    group: readonly BackendEntry[],
    state: FallbackState,
    log: TracedAttempt[],
  ): Promise<GroupEnd<W>>;
}

/** What fallback reads from the Router: components, not closures. */
export interface FallbackEnv {
  readonly policy: FallbackPolicy;
  readonly settings: Settings;
  readonly registry: Registry;
  readonly selector: Selector;
  readonly counters: RouterCounters;
}

/**
 * Whether `error` is the client's (400, 404 model_not_found, 422, content
 * policy) and fallback must not hide it behind another backend's answer.
 */
function isClientError(env: FallbackEnv, error: AdapterError): boolean {
  return !env.settings.fallbackOnClientError && faultOf(error) === "client";
}

/**
 * A request's fallback state after its first choice: `first` is that
 * choice's attempt, undefined when the named backend was unavailable.
 */
export function stateAfter(
  env: FallbackEnv,
  request: IRChatRequest,
  plan: Plan,
  first: Attempt | undefined,
  signal: AbortSignal,
  streaming: boolean,
): FallbackState {
  const primary = plan.entry?.name ?? plan.requested;
  return new FallbackState(
    request,
    primary,
    signal,
    env.registry,
    env.selector,
    env.selector.needs(request, streaming),
    first?.ok === false ? first.error : env.registry.unavailable(primary),
    plan.allowed,
  );
}

/**
 * Continues after the first choice: `first` is its attempt (undefined when
 * the named backend was unavailable), already in `log` unless unavailable.
 * Resolves with the winner; rejects with the first choice's own error
 * (`none`), ABORTED, NO_BACKEND_AVAILABLE or ALL_BACKENDS_FAILED.
 */
export async function fallBack<W>(
  env: FallbackEnv,
  plan: Plan,
  first: Attempt | undefined,
  state: FallbackState,
  attempter: Attempter<W>,
  log: TracedAttempt[],
): Promise<W> {
  const { policy, registry } = env;
  const signal = state.signal;
  if (first !== undefined && !first.ok) {
    if (first.kind === "aborted") throw abortedRouterError(signal, log);
    if (first.kind === "failed") {
      if (policy.final || isClientError(env, first.error)) {
        throw first.thrown instanceof Error ? first.thrown : first.error;
      }
      state.tried([first.backend]);
    }
  }
  const primary = plan.entry?.name ?? plan.requested;
  if (policy.final) {
    const named = primary === undefined
      ? undefined
      : registry.entries.get(primary);
    throw noBackendFor(
      primary,
      registry.disposed,
      named === undefined ? [] : [named],
      env.settings.now(),
    );
  }
  for (;;) {
    if (signal?.aborted) throw abortedRouterError(signal, log);
    let group: readonly BackendEntry[];
    try {
      group = await policy.next(state);
    } catch (error) {
      throw signal?.aborted ? abortedRouterError(signal, log) : error;
    }
    if (group.length === 0) break;
    state.tried(group.map((entry) => entry.name));
    const end = await attempter.run(group, state, log);
    env.counters.fellBack(end.started);
    if (end.winner !== undefined) return end.winner;
    if (signal?.aborted) throw abortedRouterError(signal, log);
    if (end.failure !== undefined) {
      const error = end.failure.error;
      if (isClientError(env, error)) throw error;
      state.failed(end.failure.backend, error);
    }
  }
  const failures = failuresOf(log);
  if (failures.length === 0) {
    throw noBackendFor(
      primary,
      registry.disposed,
      state.candidates,
      env.settings.now(),
    );
  }
  const last = failures[failures.length - 1].backend;
  throw allFailedError(
    failures,
    traceOf(env.settings.routing, plan, log, last),
  );
}
