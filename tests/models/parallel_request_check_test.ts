// dispatchParallel refuses a malformed request exactly as execute,
// executeStream and selectBackend do: AdapterError INVALID_REQUEST with the
// same message, before any adapter sees it, whatever the parallel strategy.

import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  type ParallelDispatchOptions,
  type Router,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  type TestAdapter,
} from "../../src/models/testing.ts";
import { drain, req } from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";

/** A bound so a hang fails the test instead of the run. */
const BOUND_MS = 5_000;

function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  return withTimeout(promise, BOUND_MS, what);
}

/** Requests whose shape every entry point refuses (messages not an array). */
const BAD: ReadonlyArray<[string, unknown]> = [
  ["an empty object", {}],
  ["messages as a string", { messages: "hello" }],
  ["messages as an object", { messages: { role: "user", content: "hi" } }],
  ["messages null", { messages: null }],
  ["a null request", null],
  ["a string request", "hello"],
];

/** Every parallel strategy, with what it needs to be valid otherwise. */
const STRATEGIES: ReadonlyArray<ParallelDispatchOptions> = [
  {},
  { strategy: "first" },
  { strategy: "fastest" },
  { strategy: "all" },
  { strategy: "custom", customAggregator: (all) => all[0].response },
  { strategy: "first", backends: ["b", "a"] },
];

function setup(): { router: Router; a: TestAdapter; b: TestAdapter } {
  const a = createEchoAdapter();
  const b = createEchoAdapter();
  const router = createRouter().register("a", a).register("b", b);
  return { router, a, b };
}

/** The error a call rejects with (fails when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<AdapterError> {
  const error = await bounded(
    promise.then(
      () => assert.fail("the call was not refused"),
      (e: unknown) => e,
    ),
    "the call never settled",
  );
  assert.ok(error instanceof AdapterError, `not an AdapterError: ${error}`);
  return error;
}

describe("dispatchParallel checks its request", () => {
  for (const options of STRATEGIES) {
    const label = JSON.stringify({
      ...options,
      customAggregator: options.customAggregator ? "fn" : undefined,
    });
    it(`refuses every bad shape before any adapter, options ${label}`, async () => {
      const { router, a, b } = setup();
      try {
        for (const [name, request] of BAD) {
          const error = await refusal(
            router.dispatchParallel(request as IRChatRequest, options),
          );
          assert.equal(error.code, ErrorCode.INVALID_REQUEST, name);
          assert.equal(error.message, "request.messages must be an array");
          assert.equal(a.calls.length + b.calls.length, 0, name);
        }
        // The refusals left the router whole: the next good request is
        // dispatched to the backends as usual.
        const result = await bounded(
          router.dispatchParallel(req("after"), options),
          "the good dispatch never settled",
        );
        assert.equal(result.response.message.content, "after");
        assert.ok(a.calls.length + b.calls.length >= 1);
        const stats = router.getStats();
        assert.equal(stats.parallelRequests, BAD.length + 1);
        assert.equal(stats.failedRequests, BAD.length);
        assert.equal(
          stats.backendStats.a.totalRequests +
            stats.backendStats.b.totalRequests,
          a.calls.length + b.calls.length,
        );
      } finally {
        router.dispose();
      }
    });
  }

  it("refuses what execute, executeStream and selectBackend refuse, with the same error", async () => {
    const { router, a, b } = setup();
    try {
      for (const [name, request] of BAD) {
        const bad = request as IRChatRequest;
        const viaExecute = await refusal(router.execute(bad));
        const viaSelect = await refusal(
          Promise.resolve().then(() => router.selectBackend(bad)),
        );
        const viaParallel = await refusal(router.dispatchParallel(bad));
        const chunks = await bounded(
          drain(router.executeStream(bad)),
          "the stream never ended",
        );
        const last = chunks.at(-1);
        assert.ok(last?.type === "error", name);
        assert.equal(last.error.code, viaExecute.code, name);
        assert.equal(last.error.message, viaExecute.message, name);
        for (const error of [viaSelect, viaParallel]) {
          assert.equal(error.code, viaExecute.code, name);
          assert.equal(error.message, viaExecute.message, name);
        }
        assert.equal(viaExecute.code, ErrorCode.INVALID_REQUEST);
      }
      assert.equal(a.calls.length + b.calls.length, 0);
    } finally {
      router.dispose();
    }
  });
});
