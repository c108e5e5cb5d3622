// One request's signal for the model call: the client leaving, or the
// gateway's requestTimeoutMs. A non-streamed request without a timeout has
// nothing to add to the client's signal, so it passes that on: one
// controller, one listener and a signal hop less on the path every plain
// request takes. The deadline is its own listener (`handleEvent`) and makes
// its timer's callback only when a timeout applies: a plain request makes
// no closure here at all.
import { timeoutError } from "./_request_parts.ts";

/** The model call's signal and its timeout. */
export class Deadline {
  readonly signal: AbortSignal;
  readonly #client: AbortSignal;
  readonly #abort: AbortController | undefined;
  readonly #timeoutMs: number | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

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
      if (client.aborted) this.handleEvent();
      else client.addEventListener("abort", this, { once: true });
    }
    if (timeoutMs !== undefined) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#abort?.abort();
      }, timeoutMs);
    }
  }

  /** The client left: the call's own signal aborts with its reason. */
  handleEvent(): void {
    this.#abort?.abort(this.#client.reason);
  }

  /** The first output came: the timeout no longer applies. */
  stopTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }

  /** Ends the call's signal (the answer is abandoned). */
  abort(reason?: unknown): void {
    this.#abort?.abort(reason);
  }

  /** The request is over: the timer and the client listener go. */
  release(): void {
    if (this.#abort === undefined) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#client.removeEventListener("abort", this);
  }

  /** What a failure means to the client: the 504 once time ran out. */
  failure(error: unknown): unknown {
    return this.#timedOut ? timeoutError(this.#timeoutMs!) : error;
  }
}
