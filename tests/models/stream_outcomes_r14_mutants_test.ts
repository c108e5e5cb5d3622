// Stream outcomes the suite did not read, found by bugs planted by hand in
// the thirteenth mutation round (streaming/stream.ts):
// - a stream that fails after its first content by an in-band `error` chunk
//   or a malformed chunk counts as its backend's failure (statistics and
//   breaker), as a thrown failure does: the tests before checked the thrown
//   one's count only, so a failure recorded as the consumer's abort went
//   unseen;
// - a client error among a parallel fallback race's failures ends the
//   stream with that error, as execute() ends with it, instead of
//   ALL_BACKENDS_FAILED;
// - a consumer that stops early releases the backend's generator, and a
//   generator whose cleanup throws (its `return()` rejects) is let go
//   quietly: an unhandled rejection would end a Deno or Node process.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRStreamChunk,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { drain, req, streamTypes, tick } from "./_helpers.ts";

/** A backend that streams `chunks` as given, malformed ones included. */
function scripted(chunks: readonly unknown[]): BackendAdapter {
  return {
    ...createEchoAdapter(),
    async *executeStream() {
      for (const chunk of chunks) yield chunk as IRStreamChunk;
    },
  };
}

Deno.test("a stream failing after content by an error chunk or a malformed chunk counts against its backend: statistics and breaker", async () => {
  const failing: [string, BackendAdapter][] = [
    [
      "error chunk",
      createFailingAdapter({ failAfterChunks: 1, errorChunk: true }),
    ],
    [
      "malformed chunk",
      scripted([
        { type: "content", sequence: 0, delta: "a" },
        { type: "content", sequence: 1, delta: 42 },
      ]),
    ],
    [
      "no done chunk",
      scripted([{ type: "content", sequence: 0, delta: "a" }]),
    ],
  ];
  for (const [label, adapter] of failing) {
    const backup = createEchoAdapter();
    const router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
    }).register("mid", adapter).register("backup", backup);
    try {
      const chunks = await withTimeout(
        drain(router.executeStream(req())),
        5_000,
        label,
      );
      assert.deepEqual(
        streamTypes(chunks),
        ["start", "content", "error"],
        label,
      );
      assert.equal(backup.calls.length, 0, label);
      const stats = router.getBackendStats("mid");
      assert.deepEqual(
        [stats?.successfulRequests, stats?.failedRequests],
        [0, 1],
        label,
      );
      assert.equal(router.isCircuitBreakerOpen("mid"), true, label);
      assert.equal(router.getStats().failedRequests, 1, label);
    } finally {
      router.dispose();
    }
  }
});

Deno.test("parallel fallback: a client error among the race's failures ends the stream with it, as execute() ends", async () => {
  const refused = new AdapterError({
    code: ErrorCode.INVALID_REQUEST,
    message: "max_tokens is too large",
    statusCode: 400,
  });
  const build = () =>
    createRouter({ fallbackStrategy: "parallel" })
      .register("first", createFailingAdapter({ error: { status: 503 } }))
      .register("busy", createFailingAdapter({ error: { status: 503 } }))
      .register("strict", createFailingAdapter({ error: refused }));
  const calls = build();
  try {
    const error = await calls.execute(req()).catch((e) => e);
    assert.ok(error instanceof AdapterError);
    assert.ok(!(error instanceof RouterError), String(error));
    assert.equal(error.code, ErrorCode.INVALID_REQUEST);
  } finally {
    calls.dispose();
  }
  const streams = build();
  try {
    const chunks = await withTimeout(
      drain(streams.executeStream(req())),
      5_000,
      "stream",
    );
    const last = chunks.at(-1);
    assert.equal(last?.type, "error");
    assert.equal(
      last?.type === "error" && last.error.code,
      ErrorCode.INVALID_REQUEST,
    );
    assert.equal(last?.type === "error" && last.error.status, 400);
  } finally {
    streams.dispose();
  }
});

Deno.test("a consumer that stops early: a backend generator whose cleanup throws is released, its rejection let go quietly", async () => {
  let cleaned = false;
  const messy: BackendAdapter = {
    ...createEchoAdapter(),
    async *executeStream() {
      try {
        yield { type: "content", sequence: 0, delta: "a" };
        yield { type: "content", sequence: 1, delta: "b" };
        yield { type: "done", sequence: 2, finishReason: "stop" };
      } finally {
        cleaned = true;
        // deno-lint-ignore no-unsafe-finally
        throw new Error("cleanup failed");
      }
    },
  };
  const router = createRouter().register("messy", messy);
  try {
    const seen: string[] = [];
    for await (const chunk of router.executeStream(req())) {
      seen.push(chunk.type);
      if (chunk.type === "content") break;
    }
    assert.deepEqual(seen, ["start", "content"]);
    for (let i = 0; i < 50 && !cleaned; i++) await tick();
    assert.equal(cleaned, true, "the generator was returned");
    // The return() rejection has landed, with a handler or as an
    // unhandled rejection that fails this test.
    await tick();
    await tick();
  } finally {
    router.dispose();
  }
});
