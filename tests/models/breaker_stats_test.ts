import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import {
  codeOf,
  manualClock,
  reply,
  req,
  routingOf,
  tick,
  to,
} from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";

describe("circuit breaker", () => {
  const setup = (threshold = 3, timeout = 1_000) => {
    const clock = manualClock();
    let failing = true;
    const flappy = createMockAdapter({
      responses: () => {
        if (failing) throw new Error("down");
        return reply("up");
      },
    });
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: threshold,
      circuitBreakerTimeout: timeout,
      fallbackStrategy: "none",
      now: clock.now,
    }).register("x", flappy).register("spare", createEchoAdapter());
    return { clock, router, flappy, setFailing: (v: boolean) => (failing = v) };
  };

  it("opens after threshold consecutive failures and half-opens after the timeout", async () => {
    const { clock, router } = setup(3, 1_000);
    for (let i = 0; i < 2; i++) await codeOf(router.execute(to("x")));
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    assert.equal(router.getBackendInfo("x")?.consecutiveFailures, 2);
    await codeOf(router.execute(to("x")));
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    assert.equal(
      await codeOf(router.execute(to("x"))),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
    clock.t += 999;
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "open");
    clock.t += 1;
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "half-open");
    assert.equal(router.isCircuitBreakerOpen("x"), false);
  });

  it("a success resets the consecutive count", async () => {
    const { router, setFailing } = setup(3);
    await codeOf(router.execute(to("x")));
    await codeOf(router.execute(to("x")));
    setFailing(false);
    await router.execute(to("x"));
    setFailing(true);
    await codeOf(router.execute(to("x")));
    await codeOf(router.execute(to("x")));
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
  });

  it("half-open admits exactly one probe; success closes", async () => {
    const clock = manualClock();
    let release!: () => void;
    let calls = 0;
    const gated = createMockAdapter({
      responses: async () => {
        calls++;
        if (calls <= 2) throw new Error("down");
        await new Promise<void>((r) => (release = r));
        return reply("probe ok");
      },
    });
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 2,
      circuitBreakerTimeout: 100,
      now: clock.now,
    }).register("x", gated).register("spare", createEchoAdapter());
    await router.execute(to("x"));
    await router.execute(to("x"));
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    clock.t += 100;
    const probe = router.execute(to("x"));
    await tick();
    // While the probe is in flight, x is unavailable to everyone else (a
    // second probe would wait on the gate forever: bounded).
    const others = await withTimeout(
      Promise.all([router.execute(to("x")), router.execute(to("x"))]),
      5_000,
      "a call during the half-open probe went to x (a second probe)",
    );
    assert.deepEqual(others.map((r) => routingOf(r).backend), [
      "spare",
      "spare",
    ]);
    assert.equal(calls, 3);
    release();
    assert.equal(routingOf(await probe).backend, "x");
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    assert.equal(router.getBackendInfo("x")?.consecutiveFailures, 0);
  });

  it("a failed probe re-opens with a fresh timeout", async () => {
    const { clock, router } = setup(1, 500);
    await codeOf(router.execute(to("x")));
    clock.t += 500;
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "half-open");
    await codeOf(router.execute(to("x")));
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "open");
    clock.t += 499;
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    clock.t += 1;
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "half-open");
  });

  it("manual open with and without timeout, close and reset", async () => {
    const { clock, router } = setup();
    router.openCircuitBreaker("x");
    clock.t += 10_000_000;
    assert.equal(
      router.isCircuitBreakerOpen("x"),
      true,
      "no timeout: stays open",
    );
    router.closeCircuitBreaker("x");
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    router.openCircuitBreaker("x", 50);
    clock.t += 50;
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "half-open");
    router.openCircuitBreaker("x");
    router.openCircuitBreaker("spare");
    router.resetCircuitBreaker();
    assert.equal(router.isCircuitBreakerOpen("x"), false);
    assert.equal(router.isCircuitBreakerOpen("spare"), false);
    await codeOf(router.execute(to("x")));
    router.resetCircuitBreaker("x");
    assert.equal(router.getBackendInfo("x")?.consecutiveFailures, 0);
    assert.throws(() => router.openCircuitBreaker("nope"), {
      code: ErrorCode.ROUTING_FAILED,
    });
    assert.equal(router.isCircuitBreakerOpen("nope"), false);
  });

  it("manual open rejects a NaN, negative or non-number timeout; Infinity never half-opens", () => {
    const { clock, router } = setup();
    for (const bad of [NaN, -1, "50" as unknown as number]) {
      assert.throws(() => router.openCircuitBreaker("x", bad), {
        code: ErrorCode.ROUTING_FAILED,
      });
      // Left as it was: NaN used to open it for good, -1 not at all.
      assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    }
    router.openCircuitBreaker("x", Infinity);
    clock.t += 1e15;
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    router.openCircuitBreaker("x", 0);
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "half-open");
  });

  it("does not open automatically when disabled, but counts failures", async () => {
    const router = createRouter({
      circuitBreakerThreshold: 1,
      fallbackStrategy: "none",
    })
      .register("x", createFailingAdapter());
    for (let i = 0; i < 3; i++) await codeOf(router.execute(req()));
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    assert.equal(router.getBackendInfo("x")?.consecutiveFailures, 3);
  });

  it("a client error at the half-open probe frees the probe: the next request probes", async () => {
    const clock = manualClock();
    const badRequest = new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      statusCode: 400,
      message: "temperature: must be at most 2",
    });
    let answer: "fail" | "reject" | "ok" = "fail";
    const x: BackendAdapter = {
      ...createEchoAdapter(),
      execute(request) {
        if (answer === "fail") return Promise.reject(new Error("down"));
        if (answer === "reject") return Promise.reject(badRequest);
        return createEchoAdapter().execute(request);
      },
    };
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 100,
      fallbackStrategy: "none",
      now: clock.now,
    }).register("x", x);
    await assert.rejects(router.execute(to("x")));
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    clock.t += 100;
    answer = "reject";
    // The probe meets the caller's own mistake: says nothing of x's health.
    assert.equal(await router.execute(to("x")).catch((e) => e), badRequest);
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "half-open");
    answer = "ok";
    const probe = await router.execute(to("x"));
    assert.equal(routingOf(probe).backend, "x");
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    router.dispose();
  });

  it("caller aborts are not failures and release a half-open probe", async () => {
    const clock = manualClock();
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      now: clock.now,
    })
      .register("h", createHangingAdapter());
    router.openCircuitBreaker("h", 10);
    clock.t += 10;
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const pending = router.execute(req(), controller.signal);
      controller.abort();
      assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    }
    assert.equal(router.getBackendInfo("h")?.circuitBreakerState, "half-open");
    assert.equal(router.getBackendInfo("h")?.consecutiveFailures, 0);
    assert.equal(router.getBackendStats("h")?.totalRequests, 0);
  });

  it("a half-open probe answered with a client error (400, 422) frees the probe: the backend answered, the next request probes", async () => {
    for (const status of [400, 422]) {
      const clock = manualClock();
      let answer: "down" | "reject" | "up" = "down";
      // The OpenAI adapter's own status classification on its wire shape.
      const x = createOpenAIAdapter({
        apiKey: "sk-upstream-example",
        defaultModel: "m",
        fetch: () =>
          Promise.resolve(
            answer === "up"
              ? Response.json({
                choices: [{
                  index: 0,
                  message: { role: "assistant", content: "up" },
                  finish_reason: "stop",
                }],
              })
              : answer === "reject"
              ? Response.json({
                error: {
                  message: "max_tokens is too large",
                  type: "invalid_request_error",
                  param: "max_tokens",
                },
              }, { status })
              : new Response("busy", { status: 503 }),
          ),
      });
      const router = createRouter({
        enableCircuitBreaker: true,
        circuitBreakerThreshold: 1,
        circuitBreakerTimeout: 100,
        fallbackStrategy: "none",
        now: clock.now,
      }).register("x", x).register("spare", createEchoAdapter());
      await codeOf(router.execute(to("x")));
      assert.equal(router.isCircuitBreakerOpen("x"), true);
      clock.t += 100;
      answer = "reject";
      assert.equal(
        await codeOf(router.execute(to("x"))),
        ErrorCode.INVALID_REQUEST,
        `${status} reaches the caller as the backend gave it`,
      );
      const info = router.getBackendInfo("x")!;
      assert.equal(info.circuitBreakerState, "half-open", `${status}`);
      assert.equal(info.consecutiveFailures, 1, "not counted as a failure");
      assert.equal(info.stats.failedRequests, 1);
      // The probe slot is free again: the next request is the probe.
      answer = "up";
      const next = await router.execute(to("x"));
      assert.equal(routingOf(next).backend, "x", `after a ${status}`);
      assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
      router.dispose();
    }
  });

  it("only the probe's own outcome moves a half-open breaker, not a call from before it opened", async () => {
    const clock = manualClock();
    let failing = false;
    let calls = 0;
    // Hangs until aborted, or fails at once while `failing`.
    const adapter: BackendAdapter = {
      ...createEchoAdapter(),
      execute: (_request, signal) => {
        calls++;
        if (failing) return Promise.reject(new Error("down"));
        return new Promise((_resolve, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason))
        );
      },
    };
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 100,
      fallbackStrategy: "none",
      now: clock.now,
    }).register("a", adapter);
    const old = new AbortController();
    const oldCall = router.execute(req(), old.signal); // admitted while closed
    failing = true;
    await assert.rejects(router.execute(req()), /down/);
    assert.equal(router.getBackendInfo("a")?.circuitBreakerState, "open");
    clock.t += 100;
    failing = false;
    const probe = new AbortController();
    const probeCall = router.execute(req(), probe.signal); // the one probe
    old.abort(); // the old call's abort must not free the probe's slot
    assert.equal(await codeOf(oldCall), ErrorCode.ABORTED);
    // A freed slot would admit a second probe, which hangs: bounded.
    const extra = new AbortController();
    try {
      assert.equal(
        await withTimeout(
          codeOf(router.execute(req(), extra.signal)),
          5_000,
          "the old call's abort freed the probe slot: a second probe ran",
        ),
        ErrorCode.NO_BACKEND_AVAILABLE,
      );
    } finally {
      extra.abort();
    }
    assert.equal(calls, 3);
    assert.equal(router.getBackendInfo("a")?.circuitBreakerState, "half-open");
    probe.abort();
    assert.equal(await codeOf(probeCall), ErrorCode.ABORTED);
  });
});

