// One backend's stream within an executeStream call. It holds the chunks
// that arrive before the first content (so a failure until then can fall
// back silently), classifies every chunk, and records its outcome exactly
// once through BackendEntry.settle. Its state changes only through its
// methods: the stream generator and the race read it, never write it.

import type { AdapterError } from "../errors.ts";
import type { ChatSource, IRChatRequest, IRStreamChunk } from "../types.ts";
import {
  abortedAttempt,
  type Attempt,
  EMPTY_RESPONSE,
  failedAttempt,
  type RunningAttempt,
} from "../_outcome.ts";
import type { Ticket } from "../_breaker.ts";
import type { Settings } from "../_config.ts";
import type { BackendEntry } from "../_state.ts";
import {
  abortedError,
  invalidResponse,
  linkSignal,
  TIMEOUT_REASON,
  toAdapterError,
} from "../_util.ts";
import {
  AbortGate,
  errorFromChunk,
  isChunk,
  isCommitting,
  releaseIterator,
  STREAM_ABORTED,
  Verdict,
} from "./_chunks.ts";

/** One admitted backend stream, from its call to its recorded outcome. */
export class StreamAttempt {
  readonly entry: BackendEntry;
  readonly #ticket: Ticket;
  readonly #settings: Settings;
  readonly #signal: AbortSignal;
  /** Its own controller when it races others (a loser is cancelled alone). */
  readonly #controller: AbortController | undefined;
  readonly #unlink: () => void;
  readonly #gate: AbortGate;
  readonly #provider: string | undefined;
  readonly #startedAt: number;
  #iterator: AsyncIterator<IRStreamChunk> | undefined;
  #held: IRStreamChunk[] = [];
  #chunk: IRStreamChunk | undefined;
  #committed = false;
  #failure: AdapterError | undefined;
  #settled = false;
  /** The outcome #settle recorded. */
  #recorded: Attempt | undefined;

  /**
   * @param own Give the attempt its own signal, linked to `signal`, so that
   *   cancel() stops it alone (racers).
   */
  constructor(
    entry: BackendEntry,
    ticket: Ticket,
    signal: AbortSignal,
    settings: Settings,
    own: boolean,
  ) {
    this.entry = entry;
    this.#ticket = ticket;
    this.#settings = settings;
    // An attempt timeout needs a signal of its own to abort.
    if (own || settings.attemptTimeout !== Infinity) {
      const controller = new AbortController();
      this.#controller = controller;
      this.#unlink = linkSignal(signal, controller);
      this.#signal = controller.signal;
    } else {
      this.#controller = undefined;
      this.#unlink = noop;
      this.#signal = signal;
    }
    this.#gate = new AbortGate(this.#signal);
    this.#provider = entry.adapter.metadata?.provider;
    this.#startedAt = settings.clock();
  }

  /** The last chunk accept() saw. */
  get chunk(): IRStreamChunk | undefined {
    return this.#chunk;
  }

  /** Whether the deciding chunk was `done` (the stream is complete). */
  get finished(): boolean {
    return this.#chunk?.type === "done";
  }

  /**
   * Calls the backend and pulls until the stream commits (a content or
   * tool_use chunk) or finishes (`done`): then resolves undefined, and the
   * caller continues with takeHeld(), `chunk` and pull(). Otherwise the
   * attempt is recorded and its failed or aborted Attempt returned.
   */
  async decide(
    request: IRChatRequest,
    source?: ChatSource,
  ): Promise<Attempt | undefined> {
    const { attemptTimeout, timers } = this.#settings;
    const timer = attemptTimeout === Infinity ? undefined : timers.setTimeout(
      () => this.#controller!.abort(TIMEOUT_REASON),
      attemptTimeout,
    );
    try {
      this.#open(request, source);
      for (;;) {
        const verdict = this.accept(await this.pull());
        if (verdict === Verdict.HOLD) continue;
        if (verdict === Verdict.COMMIT || verdict === Verdict.DONE) {
          return undefined;
        }
        return this.fail();
      }
    } catch (thrown) {
      return this.fault(thrown);
    } finally {
      if (timer !== undefined) timers.clearTimeout(timer);
    }
  }

  /** The backend's next step, rejecting with STREAM_ABORTED on abort. */
  pull(): Promise<IteratorResult<IRStreamChunk>> {
    return this.#gate.next(this.#iterator!);
  }

