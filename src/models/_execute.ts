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
import { type CallSignal, LinkedCall } from "./_lifetime.ts";
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
 * what the caller resolves with. Not async: a call whose first choice
 * answers settles through one reaction on the adapter's answer, with no
 * async function's promise and await between the adapter and the caller
 * (10–16% of the router's own cost per call, bench/router_peers.ts).
 */
export function runCall<T>(
  parts: Parts,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  options: ExecuteOptions | undefined,
  job: Job,
  finish: (winner: Success, plan: Plan, log: TracedAttempt[]) => T,
): Promise<T> {
  let link: CallSignal | undefined;
  try {
    // The adapters' signal: dispose() aborts it, and the caller's too.
    link = parts.lifetime.callSignal(signal);
    if (signal?.aborted) throw abortedRouterError(signal, []);
    const budget = budgetOf(parts.settings, options);
    // One reading for selection and admission: the clock is slow to read
    // on some machines, and nothing happens between the two.
    const now = parts.settings.now();
    const selected = parts.selector.select(
      request,
      false,
      false,
      link.signal,
      options?.backends,
      now,
    );
    const call = new CallRun(parts, request, link, budget, job, finish);
    // Synchronous strategies call the adapter in the caller's tick.
    return selected instanceof Promise
      ? call.afterSelection(selected)
      : call.first(selected, now);
  } catch (error) {
    return Promise.reject(ended(parts, link, error));
  }
}

/** Counts a call that failed and lets go of its signal; returns `error`. */
function ended(
  parts: Parts,
  link: CallSignal | undefined,
  error: unknown,
): unknown {
  parts.counters.settle(false);
  link?.unlink();
  return error;
}

/** One runCall past its selection: the first choice, then the rest. */
class CallRun<T> {
  readonly #parts: Parts;
  readonly #request: IRChatRequest;
  readonly #link: CallSignal;
  readonly #budget: Budget | undefined;
  readonly #job: Job;
  readonly #finish: (winner: Success, plan: Plan, log: TracedAttempt[]) => T;

  constructor(
    parts: Parts,
    request: IRChatRequest,
    link: CallSignal,
    budget: Budget | undefined,
    job: Job,
    finish: (winner: Success, plan: Plan, log: TracedAttempt[]) => T,
  ) {
    this.#parts = parts;
    this.#request = request;
    this.#link = link;
    this.#budget = budget;
    this.#job = job;
    this.#finish = finish;
  }

  /** A strategy that waits (custom): its plan, then the first choice. */
  async afterSelection(selected: Promise<Plan>): Promise<T> {
    let plan: Plan;
    try {
      plan = await selected;
    } catch (error) {
      throw ended(this.#parts, this.#link, error);
    }
    // The strategy waited: admission reads the clock again.
    return await this.first(plan, this.#parts.settings.now());
  }

  /**
   * Calls the first choice (in the caller's tick) and settles through one
   * reaction on its answer when it succeeds; anything else goes on in
   * rest(). Never throws: a failure is the returned promise's.
   */
  first(plan: Plan, now: number): Promise<T> {
    const entry = plan.entry;
    if (entry === undefined) return this.rest(plan, undefined, false);
    let call: Call;
    try {
      call = new Call(
        entry,
        this.#request,
        this.#link.signal,
        this.#parts,
        this.#budget,
        this.#job,
        now,
        // The first attempt may take the call's own signal as its own.
        this.#link instanceof LinkedCall ? this.#link : undefined,
      );
    } catch (error) {
      return Promise.reject(ended(this.#parts, this.#link, error));
    }
    if (!call.admitted) return this.rest(plan, call.refused(), false);
    return Promise.resolve(call.pending).then(
      (value) => this.#firstEnded(plan, call, false, value),
      (thrown) => this.#firstEnded(plan, call, true, thrown),
    );
  }

  /** The first choice's answer: the result, or rest() after a failure. */
  #firstEnded(
    plan: Plan,
    call: Call,
    threw: boolean,
    value: unknown,
  ): T | Promise<T> {
    let result: T;
    try {
      const first = call.end(threw, value);
      if (!first.ok) return this.rest(plan, first, true);
      result = this.#finish(first, plan, [first]);
    } catch (error) {
      throw ended(this.#parts, this.#link, error);
    }
    this.#parts.counters.settle(true);
    this.#link.unlink();
    return result;
  }

  /**
   * After the first choice (`first`: its outcome, undefined when there was
   * none; `made`: it was called): retries, fallback, the answer, the count.
   */
  async rest(
    plan: Plan,
    first: Attempt | undefined,
    made: boolean,
  ): Promise<T> {
    const parts = this.#parts;
    const link = this.#link;
    const budget = this.#budget;
    try {
      let earlier: TracedAttempt[] | undefined;
      if (
        made && !first!.ok && budget !== undefined && budget.retry.retries > 0
      ) {
        earlier = [];
        first = await retrying(
          parts,
          plan.entry!,
          this.#request,
          link.signal,
          budget,
          first!,
          earlier,
          this.#job,
        );
      }
      let result: T;
      if (first?.ok) {
        result = this.#finish(
          first,
          plan,
          earlier === undefined ? [first] : [...earlier, first],
        );
      } else {
        const { winner, log } = await fallBackCall(
          parts,
          this.#request,
          plan,
          first,
          link.signal,
          budget,
          earlier,
          this.#job,
        );
        result = this.#finish(winner, plan, log);
      }
      parts.counters.settle(true);
      link.unlink();
      return result;
    } catch (error) {
      throw ended(parts, link, error);
    }
  }
}
