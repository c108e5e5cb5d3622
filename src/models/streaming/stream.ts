// executeStream: the first choice's stream, fallback (through the same
// policy and driver as execute) until a stream commits, then one loop that
// relays its chunks. The generator never throws: failures end the stream
// with an `error` chunk.

import type {
  ChatSource,
  IRChatRequest,
  IRChatStream,
  IRStreamChunk,
  IRStreamDoneChunk,
  IRStreamStartChunk,
} from "../types.ts";
import type { RoutingTrace } from "../trace.ts";
import {
  type Attempt,
  type TracedAttempt,
  unavailableAttempt,
} from "../_outcome.ts";
import { REFUSED } from "../_breaker.ts";
import { abortedRouterError } from "../_failures.ts";
import type { Parts } from "../_parts.ts";
import type { BackendEntry } from "../_state.ts";
import { traceOf } from "../_trace.ts";
import { toAdapterError } from "../_util.ts";
import type { FallbackState } from "../fallback/policy.ts";
import {
  type Attempter,
  fallBack,
  type GroupEnd,
  stateAfter,
} from "../fallback/run.ts";
import type { Plan } from "../routing/strategy.ts";
import { Numbering, Verdict } from "./_chunks.ts";
import { StreamAttempt } from "./attempt.ts";
import { type Admitted, raceStreams } from "./race.ts";

/** The stream that won: it relays from here; its outcome goes at `slot`. */
interface Live {
  readonly attempt: StreamAttempt;
  readonly slot: number;
}

/** Starts fallback streams: one at a time, or a race. */
class StreamAttempter implements Attempter<Live> {
  readonly #parts: Parts;
  readonly #signal: AbortSignal;
  readonly #source: ChatSource | undefined;

  constructor(
    parts: Parts,
    signal: AbortSignal,
    source: ChatSource | undefined,
  ) {
    this.#parts = parts;
    this.#signal = signal;
    this.#source = source;
  }

  async run(
    group: readonly BackendEntry[],
    state: FallbackState,
    log: TracedAttempt[],
  ): Promise<GroupEnd<Live>> {
    const parts = this.#parts;
    const now = parts.settings.now();
    // Admission claims a half-open breaker's single probe.
    const admitted: Admitted[] = [];
    for (const entry of group) {
      const ticket = entry.admit(now);
      if (ticket !== REFUSED) admitted.push({ entry, ticket });
    }
    if (admitted.length === 1) {
      const slot = log.length;
      const { attempt, outcome } = await decide(
        parts,
        admitted[0],
        state.request,
        this.#signal,
        this.#source,
      );
      if (outcome === undefined) {
        return {
          winner: { attempt, slot },
          started: 1,
          failure: undefined,
        };
      }
      log.push(outcome);
      const failed = !outcome.ok && outcome.kind === "failed"
        ? outcome
        : undefined;
      return { winner: undefined, started: 1, failure: failed };
    }
    const race = await raceStreams(
      admitted,
      this.#signal,
      state.request,
      parts.settings,
      parts.translator,
      this.#source,
    );
    const slot = log.length + race.index;
    let failure: Attempt | undefined;
    for (const outcome of race.outcomes) {
      if (outcome === undefined) continue;
      log.push(outcome);
      if (!outcome.ok && outcome.kind === "failed") failure = outcome;
    }
    return {
      winner: race.winner === undefined
        ? undefined
        : { attempt: race.winner, slot },
      started: admitted.length,
      failure: failure?.ok === false ? failure : undefined,
    };
  }
}

/**
 * A single stream, until it commits (undefined: `attempt` is live) or ends
 * before content (its recorded outcome; the attempt is closed).
 */
async function decide(
  parts: Parts,
  { entry, ticket }: Admitted,
  request: IRChatRequest,
  signal: AbortSignal,
  source: ChatSource | undefined,
): Promise<{ attempt: StreamAttempt; outcome: Attempt | undefined }> {
  const attempt = new StreamAttempt(
    entry,
    ticket,
    signal,
    parts.settings,
    false,
  );
  const outcome = await attempt.decide(
    parts.translator.translate(request, entry),
    source,
  );
  if (outcome !== undefined) attempt.close();
  return { attempt, outcome };
}

