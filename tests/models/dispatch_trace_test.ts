// dispatchParallel responses carry a routing trace (strategy "parallel").
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type RoutingTrace,
} from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createFailingAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { manualClock, reply, req, tick } from "./_helpers.ts";

function traceOf(
  response: { metadata: Record<string, unknown> },
): RoutingTrace {
  return response.metadata.routing as RoutingTrace;
}

describe("dispatchParallel routing trace", () => {
  it("first: names the winner and every backend started with its error code", async () => {
    // Each attempt settles when the test says, at a clock time it sets: the
    // latencies in the trace are exact.
    const clock = manualClock(1_000);
    const echo = createEchoAdapter();
    let fail!: (error: unknown) => void;
    let answer!: () => void;
    const down: BackendAdapter = {
      ...echo,
      execute: () => new Promise((_, reject) => (fail = reject)),
    };
    const up: BackendAdapter = {
      ...echo,
      execute: (request) =>
        new Promise<void>((resolve) => (answer = resolve)).then(() =>
          echo.execute(request)
        ),
    };
    const router = createRouter({ now: clock.now })
      .register("down", down)
      .register("up", up)
      .register("slow", createHangingAdapter());
    const pending = router.dispatchParallel(req("hi"));
    await tick();
    clock.t = 1_003;
    fail(await createFailingAdapter().execute(req()).catch((e) => e));
    await tick();
    clock.t = 1_005;
    answer();
    const result = await pending;
    const trace = traceOf(result.response);
    assert.equal(trace.strategy, "parallel");
    assert.equal(trace.reason, "parallel-dispatch");
    assert.equal(trace.backend, "up");
    assert.equal(trace.fallbacks, 0);
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
      [
        ["down", false, "PROVIDER_ERROR"],
        ["up", true, undefined],
        ["slow", false, "ABORTED"],
      ],
    );
    assert.deepEqual(trace.attempts.map((a) => a.latencyMs), [3, 5, 5]);
    router.dispose();
  });

  it("all: each allResponses entry is traced to its own backend", async () => {
    const router = createRouter()
      .register("a", createMockAdapter({ responses: [reply("A")] }))
      .register("b", createMockAdapter({ responses: [reply("B")] }))
      .register("c", createFailingAdapter());
    const result = await router.dispatchParallel(req(), { strategy: "all" });
    assert.deepEqual(
      result.allResponses?.map((r) => [r.backend, traceOf(r.response).backend]),
      [["a", "a"], ["b", "b"]],
    );
    const trace = traceOf(result.response);
    assert.equal(trace.backend, "a");
    assert.equal(trace.attempts.length, 3);
    assert.equal(trace.attempts[2].errorCode, "PROVIDER_ERROR");
    router.dispose();
  });

  it("fastest: latency in the trace reflects the delayed backend", async () => {
    const router = createRouter()
      .register("slow", createDelayedAdapter(createEchoAdapter(), 30))
      .register("fast", createEchoAdapter());
    const result = await router.dispatchParallel(req(), {
      strategy: "fastest",
      cancelOnFirstSuccess: false,
    });
    const trace = traceOf(result.response);
    assert.equal(trace.backend, "fast");
    assert.equal(trace.attempts.find((a) => a.backend === "fast")?.ok, true);
    // Left running, not cancelled: no outcome yet, so no ABORTED code.
    const slow = trace.attempts.find((a) => a.backend === "slow");
    assert.deepEqual({ ok: slow?.ok, errorCode: slow?.errorCode }, {
      ok: false,
      errorCode: undefined,
    });
    // With cancellation (the default) the loser is ABORTED.
    const cancelled = await router.dispatchParallel(req(), {
      strategy: "fastest",
    });
    assert.equal(
      traceOf(cancelled.response).attempts.find((a) => a.backend === "slow")
        ?.errorCode,
      "ABORTED",
    );
    router.dispose();
  });

  it("keeps the adapter's own metadata beside the trace", async () => {
    const response = reply("x");
    const router = createRouter().register(
      "m",
      createMockAdapter({
        responses: [{ ...response, metadata: { provider: "mock-x" } }],
      }),
    );
    const result = await router.dispatchParallel(req());
    assert.equal(result.response.metadata.provider, "mock-x");
    assert.equal(traceOf(result.response).backend, "m");
    router.dispose();
  });
});
