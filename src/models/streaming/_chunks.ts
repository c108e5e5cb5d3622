// Chunk-level helpers of executeStream: classification, error chunks,
// renumbering, and pulling the next chunk without letting a deaf adapter
// ignore an abort. A chunk of an unknown type, or a content chunk whose
// delta is not a string, is INVALID_RESPONSE (before content: fallback;
// after: an error chunk).

import type { AdapterError } from "../errors.ts";
import type { IRStreamChunk, IRStreamErrorChunk } from "../types.ts";
import { errorOfFailure, failureOf } from "../_stream_failure.ts";

/** Marker rejection of an aborted `next()`. */
export const STREAM_ABORTED: unique symbol = Symbol(
  "switchyard.stream-aborted",
);

/** An `error` chunk for an AdapterError: the whole failure, see `_stream_failure.ts`. */
export function errorChunk(
  error: AdapterError,
  sequence: number,
): IRStreamErrorChunk {
  return { type: "error", sequence, error: failureOf(error) };
}

/** The AdapterError an adapter meant by yielding an `error` chunk. */
export function errorFromChunk(
  chunk: IRStreamErrorChunk,
  provider: string | undefined,
): AdapterError {
  return errorOfFailure(chunk.error, provider);
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

/** What StreamAttempt.accept made of a backend's chunk. */
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
 * One stream's sequence numbers: every chunk the consumer sees is
 * renumbered from 0, whichever backend produced it.
 */
export class Numbering {
  #next = 0;

  /** A copy of `chunk` with the next sequence number. */
  renumber<T extends IRStreamChunk>(chunk: T): T {
    return { ...chunk, sequence: this.#next++ };
  }

  /** An `error` chunk for `error`, with the next sequence number. */
  error(error: AdapterError): IRStreamErrorChunk {
    return errorChunk(error, this.#next++);
  }
}
