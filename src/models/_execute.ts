// execute(): the first choice's call, then fallback through the configured
// policy and the shared driver (fallback/run.ts), with calls as attempts.

import type { IRChatRequest, IRChatResponse } from "./types.ts";
import { attempt } from "./_attempt.ts";
import type { Attempt, Success, TracedAttempt } from "./_outcome.ts";
import { appendRace, runParallel } from "./_parallel.ts";
import type { Parts } from "./_parts.ts";
import type { BackendEntry } from "./_state.ts";
import { tracedResponse } from "./_trace.ts";
import type { Budget } from "./_budget.ts";
import { retryDelay, sleep } from "./_resilience.ts";
import type { FallbackState } from "./fallback/policy.ts";
import type { Plan } from "./routing/strategy.ts";
import {
  type Attempter,
  fallBack,
  type GroupEnd,
  stateAfter,
} from "./fallback/run.ts";

/**
 * Retries `first` (a finished attempt on `entry`) while its error is the
 * backend's, retryable and retries are left, waiting the backoff or the
 * Retry-After first. A wait past the budget's deadline, or beyond
 * retryMaxDelay, is not taken: the caller falls back instead. Every attempt
 * but the returned one is appended to `log`; retries are counted.
 */
export async function retrying(
  parts: Parts,
  entry: BackendEntry,
  request: IRChatRequest,
  signal: AbortSignal,
  budget: Budget,
  first: Attempt,
  log: TracedAttempt[],
): Promise<Attempt> {
  const { settings, counters } = parts;
  let outcome = first;
  for (let retry = 1; !outcome.ok && outcome.kind === "failed"; retry++) {
    const delay = retryDelay(
      outcome.error,
      retry,
      budget.retry,
      settings.random,
    );
    if (delay === undefined) break;
    if (settings.clock() + delay >= budget.deadlineAt) break;
    try {
      await sleep(settings.timers, delay, signal);
    } catch {
      break; // aborted: the caller reports it from the signal
    }
    const next = await attempt(entry, request, signal, parts, budget);
    // A retry the breaker refused (opened meanwhile) was never made: it ends
    // the retries uncounted, and `outcome` stays the last attempt made
    // (logging it here too listed that failure twice).
    if (!next.ok && next.kind === "unavailable") break;
    log.push(outcome);
    counters.retries++;
    entry.stats.retries++;
    outcome = { ...next, retry };
  }
  return outcome;
}

/** Starts fallback calls: one at a time, or a race whose first success wins. */
class CallAttempter implements Attempter<Success> {
  readonly #parts: Parts;
  readonly #signal: AbortSignal;
  readonly #budget: Budget | undefined;

  constructor(parts: Parts, signal: AbortSignal, budget: Budget | undefined) {
    this.#parts = parts;
    this.#signal = signal;
    this.#budget = budget;
  }

  async run(
    group: readonly BackendEntry[],
    state: FallbackState,
    log: TracedAttempt[],
  ): Promise<GroupEnd<Success>> {
    const parts = this.#parts;
    const budget = this.#budget;
    // Past the deadline no further backend starts.
    if (
      budget !== undefined && parts.settings.clock() >= budget.deadlineAt
    ) return { winner: undefined, started: 0, failure: undefined };
    if (group.length === 1) {
      let outcome = await attempt(
        group[0],
        state.request,
        this.#signal,
        parts,
        budget,
      );
      if (budget !== undefined && budget.retry.retries > 0) {
        outcome = await retrying(
          parts,
          group[0],
          state.request,
          this.#signal,
          budget,
          outcome,
          log,
        );
      }
      return endOf([outcome], outcome.ok ? outcome : undefined, log);
    }
    const clock = parts.settings.clock;
    const start = clock();
    const run = await runParallel(
      group.length,
      (i, signal) => attempt(group[i], state.request, signal, parts, budget),
      { parent: this.#signal, stopOnSuccess: true, cancelLosers: true },
    );
    appendRace(run, group.map((entry) => entry.name), clock() - start, log);
    const winner = run.winner >= 0
      ? run.outcomes[run.winner] as Success
      : undefined;
    return endOf(run.outcomes, winner, undefined);
  }
}

/** A group's end from its outcomes (undefined: still running, cancelled). */
function endOf(
  outcomes: readonly (Attempt | undefined)[],
  winner: Success | undefined,
  log: TracedAttempt[] | undefined,
): GroupEnd<Success> {
  let started = 0;
  let failure: GroupEnd<Success>["failure"];
  for (const outcome of outcomes) {
    // An unavailable backend lost a half-open race: never started, not traced.
    if (outcome?.ok === false && outcome.kind === "unavailable") continue;
    started++;
    if (outcome !== undefined) log?.push(outcome);
    if (outcome?.ok === false && outcome.kind === "failed") failure = outcome;
  }
  return { winner, started, failure };
}

/**
 * Fallback of execute() after its first choice (`first`, undefined when the
 * named backend was unavailable); resolves with the traced response.
 */
export async function fallBackCall(
  parts: Parts,
  request: IRChatRequest,
  plan: Plan,
  first: Attempt | undefined,
  signal: AbortSignal,
  budget?: Budget,
  earlier: TracedAttempt[] = [],
): Promise<IRChatResponse> {
  const log = earlier;
  if (first !== undefined) endOf([first], undefined, log);
  const state = stateAfter(parts, request, plan, first, signal, false);
  const winner = await fallBack(
    parts,
    plan,
    first,
    state,
    new CallAttempter(parts, signal, budget),
    log,
  );
  return tracedResponse(parts.settings.routing, winner, plan, log);
}
