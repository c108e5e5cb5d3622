// Runs several backend attempts at once with one AbortController each, an
// optional wall-clock timeout and optional cancellation of the losers. Used by
// Router.dispatchParallel and by the "parallel" fallback strategy.

import type { AdapterError } from "./errors.ts";
import type { IRChatResponse } from "./types.ts";
import { CANCELLED_REASON, linkSignal, TIMEOUT_REASON } from "./_util.ts";

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
  /** Indexes cancelled because another attempt won. */
  readonly cancelled: readonly number[];
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
      resolve({ outcomes: outcomes.slice(), winner, cancelled });
    };
    if (count === 0) {
      finish(-1);
      return;
    }
    if (options.timeoutMs !== undefined && options.timeoutMs >= 0) {
      timer = setTimeout(() => {
        timer = undefined;
        for (let i = 0; i < count; i++) {
          if (outcomes[i] === undefined) controllers[i].abort(TIMEOUT_REASON);
        }
      }, options.timeoutMs);
    }
    for (let i = 0; i < count; i++) {
      start(i, controllers[i].signal).then((attempt) => {
        outcomes[i] = attempt;
        pending--;
        options.onSettle?.(i, attempt);
        if (attempt.ok && options.stopOnSuccess) finish(i);
        if (pending === 0) {
          for (const unlink of unlinks) unlink();
          finish(-1);
        }
      });
    }
  });
}
