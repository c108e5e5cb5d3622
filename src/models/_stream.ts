// Chunk-level helpers of Router.executeStream: classification, error chunks,
// and pulling the next chunk without letting a deaf adapter ignore an abort.

import { AdapterError, ErrorCode, type ErrorCodeValue } from "./errors.ts";
import type { IRStreamChunk, IRStreamErrorChunk } from "./types.ts";

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

/** True for the minimum shape of a chunk. */
export function isChunk(value: unknown): value is IRStreamChunk {
  return typeof value === "object" && value !== null &&
    typeof (value as { type?: unknown }).type === "string";
}

/** Chunks that commit the stream to its backend: after one, no fallback. */
export function isCommitting(chunk: IRStreamChunk): boolean {
  return chunk.type === "content" || chunk.type === "tool_use";
}

/**
 * A reusable "abort" rejection for one stream, so each `next()` race costs one
 * Promise.race and no new listener.
 */
export class AbortGate {
  readonly promise: Promise<never>;
  readonly #signal: AbortSignal;
  readonly #onAbort: () => void;

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    let reject!: (reason: unknown) => void;
    this.promise = new Promise<never>((_, r) => (reject = r));
    this.promise.catch(() => {});
    this.#onAbort = () => reject(STREAM_ABORTED);
    if (signal.aborted) reject(STREAM_ABORTED);
    else signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  next<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T>> {
    return Promise.race([iterator.next(), this.promise]);
  }

  close(): void {
    this.#signal.removeEventListener("abort", this.#onAbort);
  }
}

/** Calls `return()` on a backend iterator without waiting on a deaf adapter. */
export function releaseIterator(
  iterator: AsyncIterator<unknown> | undefined,
): void {
  if (iterator === undefined || typeof iterator.return !== "function") return;
  try {
    const result = iterator.return();
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(undefined, () => {});
    }
  } catch {
    // The adapter's generator threw from its finally block; nothing to salvage.
  }
}