describe("statistics", () => {
  it("nearest-rank percentiles, mean and success rate", async () => {
    const clock = manualClock();
    let n = 0;
    const timed = createMockAdapter({
      responses: () => {
        n++;
        clock.t += n; // latencies 1..100
        return reply("x");
      },
    });
    const router = createRouter({ now: clock.now }).register("a", timed);
    for (let i = 0; i < 100; i++) await router.execute(req());
    const stats = router.getBackendStats("a")!;
    assert.equal(stats.p50LatencyMs, 50);
    assert.equal(stats.p95LatencyMs, 95);
    assert.equal(stats.p99LatencyMs, 99);
    assert.equal(stats.averageLatencyMs, 50.5);
    assert.equal(stats.successRate, 100);
    assert.equal(stats.totalCost, undefined);
  });

  it("keeps a fixed window of the most recent latencies", async () => {
    const clock = manualClock();
    let latency = 1000;
    const timed = createMockAdapter({
      responses: () => {
        clock.t += latency;
        return reply("x");
      },
    });
    const router = createRouter({ now: clock.now }).register("a", timed);
    for (let i = 0; i < 10; i++) await router.execute(req());
    latency = 1;
    for (let i = 0; i < 1024; i++) await router.execute(req());
    const stats = router.getBackendStats("a")!;
    assert.equal(stats.p99LatencyMs, 1);
    assert.equal(stats.averageLatencyMs, 1);
    assert.equal(stats.totalRequests, 1034);
  });

  it("nearest rank of a few samples: p50 of 10, 20, 30 is 20", async () => {
    // Rank ceil(p/100 × n): with 1 or 100 samples, floor and ceil agree.
    const clock = manualClock();
    const steps = [30, 10, 20];
    const timed = createMockAdapter({
      responses: () => {
        clock.t += steps.shift()!;
        return reply("x");
      },
    });
    const router = createRouter({ now: clock.now }).register("a", timed);
    for (let i = 0; i < 3; i++) await router.execute(req());
    const stats = router.getBackendStats("a")!;
    assert.deepEqual(
      [stats.p50LatencyMs, stats.p95LatencyMs, stats.p99LatencyMs],
      [20, 30, 30],
    );
    assert.equal(stats.averageLatencyMs, 20);
  });

  it("success rate is 100 before any request and counts failures", async () => {
    const clock = manualClock();
    const echo = createEchoAdapter();
    const steps = [20, 40];
    // Each answer the inner adapter gives takes the next step of the clock.
    const timed: BackendAdapter = {
      ...echo,
      execute: (request, signal) => {
        clock.t += steps.shift() ?? 1_000;
        return echo.execute(request, signal);
      },
    };
    const router = createRouter({ fallbackStrategy: "none", now: clock.now })
      .register(
        "f",
        createFlakyAdapter(timed, { pattern: [false, true, true, false] }),
      );
    assert.equal(router.getBackendStats("f")?.successRate, 100);
    for (let i = 0; i < 4; i++) await router.execute(req()).catch(() => {});
    const stats = router.getBackendStats("f")!;
    assert.equal(stats.successRate, 50);
    assert.equal(stats.failedRequests, 2);
    // Latency samples come from successes only: 20 and 40 ms.
    assert.deepEqual(
      [stats.p50LatencyMs, stats.p99LatencyMs, stats.averageLatencyMs],
      [20, 40, 30],
    );
    assert.equal(router.getBackendStats("nope"), undefined);
  });

  it("totals add up, fallbacks and parallel requests are counted, snapshots are immutable", async () => {
    const clock = manualClock(5);
    const router = createRouter({
      now: clock.now,
      trackCost: true,
      defaultBackend: "bad",
    })
      .register("bad", createFailingAdapter())
      .register("ok", createMockAdapter({ cost: 0.5 }));
    await router.execute(req());
    await router.execute(to("ok"));
    await router.execute(to("nope")).catch(() => {});
    await router.dispatchParallel(req(), { strategy: "all" });
    const stats = router.getStats();
    assert.equal(stats.totalRequests, 4);
    assert.equal(stats.successfulRequests, 3);
    assert.equal(stats.failedRequests, 1);
    assert.equal(stats.totalFallbacks, 1);
    assert.equal(stats.parallelRequests, 1);
    assert.equal(stats.sinceTimestamp, 5);
    assert.deepEqual(
      [
        stats.backendStats.bad.totalRequests,
        stats.backendStats.bad.failedRequests,
      ],
      [2, 2],
    );
    assert.equal(stats.backendStats.ok.totalCost, 1.5);
    assert.equal(stats.backendStats.ok.averageCost, 0.5);
    assert.ok(
      Object.isFrozen(stats) && Object.isFrozen(stats.backendStats) &&
        Object.isFrozen(stats.backendStats.ok),
    );
    await router.execute(to("ok"));
    assert.equal(stats.totalRequests, 4, "a snapshot does not move");
    clock.t = 77;
    router.resetStats();
    const reset = router.getStats();
    assert.deepEqual(
      [
        reset.totalRequests,
        reset.totalFallbacks,
        reset.parallelRequests,
        reset.sinceTimestamp,
      ],
      [0, 0, 0, 77],
    );
    assert.equal(reset.backendStats.ok.totalRequests, 0);
    assert.equal(reset.backendStats.ok.p99LatencyMs, 0);
  });

  it("getBackendInfo reports state without probing", async () => {
    const probe = createMockAdapter({ healthy: false });
    const router = createRouter({ now: () => 9 }).register("a", probe);
    const info = router.getBackendInfo("a")!;
    assert.equal(info.isHealthy, true);
    assert.equal(info.lastHealthCheck, undefined);
    assert.equal(probe.calls.length, 0);
    assert.equal(info.adapter, probe);
    assert.equal(info.metadata.name, "mock");
    await router.checkHealth();
    const after = router.getBackendInfo();
    assert.equal(after.length, 1);
    assert.equal(after[0].isHealthy, false);
    assert.equal(after[0].lastHealthCheck, 9);
    assert.equal(router.getBackendInfo("zz"), undefined);
  });
});

