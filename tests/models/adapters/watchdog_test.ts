// The adapters' call timeouts: a long one is checked by the shared watchdog
// (no timer of its own), a short one keeps an exact timer. The scope's
// check() is driven with explicit times, so no test waits for a real long
// timeout; one test waits for a real tick (at most a few seconds).
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { CallScope } from "../../../src/models/adapters/_http.ts";
import {
  COARSE_MIN_MS,
  TICK_MS,
  unwatch,
  watch,
  watchedCount,
} from "../../../src/models/adapters/_watchdog.ts";

/** Resolves when `signal` aborts, or rejects after `ms` (a bound, not a measure). */
function aborted(signal: AbortSignal, ms: number): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      signal.removeEventListener("abort", done);
      reject(new Error(`not aborted within ${ms} ms`));
    }, ms);
    const done = (): void => {
      clearTimeout(guard);
      resolve();
    };
    signal.addEventListener("abort", done, { once: true });
  });
}

describe("call timeouts", () => {
  it("a long timeout is left to the watchdog and fires once the silence reaches it", () => {
    const before = watchedCount();
    const scope = new CallScope(60_000, undefined);
    try {
      assert.equal(watchedCount(), before + 1);
      scope.check(performance.now() + 59_000);
      assert.equal(scope.signal.aborted, false);
      scope.check(performance.now() + 60_001);
      assert.equal(scope.signal.aborted, true);
      assert.equal(scope.timedOut, true);
      assert.equal((scope.signal.reason as DOMException).name, "TimeoutError");
      // Timed out: no longer checked.
      assert.equal(watchedCount(), before);
    } finally {
      scope.dispose();
    }
  });

  it("counts no silence while paused; touch starts it again", () => {
    const scope = new CallScope(COARSE_MIN_MS, undefined);
    try {
      scope.pause();
      scope.check(performance.now() + 100 * COARSE_MIN_MS);
      assert.equal(scope.signal.aborted, false);
      scope.touch();
      scope.check(performance.now() + COARSE_MIN_MS - 500);
      assert.equal(scope.signal.aborted, false);
      scope.check(performance.now() + COARSE_MIN_MS + 1);
      assert.equal(scope.timedOut, true);
    } finally {
      scope.dispose();
    }
  });

  it("dispose stops the checks; the caller's abort is an abort, not a timeout", () => {
    const before = watchedCount();
    const disposed = new CallScope(60_000, undefined);
    disposed.dispose();
    assert.equal(watchedCount(), before);

    const caller = new AbortController();
    const scope = new CallScope(60_000, caller.signal);
    try {
      caller.abort(new Error("client left"));
      assert.equal(scope.signal.aborted, true);
      assert.equal(scope.timedOut, false);
      assert.equal((scope.signal.reason as Error).message, "client left");
      // The next tick lets go of an aborted call.
      scope.check(performance.now());
      assert.equal(watchedCount(), before);
    } finally {
      scope.dispose();
    }
  });

  it("a short timeout keeps an exact timer of its own", async () => {
    const before = watchedCount();
    const scope = new CallScope(30, undefined);
    try {
      assert.equal(watchedCount(), before);
      await aborted(scope.signal, 5_000);
      assert.equal(scope.timedOut, true);
    } finally {
      scope.dispose();
    }
  });

  it("no timeout, no checks", () => {
    const before = watchedCount();
    for (const timeout of [0, Infinity]) {
      const scope = new CallScope(timeout, undefined);
      scope.check(performance.now() + 1e12);
      assert.equal(scope.signal.aborted, false);
      assert.equal(watchedCount(), before);
      scope.dispose();
    }
  });

  it("the watchdog ticks about once a second", async () => {
    const ticks: number[] = [];
    let resolve!: () => void;
    const twice = new Promise<void>((r) => resolve = r);
    const entry = {
      check(now: number) {
        ticks.push(now);
        if (ticks.length === 2) resolve();
      },
    };
    watch(entry);
    let guard: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        twice,
        new Promise<void>((_, reject) => {
          guard = setTimeout(
            () => reject(new Error(`fewer than 2 ticks in ${4 * TICK_MS} ms`)),
            4 * TICK_MS,
          );
        }),
      ]);
      // Timers fire late, never early: allow a little slack for rounding.
      assert.ok(ticks[1] - ticks[0] >= TICK_MS - 50, `${ticks}`);
    } finally {
      clearTimeout(guard);
      unwatch(entry);
    }
  });
});
