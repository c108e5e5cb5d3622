// A call's timeout at the edges an exploratory draw of `_call_scope.ts`
// showed unguarded (not a measure): a relay's timer, once stopped after the
// head, never times out the body it hands on, even when checked again; a
// caller who aborted is never told TIMEOUT once the deadline passes; a call
// whose caller aborted before it began arms nothing; and a long timeout
// (the watchdog's) arms no timer of its own, as HttpAdapterConfig.timeout
// documents. Deno's op sanitizer, on for every test here, fails a test that
// ends with a timer still armed. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { CallScope } from "../../../src/models/adapters/_http.ts";
import {
  COARSE_MIN_MS,
  watchedCount,
} from "../../../src/models/adapters/_watchdog.ts";

/**
 * Resolves after a timer of `ms`: timers fire in the order of their
 * deadlines, so every timer armed earlier with a shorter delay has fired by
 * then, however late the machine runs them.
 */
function afterTimersUpTo(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("call timeouts at their edges", () => {
  it("a stopped timeout (a relay's, after the head) never times the body out, even when checked", () => {
    const before = watchedCount();
    const scope = new CallScope(COARSE_MIN_MS, undefined);
    try {
      assert.equal(watchedCount(), before + 1);
      scope.stopTimer();
      assert.equal(watchedCount(), before);
      // A check that comes anyway (a tick already under way) changes nothing.
      scope.check(performance.now() + 100 * COARSE_MIN_MS);
      assert.equal(scope.signal.aborted, false);
      assert.equal(scope.timedOut, false);
    } finally {
      scope.dispose();
    }
  });

  it("a caller who aborted is not told TIMEOUT once the deadline passes", async () => {
    const caller = new AbortController();
    const timeout = 40;
    const scope = new CallScope(timeout, caller.signal);
    try {
      caller.abort(new DOMException("gone", "AbortError"));
      assert.equal(scope.signal.aborted, true);
      await afterTimersUpTo(timeout + 40);
      assert.equal(scope.timedOut, false);
      assert.equal((scope.signal.reason as DOMException).name, "AbortError");
    } finally {
      scope.dispose();
    }
  });

  it("a call whose caller aborted before it began is neither watched nor timed", () => {
    const before = watchedCount();
    const long = new CallScope(COARSE_MIN_MS, AbortSignal.abort());
    assert.equal(long.signal.aborted, true);
    assert.equal(watchedCount(), before);
    // Not disposed on purpose: a short one must have armed no timer either,
    // or the op sanitizer fails this test.
    const short = new CallScope(5_000, AbortSignal.abort());
    assert.equal(short.signal.aborted, true);
    long.dispose();
  });

  it("a long timeout arms no timer of its own: timed out by the watchdog, nothing is left", () => {
    const before = watchedCount();
    // Not disposed on purpose: the watchdog's check ends it, and a timer
    // armed beside the watch would fail this test in the op sanitizer.
    const scope = new CallScope(COARSE_MIN_MS, undefined);
    scope.check(performance.now() + COARSE_MIN_MS + 1);
    assert.equal(scope.timedOut, true);
    assert.equal(watchedCount(), before);
  });
});