describe("health checks", () => {
  it("checks all or one; adapters without healthCheck are healthy; unhealthy ones are skipped", async () => {
    let up = false;
    const router = createRouter()
      .register(
        "flag",
        createMockAdapter({ healthy: () => up, responses: reply("flag") }),
      )
      .register("plain", createEchoAdapter());
    assert.deepEqual(await router.checkHealth(), { flag: false, plain: true });
    assert.equal(await router.selectBackend(req()), "plain");
    assert.equal(routingOf(await router.execute(to("flag"))).backend, "plain");
    up = true;
    assert.equal(
      await router.checkHealth("flag"),
      true,
      "a healthy probe recovers the backend",
    );
    assert.equal(await router.selectBackend(req()), "flag");
    assert.equal(
      await codeOf(router.checkHealth("zz")),
      ErrorCode.ROUTING_FAILED,
    );
  });

  it("a throwing or hanging health check is unhealthy, bounded by healthCheckTimeout", async () => {
    const router = createRouter({ healthCheckTimeout: 5 })
      .register("throws", {
        ...createEchoAdapter(),
        healthCheck: () => Promise.reject({ plain: true }),
      })
      .register("deaf", createHangingAdapter({ ignoreAbort: true }))
      .register("hangs", createHangingAdapter());
    // Two checks never settle: only healthCheckTimeout can end the call.
    assert.deepEqual(
      await withTimeout(
        router.checkHealth(),
        10_000,
        "checkHealth outlived healthCheckTimeout",
      ),
      { throws: false, deaf: false, hangs: false },
    );
  });

  it("concurrent checks of one backend share one probe", async () => {
    let calls = 0;
    const router = createRouter().register("a", {
      ...createEchoAdapter(),
      healthCheck: async () => {
        calls++;
        await tick(1);
        return true;
      },
    });
    const results = await Promise.all([
      router.checkHealth("a"),
      router.checkHealth(),
      router.checkHealth("a"),
    ]);
    assert.deepEqual(results, [true, { a: true }, true]);
    assert.equal(calls, 1);
  });

  it("the Router's own healthCheck and estimateCost", async () => {
    const router = createRouter().register(
      "a",
      createMockAdapter({ healthy: false, cost: 2 }),
    );
    assert.equal(await router.estimateCost(req()), 2);
    assert.equal(await router.healthCheck(), false);
    router.register("b", createEchoAdapter());
    assert.equal(await router.healthCheck(), true);
    assert.equal(
      await router.estimateCost(req()),
      null,
      "b has no estimateCost",
    );
    assert.equal(router.metadata.capabilities.streaming, true);
  });
});
