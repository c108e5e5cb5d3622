// Resilience options (issue 14): per-attempt timeout, retries with backoff
// and Retry-After inside a deadline, 429 cooldown, and whose fault an error
// is. Every wait runs on a fake clock with injected timers: no wall clock.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  type RouterConfig,
  type RoutingTrace,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
  createHangingAdapter,
} from "../../src/models/testing.ts";
import { codeOf, drain, req, routingOf, streamText, tick } from "./_helpers.ts";
import { FakeTime } from "./_fake_time.ts";

function routerWith(time: FakeTime, config: RouterConfig = {}) {
  return createRouter({
    now: time.now,
    timers: time.timers,
    random: () => 0,
    ...config,
  });
}

const failure = (code: string, extra: Record<string, unknown> = {}) =>
  new AdapterError({
    code: code as never,
    message: `scripted ${code}`,
    ...extra,
  });

describe("per-attempt timeout", () => {
  it("aborts a hanging attempt as a TIMEOUT failure and falls back", async () => {
    const time = new FakeTime();
    const hanging = createHangingAdapter({ ignoreAbort: true });
    const router = routerWith(time, {
      attemptTimeout: 2_000,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 2,
    }).register("slow", hanging).register("backup", createEchoAdapter());
    const response = await time.settle(router.execute(req("x")));
    assert.equal(response.message.content, "x");
    const trace = routingOf(response);
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
      [["slow", false, "TIMEOUT"], ["backup", true, undefined]],
    );
    assert.equal(trace.attempts[0].latencyMs, 2_000);
    const slow = router.getBackendInfo("slow")!;
    assert.equal(slow.stats.failedRequests, 1);
    assert.equal(slow.consecutiveFailures, 1);
    // A second timeout reaches the threshold: the hanging backend's breaker opens.
    await time.settle(router.execute(req("y")));
    assert.equal(router.isCircuitBreakerOpen("slow"), true);
    assert.equal(time.pending, 0);
    router.dispose();
  });

  it("the caller's own abort is ABORTED, not a failure of the backend", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { attemptTimeout: 5_000 })
      .register("slow", createHangingAdapter());
    const controller = new AbortController();
    const pending = router.execute(req(), controller.signal);
    await tick();
    controller.abort(new DOMException("caller gave up", "TimeoutError"));
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    assert.equal(router.getBackendInfo("slow")!.stats.failedRequests, 0);
    assert.equal(time.pending, 0, "the attempt timer is cleared");
    router.dispose();
  });

  it("a per-request attemptTimeout overrides the config", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { attemptTimeout: 60_000 })
      .register("slow", createHangingAdapter());
    const error = await time.settle(
      router.execute(req(), undefined, { attemptTimeout: 250 }),
    ).catch((e) => e);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.equal(error.errors[0].error.code, ErrorCode.TIMEOUT);
    assert.deepEqual(time.delays, [250]);
    router.dispose();
  });

  it("rejects a negative per-request value with INVALID_REQUEST", async () => {
    const router = createRouter().register("a", createEchoAdapter());
    assert.equal(
      await codeOf(router.execute(req(), undefined, { attemptTimeout: -1 })),
      ErrorCode.INVALID_REQUEST,
    );
    assert.throws(() => createRouter({ maxRetries: 1.5 }), /maxRetries/);
    router.dispose();
  });
});

