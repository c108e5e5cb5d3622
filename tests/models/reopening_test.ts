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

function routerWith(time: FakeTime, config: RouterConfig = {}) {
  return createRouter({ now: time.now, timers: time.timers, ...config });
}

async function rejection(promise: Promise<unknown>): Promise<RouterError> {
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof RouterError, String(error));
  return error;
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
      const error = await rejection(router.execute(req()));
      assert.equal(error.code, "NO_BACKEND_AVAILABLE");
      assert.equal(error.retryAfter, 4_500);
      assert.deepEqual(error.details, {
        availableAt: 1_000 + 7_000,
        cooldown: "rate-limit",
      });
      assert.match(error.message, /cooling down after a rate limit/);
      const chunks = await drain(router.executeStream(req()));
      assert.equal(chunks.length, 1);
      assert.deepEqual(chunks[0].type === "error" && chunks[0].error, {
        code: "NO_BACKEND_AVAILABLE",
        message: error.message,
        retryable: false,
        retryAfter: 4_500,
        cooldown: "rate-limit",
      });
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
    const router = routerWith(time, {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 20_000,
    })
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
