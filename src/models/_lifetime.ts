// The Router's lifetime: one AbortController that dispose() aborts, and the
// calls in flight that dispose() must settle even when their adapter ignores
// the signal. A call without a caller signal hands the lifetime's own signal
// to its adapter and waits through race(), which costs a Set entry instead of
// an abort listener (execute's hot path stays well under 1 µs). A call with a
// caller signal gets a controller linked to that signal and kept in a Set
// that end() aborts.

import { ignore } from "./_util.ts";

/** The signal a call passes to its adapters, and how to let go of it. */
export interface CallSignal {
  readonly signal: AbortSignal;
  /** Removes the links of a combined signal; a no-op for the lifetime's own. */
  readonly unlink: () => void;
}

/** dispose()'s reach: every call, stream, dispatch and probe in flight. */
export class Lifetime {
  readonly #controller = new AbortController();
  /** Aborted by end(); adapters of calls without a caller signal get it as is. */
  readonly signal: AbortSignal = this.#controller.signal;
  readonly #pending = new Set<(reason: unknown) => void>();
  /** The calls with a caller signal, which end() aborts. */
  readonly #linked = new Set<LinkedCall>();
  readonly #own: CallSignal = { signal: this.signal, unlink: ignore };

  /**
   * The lifetime's signal, or (with a caller signal) one aborted by either.
   * The lifetime reaches such a call through a Set entry, not a listener on
   * its long-lived signal, whose list every call would grow and scan.
   */
  callSignal(caller: AbortSignal | undefined): CallSignal {
    if (caller === undefined) return this.#own;
    if (this.signal.aborted) {
      const controller = new AbortController();
      controller.abort(this.signal.reason);
      return { signal: controller.signal, unlink: ignore };
    }
    return new LinkedCall(caller, this.#linked);
  }

  /**
   * Settles like `answer`, or rejects with the lifetime's reason once end()
   * is called, whichever comes first. A non-thenable answer is returned as is.
   */
  race(answer: unknown): unknown {
    if (
      typeof answer !== "object" || answer === null ||
      typeof (answer as PromiseLike<unknown>).then !== "function"
    ) return answer;
    const pending = this.#pending;
    if (this.signal.aborted) {
      Promise.resolve(answer).then(ignore, ignore);
      return Promise.reject(this.signal.reason);
    }
    return new Promise((resolve, reject) => {
      pending.add(reject);
      (answer as PromiseLike<unknown>).then(
        (value) => {
          pending.delete(reject);
          resolve(value);
        },
        (error) => {
          pending.delete(reject);
          reject(error);
        },
      );
    });
  }

  /** Aborts the signal and rejects every call still waiting in race(). */
  end(reason: unknown): void {
    this.#controller.abort(reason);
    const linked = [...this.#linked];
    this.#linked.clear();
    for (const call of linked) call.abort(reason);
    const rejects = [...this.#pending];
    this.#pending.clear();
    for (const reject of rejects) reject(reason);
  }
}

/**
 * What waits on a call's own signal without a listener of its own: the
 * router's first attempt (`_attempt.ts`), stopped through handleEvent.
 */
export interface Follower {
  handleEvent(): void;
}

/**
 * A call's signal linked to its caller's: the caller's abort reaches it
 * through handleEvent, so a call allocates no listener or unlink closures.
 * Its one follower (the first attempt, which waits on this signal and hands
 * it to its adapter instead of linking one of its own) is told when it
 * aborts; and abort() ends it from inside: dispose(), or a relayed answer's
 * body after the hand-over, when the caller is no longer linked.
 */
export class LinkedCall implements CallSignal {
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal;
  readonly #linked: Set<LinkedCall>;
  #follower: Follower | undefined;

  constructor(caller: AbortSignal, linked: Set<LinkedCall>) {
    this.signal = this.#controller.signal;
    this.#caller = caller;
    this.#linked = linked;
    if (caller.aborted) this.#controller.abort(caller.reason);
    else caller.addEventListener("abort", this, { once: true });
    linked.add(this);
  }

  /** The caller aborted. */
  handleEvent(): void {
    this.abort(this.#caller.reason);
  }

  /** Aborts the call's signal and tells its follower. */
  abort(reason: unknown): void {
    this.#controller.abort(reason);
    this.#follower?.handleEvent();
  }

  /** `follower` is told when the signal aborts, until unfollow(). */
  follow(follower: Follower): void {
    this.#follower = follower;
  }

  unfollow(follower: Follower): void {
    if (this.#follower === follower) this.#follower = undefined;
  }

  unlink(): void {
    this.#caller.removeEventListener("abort", this);
    this.#linked.delete(this);
  }
}
