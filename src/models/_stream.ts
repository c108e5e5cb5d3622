// Chunk-level helpers of Router.executeStream: classification, error chunks,
// pulling the next chunk without letting a deaf adapter ignore an abort, and
// StreamRun, one stream's state across its attempts (also one racer's state
// in a parallel fallback, see _stream_race.ts). The Router's generator
// keeps the single loop that yields, so a chunk costs no extra generator hop.
// A chunk of an unknown type, or a content chunk whose delta is not a string,
// is INVALID_RESPONSE (before content: fallback; after: an error chunk).

import { AdapterError, ErrorCode, type ErrorCodeValue } from "./errors.ts";
import type {
  IRChatRequest,
  IRStreamChunk,
  IRStreamErrorChunk,
} from "./types.ts";
import {
  abortedAttempt,
  type Attempt,
  EMPTY_RESPONSE,
  failedAttempt,
} from "./_attempt.ts";
import type { BackendEntry } from "./_state.ts";
import { REFUSED, type Ticket } from "./_breaker.ts";
import { abortedError, invalidResponse } from "./_util.ts";

const CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** Marker rejection of an aborted `next()`. */
export const STREAM_ABORTED: unique symbol = Symbol(
  "switchyard.stream-aborted",
);

/** An `error` chunk for an AdapterError. */
export function errorChunk(
  error: AdapterError,
  sequence: number,
): IRStreamErrorChunk {
  return {
    type: "error",
    sequence,
    error: {
      code: error.code,
      message: error.message,
      retryable: error.isRetryable,
    },
  };
}

/** The AdapterError an adapter meant by yielding an `error` chunk. */
export function errorFromChunk(
  chunk: IRStreamErrorChunk,
  provider: string | undefined,
): AdapterError {
  const raw = chunk.error;
  const code = typeof raw?.code === "string" && CODES.has(raw.code)
    ? raw.code as ErrorCodeValue
    : ErrorCode.PROVIDER_ERROR;
  return new AdapterError({
    code,
    message: typeof raw?.message === "string"
      ? raw.message
      : "Backend stream reported an error",
    provider,
    isRetryable: typeof raw?.retryable === "boolean"
      ? raw.retryable
      : undefined,
    details: raw?.code !== code ? { code: raw?.code } : undefined,
  });
}

/**
 * True for a chunk the Router can forward: one of the six IR types, and for
 * `content` a string `delta`. Anything else (an unknown type, `delta: 42`)
 * used to be passed to the consumer as is; it is now `INVALID_RESPONSE`, like
 * a non-object. A switch, not a Set lookup: this runs for every chunk.
 */
export function isChunk(value: unknown): value is IRStreamChunk {
  if (typeof value !== "object" || value === null) return false;
  switch ((value as { type?: unknown }).type) {
    case "content":
      return typeof (value as { delta?: unknown }).delta === "string";
    case "start":
    case "tool_use":
    case "metadata":
    case "done":
    case "error":
      return true;
    default:
      return false;
  }
}

/** Chunks that commit the stream to its backend: after one, no fallback. */
export function isCommitting(chunk: IRStreamChunk): boolean {
  return chunk.type === "content" || chunk.type === "tool_use";
}

/**
 * Races each `next()` of a backend iterator against one stream's abort signal
 * with a single listener and a single pending slot. (Racing against one
 * long-lived promise with Promise.race would pile a reaction onto it per
 * chunk, a leak for long streams.)
 */
export class AbortGate {
  readonly #signal: AbortSignal;
  readonly #onAbort: () => void;
  #reject: ((reason: unknown) => void) | undefined;

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    this.#onAbort = () => {
      const reject = this.#reject;
      this.#reject = undefined;
      reject?.(STREAM_ABORTED);
    };
    signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  next<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T>> {
    if (this.#signal.aborted) return Promise.reject(STREAM_ABORTED);
    return new Promise<IteratorResult<T>>((resolve, reject) => {
      this.#reject = reject;
      iterator.next().then(
        (result) => {
          this.#reject = undefined;
          resolve(result);
        },
        (error) => {
          this.#reject = undefined;
          reject(error);
        },
      );
    });
  }

  close(): void {
    this.#reject = undefined;
    this.#signal.removeEventListener("abort", this.#onAbort);
  }
}

