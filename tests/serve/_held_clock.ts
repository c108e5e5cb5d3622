/**
 * A clock the test holds, for the Deno listener's deadlines at their exact
 * edge: Date.now is frozen where the test puts it, and the sweeper (the one
 * setInterval the listener starts) is run by hand at each instant, so an
 * edge is met exactly, however loaded the machine.
 *
 * @module
 */
import assert from "node:assert/strict";

/** A clock the test moves, and the listener's sweeper, run on demand. */
export interface HeldClock {
  /** Sets what Date.now answers. */
  at(ms: number): void;
  /** Runs the sweeper now, synchronously. */
  sweep(): void;
  /** Gives Date.now back. */
  release(): void;
}

/** Where a held clock starts: any instant far from 0 will do. */
export const T0 = 1_000_000;

/**
 * Freezes Date.now at `start` and keeps the callback of the next
 * setInterval (the listener's sweeper, started by `serve`); setInterval
 * itself is given back as soon as that one is kept. The sweeper keeps its
 * own real ticks too: they see the frozen clock, so they change nothing
 * the test has not.
 */
export function holdClock(start: number = T0): HeldClock {
  const realNow = Date.now;
  const realSetInterval = globalThis.setInterval;
  let now = start;
  let sweeper: (() => void) | undefined;
  Date.now = () => now;
  globalThis.setInterval = ((fn: () => void, ms?: number) => {
    sweeper = fn;
    globalThis.setInterval = realSetInterval;
    return realSetInterval(fn, ms);
  }) as typeof setInterval;
  return {
    at(ms) {
      now = ms;
    },
    sweep() {
      assert.ok(sweeper, "the listener started no sweeper");
      sweeper();
    },
    release() {
      Date.now = realNow;
      globalThis.setInterval = realSetInterval;
    },
  };
}
