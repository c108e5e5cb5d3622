// Every RouterConfig default, pinned through behaviour (issue 5): the
// boundaries are tested on both sides with the injected clock.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type AdapterCapabilities,
  type BackendAdapter,
  createRouter,
  type IRChatResponse,
  type RouterConfig,
  type RoutingTrace,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import {
  backgroundRunsPassed,
  type ManualClock,
  manualClock,
  reply,
  req,
  tick,
  to,
} from "./_helpers.ts";

interface Profile {
  latencyMs: number;
  cost: number;
  /** Fail every other call (success rate 50%). */
  flaky?: boolean;
}

/** An adapter that spends `latencyMs` of the manual clock and costs `cost`. */
function profiled(clock: ManualClock, profile: Profile): BackendAdapter {
  let calls = 0;
  return {
    metadata: {
      name: "profiled",
      provider: "testing",
      version: "1",
      capabilities: { streaming: true },
    },
    execute(): Promise<IRChatResponse> {
      clock.t += profile.latencyMs;
      calls++;
      if (profile.flaky && calls % 2 === 0) {
        return Promise.reject(new Error("flaky"));
      }
      return Promise.resolve(reply("ok"));
    },
    async *executeStream() {
      yield { type: "done", sequence: 0, finishReason: "stop" };
    },
    estimateCost: () => Promise.resolve(profile.cost),
  };
}

