// An attempt the breaker admitted but that could not start (its setup
// threw: here the Router's injected timers refuse the attempt timeout's
// timer) must give back what admitting it took. In half-open that is the
// single probe: kept, it would leave the backend refused until the breaker
// was reset by hand, although nothing was ever sent to it.
import assert from "node:assert/strict";
import { createRouter, ErrorCode } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFlakyAdapter,
} from "../../src/models/testing.ts";
import { manualClock, req, routingOf } from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";
import { refusingTimers } from "./_refusing_timers.ts";

Deno.test("a half-open probe whose attempt cannot start is given back: the next call probes and closes the breaker", async () => {
  const clock = manualClock();
  const refusal = new Error("no timer for you");
  const { timers, live, refuse } = refusingTimers();
  // Fails once (opening the breaker), then answers.
  const echo = createEchoAdapter();
  const adapter = createFlakyAdapter(echo, { pattern: [true, false] });
  const router = createRouter({
    now: clock.now,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 1_000,
    attemptTimeout: 5_000,
    timers,
  }).register("a", adapter);
  try {
    const first = await withTimeout(
      router.execute(req()).then(() => undefined, (e) => e),
      5_000,
      "the failing call",
    );
    assert.equal(first?.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.equal(router.isCircuitBreakerOpen("a"), true);
    clock.t += 1_001; // half-open: one probe may go
    refuse(refusal);
    const second = await withTimeout(
      router.execute(req()).then(() => undefined, (e) => e),
      5_000,
      "the call that cannot start",
    );
    assert.equal(second, refusal);
    assert.equal(echo.calls.length, 0);
    refuse(undefined);
    const answer = await withTimeout(
      router.execute(req()),
      5_000,
      "the probe after it",
    );
    assert.equal(routingOf(answer).backend, "a");
    assert.equal(echo.calls.length, 1);
    assert.equal(router.isCircuitBreakerOpen("a"), false);
    assert.equal(live.size, 0);
  } finally {
    router.dispose();
  }
});
