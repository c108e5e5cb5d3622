// Runs several backend attempts at once with one AbortController each, an
// optional wall-clock timeout and optional cancellation of the losers, and
// turns the run into what Router.dispatchParallel and the "parallel" fallback
// strategy report.

import {
  AdapterError,
  type BackendFailure,
  ErrorCode,
  RouterError,
} from "./errors.ts";
import type { IRChatResponse } from "./types.ts";
import type {
  ParallelDispatchOptions,
  ParallelDispatchResult,
  ParallelResponse,
  ParallelStrategy,
} from "./parallel.ts";
import {
  abortedAttempt,
  type Attempt,
  type Success,
  type TracedAttempt,
} from "./_outcome.ts";
import { routingFailed } from "./_failures.ts";
import { releaseAnswer } from "./_relay.ts";
import { withDispatchTrace } from "./_trace.ts";
import {
  CANCELLED_REASON,
  isValidResponse,
  linkSignal,
  TIMEOUT_REASON,
  timerDelay,
} from "./_util.ts";

export interface ParallelRunOptions {
  /** The caller's signal; aborting it aborts every attempt. */
  readonly parent?: AbortSignal;
  /** Wall-clock bound in ms; pending attempts are aborted as TIMEOUT. */
  readonly timeoutMs?: number;
  /** Resolve at the first success instead of waiting for every attempt. */
  readonly stopOnSuccess: boolean;
  /** Abort the attempts still running once a success resolved the run. */
  readonly cancelLosers: boolean;
  /** Called with each attempt's outcome as it settles, in settle order. */
  readonly onSettle?: (index: number, attempt: Attempt) => void;
}

export interface ParallelRunResult {
  /** Outcome per index; undefined for attempts still running at resolution. */
  readonly outcomes: readonly (Attempt | undefined)[];
  /** Index of the success that resolved a stopOnSuccess run, else -1. */
  readonly winner: number;
  /**
   * Indexes aborted because another attempt won; those without an outcome
   * are the cancelled ones (one recorded in the winner's turn has its own).
   */
  readonly cancelled: readonly number[];
  /** Resolves once every attempt has settled (losers may outlive the run). */
  readonly allSettled: Promise<void>;
}

/**
 * Starts every attempt now. `start` must never reject and must settle soon
 * after its signal aborts (the Router races adapters against their signal),
 * which is what lets the timeout bound wall time for adapters that ignore it.
 */
export function runParallel(
  count: number,
  start: (index: number, signal: AbortSignal) => Promise<Attempt>,
  options: ParallelRunOptions,
): Promise<ParallelRunResult> {
  const outcomes: (Attempt | undefined)[] = new Array(count).fill(undefined);
  const controllers: AbortController[] = [];
  const unlinks: (() => void)[] = [];
  for (let i = 0; i < count; i++) {
    const controller = new AbortController();
    controllers.push(controller);
    unlinks.push(linkSignal(options.parent, controller));
  }
  let pending = count;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clearTimer = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  let markSettled: () => void = () => {};
  const allSettled = new Promise<void>((resolve) => (markSettled = resolve));
  return new Promise<ParallelRunResult>((resolve) => {
    let resolved = false;
    const finish = (winner: number): void => {
      if (resolved) return;
      resolved = true;
      clearTimer();
      const cancelled: number[] = [];
      if (winner >= 0 && options.cancelLosers) {
        for (let i = 0; i < count; i++) {
          if (outcomes[i] === undefined) {
            cancelled.push(i);
            controllers[i].abort(CANCELLED_REASON);
          }
        }
      }
      // Resolved one turn later: a loser whose outcome was recorded in this
      // same turn (its callback already queued) is listed with that outcome,
      // not as cancelled, so the result agrees with the statistics that
      // counted it. One recorded after the abort is recorded as aborted.
      queueMicrotask(() =>
        resolve({ outcomes: outcomes.slice(), winner, cancelled, allSettled })
      );
    };
    // Every attempt settled: the links go, and a run no attempt won ends.
    const settledAll = (): void => {
      for (const unlink of unlinks) unlink();
      markSettled();
      finish(-1);
    };
    if (count === 0) {
      settledAll();
      return;
    }
    const timeoutMs = options.timeoutMs;
    if (timeoutMs !== undefined && timeoutMs >= 0 && timeoutMs !== Infinity) {
      timer = setTimeout(() => {
        timer = undefined;
        for (let i = 0; i < count; i++) {
          if (outcomes[i] === undefined) controllers[i].abort(TIMEOUT_REASON);
        }
      }, timerDelay(timeoutMs));
    }
    for (let i = 0; i < count; i++) {
      start(i, controllers[i].signal).then((attempt) => {
        // A success after the run resolved is read by no one: a relayed
        // answer's connection is let go now, not at GC.
        if (resolved && attempt.ok) releaseAnswer(attempt.response);
        outcomes[i] = attempt;
        pending--;
        options.onSettle?.(i, attempt);
        if (attempt.ok && options.stopOnSuccess) finish(i);
        if (pending === 0) settledAll();
      });
    }
  });
}

const STRATEGIES: ReadonlySet<string> = new Set([
  "first",
  "all",
  "fastest",
  "custom",
]);