  /** Classifies a step; holds chunks before the first content. */
  accept(step: IteratorResult<unknown>): Verdict {
    const chunk: unknown = step.done ? undefined : step.value;
    if (step.done || !isChunk(chunk)) {
      this.#failure = invalidResponse(
        this.entry.name,
        step.done
          ? "ended its stream without a done chunk"
          : "yielded a malformed stream chunk",
      );
      return Verdict.INVALID;
    }
    this.#chunk = chunk;
    if (chunk.type === "error") {
      this.#failure = errorFromChunk(chunk, this.#provider);
      return Verdict.ERROR;
    }
    if (chunk.type === "done") return Verdict.DONE;
    if (this.#committed) return Verdict.PASS;
    if (!isCommitting(chunk)) {
      this.#held.push(chunk);
      return Verdict.HOLD;
    }
    this.#committed = true;
    return Verdict.COMMIT;
  }

  /** The chunks held before the decision, once. */
  takeHeld(): IRStreamChunk[] {
    const held = this.#held;
    this.#held = [];
    return held;
  }

  /** The failure of the last ERROR or INVALID verdict. */
  get failure(): AdapterError | undefined {
    return this.#failure;
  }

  /** A rejection of pull() or of the backend: an abort, or a failure. */
  fault(thrown: unknown): Attempt {
    if (this.#signal.reason === TIMEOUT_REASON) {
      // The attempt timeout, not the caller: the backend's TIMEOUT failure.
      this.#failure = toAdapterError(TIMEOUT_REASON, this.#provider);
      return this.fail();
    }
    if (thrown === STREAM_ABORTED || this.#signal.aborted) {
      return this.#settle(
        abortedAttempt(
          this.entry.name,
          abortedError(this.#signal),
          thrown,
          this.#elapsed(),
        ),
      );
    }
    this.#failure = toAdapterError(thrown, this.#provider);
    return this.fail();
  }

  /** Records the attempt as failed with its failure. */
  fail(): Attempt {
    const failure = this.#failure!;
    return this.#settle(
      failedAttempt(this.entry.name, failure, failure, this.#elapsed()),
    );
  }

  /** Records the attempt as successful (its `done` chunk arrived). */
  succeed(): Attempt {
    return this.#settle({
      ok: true,
      backend: this.entry.name,
      response: EMPTY_RESPONSE,
      latencyMs: this.#elapsed(),
    });
  }

  /** This attempt as a trace lists it while it streams: no outcome yet. */
  running(): RunningAttempt {
    return {
      ok: false,
      backend: this.entry.name,
      kind: "running",
      latencyMs: this.#elapsed(),
    };
  }

  /**
   * Stops a racer that lost: its signal aborts, its outcome is `cancelled`;
   * returns the outcome recorded, which is the one it had already settled
   * with (a failure met in the same turn as the winner's commit, already
   * counted against its backend) if any.
   */
  cancel(reason: unknown, cancelled: Attempt): Attempt {
    const recorded = this.#recorded;
    this.#controller?.abort(reason);
    return recorded ?? this.#settle(cancelled);
  }

  /**
   * Lets go of the backend (return() called without waiting for a deaf
   * adapter). An attempt abandoned before its outcome (the consumer stopped
   * early) is recorded as aborted: not the backend's fault.
   */
  close(): void {
    if (!this.#settled) {
      this.#settle(
        abortedAttempt(
          this.entry.name,
          abortedError(this.#signal),
          undefined,
          this.#elapsed(),
        ),
      );
    }
    this.#gate.close();
  }

  /** Calls the backend (may throw: decide() treats it as a failure). */
  #open(request: IRChatRequest, source: ChatSource | undefined): void {
    const iterator: unknown = source === undefined
      ? this.entry.adapter.executeStream(request, this.#signal)
      : this.entry.adapter.executeStream(request, this.#signal, { source });
    if (
      iterator === null || typeof iterator !== "object" ||
      typeof (iterator as AsyncIterator<unknown>).next !== "function"
    ) {
      throw invalidResponse(
        this.entry.name,
        "returned no stream from executeStream",
      );
    }
    this.#iterator = iterator as AsyncIterator<IRStreamChunk>;
  }

  #elapsed(): number {
    return this.#settings.clock() - this.#startedAt;
  }

  /** Records the outcome once, and releases the backend's iterator. */
  #settle(attempt: Attempt): Attempt {
    if (this.#settled) return attempt;
    this.#settled = true;
    this.#recorded = attempt;
    this.entry.settle(attempt, this.#ticket, this.#settings);
    releaseIterator(this.#iterator);
    this.#iterator = undefined;
    this.#unlink();
    return attempt;
  }
}

function noop(): void {}
