// The survivors of the models-core draw of seed 20261169, each as the
// behaviour a user relies on.
import assert from "node:assert/strict";
import { createRouter, ErrorCode, RouterError } from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createFailingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { manualClock, req } from "./_helpers.ts";

Deno.test("NO_BACKEND_AVAILABLE rounds the wait up: on a fractional clock it never names a time the breaker is still open", async () => {
  // A clock in fractional milliseconds (performance.now(), say).
  const clock = manualClock(0.25);
  const router = createRouter({
    now: clock.now,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 1_000,
  }).register("only", createFailingAdapter());
  try {
    await assert.rejects(router.execute(req()));
    clock.t = 1;
    const error = await router.execute(req()).then(
      () => assert.fail("an open breaker answered"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.NO_BACKEND_AVAILABLE);
    assert.equal(error.retryAfter, 999.25);
    assert.match(error.message, /available again in 1000 ms/);
  } finally {
    router.dispose();
  }
});

Deno.test("a testing adapter's sleep that is no function is refused where the adapter is made; null is the default timer", async () => {
  for (const sleep of [false, 0, "", "5ms"]) {
    for (
      const make of [
        () => createMockAdapter({ latencyMs: 1, sleep: sleep as never }),
        () =>
          createDelayedAdapter(createEchoAdapter(), 1, {
            sleep: sleep as never,
          }),
      ]
    ) {
      assert.throws(make, (error: { code?: string; message?: string }) => {
        assert.equal(error.code, ErrorCode.INVALID_REQUEST, String(sleep));
        assert.match(error.message ?? "", /sleep must be a function/);
        return true;
      });
    }
  }
  // null waits on the default timer, as if no sleep were given.
  const delayed = createDelayedAdapter(createEchoAdapter(), 1, {
    sleep: null as never,
  });
  const mock = createMockAdapter({ latencyMs: 1, sleep: null as never });
  assert.equal((await delayed.execute(req("late"))).message.content, "late");
  assert.equal(
    (await mock.execute(req("x"))).message.content,
    "mock response",
  );
});
