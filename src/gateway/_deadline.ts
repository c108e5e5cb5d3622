// One request's signal for the model call: the client leaving, or the
// gateway's requestTimeoutMs. A non-streamed request without a timeout has
// nothing to add to the client's signal, so it passes that on: one
// controller, one listener and a signal hop less on the path every plain
// request takes.
import { timeoutError } from "./_request_parts.ts";

/** The model call's signal and its timeout. */
export class Deadline {
  readonly signal: AbortSignal;
  readonly #client: AbortSignal;
  readonly #abort: AbortController | undefined;
  readonly #timeoutMs: number | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;
  readonly #onClientGone = (): void => this.#abort?.abort(this.#client.reason);

  /**
   * @param own Give the call a signal of its own even without a timeout
   *   (a stream, aborted when its reader leaves).
   */
  constructor(
    client: AbortSignal,
    timeoutMs: number | undefined,
    own: boolean,
  ) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
    this.#abort = own || timeoutMs !== undefined
      ? new AbortController()
      : undefined;
    this.signal = this.#abort?.signal ?? client;
    if (this.#abort !== undefined) {
      if (client.aborted) this.#onClientGone();
      else {
        client.addEventListener("abort", this.#onClientGone, { once: true });
      }
    }
    if (timeoutMs !== undefined) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#abort?.abort();
      }, timeoutMs);
    }
  }

  /** The first output came: the timeout no longer applies. */
  stopTimer(): void {
    clearTimeout(this.#timer);
  }

  /** Ends the call's signal (the answer is abandoned). */
  abort(reason?: unknown): void {
    this.#abort?.abort(reason);
  }

  /** The request is over: the timer and the client listener go. */
  release(): void {
    if (this.#abort === undefined) return;
    clearTimeout(this.#timer);
    this.#client.removeEventListener("abort", this.#onClientGone);
  }

  /** What a failure means to the client: the 504 once time ran out. */
  failure(error: unknown): unknown {
    return this.#timedOut ? timeoutError(this.#timeoutMs!) : error;
  }
}
