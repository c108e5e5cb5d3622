// dispose() settles every call in flight — execute, executeStream,
// dispatchParallel and health probes — even against adapters that ignore
// their abort signal, and aborts the signal the adapters were given.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatResponse,
  type IRStreamChunk,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createHangingAdapter,
} from "../../src/models/testing.ts";
import { req, tick } from "./_helpers.ts";

/** An adapter that never settles and remembers the signals it was given. */
function deafAdapter(): BackendAdapter & {
  signals: (AbortSignal | undefined)[];
} {
  const signals: (AbortSignal | undefined)[] = [];
  return {
    signals,
    metadata: {
      name: "deaf",
      provider: "testing",
      version: "1",
      capabilities: { streaming: true },
    },
    execute(_request, signal): Promise<IRChatResponse> {
      signals.push(signal);
      return new Promise(() => {});
    },
    async *executeStream(_request, signal) {
      signals.push(signal);
      yield await new Promise<IRStreamChunk>(() => {});
    },
  };
}

async function collect(
  stream: AsyncIterable<IRStreamChunk>,
): Promise<IRStreamChunk[]> {
  const chunks: IRStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

function assertDisposed(error: unknown): true {
  assert.ok(error instanceof AdapterError);
  assert.equal(error.code, ErrorCode.ABORTED);
  assert.match(error.message, /router disposed/i);
  return true;
}

describe("dispose() settles calls in flight", () => {
  it("rejects an execute without a caller signal whose adapter never settles", async () => {
    const adapter = deafAdapter();
    const router = createRouter().register("deaf", adapter);
    const pending = router.execute(req());
    await tick();
    router.dispose();
    await assert.rejects(pending, (e) => {
      assert.ok(e instanceof RouterError);
      assert.deepEqual(e.attemptedBackends, ["deaf"]);
      return assertDisposed(e);
    });
    // The adapter was handed a signal, and dispose() aborted it.
    assert.equal(adapter.signals.length, 1);
    assert.equal(adapter.signals[0]?.aborted, true);
    const stats = router.getStats();
    assert.equal(stats.totalRequests, 1);
    assert.equal(stats.failedRequests, 1);
  });

  it("rejects an execute with a caller signal, leaving the caller's signal alone", async () => {
    const router = createRouter().register(
      "hang",
      createHangingAdapter({ ignoreAbort: true }),
    );
    const controller = new AbortController();
    const pending = router.execute(req(), controller.signal);
    await tick();
    router.dispose();
    await assert.rejects(pending, assertDisposed);
    assert.equal(controller.signal.aborted, false);
  });

  it("aborts the signal an adapter got for a call with a caller signal; finished calls are let go", async () => {
    const adapter = deafAdapter();
    const router = createRouter().register("deaf", adapter);
    const caller = new AbortController();
    // Calls that finish (the caller aborts them) leave nothing for dispose.
    for (let i = 0; i < 3; i++) {
      const done = new AbortController();
      const call = router.execute(req(), done.signal);
      await tick();
      done.abort();
      await assert.rejects(call);
    }
    const pending = router.execute(req(), caller.signal);
    await tick();
    router.dispose();
    await assert.rejects(pending, assertDisposed);
    const last = adapter.signals.at(-1);
    assert.equal(adapter.signals.length, 4);
    assert.equal(last?.aborted, true);
    assert.equal(caller.signal.aborted, false);
    // The earlier calls' signals were aborted by their own callers.
    for (const signal of adapter.signals.slice(0, 3)) {
      assert.equal(signal?.aborted, true);
    }
  });

  it("lets go of calls that answered: neither the caller's later abort nor dispose() reaches their adapter's signal", async () => {
    const echo = createEchoAdapter();
    const signals: (AbortSignal | undefined)[] = [];
    const adapter: BackendAdapter = {
      metadata: echo.metadata,
      execute(request, signal) {
        signals.push(signal);
        return echo.execute(request, signal);
      },
      executeStream: (request, signal) => echo.executeStream(request, signal),
    };
    const router = createRouter().register("echo", adapter);
    const first = new AbortController();
    const second = new AbortController();
    assert.equal(
      (await router.execute(req("a"), first.signal)).message.content,
      "a",
    );
    assert.equal(
      (await router.execute(req("b"), second.signal)).message.content,
      "b",
    );
    first.abort();
    router.dispose();
    assert.equal(signals.length, 2);
    assert.equal(
      signals[0]?.aborted,
      false,
      "the caller's abort after the answer",
    );
    assert.equal(signals[1]?.aborted, false, "dispose() after the answer");
  });

  it("lets an adapter that honours its signal end the call itself", async () => {
    const hanging = createHangingAdapter();
    const router = createRouter().register("hang", hanging);
    const pending = router.execute(req());
    await tick();
    router.dispose();
    await assert.rejects(pending, assertDisposed);
  });

  it("stops fallback: the next backend is not called after dispose()", async () => {
    const echo = createEchoAdapter();
    const router = createRouter()
      .register("deaf", deafAdapter())
      .register("echo", echo);
    const pending = router.execute(req());
    await tick();
    router.dispose();
    await assert.rejects(pending, assertDisposed);
    assert.equal(echo.calls.length, 0);
  });

  it("ends an executeStream whose adapter never yields with an ABORTED error chunk", async () => {
    const adapter = deafAdapter();
    const router = createRouter().register("deaf", adapter);
    const chunks = collect(router.executeStream(req()));
    await tick();
    router.dispose();
    const got = await chunks;
    assert.equal(got.length, 1);
    const last = got[0];
    assert.equal(last.type, "error");
    if (last.type !== "error") return;
    assert.equal(last.error.code, ErrorCode.ABORTED);
    assert.match(last.error.message, /router disposed/i);
    assert.equal(adapter.signals[0]?.aborted, true);
    assert.equal(router.getStats().failedRequests, 1);
  });

  it("ends a stream with a caller signal too", async () => {
    const router = createRouter().register(
      "hang",
      createHangingAdapter({ ignoreAbort: true }),
    );
    const controller = new AbortController();
    const chunks = collect(router.executeStream(req(), controller.signal));
    await tick();
    router.dispose();
    const got = await chunks;
    assert.equal(got.at(-1)?.type, "error");
    assert.equal(controller.signal.aborted, false);
  });

  it("rejects a dispatchParallel whose adapters ignore their signal", async () => {
    const router = createRouter()
      .register("a", createHangingAdapter({ ignoreAbort: true }))
      .register("b", createHangingAdapter({ ignoreAbort: true }));
    const pending = router.dispatchParallel(req(), { strategy: "all" });
    await tick();
    router.dispose();
    await assert.rejects(pending, assertDisposed);
  });

  it("aborts the losers a dispatch left running (cancelOnFirstSuccess: false)", async () => {
    const loser = deafAdapter();
    const router = createRouter()
      .register("fast", createEchoAdapter())
      .register("deaf", loser);
    const result = await router.dispatchParallel(req(), {
      cancelOnFirstSuccess: false,
    });
    assert.deepEqual(result.successfulBackends, ["fast"]);
    assert.equal(loser.signals[0]?.aborted, false);
    router.dispose();
    assert.equal(loser.signals[0]?.aborted, true);
  });

  it("settles a health probe that ignores its signal as unhealthy", async () => {
    const router = createRouter({ healthCheckTimeout: Infinity }).register(
      "hang",
      createHangingAdapter({ ignoreAbort: true }),
    );
    const pending = router.checkHealth("hang");
    await tick();
    router.dispose();
    assert.equal(await pending, false);
  });

  it("keeps the documented behaviour for calls after dispose()", async () => {
    const router = createRouter().register("echo", createEchoAdapter());
    router.dispose();
    await assert.rejects(
      router.execute(req()),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.NO_BACKEND_AVAILABLE,
    );
    const chunks = await collect(router.executeStream(req()));
    assert.equal(chunks.length, 1);
    const only = chunks[0];
    assert.equal(
      only.type === "error" && only.error.code,
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
    await assert.rejects(
      router.dispatchParallel(req()),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.NO_BACKEND_AVAILABLE,
    );
    assert.throws(
      () => router.register("x", createEchoAdapter()),
      (e) => e instanceof AdapterError && e.code === ErrorCode.ROUTING_FAILED,
    );
  });

  it("settles a thousand concurrent deaf calls at once", async () => {
    const router = createRouter().register("deaf", deafAdapter());
    const calls = Array.from({ length: 1000 }, () => router.execute(req()));
    await tick();
    router.dispose();
    const settled = await Promise.allSettled(calls);
    assert.equal(settled.filter((s) => s.status === "rejected").length, 1000);
    assert.equal(router.getStats().failedRequests, 1000);
  });
});