/** The first choice's stream, else fallback's winner; rejects like execute. */
async function open(
  parts: Parts,
  plan: Plan,
  request: IRChatRequest,
  signal: AbortSignal,
  log: TracedAttempt[],
  source: ChatSource | undefined,
): Promise<Live> {
  let first: Attempt | undefined;
  const entry = plan.entry;
  if (entry !== undefined) {
    const ticket = entry.admit(parts.settings.now());
    if (ticket === REFUSED) {
      first = unavailableAttempt(
        entry.name,
        parts.registry.unavailable(entry.name),
      );
    } else {
      const { attempt, outcome } = await decide(
        parts,
        { entry, ticket },
        request,
        signal,
        source,
      );
      if (outcome === undefined) return { attempt, slot: 0 };
      log.push(outcome);
      first = outcome;
    }
  }
  const state = stateAfter(parts, request, plan, first, signal, true);
  return await fallBack(
    parts,
    plan,
    first,
    state,
    new StreamAttempter(parts, signal, source),
    log,
  );
}

/**
 * The held chunks, their `start` chunk carrying the routing trace so far on
 * `metadata.routing` (a `start` added first when the backend sent none).
 */
function announced(
  held: IRStreamChunk[],
  routing: RoutingTrace,
): IRStreamChunk[] {
  const at = held.findIndex((chunk) => chunk.type === "start");
  if (at === -1) {
    return [{ type: "start", sequence: 0, metadata: { routing } }, ...held];
  }
  const start = held[at] as IRStreamStartChunk;
  held[at] = { ...start, metadata: { ...start.metadata, routing } };
  return held;
}

/**
 * Streams `request` with fallback before the first content chunk; see the
 * Router's module documentation for every rule.
 */
export async function* routeStream(
  parts: Parts,
  request: IRChatRequest,
  caller: AbortSignal | undefined,
  allowed?: readonly string[],
  source?: ChatSource,
): IRChatStream {
  // dispose() ends the stream like the caller's signal would.
  const link = parts.lifetime.callSignal(caller);
  const signal = link.signal;
  const numbering = new Numbering();
  const log: TracedAttempt[] = [];
  let live: Live | undefined;
  let ok = false;
  try {
    // The caller's signal only: after dispose() routing reports it instead.
    if (caller?.aborted) {
      yield numbering.error(abortedRouterError(caller, []));
      return;
    }
    const plan = await parts.selector.select(
      request,
      true,
      false,
      signal,
      allowed,
    );
    live = await open(parts, plan, request, signal, log, source);
    const attempt = live.attempt;
    // Committed: the consumer learns the backend now, not only at `done`
    // (a consumer that stops early would never see that).
    const sofar = log.slice();
    sofar.splice(live.slot, 0, attempt.running());
    const chosen = traceOf(
      parts.settings.routing,
      plan,
      sofar,
      attempt.entry.name,
    );
    for (const held of announced(attempt.takeHeld(), chosen)) {
      yield numbering.renumber(held);
    }
    if (!attempt.finished) {
      yield numbering.renumber(attempt.chunk!);
      for (;;) {
        let verdict: Verdict;
        try {
          verdict = attempt.accept(await attempt.pull());
        } catch (thrown) {
          const outcome = attempt.fault(thrown);
          log.splice(live.slot, 0, outcome);
          yield numbering.error(
            !outcome.ok && outcome.kind === "aborted"
              ? abortedRouterError(signal, log)
              : attempt.failure!,
          );
          return;
        }
        if (verdict === Verdict.PASS) {
          yield numbering.renumber(attempt.chunk!);
          continue;
        }
        if (verdict === Verdict.DONE) break;
        // A failure after content: no fallback, the stream ends with it.
        log.splice(live.slot, 0, attempt.fail());
        yield verdict === Verdict.ERROR
          ? numbering.renumber(attempt.chunk!)
          : numbering.error(attempt.failure!);
        return;
      }
    }
    log.splice(live.slot, 0, attempt.succeed());
    ok = true;
    parts.counters.settle(true);
    const done = numbering.renumber(attempt.chunk as IRStreamDoneChunk);
    const routing = traceOf(
      parts.settings.routing,
      plan,
      log,
      attempt.entry.name,
    );
    yield { ...done, metadata: { ...done.metadata, routing } } as IRStreamChunk;
  } catch (error) {
    yield numbering.error(toAdapterError(error));
  } finally {
    // The consumer stopped early (or an abort): not a backend failure.
    live?.attempt.close();
    link.unlink();
    if (!ok) parts.counters.settle(false);
  }
}
