// The "parallel" fallback of executeStream: every admitted backend's stream
// starts at once, and the first to commit (a content or tool_use chunk) or
// to finish (a `done` chunk) wins. Each racer has its own signal, linked to
// the stream's, so the caller's abort and dispose() reach every racer and a
// loser is cancelled without touching the others. The race resolves as soon
// as it is decided: losers are cancelled (signal aborted, return() called)
// synchronously when a winner appears, and an abort rejects every racer's
// pending next() at once, so nothing waits on an adapter that ignores it.

import type { Attempt } from "../_outcome.ts";
import type { Ticket } from "../_breaker.ts";
import type { Settings } from "../_config.ts";
import { cancelledAttempt } from "../_parallel.ts";
import type { BackendEntry } from "../_state.ts";
import type { Translator } from "../_translate.ts";
import { CANCELLED_REASON } from "../_util.ts";
import type { ChatSource, IRChatRequest } from "../types.ts";
import { StreamAttempt } from "./attempt.ts";

/** A backend the caller admitted to the race, with its breaker ticket. */
export interface Admitted {
  readonly entry: BackendEntry;
  readonly ticket: Ticket;
}

/** How a stream race ended. */
export interface StreamRace {
  /** Outcome per racer, in start order; undefined for the winner's slot. */
  readonly outcomes: readonly (Attempt | undefined)[];
  /** The winner (it has pulled its deciding chunk), if any. */
  readonly winner: StreamAttempt | undefined;
  /** The winner's index in `outcomes`, else -1. */
  readonly index: number;
}

/**
 * Starts the streams of `admitted` at once and resolves with the first to
 * commit or finish, or with no winner once every racer failed or was
 * aborted. A loser cancelled by the winner is an ABORTED attempt that does
 * not count against its backend (as in execute's parallel fallback).
 */
export function raceStreams(
  admitted: readonly Admitted[],
  signal: AbortSignal,
  request: IRChatRequest,
  settings: Settings,
  translator: Translator,
  source?: ChatSource,
): Promise<StreamRace> {
  const startedAt = settings.clock();
  const outcomes: (Attempt | undefined)[] = new Array(admitted.length);
  const racers = admitted.map(({ entry, ticket }) =>
    new StreamAttempt(entry, ticket, signal, settings, true)
  );
  const done = new Array<boolean>(admitted.length).fill(false);
  return new Promise<StreamRace>((resolve) => {
    let pending = admitted.length;
    let decided = false;
    const win = (i: number): void => {
      decided = true;
      const after = settings.clock() - startedAt;
      racers.forEach((loser, j) => {
        if (done[j] || j === i) return;
        done[j] = true;
        // A loser that settled in the same turn keeps its recorded outcome:
        // the trace says what its backend's statistics and breaker counted.
        outcomes[j] = loser.cancel(
          CANCELLED_REASON,
          cancelledAttempt(loser.entry.name, after),
        );
        loser.close();
      });
      done[i] = true;
      resolve({ outcomes, winner: racers[i], index: i });
    };
    racers.forEach((racer, i) => {
      // Each racer of the client's wire is sent the client's body, as a
      // single stream would be.
      racer.decide(translator.translate(request, racer.entry), source).then(
        (outcome) => {
          if (done[i]) return;
          if (outcome === undefined) return win(i);
          done[i] = true;
          outcomes[i] = outcome;
          racer.close();
          if (--pending === 0 && !decided) {
            resolve({ outcomes, winner: undefined, index: -1 });
          }
        },
      );
    });
    if (admitted.length === 0) {
      resolve({ outcomes, winner: undefined, index: -1 });
    }
  });
}
