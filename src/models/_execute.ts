// execute(): the first choice's call, then fallback through the configured
// policy and the shared driver (fallback/run.ts), with calls as attempts.

import type { IRChatRequest, IRChatResponse } from "./types.ts";
import { attempt } from "./_attempt.ts";
import type { Attempt, Success, TracedAttempt } from "./_outcome.ts";
import { appendRace, runParallel } from "./_parallel.ts";
import type { Parts } from "./_parts.ts";
import type { BackendEntry } from "./_state.ts";
import { tracedResponse } from "./_trace.ts";
import type { FallbackState } from "./fallback/policy.ts";
import type { Plan } from "./routing/strategy.ts";
import {
  type Attempter,
  fallBack,
  type GroupEnd,
  stateAfter,
} from "./fallback/run.ts";

/** Starts fallback calls: one at a time, or a race whose first success wins. */
class CallAttempter implements Attempter<Success> {
  readonly #parts: Parts;
  readonly #signal: AbortSignal;

  constructor(parts: Parts, signal: AbortSignal) {
    this.#parts = parts;
    this.#signal = signal;
  }

  async run(
    group: readonly BackendEntry[],
    state: FallbackState,
    log: TracedAttempt[],
  ): Promise<GroupEnd<Success>> {
    const parts = this.#parts;
    if (group.length === 1) {
      const outcome = await attempt(
        group[0],
        state.request,
        this.#signal,
        parts,
      );
      return endOf([outcome], outcome.ok ? outcome : undefined, log);
    }
    const clock = parts.settings.clock;
    const start = clock();
    const run = await runParallel(
      group.length,
      (i, signal) => attempt(group[i], state.request, signal, parts),
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
): Promise<IRChatResponse> {
  const log: TracedAttempt[] = [];
  if (first !== undefined) endOf([first], undefined, log);
  const state = stateAfter(parts, request, plan, first, signal, false);
  const winner = await fallBack(
    parts,
    plan,
    first,
    state,
    new CallAttempter(parts, signal),
    log,
  );
  return tracedResponse(parts.settings.routing, winner, plan, log);
}
