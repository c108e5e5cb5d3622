// A fake clock with injectable timers for the Router (`now`, `timers`):
// timers fire only when a test fires them, so no test reads the wall clock.
import assert from "node:assert/strict";
import type { RouterTimers } from "../../src/models/mod.ts";
import { tick } from "./_helpers.ts";

/** A fake clock whose timers fire only when the test advances it. */
export class FakeTime {
  t = 1_000;
  readonly delays: number[] = [];
  readonly #queue = new Map<number, { at: number; run: () => void }>();
  #next = 0;
  readonly now = (): number => this.t;
  readonly timers: RouterTimers = {
    setTimeout: (run, ms) => {
      this.delays.push(ms);
      this.#queue.set(++this.#next, { at: this.t + ms, run });
      return this.#next;
    },
    clearTimeout: (id) => void this.#queue.delete(id as number),
  };

  get pending(): number {
    return this.#queue.size;
  }

  /** Fires the earliest timer (moving the clock to it); false when none. */
  fire(): boolean {
    let first: [number, { at: number; run: () => void }] | undefined;
    for (const entry of this.#queue) {
      if (first === undefined || entry[1].at < first[1].at) first = entry;
    }
    if (first === undefined) return false;
    this.#queue.delete(first[0]);
    this.t = Math.max(this.t, first[1].at);
    first[1].run();
    return true;
  }

  /** Settles `promise`, firing timers whenever it waits on one (bounded). */
  async settle<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const watched = promise.finally(() => void (done = true));
    watched.catch(() => {});
    for (let turn = 0; turn < 200 && !done; turn++) {
      await tick();
      if (!done && this.#queue.size > 0) this.fire();
    }
    assert.ok(done, "the request should settle once its timers have fired");
    return watched;
  }
}
