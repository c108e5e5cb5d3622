// Model-router edges the eighth mutation round showed unguarded: a backend
// called with a signal that is already aborted (the caller's abort landing
// while the parallel fallback starts its streams; dispose() from inside a
// backend's own call). The fleet edges of the same round are in
// fleet_link_fresh_mutants_test.ts.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatResponse,
  type IRStreamChunk,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { drain, req } from "./_helpers.ts";

/**
 * A backend that refuses an aborted signal at once, as clients that call
 * `signal.throwIfAborted()` before sending do, and otherwise never answers.
 */
function checksSignal(): BackendAdapter & { calls: number } {
  const adapter = {
    calls: 0,
    metadata: {
      name: "checks",
      provider: "testing",
      version: "1",
      capabilities: { streaming: true },
    },
    execute(_request: unknown, signal?: AbortSignal): Promise<IRChatResponse> {
      adapter.calls++;
      signal?.throwIfAborted();
      return new Promise<IRChatResponse>(() => {});
    },
    executeStream(
      _request: unknown,
      signal?: AbortSignal,
    ): AsyncIterableIterator<IRStreamChunk> {
      adapter.calls++;
      signal?.throwIfAborted();
      return (async function* () {
        yield await new Promise<IRStreamChunk>(() => {});
      })();
    },
  };
  return adapter as unknown as BackendAdapter & { calls: number };
}

Deno.test("executeStream: a caller's abort that lands while the parallel fallback starts its streams is an abort, not a failure of the racer that refused the aborted signal", async () => {
  const controller = new AbortController();
  const refusing = checksSignal();
  // The first racer's call is where the caller's abort lands: the racers
  // after it are started with their signal already aborted.
  const aborting = {
    metadata: {
      name: "aborting",
      provider: "testing",
      version: "1",
      capabilities: { streaming: true },
    },
    execute: () => new Promise<IRChatResponse>(() => {}),
    executeStream(_request: unknown, signal?: AbortSignal) {
      controller.abort(new Error("user went away"));
      return (async function* () {
        signal?.throwIfAborted();
        yield await new Promise<IRStreamChunk>(() => {});
      })();
    },
  } as unknown as BackendAdapter;
  const router = createRouter({
    fallbackStrategy: "parallel",
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
  })
    .register("a", createFailingAdapter())
    .register("b", aborting)
    .register("c", refusing);
  const out = await withTimeout(
    drain(router.executeStream(req(), controller.signal)),
    5_000,
    "the stream ended",
  );
  assert.equal(refusing.calls, 1, "the last racer was started");
  const last = out.at(-1)!;
  assert.equal(last.type === "error" && last.error.code, ErrorCode.ABORTED);
  // The caller's abort says nothing about "c": no failure, and its
  // one-failure breaker stays closed. "a" did fail before it.
  assert.equal(router.getBackendStats("c")!.failedRequests, 0);
  assert.equal(router.isCircuitBreakerOpen("c"), false);
  assert.equal(router.getBackendStats("a")!.failedRequests, 1);
  router.dispose();
});

Deno.test("execute: dispose() from inside a backend's call (a shutdown the call itself starts) rejects that call at once, though the backend never answers", async () => {
  const signals: (AbortSignal | undefined)[] = [];
  const router = createRouter();
  const backend: BackendAdapter = {
    metadata: {
      name: "deaf",
      provider: "testing",
      version: "1",
      capabilities: { streaming: true },
    },
    execute(_request, signal): Promise<IRChatResponse> {
      signals.push(signal);
      router.dispose();
      return new Promise(() => {});
    },
    async *executeStream() {},
  };
  router.register("deaf", backend);
  const error = await withTimeout(
    router.execute(req()).then(
      () => assert.fail("a disposed Router answered"),
      (e: unknown) => e,
    ),
    5_000,
    "the call settled after dispose()",
  );
  assert.equal(signals.length, 1);
  assert.equal(signals[0]?.aborted, true);
  assert.ok(error instanceof RouterError, String(error));
  assert.equal(error.code, ErrorCode.ABORTED);
  assert.match(error.message, /router disposed/i);
  assert.deepEqual(error.attemptedBackends, ["deaf"]);
});

Deno.test("executeStream: a backend whose executeStream returns something that is not an iterator (an object without next, an array, a number) fails with INVALID_RESPONSE naming it, and the stream falls back", async () => {
  for (const returned of [{}, [], 42, undefined]) {
    const router = createRouter()
      .register("odd", {
        metadata: { name: "odd", provider: "testing", capabilities: {} },
        execute: () => new Promise<IRChatResponse>(() => {}),
        executeStream: () => returned,
      } as unknown as BackendAdapter)
      .register("backup", createEchoAdapter());
    const what = JSON.stringify(returned) ?? "undefined";
    const chunks = await withTimeout(
      drain(router.executeStream(req("fine"))),
      5_000,
      "the stream ended",
    );
    const done = chunks.at(-1)!;
    assert.equal(done.type, "done", what);
    const routing = (done.metadata as {
      routing: {
        backend: string;
        attempts: { backend: string; errorCode?: string }[];
      };
    }).routing;
    assert.equal(routing.backend, "backup", what);
    assert.equal(routing.attempts[0].backend, "odd", what);
    assert.equal(routing.attempts[0].errorCode, "INVALID_RESPONSE", what);
    router.dispose();
  }
});
