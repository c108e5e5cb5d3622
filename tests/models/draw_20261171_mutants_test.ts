// What the models-core draw of seed 20261171 showed untested:
// - a first choice that selection found usable but admission refused (a
//   shared breaker turned half-open: the fleet's probe is being claimed, so
//   this call may not be it) falls back once: the fallback backend is
//   called once, and the refused backend is charged nothing;
// - a first attempt that cannot even start (the Router's injected timers
//   refuse the attempt timeout's timer) ends the call with that very error,
//   counted once as a failed request, and nothing is left to reject
//   unhandled;
// - a stream's in-band failure keeps a Retry-After of 0 (retry at once, as
//   a thrown 429 with that header says), and drops a negative one.
import assert from "node:assert/strict";
import {
  AdapterError,
  createMemoryStore,
  createRouter,
  ErrorCode,
  type IRWarning,
} from "../../src/models/mod.ts";
import { errorOfFailure, failureOf } from "../../src/models/_stream_failure.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { req, routingOf, tick } from "./_helpers.ts";
import { controlled, storeCodes } from "./stores/_controlled_store.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";
import { refusingTimers } from "./_refusing_timers.ts";

Deno.test("fleet: a half-open first choice refused at admission (the probe being claimed) falls back once, charging it nothing", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const { store } = controlled(createMemoryStore());
  const router = fleetRouter(time, store, warnings);
  const call = async (what: string) => {
    const response = await withTimeout(router.execute(req()), 5_000, what);
    await tick(); // the store's answers land
    return routingOf(response);
  };
  try {
    // Two failures open x's breaker (threshold 2); backup answers both.
    await call("first failure");
    await call("second failure");
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    time.t += 10_001; // past circuitBreakerTimeout: half-open
    const routing = await call("half-open");
    assert.equal(routing.backend, "backup");
    const stats = router.getStats().backendStats;
    assert.equal(stats.backup.totalRequests, 3);
    assert.equal(stats.x.totalRequests, 2);
    assert.equal(stats.x.failedRequests, 2);
    assert.deepEqual(storeCodes(warnings), []);
  } finally {
    router.dispose();
  }
});

Deno.test("execute: a first attempt whose timer the injected timers refuse rejects with their error, counted once", async () => {
  const refusal = new Error("no timer for you");
  const { timers, live, refuse } = refusingTimers();
  const a = createEchoAdapter();
  const router = createRouter({
    attemptTimeout: 1_000,
    timers,
  }).register("a", a);
  try {
    // The timers work: the call is answered and its timer cleared.
    await withTimeout(router.execute(req()), 5_000, "with a timer");
    assert.equal(live.size, 0);
    refuse(refusal);
    for (let i = 0; i < 2; i++) {
      const error = await withTimeout(
        router.execute(req()).then(() => undefined, (e) => e),
        5_000,
        "without a timer",
      );
      assert.equal(error, refusal);
    }
    assert.equal(a.calls.length, 1);
    const stats = router.getStats();
    assert.equal(stats.totalRequests, 3);
    assert.equal(stats.successfulRequests, 1);
    assert.equal(stats.failedRequests, 2);
  } finally {
    router.dispose();
  }
});

Deno.test("stream failure codec: an in-band Retry-After of 0 is kept, through the chunk and back; a negative one is dropped", () => {
  const now = new AdapterError({
    code: ErrorCode.RATE_LIMITED,
    message: "slow down",
    statusCode: 429,
    retryAfter: 0,
  });
  const chunk = JSON.parse(JSON.stringify(failureOf(now)));
  assert.equal(chunk.retryAfter, 0);
  assert.equal(errorOfFailure(chunk, "groq").retryAfter, 0);
  const read = (retryAfter: number) =>
    errorOfFailure(
      { code: "RATE_LIMITED", message: "slow down", retryAfter },
      "groq",
    ).retryAfter;
  assert.deepEqual([read(0), read(-1), read(-0.5), read(1_500)], [
    0,
    undefined,
    undefined,
    1_500,
  ]);
});
