// One HTTP call's abort signal and timeout (the caller's signal plus the
// idle deadline), apart from the client that issues the calls.

import { ignore, timerDelay } from "../_util.ts";
import { unwatch, watch, watchable, type Watched } from "./_watchdog.ts";

/**
 * One request's abort signal: the caller's signal plus the timeout.
 *
 * The idle timeout of a stream is a deadline, not a timer re-armed per
 * network chunk: `touch` only notes the time, and the one timer, when it
 * fires, either aborts (silence for `timeout` ms) or sleeps again for what is
 * left. Re-arming a timer on every chunk and around every yielded chunk cost
 * a stream more CPU than parsing it. A long timeout (the default ten
 * minutes) has no timer of its own at all: the shared watchdog checks it
 * once a second (`_watchdog.ts`), which saves a request the cost of arming
 * and clearing one.
 */
export class CallScope implements Watched {
  readonly controller: AbortController = new AbortController();
  timedOut = false;
  readonly #timeout: number;
  readonly #callerSignal: AbortSignal | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** `performance.now()` of the last `touch`. */
  #last = 0;
  /** True between `pause` and the next `touch`: the silence is not counted. */
  #paused = false;
  /** Whether the watchdog checks this call (instead of `#timer`). */
  #watched = false;
  /** Rejects the wait in `race`, if one is running. */
  #stop: ((reason: unknown) => void) | undefined;
  /** The exact timer's callback, made only for a timeout that needs one. */
  #onTimer: (() => void) | undefined;

  constructor(timeout: number, callerSignal: AbortSignal | undefined) {
    this.#timeout = timeout;
    this.#callerSignal = callerSignal;
    // The scope itself listens (handleEvent): no closure per call.
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener("abort", this, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The caller's signal aborted: so does the call, with its reason. */
  handleEvent(): void {
    this.#abort(this.#callerSignal?.reason);
  }

  /**
   * Aborts the call's signal and ends a wait in `race` with its reason.
   * Only the scope aborts its controller, so `race` needs no listener of
   * its own on the signal (raceAbort's), one per call fewer.
   */
  #abort(reason: unknown): void {
    const signal = this.controller.signal;
    this.controller.abort(reason);
    this.#stop?.(signal.reason);
  }

  #timedOutNow(): void {
    this.timedOut = true;
    this.#abort(new DOMException("timed out", "TimeoutError"));
  }

  /**
   * Settles like `promise`, or rejects with the signal's reason once the
   * scope aborts (caller, timeout), so a `fetch` that ignores its signal
   * cannot hold the call. One wait at a time: the call's steps (sign, the
   * head, the body) come one after another.
   */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    if (signal.aborted) {
      promise.catch(ignore);
      return Promise.reject(signal.reason);
    }
    // A settled wait's `reject` may stay in #stop: calling it is a no-op.
    return new Promise<T>((resolve, reject) => {
      this.#stop = reject;
      promise.then(resolve, reject);
    });
  }

  /** Restarts the timeout (called on each network chunk of a stream). */
  touch(): void {
    const timeout = this.#timeout;
    if (timeout <= 0 || timeout === Infinity) return;
    this.#last = performance.now();
    this.#paused = false;
    if (
      this.#timer !== undefined || this.#watched ||
      this.controller.signal.aborted
    ) return;
    if (watchable(timeout)) {
      this.#watched = true;
      watch(this);
      return;
    }
    this.#onTimer ??= () => this.#fire();
    this.#timer = setTimeout(this.#onTimer, timerDelay(timeout));
  }

  /** The exact timer fired: abort, or sleep again for what is left. */
  #fire(): void {
    this.#timer = undefined;
    if (this.controller.signal.aborted) return;
    const left = this.#paused
      ? this.#timeout
      : this.#timeout - (performance.now() - this.#last);
    if (left > 0) {
      this.#timer = setTimeout(this.#onTimer!, timerDelay(left));
      return;
    }
    this.#timedOutNow();
  }

  /** The watchdog's tick: aborts once the silence reached the timeout. */
  check(now: number): void {
    if (!this.#watched) return;
    if (this.controller.signal.aborted) {
      this.#unwatch();
      return;
    }
    if (this.#paused || now - this.#last < this.#timeout) return;
    this.#unwatch();
    this.#timedOutNow();
  }

  #unwatch(): void {
    if (!this.#watched) return;
    this.#watched = false;
    unwatch(this);
  }

  /** Stops counting silence until the next `touch`. */
  pause(): void {
    this.#paused = true;
  }

  /** Stops the timer; the caller's signal still aborts the call. */
  stopTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unwatch();
  }

  /** Stops the timer and forgets the caller's signal. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unwatch();
    this.#callerSignal?.removeEventListener("abort", this);
  }
}
