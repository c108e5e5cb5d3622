// execute(): the first choice's call, then fallback through the configured
// policy and the shared driver (fallback/run.ts), with calls as attempts.

import type { IRChatRequest, IRChatResponse } from "./types.ts";
import { attempt } from "./_attempt.ts";
import type { Attempt, Success, TracedAttempt } from "./_outcome.ts";
import { appendRace, runParallel } from "./_parallel.ts";
import type { Parts } from "./_parts.ts";
import type { BackendEntry } from "./_state.ts";
import { tracedResponse } from "./_trace.ts";
import { FallbackState } from "./fallback/policy.ts";
import { type Attempter, fallBack, type GroupEnd } from "./fallback/run.ts";

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

/** Routes one call; resolves with the traced response. */
export async function executeRequest(
  parts: Parts,
  request: IRChatRequest,
  signal: AbortSignal,
): Promise<IRChatResponse> {
  const selected = parts.selector.select(request, false, false, signal);
  // Synchronous strategies call the adapter in the caller's tick.
  const plan = selected instanceof Promise ? await selected : selected;
  const routing = parts.settings.routing;
  const entry = plan.entry;
  let first: Attempt | undefined;
  if (entry !== undefined) {
    first = await attempt(entry, request, signal, parts);
    if (first.ok) return tracedResponse(routing, first, plan, [first]);
  }
  const log: TracedAttempt[] = [];
  if (first !== undefined) endOf([first], undefined, log);
  const primary = entry?.name ?? plan.requested;
  const state = new FallbackState(
    request,
    primary,
    signal,
    parts.registry,
    parts.selector,
    parts.selector.needs(request, false),
    first?.ok === false ? first.error : parts.registry.unavailable(primary),
  );
  const winner = await fallBack(
    parts,
    plan,
    first,
    state,
    new CallAttempter(parts, signal),
    log,
  );
  return tracedResponse(routing, winner, plan, log);
}
