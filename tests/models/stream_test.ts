import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatStream,
  type IRStreamChunk,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import {
  drain,
  manualClock,
  req,
  streamText as text,
  streamTypes as types,
  to,
} from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";

const routingOfDone = (chunks: IRStreamChunk[]) => {
  const done = chunks[chunks.length - 1];
  assert.equal(done.type, "done");
  return (done as unknown as {
    metadata: {
      routing: {
        backend: string;
        attempts: { backend: string; errorCode?: string }[];
      };
    };
  })
    .metadata.routing;
};

function assertSequences(chunks: IRStreamChunk[]): void {
  assert.deepEqual(chunks.map((c) => c.sequence), chunks.map((_, i) => i));
}

/** An adapter whose stream is a hand-written iterator that records return(). */
function trackedStream(chunks: IRStreamChunk[], hangAfter = true) {
  const state = { returned: 0, pulled: 0 };
  const adapter: BackendAdapter = {
    ...createEchoAdapter(),
    executeStream(): IRChatStream {
      const iterator = {
        next(): Promise<IteratorResult<IRStreamChunk>> {
          const i = state.pulled++;
          if (i < chunks.length) {
            return Promise.resolve({ done: false, value: chunks[i] });
          }
          return hangAfter
            ? new Promise(() => {})
            : Promise.resolve({ done: true, value: undefined });
        },
        return(): Promise<IteratorResult<IRStreamChunk>> {
          state.returned++;
          return Promise.resolve({ done: true, value: undefined });
        },
        throw(e: unknown): Promise<IteratorResult<IRStreamChunk>> {
          return Promise.reject(e);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
      return iterator as unknown as IRChatStream;
    },
  };
  return { adapter, state };
}

describe("executeStream", () => {
  it("returns the generator synchronously and starts nothing before next()", async () => {
    const echo = createEchoAdapter();
    const router = createRouter().register("e", echo);
    const stream = router.executeStream(req("one two three"));
    assert.equal(typeof stream.next, "function");
    assert.equal(echo.calls.length, 0);
    const chunks = await drain(stream);
    assert.deepEqual(types(chunks), [
      "start",
      "content",
      "content",
      "content",
      "done",
    ]);
    assert.equal(text(chunks), "one two three");
    assertSequences(chunks);
    assert.equal(routingOfDone(chunks).backend, "e");
    assert.equal(router.getBackendStats("e")?.successfulRequests, 1);
    assert.equal(router.getStats().successfulRequests, 1);
  });

  it("renumbers backend sequences strictly from 0", async () => {
    const mock = createMockAdapter({
      chunks: [
        { type: "start", sequence: 7, metadata: {} },
        { type: "content", sequence: 7, delta: "a" },
        { type: "content", sequence: 3, delta: "b" },
        { type: "done", sequence: 99, finishReason: "stop" },
      ],
    });
    const chunks = await drain(
      createRouter().register("m", mock).executeStream(req()),
    );
    assertSequences(chunks);
    assert.equal(text(chunks), "ab");
  });

  it("falls back when a backend throws or yields an error chunk before content", async () => {
    const router = createRouter({ defaultBackend: "throws" })
      .register("throws", createFailingAdapter())
      .register(
        "errs",
        createMockAdapter({
          chunks: [
            { type: "start", sequence: 0, metadata: { provider: "errs" } },
            {
              type: "metadata",
              sequence: 1,
              usage: { promptTokens: 1, completionTokens: 0, totalTokens: 1 },
            },
            {
              type: "error",
              sequence: 2,
              error: { code: "RATE_LIMITED", message: "slow down" },
            },
          ],
        }),
      )
      .register(
        "nodone",
        createMockAdapter({
          chunks: [{ type: "start", sequence: 0, metadata: {} }],
        }),
      )
      .register("echo", createEchoAdapter());
    const chunks = await drain(router.executeStream(req("fine")));
    assert.deepEqual(
      types(chunks),
      ["start", "content", "done"],
      "held chunks of failed backends are dropped",
    );
    assert.equal(
      (chunks[0] as { metadata: { provider?: string } }).metadata.provider,
      "testing",
    );
    assertSequences(chunks);
    const trace = routingOfDone(chunks);
    assert.equal(trace.backend, "echo");
    assert.deepEqual(trace.attempts.map((a) => a.errorCode ?? "ok"), [
      "PROVIDER_ERROR",
      "RATE_LIMITED",
      "INVALID_RESPONSE",
      "ok",
    ]);
    assert.equal(router.getStats().totalFallbacks, 3);
    assert.equal(router.getBackendStats("errs")?.failedRequests, 1);
  });

  it("an adapter whose executeStream returns no iterator (null, {}, a promise) is INVALID_RESPONSE and falls back", async () => {
    const broken = (stream: unknown): BackendAdapter => ({
      ...createEchoAdapter(),
      executeStream: () => stream as IRChatStream,
    });
    for (const fallbackStrategy of ["sequential", "parallel"] as const) {
      const router = createRouter({ defaultBackend: "null", fallbackStrategy })
        .register("null", broken(null))
        .register("object", broken({}))
        .register("promise", broken(Promise.resolve()))
        .register("echo", createEchoAdapter());
      const chunks = await drain(router.executeStream(req("fine")));
      assert.deepEqual(types(chunks), ["start", "content", "done"]);
      const codes = routingOfDone(chunks).attempts.map((a) =>
        a.errorCode ?? "ok"
      );
      assert.equal(codes[0], "INVALID_RESPONSE", fallbackStrategy);
      assert.ok(codes.includes("ok"), fallbackStrategy);
      // Only broken backends: the stream ends with an error chunk, no throw.
      const none = createRouter({ defaultBackend: "null", fallbackStrategy })
        .register("null", broken(null))
        .register("other", broken(null));
      const failed = await drain(none.executeStream(req()));
      assert.deepEqual(types(failed), ["error"], fallbackStrategy);
      none.dispose();
      router.dispose();
    }
  });

  it("after content, a failure ends the stream with an error chunk and no switch", async () => {
    const backup = createEchoAdapter();
    const router = createRouter({ defaultBackend: "mid" })
      .register(
        "mid",
        createFailingAdapter({ failAfterChunks: 2, error: { weird: 1 } }),
      )
      .register("backup", backup);
    const chunks = await drain(router.executeStream(req()));
    assert.deepEqual(types(chunks), ["start", "content", "content", "error"]);
    assertSequences(chunks);
    assert.equal(
      (chunks[3] as { error: { code: string } }).error.code,
      ErrorCode.UNKNOWN,
    );
    assert.equal(backup.calls.length, 0);
    assert.equal(router.getBackendStats("mid")?.failedRequests, 1);
    assert.equal(router.getStats().failedRequests, 1);

    const viaChunk = createRouter()
      .register(
        "mid",
        createFailingAdapter({ failAfterChunks: 1, errorChunk: true }),
      )
      .register("backup", backup);
    const forwarded = await drain(viaChunk.executeStream(req()));
    assert.deepEqual(types(forwarded), ["start", "content", "error"]);
    assertSequences(forwarded);
  });

  it("a tool call commits the stream like content: it is passed on at once, and a failure after it does not switch", async () => {
    // A tool-only answer (no text): the tool_use chunk is the commitment.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calling: BackendAdapter = {
      ...createEchoAdapter(),
      async *executeStream() {
        yield { type: "start", sequence: 0, metadata: {} };
        yield { type: "tool_use", sequence: 1, id: "call_1", name: "lookup" };
        await gate;
        throw new Error("connection reset after the tool call");
      },
    };
    const backup = createEchoAdapter();
    const router = createRouter({ defaultBackend: "tools" })
      .register("tools", calling)
      .register("backup", backup);
    const stream = router.executeStream(req());
    const seen: IRStreamChunk[] = [];
    // The tool call arrives while the backend is still streaming (gate shut).
    for (;;) {
      const { value, done } = await withTimeout(
        stream.next(),
        5_000,
        "the tool call was held back until the backend finished",
      );
      assert.ok(!done, "the stream ended before the tool call");
      seen.push(value);
      if (value.type === "tool_use") break;
    }
    release();
    for await (const chunk of stream) seen.push(chunk);
    assert.deepEqual(types(seen), ["start", "tool_use", "error"]);
    assertSequences(seen);
    assert.equal(backup.calls.length, 0, "no second backend after a tool call");
    assert.equal(router.getBackendStats("tools")?.failedRequests, 1);
    router.dispose();
  });

  it("an already aborted signal calls no backend: one ABORTED chunk (execute: an ABORTED rejection)", async () => {
    const echo = createEchoAdapter();
    const router = createRouter().register("echo", echo);
    const controller = new AbortController();
    controller.abort(new Error("user left"));
    const chunks = await drain(router.executeStream(req(), controller.signal));
    assert.deepEqual(types(chunks), ["error"]);
    assert.equal(
      chunks[0].type === "error" && chunks[0].error.code,
      ErrorCode.ABORTED,
    );
    await assert.rejects(router.execute(req(), controller.signal), {
      code: ErrorCode.ABORTED,
    });
    assert.equal(echo.calls.length, 0);
    assert.equal(router.getBackendStats("echo")?.totalRequests, 0);
    router.dispose();
  });

  it("routing failures end the stream with an error chunk", async () => {
    const router = createRouter().register("a", createFailingAdapter())
      .register("b", createFailingAdapter());
    const unknown = await drain(router.executeStream(to("zzz")));
    assert.deepEqual(unknown.map((c) => c.type === "error" && c.error.code), [
      ErrorCode.ROUTING_FAILED,
    ]);
    const all = await drain(router.executeStream(req()));
    assert.deepEqual(all.map((c) => c.type === "error" && c.error.code), [
      ErrorCode.ALL_BACKENDS_FAILED,
    ]);
    const none = await drain(createRouter().executeStream(req()));
    assert.deepEqual(none.map((c) => c.type === "error" && c.error.code), [
      ErrorCode.NO_BACKEND_AVAILABLE,
    ]);
    const strict = createRouter({ fallbackStrategy: "none" })
      .register("a", createFailingAdapter({ error: { code: 1 } })).register(
        "b",
        createEchoAdapter(),
      );
    const original = await drain(strict.executeStream(req()));
    assert.deepEqual(original.map((c) => c.type === "error" && c.error.code), [
      ErrorCode.UNKNOWN,
    ]);
    assert.equal(router.getStats().failedRequests, 2);
  });

  it("an abort ends the stream and returns the backend iterator", async () => {
    const { adapter, state } = trackedStream([
      { type: "start", sequence: 0, metadata: {} },
      { type: "content", sequence: 1, delta: "a" },
    ]);
    const router = createRouter().register("t", adapter);
    const controller = new AbortController();
    const chunks: IRStreamChunk[] = [];
    for await (const chunk of router.executeStream(req(), controller.signal)) {
      chunks.push(chunk);
      if (chunk.type === "content") controller.abort();
    }
    assert.deepEqual(types(chunks), ["start", "content", "error"]);
    assert.equal(
      (chunks[2] as { error: { code: string } }).error.code,
      ErrorCode.ABORTED,
    );
    assert.equal(state.returned, 1);
    assert.equal(
      router.getBackendStats("t")?.totalRequests,
      0,
      "an abort is not a backend failure",
    );
    assert.equal(router.getStats().failedRequests, 1);
  });

  it("an abort ends the stream even when the adapter ignores it", async () => {
    const router = createRouter().register(
      "deaf",
      createHangingAdapter({ ignoreAbort: true }),
    );
    const controller = new AbortController();
    const stream = router.executeStream(req(), controller.signal);
    const first = stream.next();
    controller.abort();
    const result = await first;
    assert.equal(result.done, false);
    assert.equal(
      (result.value as { error: { code: string } }).error.code,
      ErrorCode.ABORTED,
    );
    assert.equal((await stream.next()).done, true);
  });

  it("a consumer that stops early returns the backend iterator", async () => {
    const { adapter, state } = trackedStream([
      { type: "start", sequence: 0, metadata: {} },
      { type: "content", sequence: 1, delta: "a" },
      { type: "content", sequence: 2, delta: "b" },
    ]);
    const router = createRouter().register("t", adapter);
    for await (const chunk of router.executeStream(req())) {
      if (chunk.type === "content") break;
    }
    assert.equal(state.returned, 1);
    assert.equal(router.getStats().failedRequests, 1);
    assert.equal(router.getStats().totalRequests, 1);
  });

  it("names its backend on a start chunk before the first content, so a consumer that stops early knows it", async () => {
    const router = createRouter({ defaultBackend: "down" })
      .register("down", createFailingAdapter())
      .register(
        "up",
        createMockAdapter({
          chunks: [
            { type: "start", sequence: 0, metadata: { model: "m-1" } },
            { type: "content", sequence: 1, delta: "a" },
            { type: "content", sequence: 2, delta: "b" },
            { type: "done", sequence: 3, finishReason: "stop" },
          ],
        }),
      );
    const seen: IRStreamChunk[] = [];
    for await (const chunk of router.executeStream(req())) {
      seen.push(chunk);
      if (chunk.type === "content") break;
    }
    assert.deepEqual(types(seen), ["start", "content"]);
    const start = seen[0] as Extract<IRStreamChunk, { type: "start" }>;
    assert.equal(start.metadata.model, "m-1", "the backend's own metadata");
    const trace = start.metadata.routing as {
      backend: string;
      fallbacks: number;
      attempts: { backend: string; ok: boolean; errorCode?: string }[];
    };
    assert.equal(trace.backend, "up");
    assert.equal(trace.fallbacks, 1);
    // The streaming attempt has no outcome yet: not ok, no error code.
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
      [["down", false, "PROVIDER_ERROR"], ["up", false, undefined]],
    );

    // An adapter that sends no start gets the router's, and `done` still
    // carries the complete trace.
    const bare = createRouter().register(
      "bare",
      createMockAdapter({
        chunks: [
          { type: "content", sequence: 0, delta: "a" },
          { type: "done", sequence: 1, finishReason: "stop" },
        ],
      }),
    );
    const chunks = await drain(bare.executeStream(req()));
    assert.deepEqual(types(chunks), ["start", "content", "done"]);
    assertSequences(chunks);
    const first = chunks[0] as Extract<IRStreamChunk, { type: "start" }>;
    assert.deepEqual(Object.keys(first.metadata), ["routing"]);
    assert.equal(
      (first.metadata.routing as { backend: string }).backend,
      "bare",
    );
    assert.deepEqual(
      routingOfDone(chunks).attempts.map((a) => [a.backend, a.errorCode]),
      [["bare", undefined]],
    );
    router.dispose();
    bare.dispose();
  });

  it("stream failures feed the circuit breaker", async () => {
    const clock = manualClock();
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 2,
      now: clock.now,
      defaultBackend: "bad",
    }).register("bad", createFailingAdapter()).register(
      "good",
      createEchoAdapter(),
    );
    await drain(router.executeStream(req()));
    await drain(router.executeStream(req()));
    assert.equal(router.isCircuitBreakerOpen("bad"), true);
    const chunks = await drain(router.executeStream(req()));
    assert.deepEqual(routingOfDone(chunks).attempts.map((a) => a.backend), [
      "good",
    ]);
  });

  it("measures stream latency to completion", async () => {
    const clock = manualClock();
    const slowChunks = createMockAdapter({
      latencyMs: 10,
      sleep: () => {
        clock.t += 10;
        return Promise.resolve();
      },
    });
    const router = createRouter({ now: clock.now }).register("s", slowChunks);
    await drain(router.executeStream(req()));
    assert.equal(router.getBackendStats("s")?.p50LatencyMs, 30);
  });
});