describe("retries on the same backend", () => {
  it("retries retryable failures with exponential backoff and jitter, traced and counted", async () => {
    const time = new FakeTime();
    let r = 0;
    const randoms = [0, 1];
    const flaky = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, true, false],
    });
    const router = createRouter({
      now: time.now,
      timers: time.timers,
      random: () => randoms[r++ % randoms.length],
      maxRetries: 3,
      retryBaseDelay: 100,
    }).register("a", flaky).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req("ok")));
    assert.equal(response.message.content, "ok");
    // 100·2^0·(0.5 + 0/2) = 50, then 100·2^1·(0.5 + 1/2) = 200.
    assert.deepEqual(time.delays, [50, 200]);
    const trace = response.metadata.routing as RoutingTrace;
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.retry]),
      [["a", false, undefined], ["a", false, 1], ["a", true, 2]],
    );
    assert.equal(trace.fallbacks, 0, "a retry is not a fallback");
    const stats = router.getStats();
    assert.equal(stats.totalRetries, 2);
    assert.equal(stats.backendStats.a.retries, 2);
    assert.equal(stats.backendStats.a.totalRequests, 3);
    router.dispose();
  });

  it("stops after maxRetries and falls back", async () => {
    const time = new FakeTime();
    const failing = createFailingAdapter();
    const router = routerWith(time, { maxRetries: 2, retryBaseDelay: 10 })
      .register("a", failing).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req()));
    assert.equal(routingOf(response).backend, "b");
    assert.equal(failing.calls.length, 3);
    assert.equal(router.getStats().totalRetries, 2);
    router.dispose();
  });

  it("does not retry an error that is not retryable", async () => {
    const time = new FakeTime();
    const failing = createFailingAdapter({ error: new Error("bug") });
    const router = routerWith(time, { maxRetries: 3 })
      .register("a", failing).register("b", createEchoAdapter());
    await time.settle(router.execute(req()));
    assert.equal(failing.calls.length, 1);
    assert.deepEqual(time.delays, []);
    router.dispose();
  });

  it("honours Retry-After, and falls back when it outlasts the deadline", async () => {
    const time = new FakeTime();
    const limited = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, false],
      error: failure(ErrorCode.RATE_LIMITED, { retryAfter: 3_000 }),
    });
    const router = routerWith(time, { maxRetries: 1, retryBaseDelay: 10 })
      .register("a", limited).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req()));
    assert.equal(routingOf(response).backend, "a");
    assert.deepEqual(time.delays, [3_000]);

    time.delays.length = 0;
    const before = limited.calls.length;
    const second = await time.settle(
      router.execute(req(), undefined, { deadline: 2_000 }),
    );
    assert.equal(routingOf(second).backend, "b");
    assert.equal(
      limited.calls.length,
      before + 1,
      "no retry past the deadline",
    );
    // Only the two attempts' timers, cut to the 2 s deadline: no 3 s wait.
    assert.deepEqual(time.delays, [2_000, 2_000]);
    router.dispose();
  });

  it("dispose() during a retry wait settles the request and leaves no timer", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { maxRetries: 2, retryBaseDelay: 1_000 })
      .register("a", createFailingAdapter());
    const pending = router.execute(req());
    await tick();
    assert.equal(time.pending, 1);
    router.dispose();
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    assert.equal(time.pending, 0);
  });
});

describe("429 cooldown", () => {
  it("takes the backend out for its Retry-After, then admits one probe", async () => {
    const time = new FakeTime();
    const limited = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, false],
      error: failure(ErrorCode.RATE_LIMITED, { retryAfter: 5_000 }),
    });
    const router = routerWith(time).register("a", limited)
      .register("b", createEchoAdapter());
    assert.equal(routingOf(await router.execute(req())).backend, "b");
    // Cooling: a is skipped without being called.
    assert.equal(routingOf(await router.execute(req())).backend, "b");
    assert.equal(limited.calls.length, 1);
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "open");
    time.t += 5_000;
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "half-open");
    assert.equal(routingOf(await router.execute(req())).backend, "a");
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "closed");
    router.dispose();
  });

  it("can be switched off", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { cooldownOnRateLimit: false })
      .register(
        "a",
        createFailingAdapter({
          error: failure(ErrorCode.RATE_LIMITED, { retryAfter: 5_000 }),
        }),
      )
      .register("b", createEchoAdapter());
    await router.execute(req());
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "closed");
    router.dispose();
  });
});

describe("whose fault", () => {
  for (
    const [label, error] of [
      ["400", failure(ErrorCode.INVALID_REQUEST, { statusCode: 400 })],
      [
        "404 model_not_found",
        new AdapterError({
          code: ErrorCode.INVALID_REQUEST,
          statusCode: 404,
          message: "The model `gpt-9` does not exist (model_not_found)",
        }),
      ],
      ["422", failure(ErrorCode.INVALID_REQUEST, { statusCode: 422 })],
      [
        "content policy",
        new AdapterError({
          code: ErrorCode.INVALID_REQUEST,
          statusCode: 400,
          message: "content_policy_violation",
        }),
      ],
    ] as const
  ) {
    it(`a ${label} reaches the caller and never counts against the backend`, async () => {
      const time = new FakeTime();
      const backup = createEchoAdapter();
      const router = routerWith(time, {
        enableCircuitBreaker: true,
        circuitBreakerThreshold: 1,
        maxRetries: 2,
        trackLatency: true,
      }).register("a", createFailingAdapter({ error }))
        .register("b", backup);
      const thrown = await router.execute(req()).catch((e) => e);
      assert.equal(thrown, error, "the backend's own error, not a fallback");
      assert.equal(backup.calls.length, 0);
      const info = router.getBackendInfo("a")!;
      assert.equal(info.circuitBreakerState, "closed");
      assert.equal(info.consecutiveFailures, 0);
      assert.equal(info.stats.failedRequests, 0);
      assert.equal(info.stats.clientErrors, 1);
      assert.deepEqual(time.delays, [], "no retry, no timer");
      router.dispose();
    });
  }

  it("fallbackOnClientError lets another backend answer", async () => {
    const router = createRouter({ fallbackOnClientError: true })
      .register(
        "a",
        createFailingAdapter({
          error: failure(ErrorCode.INVALID_REQUEST, { statusCode: 400 }),
        }),
      )
      .register("b", createEchoAdapter());
    assert.equal(routingOf(await router.execute(req())).backend, "b");
    router.dispose();
  });

  it("401/403 mark the backend misconfigured until a health probe passes", async () => {
    for (const status of [401, 403]) {
      const bad = createFailingAdapter({
        error: failure(ErrorCode.AUTHENTICATION_FAILED, { statusCode: status }),
      });
      const router = createRouter().register("a", bad)
        .register("b", createEchoAdapter());
      assert.equal(routingOf(await router.execute(req())).backend, "b");
      assert.equal(routingOf(await router.execute(req())).backend, "b");
      assert.equal(bad.calls.length, 1, "skipped once misconfigured");
      assert.equal(router.getBackendInfo("a")!.isHealthy, false);
      await router.healthCheck();
      assert.equal(router.getBackendInfo("a")!.isHealthy, true);
      router.dispose();
    }
  });
});

