// NO_BACKEND_AVAILABLE says when a backend admits requests again: a caller
// (the gateway) answers "retry in N s" instead of a bare "unavailable", and
// tells a 429's cooldown apart from a breaker that tripped on failures.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  type RouterConfig,
  RouterError,
} from "../../src/models/mod.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";
import { drain, req } from "./_helpers.ts";
import { FakeTime } from "./_fake_time.ts";

const limited = (retryAfter: number) =>
  createFailingAdapter({
    error: new AdapterError({
      code: "RATE_LIMITED",
      message: "slow down",
      statusCode: 429,
      retryAfter,
    }),
  });

/** A breaker that opens at the first failure, for 20 s. */
const BREAKER: RouterConfig = {
  enableCircuitBreaker: true,
  circuitBreakerThreshold: 1,
  circuitBreakerTimeout: 20_000,
};

function routerWith(time: FakeTime, config: RouterConfig = {}) {
  return createRouter({ now: time.now, timers: time.timers, ...config });
}

async function rejection(promise: Promise<unknown>): Promise<RouterError> {
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof RouterError, String(error));
  return error;
}

/**
 * Asserts that a call and a stream on `router` both fail with
 * NO_BACKEND_AVAILABLE naming the same reopening.
 */
async function assertReopening(
  router: ReturnType<typeof routerWith>,
  retryAfter: number,
  availableAt: number,
  cooldown: "rate-limit" | "circuit-open",
  message: RegExp,
): Promise<void> {
  const error = await rejection(router.execute(req()));
  assert.equal(error.code, "NO_BACKEND_AVAILABLE");
  assert.equal(error.retryAfter, retryAfter);
  assert.deepEqual(error.details, { availableAt, cooldown });
  assert.match(error.message, message);
  const chunks = await drain(router.executeStream(req()));
  assert.equal(chunks.length, 1);
  assert.deepEqual(chunks[0].type === "error" && chunks[0].error, {
    code: "NO_BACKEND_AVAILABLE",
    message: error.message,
    retryable: false,
    retryAfter,
    cooldown,
  });
}

describe("NO_BACKEND_AVAILABLE carries the reopening", () => {
  it("after a 429 with Retry-After: the remaining cooldown and cause rate-limit", async () => {
    const time = new FakeTime();
    const router = routerWith(time).register("a", limited(7_000));
    try {
      await assert.rejects(router.execute(req()), {
        code: "ALL_BACKENDS_FAILED",
      });
      time.t += 2_500;
      await assertReopening(
        router,
        4_500,
        1_000 + 7_000,
        "rate-limit",
        /cooling down after a rate limit/,
      );
    } finally {
      router.dispose();
    }
  });

  it("names the earliest of several cooling candidates", async () => {
    const time = new FakeTime();
    const router = routerWith(time)
      .register("a", limited(9_000))
      .register("b", limited(3_000));
    try {
      await assert.rejects(router.execute(req()), {
        code: "ALL_BACKENDS_FAILED",
      });
      const error = await rejection(router.execute(req()));
      assert.equal(error.retryAfter, 3_000);
      assert.equal(error.details?.cooldown, "rate-limit");
    } finally {
      router.dispose();
    }
  });

  it("a breaker opened by failures is circuit-open, also when another candidate cools after a 429", async () => {
    const time = new FakeTime();
    const router = routerWith(time, BREAKER)
      .register("a", createFailingAdapter())
      .register("b", limited(5_000));
    try {
      await assert.rejects(router.execute(req()), {
        code: "ALL_BACKENDS_FAILED",
      });
      const error = await rejection(router.execute(req()));
      assert.equal(error.code, "NO_BACKEND_AVAILABLE");
      // b's 429 also reached the threshold: its breaker's opening (20 s) wins.
      assert.equal(error.retryAfter, 20_000);
      assert.equal(error.details?.cooldown, "circuit-open");
    } finally {
      router.dispose();
    }
  });

  it("every breaker opened by failures: the wait until the first half-open probe, by the router's clock, streamed too", async () => {
    const time = new FakeTime();
    const router = routerWith(time, BREAKER)
      .register("a", createFailingAdapter())
      .register("b", createFailingAdapter());
    try {
      await assert.rejects(router.execute(req()), {
        code: "ALL_BACKENDS_FAILED",
      });
      time.t += 5_000;
      await assertReopening(
        router,
        15_000,
        1_000 + 20_000,
        "circuit-open",
        /behind an open circuit breaker/,
      );
      // Half-open: the probe is admitted (and fails again, a fresh opening).
      time.t += 15_000;
      await assert.rejects(router.execute(req()), {
        code: "ALL_BACKENDS_FAILED",
      });
      const reopened = await rejection(router.execute(req()));
      assert.equal(reopened.retryAfter, 20_000);
    } finally {
      router.dispose();
    }
  });

  it("no reopening for a backend opened by hand without a timeout, nor with cooldownOnRateLimit off", async () => {
    const time = new FakeTime();
    const router = routerWith(time).register("a", limited(7_000));
    try {
      router.openCircuitBreaker("a");
      const error = await rejection(router.execute(req()));
      assert.equal(error.code, "NO_BACKEND_AVAILABLE");
      assert.equal(error.retryAfter, undefined);
      assert.equal(error.details, undefined);
    } finally {
      router.dispose();
    }
    const off = routerWith(time, { cooldownOnRateLimit: false })
      .register("a", limited(7_000));
    try {
      // The backend stays routable: the second call reaches it again.
      await assert.rejects(off.execute(req()), { code: "ALL_BACKENDS_FAILED" });
      await assert.rejects(off.execute(req()), { code: "ALL_BACKENDS_FAILED" });
    } finally {
      off.dispose();
    }
  });
});