describe("executeStream: chunks of the wrong shape", () => {
  /** An adapter that yields exactly `chunks` (no renumbering, no checks). */
  function raw(chunks: readonly unknown[]): BackendAdapter {
    return {
      metadata: createEchoAdapter().metadata,
      execute: () => Promise.reject(new Error("stream only")),
      async *executeStream() {
        for (const chunk of chunks) yield chunk as IRStreamChunk;
      },
    };
  }

  for (
    const [label, bad] of [
      ["an unknown type", { type: "bogus", sequence: 0 }],
      ["a numeric content delta", { type: "content", sequence: 0, delta: 42 }],
      ["a content chunk without delta", { type: "content", sequence: 0 }],
    ] as const
  ) {
    it(`${label} before content falls back instead of reaching the consumer`, async () => {
      const router = createRouter({ defaultBackend: "bad" })
        .register(
          "bad",
          raw([{ type: "start", sequence: 0, metadata: {} }, bad]),
        )
        .register("echo", createEchoAdapter());
      const chunks = await drain(router.executeStream(req("fine")));
      assert.equal(text(chunks), "fine");
      assert.deepEqual(types(chunks), ["start", "content", "done"]);
      assert.deepEqual(
        routingOfDone(chunks).attempts.map((a) => a.errorCode ?? "ok"),
        ["INVALID_RESPONSE", "ok"],
      );
      router.dispose();
    });

    it(`${label} after content ends the stream with INVALID_RESPONSE`, async () => {
      const router = createRouter().register(
        "bad",
        raw([{ type: "content", sequence: 0, delta: "a" }, bad, {
          type: "done",
          sequence: 2,
          finishReason: "stop",
        }]),
      );
      const chunks = await drain(router.executeStream(req()));
      // The adapter sent no start: the router's own comes first.
      assert.deepEqual(types(chunks), ["start", "content", "error"]);
      const last = chunks[2] as { error: { code: string } };
      assert.equal(last.error.code, ErrorCode.INVALID_RESPONSE);
      assertSequences(chunks);
      router.dispose();
    });
  }
});
