// A breaker's state must not depend on whether anyone read it: once its
// timeout has passed it is half-open, and the late outcome of a call admitted
// before it opened is stale, whether or not getBackendInfo() (or a routing
// decision) looked at the breaker in between. Both orders, for a failure and
// for a success, end in the same state and failure count; so does the late
// success of a half-open probe whose lease has passed (the lease is a
// store's, so that case is checked on the breaker itself).
import assert from "node:assert/strict";
import { CircuitBreaker, REFUSED } from "../../src/models/_breaker.ts";
import {
  type BreakerInfo,
  breakerInfo,
  openWhileOneCallWaits,
} from "./_half_open_breaker.ts";

/**
 * Opens x's breaker (threshold 2) while one call admitted before that is
 * still running, lets the timeout pass, optionally reads the state, then
 * settles that early call as `late` says. Returns the state it ends in.
 */
async function lateOutcome(
  read: boolean,
  late: "ok" | "fail",
): Promise<BreakerInfo> {
  const { time, router, early, settle } = await openWhileOneCallWaits(2);
  try {
    assert.deepEqual(breakerInfo(router), ["open", 2]);
    time.t += 1_000;
    if (read) assert.deepEqual(breakerInfo(router), ["half-open", 2]);
    settle[0](late === "ok");
    await (late === "ok" ? early : assert.rejects(early));
    return breakerInfo(router);
  } finally {
    router.dispose();
  }
}

Deno.test("breaker: a late failure of a call admitted before the breaker opened leaves it half-open with its count, read in between or not", async () => {
  assert.deepEqual(await lateOutcome(true, "fail"), ["half-open", 2]);
  assert.deepEqual(await lateOutcome(false, "fail"), ["half-open", 2]);
});

Deno.test("breaker: a late success of a call admitted before the breaker opened neither closes it nor clears its count, read in between or not", async () => {
  assert.deepEqual(await lateOutcome(true, "ok"), ["half-open", 2]);
  assert.deepEqual(await lateOutcome(false, "ok"), ["half-open", 2]);
});

Deno.test("breaker: a half-open probe's success after its lease has passed is stale, read in between or not", () => {
  const settings = {
    enabled: true,
    threshold: 1,
    timeout: 1_000,
    probeLease: 100,
  };
  const states = [true, false].map((read) => {
    const breaker = new CircuitBreaker(settings);
    breaker.onFailure(0, breaker.admit(0));
    assert.equal(breaker.state(1_000), "half-open");
    const probe = breaker.admit(1_000);
    assert.notEqual(probe, REFUSED);
    // The lease has passed: the next caller may probe in its place.
    if (read) assert.equal(breaker.canAdmit(1_100), true);
    breaker.onSuccess(probe, () => 1_100);
    return [breaker.state(1_100), breaker.consecutiveFailures];
  });
  assert.deepEqual(states[0], ["half-open", 1]);
  assert.deepEqual(states[1], ["half-open", 1]);
});
