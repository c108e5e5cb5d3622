// The "parallel" fallback of Router.executeStream: every admitted backend's
// stream starts at once, and the first to commit (a content or tool_use
// chunk) or to finish (a `done` chunk) wins. Each racer is a StreamRun of its
// own with its own AbortController, linked to the stream's signal, so the
// caller's abort and dispose() reach every racer, and a loser is cancelled
// without touching the others. The race resolves as soon as it is decided:
// losers are closed (return() called, signal aborted) synchronously when a
// winner appears, and an abort rejects every racer's pending next() at once
// through its AbortGate, so nothing waits on an adapter that ignores it.

import type { Attempt } from "./_attempt.ts";
import { cancelledAttempt } from "./_parallel.ts";
import type { BackendEntry } from "./_state.ts";
import type { Ticket } from "./_breaker.ts";
import { StreamRun, Verdict } from "./_stream.ts";
import { CANCELLED_REASON, linkSignal, toAdapterError } from "./_util.ts";
import type { IRChatRequest } from "./types.ts";

/** The clocks a race records with: breaker time and latency time. */
export interface RaceClocks {
  readonly now: () => number;
  readonly clock: () => number;
}

/** A backend the caller admitted to the race, with its breaker ticket. */
export interface Admitted {
  readonly entry: BackendEntry;
  readonly ticket: Ticket;
}

/** How a stream race ended. */
export interface StreamRace {
  /** Outcome per racer, in start order; undefined for the winner's slot. */
  readonly outcomes: readonly (Attempt | undefined)[];
  /** The winner's run (it has pulled the winning chunk), if any. */
  readonly winner: StreamRun | undefined;
  /** The winner's index in `outcomes`, else -1. */
  readonly index: number;
  /** Unlinks the winner's signal from the stream's; call when it ends. */
  readonly detach: () => void;
}

interface Racer {
  readonly run: StreamRun;
  readonly controller: AbortController;
  readonly unlink: () => void;
  settled: boolean;
}

/** What one racer's pump ended with. */
const WON = 0;
const FAILED = 1;
const ABORTED = 2;
type PumpEnd = typeof WON | typeof FAILED | typeof ABORTED;

/**
 * Pulls one racer until it commits, finishes, fails or is aborted. Never
 * rejects: a throw of the adapter is the racer's failure.
 */
async function pump(
  racer: StreamRun,
  request: IRChatRequest,
): Promise<{ end: PumpEnd; thrown?: unknown }> {
  try {
    racer.open(request);
    for (;;) {
      const verdict = racer.accept(await racer.pull());
      if (verdict === Verdict.HOLD) continue;
      return {
        end: verdict === Verdict.COMMIT || verdict === Verdict.DONE
          ? WON
          : FAILED,
      };
    }
  } catch (thrown) {
    if (racer.isAbort(thrown)) return { end: ABORTED, thrown };
    racer.failure = toAdapterError(thrown, racer.provider);
    return { end: FAILED };
  }
}

/**
 * Starts the streams of `entries` (already admitted by the caller) at once
 * and resolves with the first to commit or finish, or with no winner once
 * every racer failed or was aborted. Failures are recorded against their
 * backend as they happen; a loser cancelled by the winner is an ABORTED
 * attempt that does not count against its backend (as in execute's parallel
 * fallback).
 */
export function raceStreams(
  entries: readonly Admitted[],
  signal: AbortSignal | undefined,
  requestFor: (entry: BackendEntry) => IRChatRequest,
  clocks: RaceClocks,
): Promise<StreamRace> {
  const startedAt = clocks.clock();
  const outcomes: (Attempt | undefined)[] = new Array(entries.length);
  const racers: Racer[] = [];
  return new Promise<StreamRace>((resolve) => {
    let pending = entries.length;
    let decided = false;

    const retire = (racer: Racer): void => {
      racer.settled = true;
      racer.unlink();
      racer.run.close();
    };

    const win = (i: number): void => {
      decided = true;
      const cancelledAfter = clocks.clock() - startedAt;
      racers.forEach((loser, j) => {
        if (loser.settled || j === i) return;
        outcomes[j] = cancelledAttempt(loser.run.live!.name, cancelledAfter);
        loser.settled = true;
        // The abort ends the loser's pending next() now; close() calls the
        // breaker's onAbort (freeing a half-open probe) and return().
        loser.controller.abort(CANCELLED_REASON);
        retire(loser);
      });
      const winner = racers[i];
      winner.settled = true;
      resolve({
        outcomes,
        winner: winner.run,
        index: i,
        detach: winner.unlink,
      });
    };

    const settle = (i: number, end: PumpEnd, thrown: unknown): void => {
      const racer = racers[i];
      if (racer.settled) return;
      if (end === WON) return win(i);
      const run = racer.run;
      if (end === FAILED) run.failed(clocks.clock, clocks.now());
      else run.aborted(thrown, clocks.clock);
      outcomes[i] = run.attempts[0];
      retire(racer);
      if (--pending === 0 && !decided) {
        resolve({ outcomes, winner: undefined, index: -1, detach: () => {} });
      }
    };

    entries.forEach(({ entry, ticket }, i) => {
      const controller = new AbortController();
      const unlink = linkSignal(signal, controller);
      const run = new StreamRun(controller.signal);
      const request = requestFor(entry);
      run.begin(entry, clocks.clock(), ticket);
      racers.push({ run, controller, unlink, settled: false });
      pump(run, request).then(({ end, thrown }) => settle(i, end, thrown));
    });
    if (entries.length === 0) {
      resolve({ outcomes, winner: undefined, index: -1, detach: () => {} });
    }
  });
}