/** Calls `return()` on a backend iterator without waiting on a deaf adapter. */
export function releaseIterator(
  iterator: AsyncIterator<unknown> | undefined,
): void {
  // An adapter may hand back anything (null included): nothing to release.
  if (
    iterator === null || typeof iterator !== "object" ||
    typeof iterator.return !== "function"
  ) return;
  try {
    const result = iterator.return();
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(undefined, () => {});
    }
  } catch {
    // The adapter's generator threw from its finally block; nothing to salvage.
  }
}

/** What StreamRun.accept made of a backend's chunk. */
export const Verdict = {
  /** Held back until the stream commits (or falls back). */
  HOLD: 0,
  /** Forward it. */
  PASS: 1,
  /** The first content: forward the held chunks, then it. */
  COMMIT: 2,
  /** The backend finished. */
  DONE: 3,
  /** The backend yielded an `error` chunk (`failure` is set). */
  ERROR: 4,
  /** The stream ended early or yielded a non-chunk (`failure` is set). */
  INVALID: 5,
} as const;

/** One of the {@linkcode Verdict} values. */
export type Verdict = typeof Verdict[keyof typeof Verdict];

/**
 * One executeStream call: its sequence numbers, attempts, and the attempt in
 * progress (entry, iterator, held chunks), so the Router's generator can
 * release it whichever way the stream ends.
 */
export class StreamRun {
  readonly signal: AbortSignal | undefined;
  readonly attempts: Attempt[] = [];
  /** The attempt in progress, until its outcome is recorded. */
  live: BackendEntry | undefined;
  /** The breaker's ticket of the attempt in progress. */
  ticket: Ticket = REFUSED;
  /** The last chunk accept() saw. */
  chunk: IRStreamChunk | undefined;
  /** The provider of the attempt in progress, read when it began. */
  provider: string | undefined;
  /** Why the attempt in progress failed. */
  failure: AdapterError | undefined;
  committed = false;
  /** The error chunk that ends the stream, once decided. */
  end: IRStreamErrorChunk | undefined;
  /** Whether the call has been counted in the Router's totals. */
  settled = false;
  #sequence = 0;
  #gate: AbortGate | undefined;
  #iterator: AsyncIterator<IRStreamChunk> | undefined;
  #held: IRStreamChunk[] = [];
  #startedAt = 0;
  /** Where the live attempt's outcome goes in `attempts`; -1 appends. */
  #slot = -1;
  /** Unlinks the live attempt's own signal (a race winner's) on release. */
  #detach: (() => void) | undefined;

  constructor(signal: AbortSignal | undefined) {
    this.signal = signal;
    this.#gate = signal === undefined ? undefined : new AbortGate(signal);
  }

  /** Starts an attempt's bookkeeping; the backend is called by open(). */
  begin(entry: BackendEntry, startedAt: number, ticket: Ticket): void {
    entry.started++;
    this.live = entry;
    this.ticket = ticket;
    this.provider = entry.adapter.metadata?.provider;
    this.#startedAt = startedAt;
    this.#held = [];
    this.committed = false;
    this.failure = undefined;
  }

  /** Calls the backend (may throw: the caller's try treats it as a failure). */
  open(request: IRChatRequest): void {
    const entry = this.live!;
    const iterator: unknown = entry.adapter.executeStream(request, this.signal);
    if (
      iterator === null || typeof iterator !== "object" ||
      typeof (iterator as AsyncIterator<unknown>).next !== "function"
    ) {
      throw invalidResponse(
        entry.name,
        "returned no stream from executeStream",
      );
    }
    this.#iterator = iterator as AsyncIterator<IRStreamChunk>;
  }

  /**
   * Takes over a parallel fallback's winner as the attempt in progress: its
   * entry, iterator, held chunks and start time. `detach` unlinks the
   * winner's signal when the attempt ends; the winner's outcome is recorded
   * at `slot` in `attempts`, so the trace keeps the race's order. Returns
   * the winning step, for accept() to see again.
   */
  adopt(
    winner: StreamRun,
    detach: () => void,
    slot: number,
  ): IteratorResult<IRStreamChunk> {
    this.live = winner.live;
    this.ticket = winner.ticket;
    this.provider = winner.provider;
    this.#startedAt = winner.#startedAt;
    this.#held = winner.#held;
    this.#iterator = winner.#iterator;
    this.#detach = detach;
    this.#slot = slot;
    this.committed = false;
    this.failure = undefined;
    winner.live = undefined;
    winner.#iterator = undefined;
    winner.#held = [];
    return { done: false, value: winner.chunk! };
  }