describe("RouterConfig defaults", () => {
  it("circuitBreakerThreshold 5: open at the 5th consecutive failure, not the 4th", async () => {
    const clock = manualClock();
    const router = createRouter({
      enableCircuitBreaker: true,
      fallbackStrategy: "none",
      now: clock.now,
    }).register("down", createFailingAdapter());
    for (let i = 1; i <= 4; i++) {
      await assert.rejects(router.execute(req()));
      assert.equal(router.isCircuitBreakerOpen("down"), false, `after ${i}`);
    }
    await assert.rejects(router.execute(req()));
    assert.equal(router.isCircuitBreakerOpen("down"), true);
    router.dispose();
  });

  it("circuitBreakerTimeout 60000: half-open at exactly t+60000, not 59999", async () => {
    const clock = manualClock(0);
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      fallbackStrategy: "none",
      now: clock.now,
    }).register("down", createFailingAdapter());
    clock.t = 10_000;
    await assert.rejects(router.execute(req()));
    assert.equal(router.getBackendInfo("down")?.circuitBreakerState, "open");
    clock.t = 10_000 + 59_999;
    assert.equal(router.getBackendInfo("down")?.circuitBreakerState, "open");
    clock.t = 10_000 + 60_000;
    assert.equal(
      router.getBackendInfo("down")?.circuitBreakerState,
      "half-open",
    );
    router.dispose();
  });

  it("enableCircuitBreaker false: failures never open the breaker", async () => {
    const router = createRouter({ fallbackStrategy: "none" })
      .register("down", createFailingAdapter());
    for (let i = 0; i < 10; i++) await assert.rejects(router.execute(req()));
    assert.equal(router.isCircuitBreakerOpen("down"), false);
    router.dispose();
  });

  it("healthCheckInterval 0: no background probe runs", async () => {
    const mock = createMockAdapter();
    const router = createRouter().register("m", mock);
    await backgroundRunsPassed(1);
    assert.equal(mock.calls.filter((c) => c.kind === "healthCheck").length, 0);
    assert.equal(router.getBackendInfo("m")?.lastHealthCheck, undefined);
    router.dispose();
  });

  it("trackLatency true and trackCost false", async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now })
      .register("p", profiled(clock, { latencyMs: 40, cost: 0.5 }));
    await router.execute(req());
    await tick();
    const stats = router.getBackendStats("p")!;
    assert.equal(stats.averageLatencyMs, 40);
    assert.equal(stats.p50LatencyMs, 40);
    assert.equal(stats.totalCost, undefined);
    assert.equal(stats.averageCost, undefined);
    router.dispose();
  });

  it("routingStrategy explicit: the named backend, else the first registered", async () => {
    const router = createRouter()
      .register("a", createEchoAdapter())
      .register("b", createEchoAdapter());
    assert.equal(await router.selectBackend(to("b")), "b");
    assert.equal(await router.selectBackend(to("b")), "b");
    assert.equal(await router.selectBackend(req()), "a");
    assert.equal(await router.selectBackend(req()), "a");
    const trace = (await router.execute(req())).metadata
      .routing as RoutingTrace;
    assert.equal(trace.strategy, "explicit");
    assert.equal(trace.reason, "first-available");
    router.dispose();
  });

  it("fallbackStrategy sequential: registration order, one backend at a time", async () => {
    const late = createEchoAdapter();
    const router = createRouter()
      .register("a", createFailingAdapter())
      .register("b", createFailingAdapter())
      .register("c", late);
    const response = await router.execute(req());
    const trace = response.metadata.routing as RoutingTrace;
    assert.deepEqual(trace.attempts.map((a) => a.backend), ["a", "b", "c"]);
    assert.equal(trace.backend, "c");
    assert.equal(late.calls.length, 1);
    router.dispose();
  });

  it("capabilityCacheDuration 3600000: capabilities re-read after it, not before", async () => {
    const clock = manualClock(0);
    const capabilities: AdapterCapabilities = { streaming: true, tools: true };
    const changing: BackendAdapter = {
      ...createEchoAdapter(),
      get metadata() {
        return {
          name: "changing",
          provider: "testing",
          version: "1",
          capabilities: { ...capabilities },
        };
      },
    };
    const router = createRouter({
      capabilityBasedRouting: true,
      now: clock.now,
    })
      .register("changing", changing)
      .register("other", createEchoAdapter());
    const withTools = req("x", {
      tools: [{ name: "f", description: "f", parameters: { type: "object" } }],
    });
    clock.t = 1_000;
    assert.equal(await router.selectBackend(withTools), "changing"); // read at t=1000
    capabilities.tools = false;
    clock.t = 1_000 + 3_599_999;
    assert.equal(await router.selectBackend(withTools), "changing");
    clock.t = 1_000 + 3_600_000;
    assert.equal(await router.selectBackend(withTools), "other");
    router.dispose();
  });

  const presets: [RouterConfig["optimization"], string][] = [
    ["cost", "cheap"],
    ["speed", "fast"],
    ["quality", "good"],
    ["balanced", "mid"],
    [undefined, "mid"],
  ];
  for (const [optimization, expected] of presets) {
    it(`optimization ${optimization ?? "(default: balanced)"} chooses ${expected}`, async () => {
      const clock = manualClock();
      const router = createRouter({
        capabilityBasedRouting: true,
        trackCost: true,
        fallbackStrategy: "none",
        now: clock.now,
        ...(optimization === undefined ? {} : { optimization }),
      })
        // cost 1, speed 0, quality .5 → balanced .5
        .register(
          "cheap",
          profiled(clock, { latencyMs: 100, cost: 0.001, flaky: true }),
        )
        // cost 0, speed 1, quality .5 → balanced .5
        .register(
          "fast",
          profiled(clock, { latencyMs: 1, cost: 0.1, flaky: true }),
        )
        // cost 0, speed 0, quality 1 → balanced .33 (wins quality ties: registered first)
        .register("good", profiled(clock, { latencyMs: 100, cost: 0.1 }))
        // cost ≈.9, speed ≈.9, quality 1 → balanced ≈.93
        .register("mid", profiled(clock, { latencyMs: 10.9, cost: 0.0109 }));
      for (const name of router.listBackends()) {
        for (let i = 0; i < 4; i++) {
          await router.execute(to(name)).catch(() => {});
        }
      }
      await tick();
      assert.equal(await router.selectBackend(req()), expected);
      router.dispose();
    });
  }

  it("router.config reports the given fields only; defaults are not filled in", () => {
    const router = createRouter({ trackCost: true });
    assert.equal(router.config.trackCost, true);
    assert.equal(router.config.circuitBreakerThreshold, undefined);
    router.dispose();
  });
});