describe("streams", () => {
  it("attemptTimeout bounds the wait for the first content: TIMEOUT, then fallback", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { attemptTimeout: 3_000 })
      .register("slow", createHangingAdapter())
      .register("backup", createEchoAdapter());
    const chunks = await time.settle(drain(router.executeStream(req("abc"))));
    assert.equal(streamText(chunks), "abc");
    const done = chunks.at(-1)!;
    const trace = (done as { metadata?: { routing?: RoutingTrace } }).metadata
      ?.routing!;
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.errorCode]),
      [["slow", "TIMEOUT"], ["backup", undefined]],
    );
    assert.equal(router.getBackendInfo("slow")!.stats.failedRequests, 1);
    assert.equal(time.pending, 0);
    router.dispose();
  });

  it("a per-request attemptTimeout applies to streams; a bad one ends the stream with INVALID_REQUEST", async () => {
    const time = new FakeTime();
    const router = routerWith(time)
      .register("slow", createHangingAdapter())
      .register("backup", createEchoAdapter());
    const chunks = await time.settle(
      drain(
        router.executeStream(req("abc"), undefined, { attemptTimeout: 40 }),
      ),
    );
    assert.equal(streamText(chunks), "abc");
    assert.deepEqual(
      time.delays,
      [40, 40],
      "one per attempt: slow, then backup",
    );
    const bad = await drain(
      router.executeStream(req(), undefined, { attemptTimeout: -5 }),
    );
    assert.equal(bad.length, 1);
    assert.equal(
      (bad[0] as { error: { code: string } }).error.code,
      ErrorCode.INVALID_REQUEST,
    );
    router.dispose();
  });

  it("a client error ends the stream with that error; no other backend answers", async () => {
    const backup = createEchoAdapter();
    const router = createRouter()
      .register(
        "a",
        createFailingAdapter({
          error: failure(ErrorCode.INVALID_REQUEST, { statusCode: 422 }),
        }),
      )
      .register("b", backup);
    const chunks = await drain(router.executeStream(req()));
    const last = chunks.at(-1)!;
    assert.equal(last.type, "error");
    assert.equal(
      (last as { error: { code: string } }).error.code,
      ErrorCode.INVALID_REQUEST,
    );
    assert.equal(backup.calls.length, 0);
    router.dispose();
  });
});

describe("whose fault, in any letter case", () => {
  // Providers word a missing model differently: OpenAI "The model `x` does
  // not exist", Ollama `model "x" not found`, others "Model not found" or a
  // MODEL_NOT_FOUND code in the text. Each is the caller's error; a 404
  // naming no model is a wrong URL, the backend's setup.
  for (
    const [message, fault] of [
      ["The model `gpt-9` does not exist", "client"],
      ['model "llama9" not found, try pulling it first', "client"],
      ["Model not found", "client"],
      ["MODEL_NOT_FOUND: gpt-9", "client"],
      ["404 page not found", "misconfigured"],
      ["Not Found", "misconfigured"],
    ] as const
  ) {
    it(`a 404 "${message}" is the ${fault}'s`, async () => {
      const error = new AdapterError({
        code: ErrorCode.INVALID_REQUEST,
        statusCode: 404,
        message,
      });
      const backup = createEchoAdapter();
      const router = createRouter().register(
        "a",
        createFailingAdapter({ error }),
      ).register("b", backup);
      const outcome = await router.execute(req()).then(
        (response) => routingOf(response).backend,
        (thrown) => thrown,
      );
      const info = router.getBackendInfo("a")!;
      if (fault === "client") {
        assert.equal(outcome, error, "the caller gets the 404");
        assert.equal(backup.calls.length, 0);
        assert.equal(info.stats.clientErrors, 1);
        assert.equal(info.isHealthy, true);
      } else {
        assert.equal(outcome, "b", "another backend answers");
        assert.equal(info.isHealthy, false, "out of routing: misconfigured");
      }
      router.dispose();
    });
  }
});