/** Checks dispatchParallel's options; returns the strategy (default `first`). */
export function dispatchStrategy(
  options: ParallelDispatchOptions,
): ParallelStrategy {
  const strategy = options.strategy ?? "first";
  if (!STRATEGIES.has(strategy)) {
    throw routingFailed(`Unknown parallel strategy "${strategy}"`);
  }
  if (
    strategy === "custom" && typeof options.customAggregator !== "function"
  ) {
    throw routingFailed(
      'Parallel strategy "custom" needs options.customAggregator',
    );
  }
  if (
    options.timeout !== undefined &&
    (typeof options.timeout !== "number" || !(options.timeout >= 0))
  ) {
    throw routingFailed(
      "options.timeout must be a non-negative number of milliseconds",
    );
  }
  return strategy;
}

/** A dispatch's outcomes sorted into successes, failures and everything started. */
export interface DispatchOutcomes {
  readonly successes: ParallelResponse[];
  readonly failedBackends: BackendFailure[];
  readonly attempted: Attempt[];
}

/** Sorts a run's outcomes, in backend order, after the unavailable backends. */
export function sortOutcomes(
  run: ParallelRunResult,
  unavailable: readonly BackendFailure[],
): DispatchOutcomes {
  const successes: ParallelResponse[] = [];
  const failedBackends: BackendFailure[] = [...unavailable];
  const attempted: Attempt[] = [];
  for (const outcome of run.outcomes) {
    if (outcome === undefined) continue;
    attempted.push(outcome);
    if (outcome.ok) {
      successes.push({
        backend: outcome.backend,
        // dispatchParallel runs chat on the IR only.
        response: outcome.response as IRChatResponse,
        latencyMs: outcome.latencyMs,
      });
    } else if (outcome.kind === "failed") {
      failedBackends.push({ backend: outcome.backend, error: outcome.error });
    }
  }
  return { successes, failedBackends, attempted };
}

/** The error of a dispatch in which every started backend failed. */
export function dispatchFailed(
  names: readonly string[],
  failedBackends: readonly BackendFailure[],
): RouterError {
  return new RouterError({
    code: ErrorCode.ALL_BACKENDS_FAILED,
    message: `All ${names.length} backends failed in parallel dispatch`,
    attemptedBackends: names,
    errors: failedBackends,
    details: { failedBackends },
  });
}

/**
 * The response a dispatch resolves with: the winner, the aggregate or the first
 * success. The aggregate is awaited when the aggregator returns a promise (an
 * `async` aggregator is the common mistake) and must be a valid response:
 * anything else is `INVALID_RESPONSE`, never handed to the caller as is.
 */
export async function chooseResponse(
  run: ParallelRunResult,
  strategy: ParallelStrategy,
  options: ParallelDispatchOptions,
  successes: readonly ParallelResponse[],
  names: readonly string[],
): Promise<IRChatResponse> {
  if (run.winner >= 0) {
    return (run.outcomes[run.winner] as Success).response as IRChatResponse;
  }
  if (strategy !== "custom") return successes[0].response;
  let aggregate: unknown;
  try {
    aggregate = await options.customAggregator!(Object.freeze(successes));
  } catch (error) {
    throw new RouterError({
      code: ErrorCode.UNKNOWN,
      message: "customAggregator threw",
      attemptedBackends: names,
      cause: error,
    });
  }
  if (!isValidResponse(aggregate)) {
    throw new RouterError({
      code: ErrorCode.INVALID_RESPONSE,
      message: "customAggregator returned a malformed response",
      attemptedBackends: names,
      details: { returned: typeof aggregate },
    });
  }
  return aggregate;
}

/** The frozen result of a successful dispatch. */
export function dispatchResult(
  response: IRChatResponse,
  winner: string,
  outcomes: DispatchOutcomes,
  run: ParallelRunResult,
  names: readonly string[],
  totalTimeMs: number,
): ParallelDispatchResult {
  const attempts: TracedAttempt[] = [];
  appendRace(run, names, totalTimeMs, attempts);
  const successes = outcomes.successes.map((s) => ({
    ...s,
    response: withDispatchTrace(s.response, attempts, s.backend),
  }));
  return Object.freeze({
    response: withDispatchTrace(response, attempts, winner),
    allResponses: Object.freeze(successes),
    successfulBackends: Object.freeze(successes.map((s) => s.backend)),
    failedBackends: Object.freeze(outcomes.failedBackends),
    totalTimeMs,
  });
}

/**
 * Appends a parallel run's outcomes to the request's attempts: every
 * started attempt, an ABORTED one for each loser cancelled by the winner,
 * and a running one for each loser left to finish.
 */
export function appendRace(
  run: ParallelRunResult,
  names: readonly string[],
  elapsed: number,
  attempts: TracedAttempt[],
): void {
  run.outcomes.forEach((outcome, i) => {
    if (outcome === undefined) {
      attempts.push(
        run.cancelled.includes(i) ? cancelledAttempt(names[i], elapsed) : {
          ok: false,
          backend: names[i],
          kind: "running",
          latencyMs: elapsed,
        },
      );
    } else if (outcome.ok || outcome.kind !== "unavailable") {
      attempts.push(outcome);
    }
  });
}

/** The ABORTED attempt of a loser cancelled because another backend won. */
export function cancelledAttempt(backend: string, latencyMs: number): Attempt {
  const error = new AdapterError({
    code: ErrorCode.ABORTED,
    message: "Cancelled: another backend answered first",
  });
  return abortedAttempt(backend, error, undefined, latencyMs);
}
