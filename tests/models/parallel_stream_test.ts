// executeStream with fallbackStrategy "parallel": after the primary fails
// before content, every remaining available backend streams at once and the
// first to commit (or finish) wins; the losers are closed.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  type IRChatStream,
  type IRStreamChunk,
  type RouterConfig,
} from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
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
  tick,
  to,
} from "./_helpers.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

interface Trace {
  backend: string;
  fallbacks: number;
  attempts: { backend: string; ok: boolean; errorCode?: string }[];
}

function traceOfDone(chunks: IRStreamChunk[]): Trace {
  const done = chunks[chunks.length - 1];
  assert.equal(done.type, "done");
  return (done as unknown as { metadata: { routing: Trace } }).metadata
    .routing;
}

function lastError(chunks: IRStreamChunk[]) {
  const last = chunks[chunks.length - 1];
  assert.equal(
    last.type,
    "error",
    `ends with an error chunk: ${types(chunks)}`,
  );
  return (last as Extract<IRStreamChunk, { type: "error" }>).error;
}

function assertIncreasing(chunks: IRStreamChunk[]): void {
  assert.deepEqual(chunks.map((c) => c.sequence), chunks.map((_, i) => i));
}

/** Records each stream call's signal and every return() on its iterator. */
function spied(inner: BackendAdapter) {
  const log = { signals: [] as AbortSignal[], returned: 0 };
  const adapter: BackendAdapter = {
    metadata: inner.metadata,
    execute: (request, signal) => inner.execute(request, signal),
    executeStream(request: IRChatRequest, signal?: AbortSignal) {
      if (signal !== undefined) log.signals.push(signal);
      const it = inner.executeStream(request, signal);
      const wrapped = {
        next: () => it.next(),
        return: (value?: void) => {
          log.returned++;
          return it.return(value);
        },
        throw: (e: unknown) => it.throw(e),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
      return wrapped as unknown as IRChatStream;
    },
  };
  return { adapter, log };
}

const slowEcho = (ms: number) => createDelayedAdapter(createEchoAdapter(), ms);

function parallelRouter(config: RouterConfig = {}) {
  return createRouter({
    fallbackStrategy: "parallel",
    defaultBackend: "primary",
    ...config,
  }).register("primary", createFailingAdapter());
}

describe("executeStream with parallel fallback", () => {
  it("the fastest successful backend wins; the slower ones are closed", async () => {
    // The losers would answer only after a minute: the stream can end
    // within the bound only if it does not wait for them.
    const fast = spied(slowEcho(2));
    const slow = spied(slowEcho(60_000));
    const slower = spied(slowEcho(120_000));
    const router = parallelRouter()
      .register("slow", slow.adapter)
      .register("fast", fast.adapter)
      .register("slower", slower.adapter);
    const chunks = await withTimeout(
      drain(router.executeStream(req("a b c"))),
      10_000,
      "the stream waited for the losers",
    );
    assert.equal(text(chunks), "a b c");
    assertIncreasing(chunks);
    const trace = traceOfDone(chunks);
    assert.equal(trace.backend, "fast");
    // The fallback order (registration order here), not the settle order.
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
      [
        ["primary", false, "PROVIDER_ERROR"],
        ["slow", false, "ABORTED"],
        ["fast", true, undefined],
        ["slower", false, "ABORTED"],
      ],
    );
    for (const loser of [slow, slower]) {
      assert.equal(loser.log.signals.length, 1, "each racer started once");
      assert.equal(loser.log.signals[0].aborted, true, "loser aborted");
      assert.equal(loser.log.returned, 1, "loser's return() called");
    }
    assert.equal(fast.log.signals[0].aborted, false, "winner not aborted");
    router.dispose();
  });

  it("all racers start at once, before any of them answers", async () => {
    const a = spied(slowEcho(5));
    const b = spied(slowEcho(1));
    const router = parallelRouter().register("a", a.adapter).register(
      "b",
      b.adapter,
    );
    const stream = router.executeStream(req("x"));
    const first = stream.next();
    await tick(0);
    assert.equal(a.log.signals.length, 1);
    assert.equal(b.log.signals.length, 1);
    const rest = await drain(stream);
    assert.equal(((await first).value as IRStreamChunk).type, "start");
    assert.equal(traceOfDone(rest).backend, "b");
    router.dispose();
  });

  it("a backend that errors first does not win", async () => {
    const router = parallelRouter()
      .register("chunk", createFailingAdapter({ errorChunk: true }))
      .register("thrower", createFailingAdapter({ error: { plain: 1 } }))
      .register("late", slowEcho(5));
    const chunks = await drain(router.executeStream(req("ok")));
    assert.equal(text(chunks), "ok");
    const trace = traceOfDone(chunks);
    assert.equal(trace.backend, "late");
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.errorCode]),
      [
        ["primary", "PROVIDER_ERROR"],
        ["chunk", "PROVIDER_ERROR"],
        ["thrower", "UNKNOWN"],
        ["late", undefined],
      ],
    );
    router.dispose();
  });

  it("held start/metadata chunks of the winner are relayed, only the winner's", async () => {
    const loserChunks: IRStreamChunk[] = [
      { type: "start", sequence: 0, metadata: { provider: "loser" } },
      { type: "metadata", sequence: 1, metadata: { from: "loser" } },
    ];
    const router = parallelRouter({ defaultBackend: "stalls" })
      // The primary sends start and metadata, then fails: none of it is sent.
      .register(
        "stalls",
        createMockAdapter({
          chunks: [...loserChunks, {
            type: "content",
            sequence: 2,
            delta: 7,
          }] as never,
        }),
      )
      .register(
        "winner",
        createMockAdapter({
          latencyMs: 1,
          chunks: [
            { type: "start", sequence: 10, metadata: { provider: "w" } },
            { type: "metadata", sequence: 11, usage: { inputTokens: 1 } },
            { type: "content", sequence: 12, delta: "he" },
            {
              type: "tool_use",
              sequence: 13,
              toolCall: { id: "t", name: "f", arguments: {} },
            },
            { type: "content", sequence: 14, delta: "llo" },
            { type: "done", sequence: 15, finishReason: "stop" },
          ] as never,
        }),
      )
      .register("hangs", createHangingAdapter());
    const chunks = await drain(router.executeStream(req()));
    assert.deepEqual(types(chunks), [
      "start",
      "metadata",
      "content",
      "tool_use",
      "content",
      "done",
    ]);
    // The winner's own start, with the routing trace the router adds.
    const start = chunks[0] as Extract<IRStreamChunk, { type: "start" }>;
    assert.deepEqual(Object.keys(start.metadata).sort(), [
      "provider",
      "routing",
    ]);
    assert.equal(start.metadata.provider, "w");
    assert.equal((start.metadata.routing as Trace).backend, "winner");
    assert.equal(text(chunks), "hello");
    assertIncreasing(chunks);
    assert.equal(traceOfDone(chunks).backend, "winner");
    router.dispose();
  });

  it("a complete stream without content (start, done) wins too", async () => {
    const slow = spied(slowEcho(300));
    const router = parallelRouter()
      .register("slow", slow.adapter)
      .register(
        "empty",
        createMockAdapter({
          latencyMs: 1,
          chunks: [
            { type: "start", sequence: 0, metadata: {} },
            { type: "done", sequence: 1, finishReason: "stop" },
          ],
        }),
      );
    const chunks = await drain(router.executeStream(req()));
    assert.deepEqual(types(chunks), ["start", "done"]);
    assertIncreasing(chunks);
    assert.equal(traceOfDone(chunks).backend, "empty");
    assert.equal(slow.log.signals[0].aborted, true);
    assert.equal(slow.log.returned, 1);
    router.dispose();
  });

  it("all fail → ALL_BACKENDS_FAILED listing every backend in attempt order", async () => {
    const router = parallelRouter()
      // Settles last, listed first: the order is the fallback order.
      .register(
        "late",
        createDelayedAdapter(createFailingAdapter({ errorChunk: true }), 5),
      )
      .register("thrower", createFailingAdapter({ error: "boom" }))
      .register(
        "malformed",
        createMockAdapter({ chunks: [{ type: "nope", sequence: 0 }] as never }),
      )
      .register(
        "endsEarly",
        createMockAdapter({
          chunks: [{ type: "start", sequence: 0, metadata: {} }],
        }),
      );
    const chunks = await drain(router.executeStream(req()));
    assert.equal(chunks.length, 1, "nothing before the error chunk");
    assert.equal(chunks[0].sequence, 0);
    const error = lastError(chunks);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    const named = ["primary", "late", "thrower", "malformed", "endsEarly"];
    const positions = named.map((n) => error.message.indexOf(`${n} (`));
    assert.ok(positions.every((p) => p >= 0), error.message);
    assert.deepEqual(positions, [...positions].sort((x, y) => x - y));
    assert.match(error.message, /malformed \(INVALID_RESPONSE/);
    assert.match(error.message, /endsEarly \(INVALID_RESPONSE/);
    const stats = router.getStats();
    assert.equal(stats.failedRequests, 1);
    assert.equal(stats.totalFallbacks, 4);
    for (const name of named) {
      assert.equal(stats.backendStats[name].failedRequests, 1, name);
    }
    router.dispose();
  });

  it("the caller's abort mid-race ends the stream and every racer", async () => {
    const listening = spied(createHangingAdapter());
    const deaf = spied(createHangingAdapter({ ignoreAbort: true }));
    const slow = spied(slowEcho(1_000));
    const router = parallelRouter()
      .register("listening", listening.adapter)
      .register("deaf", deaf.adapter)
      .register("slow", slow.adapter);
    const controller = new AbortController();
    const result = drain(router.executeStream(req(), controller.signal));
    await waitUntil(
      () => [listening, deaf, slow].every((r) => r.log.signals.length === 1),
      "not every racer started",
    );
    controller.abort();
    const chunks = await result;
    assert.equal(chunks.length, 1);
    assert.equal(lastError(chunks).code, ErrorCode.ABORTED);
    for (const racer of [listening, deaf, slow]) {
      assert.equal(racer.log.signals[0].aborted, true);
      assert.equal(racer.log.returned, 1);
    }
    const stats = router.getStats();
    assert.equal(stats.failedRequests, 1);
    for (const name of ["listening", "deaf", "slow"]) {
      assert.equal(
        stats.backendStats[name].totalRequests,
        0,
        `an abort is not ${name}'s failure`,
      );
    }
    router.dispose();
  });

  it("dispose() mid-race ends the stream with nothing pending", async () => {
    const deaf = spied(createHangingAdapter({ ignoreAbort: true }));
    const slow = spied(slowEcho(1_000));
    const router = parallelRouter()
      .register("deaf", deaf.adapter)
      .register("slow", slow.adapter);
    const result = drain(router.executeStream(req()));
    await waitUntil(
      () => deaf.log.signals.length === 1 && slow.log.signals.length === 1,
      "not every racer started",
    );
    router.dispose();
    const chunks = await result;
    const error = lastError(chunks);
    assert.equal(error.code, ErrorCode.ABORTED);
    assert.match(error.message, /disposed/);
    assert.equal(deaf.log.signals[0].aborted, true);
    assert.equal(slow.log.signals[0].aborted, true);
    assert.equal(slow.log.returned, 1);
  });

  it("the caller's abort after the winner committed ends with ABORTED", async () => {
    const router = parallelRouter().register(
      "trickle",
      createMockAdapter({
        latencyMs: 2,
        chunks: [
          { type: "content", sequence: 0, delta: "a" },
          { type: "content", sequence: 1, delta: "b" },
          { type: "content", sequence: 2, delta: "c" },
          { type: "done", sequence: 3, finishReason: "stop" },
        ],
      }),
    ).register("hangs", createHangingAdapter());
    const controller = new AbortController();
    const chunks: IRStreamChunk[] = [];
    for await (const chunk of router.executeStream(req(), controller.signal)) {
      chunks.push(chunk);
      if (chunk.type === "content") controller.abort();
    }
    // The adapter sent no start: the router's own comes first.
    assert.deepEqual(types(chunks), ["start", "content", "error"]);
    assertIncreasing(chunks);
    assert.equal(lastError(chunks).code, ErrorCode.ABORTED);
    router.dispose();
  });

  it("a winner failing after content ends the stream with its error, no second race", async () => {
    const router = parallelRouter()
      .register("breaks", createFailingAdapter({ failAfterChunks: 1 }))
      .register("later", slowEcho(20));
    const chunks = await drain(router.executeStream(req()));
    assert.deepEqual(types(chunks), ["start", "content", "error"]);
    assertIncreasing(chunks);
    assert.equal(lastError(chunks).code, ErrorCode.PROVIDER_ERROR);
    const stats = router.getStats();
    assert.equal(stats.backendStats.breaks.failedRequests, 1);
    assert.equal(stats.backendStats.later.totalRequests, 0, "cancelled");
    router.dispose();
  });

  it("stats, totalFallbacks and breakers count like execute's parallel fallback", async () => {
    const clock = manualClock();
    const router = parallelRouter({
      now: clock.now,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
    })
      .register("bad", createFailingAdapter({ errorChunk: true }))
      .register("fast", slowEcho(1))
      .register("slow", slowEcho(300));
    const chunks = await drain(router.executeStream(req()));
    assert.equal(traceOfDone(chunks).backend, "fast");
    assert.equal(traceOfDone(chunks).fallbacks, 3);
    const stats = router.getStats();
    assert.equal(stats.totalRequests, 1);
    assert.equal(stats.successfulRequests, 1);
    assert.equal(stats.totalFallbacks, 3);
    const b = stats.backendStats;
    assert.deepEqual(
      [b.primary, b.bad, b.fast, b.slow].map((s) => [
        s.successfulRequests,
        s.failedRequests,
      ]),
      [[0, 1], [0, 1], [1, 0], [0, 0]],
    );
    assert.equal(router.isCircuitBreakerOpen("primary"), true);
    assert.equal(router.isCircuitBreakerOpen("bad"), true);
    assert.equal(
      router.isCircuitBreakerOpen("slow"),
      false,
      "loser not blamed",
    );

    // Open backends are not raced; the named primary's open breaker sends
    // the stream straight to the race.
    const again = await drain(router.executeStream(to("primary")));
    assert.deepEqual(
      traceOfDone(again).attempts.map((a) => a.backend),
      ["fast", "slow"],
    );
    assert.equal(router.getStats().totalFallbacks, 5);
    router.dispose();
  });

  it("a half-open backend admits one probe across concurrent races", async () => {
    const clock = manualClock();
    const probe = spied(slowEcho(300));
    const router = parallelRouter({ now: clock.now })
      .register("probe", probe.adapter)
      .register("fast", slowEcho(2));
    router.openCircuitBreaker("probe", 10);
    clock.t += 10;
    const [one, two] = await Promise.all([
      drain(router.executeStream(req())),
      drain(router.executeStream(req())),
    ]);
    assert.equal(probe.log.signals.length, 1, "one probe only");
    const raced = [one, two].map((c) =>
      traceOfDone(c).attempts.map((a) => a.backend)
    );
    assert.deepEqual(
      raced.sort(),
      [
        ["primary", "fast"],
        ["primary", "probe", "fast"],
      ].sort(),
    );
    // The cancelled probe was not a failure: the breaker admits a new one.
    assert.equal(router.isCircuitBreakerOpen("probe"), false);
    assert.equal(
      router.getBackendInfo("probe")?.circuitBreakerState,
      "half-open",
    );
    router.dispose();
  });

  it("sequence stays strictly increasing across many concurrent races", async () => {
    const router = parallelRouter()
      .register("chunk", createFailingAdapter({ errorChunk: true }))
      .register("a", slowEcho(1))
      .register("b", slowEcho(2));
    const all = await Promise.all(
      Array.from(
        { length: 50 },
        (_, i) => drain(router.executeStream(req(`m ${i}`))),
      ),
    );
    all.forEach((chunks, i) => {
      assertIncreasing(chunks);
      assert.equal(text(chunks), `m ${i}`);
    });
    const stats = router.getStats();
    assert.equal(stats.successfulRequests, 50);
    assert.equal(stats.totalFallbacks, 150);
    const b = stats.backendStats;
    assert.equal(b.a.successfulRequests + b.b.successfulRequests, 50);
    assert.equal(b.chunk.failedRequests, 50);
    router.dispose();
  });
});