  /** The backend's next step, rejecting with STREAM_ABORTED on abort. */
  pull(): Promise<IteratorResult<IRStreamChunk>> {
    return this.#gate === undefined
      ? this.#iterator!.next()
      : this.#gate.next(this.#iterator!);
  }

  /** Classifies a step; holds chunks before the first content. */
  accept(step: IteratorResult<unknown>): Verdict {
    const chunk: unknown = step.done ? undefined : step.value;
    if (step.done || !isChunk(chunk)) {
      this.failure = invalidResponse(
        this.live!.name,
        step.done
          ? "ended its stream without a done chunk"
          : "yielded a malformed stream chunk",
      );
      return Verdict.INVALID;
    }
    this.chunk = chunk;
    if (chunk.type === "error") {
      this.failure = errorFromChunk(chunk, this.provider);
      return Verdict.ERROR;
    }
    if (chunk.type === "done") return Verdict.DONE;
    if (this.committed) return Verdict.PASS;
    if (!isCommitting(chunk)) {
      this.#held.push(chunk);
      return Verdict.HOLD;
    }
    this.committed = true;
    return Verdict.COMMIT;
  }

  /** A chunk renumbered in this stream's sequence. */
  renumber<T extends IRStreamChunk>(chunk: T): T {
    return { ...chunk, sequence: this.#sequence++ };
  }

  /** The held chunks, renumbered, and forgets them. */
  takeHeld(): IRStreamChunk[] {
    const held = this.#held;
    this.#held = [];
    return held.map((h) => this.renumber(h));
  }

  /** An `error` chunk for `error`, numbered in this stream's sequence. */
  error(error: AdapterError): IRStreamErrorChunk {
    return errorChunk(error, this.#sequence++);
  }

  /** Decides that the stream ends with `error`; returns undefined for chaining. */
  stop(error: AdapterError): undefined {
    this.end = this.error(error);
    return undefined;
  }

  /** Milliseconds since the attempt in progress began. */
  elapsed(clock: () => number): number {
    return clock() - this.#startedAt;
  }

  /** Records the attempt in progress as successful; returns its latency. */
  succeeded(clock: () => number): number {
    const entry = this.live!;
    const latencyMs = this.elapsed(clock);
    this.live = undefined;
    this.#record({
      ok: true,
      backend: entry.name,
      response: EMPTY_RESPONSE,
      latencyMs,
    });
    return latencyMs;
  }

  /** Records the attempt in progress as failed with `failure`. */
  failed(clock: () => number, now: number): void {
    const entry = this.live!;
    entry.recordFailure(now, this.ticket);
    this.#record(
      failedAttempt(
        entry.name,
        this.failure!,
        this.failure,
        this.elapsed(clock),
      ),
    );
    this.live = undefined;
  }

  #record(attempt: Attempt): void {
    if (this.#slot < 0) this.attempts.push(attempt);
    else this.attempts.splice(this.#slot, 0, attempt);
    this.#slot = -1;
  }

  /** Whether a rejection of the backend means the caller aborted. */
  isAbort(thrown: unknown): boolean {
    return thrown === STREAM_ABORTED || this.signal?.aborted === true;
  }

  /** Records the attempt in progress as aborted (not the backend's fault). */
  aborted(thrown: unknown, clock: () => number): void {
    const entry = this.live!;
    this.live = undefined;
    entry.breaker.onAbort(this.ticket);
    this.#record(
      abortedAttempt(
        entry.name,
        abortedError(this.signal),
        thrown,
        this.elapsed(clock),
      ),
    );
  }

  /** Releases the backend's iterator without waiting for it. */
  release(): void {
    releaseIterator(this.#iterator);
    this.#iterator = undefined;
    this.#detach?.();
    this.#detach = undefined;
  }

  /** Ends the stream: an attempt still live was abandoned, not failed. */
  close(): void {
    this.live?.breaker.onAbort(this.ticket);
    this.release();
    this.#gate?.close();
  }
}
