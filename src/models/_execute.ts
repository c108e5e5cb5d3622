// execute(): the first choice's call, then fallback through the configured
// policy and the shared driver (fallback/run.ts), with calls as attempts.

import type { IRChatRequest } from "./types.ts";
import type { ExecuteOptions } from "./config.ts";
import { attempt, Call } from "./_attempt.ts";
import { budgetOf } from "./_budget.ts";
import { abortedRouterError } from "./_failures.ts";
import type { Job } from "./_job.ts";
import type { Attempt, Success, TracedAttempt } from "./_outcome.ts";
import { appendRace, runParallel } from "./_parallel.ts";
import type { Parts } from "./_parts.ts";
import type { BackendEntry } from "./_state.ts";
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
  job?: Job,
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
    const next = await attempt(entry, request, signal, parts, budget, job);
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
  readonly #job: Job | undefined;

  constructor(
    parts: Parts,
    signal: AbortSignal,
    budget: Budget | undefined,
    job: Job | undefined,
  ) {
    this.#parts = parts;
    this.#signal = signal;
    this.#budget = budget;
    this.#job = job;
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
        this.#job,
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
          this.#job,
        );
      }
      return endOf([outcome], outcome.ok ? outcome : undefined, log);
    }
    const clock = parts.settings.clock;
    const start = clock();
    const run = await runParallel(
      group.length,
      (i, signal) =>
        attempt(group[i], state.request, signal, parts, budget, this.#job),
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
 * Fallback of a call after its first choice (`first`, undefined when the
 * named backend was unavailable); resolves with the winner, `log` holding
 * every attempt in trace order.
 */
export async function fallBackCall(
  parts: Parts,
  request: IRChatRequest,
  plan: Plan,
  first: Attempt | undefined,
  signal: AbortSignal,
  budget: Budget | undefined,
  earlier: TracedAttempt[] | undefined,
  job: Job | undefined,
): Promise<{ winner: Success; log: TracedAttempt[] }> {
  const log = earlier ?? [];
  if (first !== undefined) endOf([first], undefined, log);
  const state = stateAfter(parts, request, plan, first, signal, false);
  const winner = await fallBack(
    parts,
    plan,
    first,
    state,
    new CallAttempter(parts, signal, budget, job),
    log,
  );
  return { winner, log };
}

/**
 * One call of any job (execute, relayResponse, invoke): selection, the
 * first choice, retries, fallback, stats. `finish` turns the winner into
 * what the caller resolves with.
 */
export async function runCall<T>(
  parts: Parts,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  options: ExecuteOptions | undefined,
  job: Job,
  finish: (winner: Success, plan: Plan, log: TracedAttempt[]) => T,
): Promise<T> {
  // The adapters' signal: dispose() aborts it, and the caller's too.
  const link = parts.lifetime.callSignal(signal);
  try {
    if (signal?.aborted) throw abortedRouterError(signal, []);
    const budget = budgetOf(parts.settings, options);
    const selected = parts.selector.select(
      request,
      false,
      false,
      link.signal,
      options?.backends,
    );
    // Synchronous strategies call the adapter in the caller's tick.
    const plan = selected instanceof Promise ? await selected : selected;
    let first: Attempt | undefined;
    let earlier: TracedAttempt[] | undefined;
    if (plan.entry !== undefined) {
      const call = new Call(
        plan.entry,
        request,
        link.signal,
        parts,
        budget,
        job,
      );
      if (call.admitted) {
        // Awaited here, not in attempt(): one async hop less per call.
        let value: unknown;
        let threw = false;
        try {
          value = await call.pending;
        } catch (thrown) {
          threw = true;
          value = thrown;
        }
        first = call.end(threw, value);
        if (!first.ok && budget !== undefined && budget.retry.retries > 0) {
          earlier = [];
          first = await retrying(
            parts,
            plan.entry,
            request,
            link.signal,
            budget,
            first,
            earlier,
            job,
          );
        }
      } else first = call.refused();
    }
    let result: T;
    if (first?.ok) {
      result = finish(
        first,
        plan,
        earlier === undefined ? [first] : [...earlier, first],
      );
    } else {
      const { winner, log } = await fallBackCall(
        parts,
        request,
        plan,
        first,
        link.signal,
        budget,
        earlier,
        job,
      );
      result = finish(winner, plan, log);
    }
    parts.counters.settle(true);
    return result;
  } catch (error) {
    parts.counters.settle(false);
    throw error;
  } finally {
    link.unlink();
  }
}
