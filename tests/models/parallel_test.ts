import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  ErrorCode,
  type IRChatResponse,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createFailingAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { codeOf, manualClock, reply, req } from "./_helpers.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

/** An adapter answering `text` once `gate` is opened. */
function gated(text: string) {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const seen: { aborted: boolean }[] = [];
  const adapter = createMockAdapter({
    responses: async () => {
      await opened;
      return reply(text);
    },
  });
  const execute = adapter.execute.bind(adapter);
  adapter.execute = (request, signal) => {
    const record = { aborted: false };
    seen.push(record);
    signal?.addEventListener("abort", () => (record.aborted = true));
    return execute(request, signal);
  };
  return { adapter, open, seen };
}

describe("dispatchParallel", () => {
  it("first: the first success wins and losers are aborted", async () => {
    const slow = gated("slow");
    const clock = manualClock();
    const echo = createEchoAdapter();
    const router = createRouter({ now: clock.now })
      .register("bad", createFailingAdapter())
      .register("slow", slow.adapter)
      .register("fast", {
        ...echo,
        execute: (request, signal) => {
          clock.t += 7; // the fast answer takes 7 ms of the router's clock
          return echo.execute(request, signal);
        },
      });
    const result = await router.dispatchParallel(req("fast answer"));
    assert.equal(result.response.message.content, "fast answer");
    assert.deepEqual(result.successfulBackends, ["fast"]);
    assert.deepEqual(
      result.failedBackends.map((f) => [f.backend, f.error.code]),
      [["bad", "PROVIDER_ERROR"]],
    );
    assert.equal(slow.seen[0].aborted, true);
    assert.equal(router.getStats().parallelRequests, 1);
    assert.equal(result.totalTimeMs, 7);
  });

  it("fastest with cancelOnFirstSuccess false lets the others finish and records them", async () => {
    const slow = gated("slow");
    const router = createRouter().register("slow", slow.adapter).register(
      "fast",
      createEchoAdapter(),
    );
    const result = await router.dispatchParallel(req("quick"), {
      strategy: "fastest",
      cancelOnFirstSuccess: false,
    });
    assert.equal(result.response.message.content, "quick");
    assert.equal(slow.seen[0].aborted, false);
    slow.open();
    // The event: the loser's answer is recorded once it arrives.
    await waitUntil(
      () => router.getBackendStats("slow")?.successfulRequests === 1,
      "the slow backend's late success was never recorded",
    );
    assert.equal(router.getBackendStats("slow")?.failedRequests, 0);
    router.dispose();
  });

  it("all: waits for every backend; response is the first success in backend order", async () => {
    const router = createRouter()
      .register(
        "a",
        createDelayedAdapter(createMockAdapter({ responses: reply("A") }), 3),
      )
      .register("b", createMockAdapter({ responses: reply("B") }))
      .register("c", createFailingAdapter());
    const result = await router.dispatchParallel(req(), { strategy: "all" });
    assert.equal(result.response.message.content, "A");
    assert.deepEqual(result.allResponses?.map((r) => r.backend), ["a", "b"]);
    assert.deepEqual(result.successfulBackends, ["a", "b"]);
    assert.deepEqual(result.failedBackends.map((f) => f.backend), ["c"]);
  });

  it("custom: aggregates the successes", async () => {
    const router = createRouter()
      .register("a", createMockAdapter({ responses: reply("one") }))
      .register("b", createMockAdapter({ responses: reply("two") }));
    const result = await router.dispatchParallel(req(), {
      strategy: "custom",
      customAggregator: (all) =>
        reply(all.map((r) => r.response.message.content).join("+")),
    });
    assert.equal(result.response.message.content, "one+two");
    assert.equal(
      await codeOf(router.dispatchParallel(req(), { strategy: "custom" })),
      ErrorCode.ROUTING_FAILED,
    );
  });

  // 0 is the edge: an immediate timeout (every millisecond setting takes
  // a number ≥ 0), not "no timeout".
  for (const timeout of [5, 0]) {
    it(`timeout ${timeout} bounds wall time even when adapters ignore the signal`, async () => {
      const router = createRouter()
        .register("deaf", createHangingAdapter({ ignoreAbort: true }))
        .register("listens", createHangingAdapter());
      // Both adapters hang forever: only the timeout can end the call.
      const error = await withTimeout(
        router.dispatchParallel(req(), { timeout }).catch((e) => e),
        10_000,
        "dispatchParallel outlived its timeout",
      );
      assert.ok(error instanceof RouterError);
      assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
      assert.deepEqual(error.errors.map((f) => [f.backend, f.error.code]), [[
        "deaf",
        "TIMEOUT",
      ], ["listens", "TIMEOUT"]]);
      assert.equal(router.getBackendStats("deaf")?.failedRequests, 1);
      router.dispose();
    });
  }

  it("timeout with strategy all keeps the successes that arrived", async () => {
    const router = createRouter()
      .register("ok", createEchoAdapter())
      .register("deaf", createHangingAdapter({ ignoreAbort: true }));
    const result = await router.dispatchParallel(req("x"), {
      strategy: "all",
      timeout: 5,
    });
    assert.deepEqual(result.successfulBackends, ["ok"]);
    assert.deepEqual(result.failedBackends.map((f) => f.error.code), [
      "TIMEOUT",
    ]);
  });

  it("explicit backends: unknown is ROUTING_FAILED, unavailable ones are reported as failed", async () => {
    const router = createRouter().register("a", createEchoAdapter()).register(
      "b",
      createEchoAdapter(),
    );
    assert.equal(
      await codeOf(router.dispatchParallel(req(), { backends: ["a", "zz"] })),
      ErrorCode.ROUTING_FAILED,
    );
    router.openCircuitBreaker("b");
    const result = await router.dispatchParallel(req(), {
      backends: ["b", "a"],
      strategy: "all",
    });
    assert.deepEqual(result.successfulBackends, ["a"]);
    assert.deepEqual(
      result.failedBackends.map((f) => [f.backend, f.error.code]),
      [["b", "NO_BACKEND_AVAILABLE"]],
    );
    router.openCircuitBreaker("a");
    assert.equal(
      await codeOf(router.dispatchParallel(req())),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
  });

  it("all failures are ALL_BACKENDS_FAILED; an abort is ABORTED", async () => {
    const router = createRouter()
      .register("a", createFailingAdapter()).register(
        "b",
        createFailingAdapter({ error: 42 }),
      );
    const error = await router.dispatchParallel(req()).catch((e) => e);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.deepEqual(error.attemptedBackends, ["a", "b"]);
    const hanging = createRouter().register(
      "h",
      createHangingAdapter({ ignoreAbort: true }),
    );
    const controller = new AbortController();
    const pending = hanging.dispatchParallel(req(), {
      signal: controller.signal,
    });
    controller.abort();
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    assert.equal(hanging.getStats().failedRequests, 1);
  });
});

describe("dispatchParallel customAggregator results", () => {
  const router = () =>
    createRouter()
      .register("a", createEchoAdapter())
      .register("b", createEchoAdapter());

  for (
    const [label, value] of [
      ["a number", 5],
      ["undefined", undefined],
      ["an object without message", { finishReason: "stop" }],
    ] as const
  ) {
    it(`an aggregate that is ${label} is INVALID_RESPONSE, not returned`, async () => {
      const r = router();
      try {
        await assert.rejects(
          r.dispatchParallel(req("hi"), {
            strategy: "custom",
            customAggregator: () => value as unknown as IRChatResponse,
          }),
          (error: unknown) =>
            error instanceof RouterError &&
            error.code === ErrorCode.INVALID_RESPONSE &&
            error.attemptedBackends.join() === "a,b",
        );
        assert.equal(r.getStats().failedRequests, 1);
      } finally {
        r.dispose();
      }
    });
  }

  it("an async aggregator's response is awaited", async () => {
    const r = router();
    try {
      const result = await r.dispatchParallel(req("hi"), {
        strategy: "custom",
        customAggregator: ((responses: readonly { backend: string }[]) =>
          Promise.resolve(
            reply(
              responses.map((x) =>
                x.backend
              ).join("+"),
            ),
          )) as unknown as (
            responses: readonly unknown[],
          ) => IRChatResponse,
      });
      assert.equal(result.response.message.content, "a+b");
    } finally {
      r.dispose();
    }
  });
});
