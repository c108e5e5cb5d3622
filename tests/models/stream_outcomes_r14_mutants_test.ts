// Stream outcomes the suite did not read, found by bugs planted by hand in
// the thirteenth mutation round (streaming/stream.ts):
// - a stream that fails after its first content by an in-band `error` chunk
//   or a malformed chunk counts as its backend's failure (statistics and
//   breaker), as a thrown failure does: the tests before checked the thrown
//   one's count only, so a failure recorded as the consumer's abort went
//   unseen;
// - a client error among a parallel fallback race's failures ends the
//   stream with that error, as execute() ends with it, instead of
//   ALL_BACKENDS_FAILED.
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
import { drain, req, streamTypes } from "./_helpers.ts";

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
