// Retry edges (issue 20): a Retry-After longer than retryMaxDelay falls back
// instead of waiting (README "Resilience", RouterConfig.retryMaxDelay), at
// the first attempt and at a retry, in execute() and in streams (which never
// retry, but cool the backend); the backoff's cap, a zero Retry-After,
// retries of a fallback backend, a client error met at a retry, and a retry
// the breaker refuses. Every wait runs on a fake clock.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  type IRChatResponse,
  type RouterConfig,
  type RoutingTrace,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
  createHangingAdapter,
} from "../../src/models/testing.ts";
import { drain, reply, req, streamText } from "./_helpers.ts";
import { FakeTime } from "./_fake_time.ts";

function routerWith(time: FakeTime, config: RouterConfig = {}) {
  return createRouter({
    now: time.now,
    timers: time.timers,
    random: () => 0,
    ...config,
  });
}

const rateLimited = (retryAfter: number) =>
  new AdapterError({
    code: ErrorCode.RATE_LIMITED,
    statusCode: 429,
    message: "429 Too Many Requests",
    retryAfter,
  });

const unavailable = () =>
  new AdapterError({
    code: ErrorCode.PROVIDER_ERROR,
    statusCode: 503,
    message: "503 Service Unavailable",
  });

/**
 * An adapter whose calls, execute and stream alike, fail with the scripted
 * errors in turn, then answer.
 */
function scripted(errors: readonly unknown[]): BackendAdapter & {
  calls: number;
} {
  const echo = createEchoAdapter();
  const adapter = {
    calls: 0,
    metadata: echo.metadata,
    execute(request: IRChatRequest) {
      const error = errors[adapter.calls++];
      return error === undefined
        ? echo.execute(request)
        : Promise.reject(error);
    },
    executeStream(request: IRChatRequest) {
      const error = errors[adapter.calls++];
      if (error === undefined) return echo.executeStream(request);
      return (async function* () {
        yield* [];
        throw error;
      })();
    },
  };
  return adapter;
}

/** The routing trace of a response. */
function routingOf(response: IRChatResponse): RoutingTrace {
  return response.metadata.routing as RoutingTrace;
}

/** The routing trace of a stream's done chunk. */
function traceOfStream(chunks: Awaited<ReturnType<typeof drain>>) {
  const done = chunks.at(-1)!;
  assert.ok(done.type === "done", JSON.stringify(done));
  return done.metadata?.routing as RoutingTrace;
}

describe("a Retry-After longer than retryMaxDelay", () => {
  it("at the first attempt: falls back at once, without a wait or a retry", async () => {
    const time = new FakeTime();
    const limited = createFailingAdapter({ error: rateLimited(1_001) });
    const router = routerWith(time, { maxRetries: 2, retryMaxDelay: 1_000 })
      .register("a", limited).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req("x")));
    const trace = routingOf(response);
    assert.equal(trace.backend, "b");
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.errorCode]),
      [["a", "RATE_LIMITED"], ["b", undefined]],
    );
    assert.equal(limited.calls.length, 1, "not retried");
    assert.deepEqual(time.delays, [], "no wait at all");
    assert.equal(router.getStats().totalRetries, 0);
    router.dispose();
  });

  it("exactly retryMaxDelay is waited, then the same backend is retried", async () => {
    const time = new FakeTime();
    const limited = scripted([rateLimited(1_000)]);
    const router = routerWith(time, { maxRetries: 2, retryMaxDelay: 1_000 })
      .register("a", limited).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req("x")));
    assert.equal(routingOf(response).backend, "a");
    assert.deepEqual(time.delays, [1_000]);
    assert.deepEqual(
      routingOf(response).attempts.map((a) => [a.ok, a.retry]),
      [[false, undefined], [true, 1]],
    );
    router.dispose();
  });

  it("at the second attempt: the retry's longer Retry-After falls back", async () => {
    const time = new FakeTime();
    const limited = scripted([rateLimited(100), rateLimited(5_000)]);
    const router = routerWith(time, { maxRetries: 3, retryMaxDelay: 1_000 })
      .register("a", limited).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req("x")));
    const trace = routingOf(response);
    assert.equal(trace.backend, "b");
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.retry]),
      [["a", undefined], ["a", 1], ["b", undefined]],
    );
    assert.equal(limited.calls, 2);
    assert.deepEqual(time.delays, [100], "the short wait only");
    assert.equal(router.getStats().totalRetries, 1);
    // The long Retry-After still cools "a" for its length.
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "open");
    router.dispose();
  });

  it("streamed: falls back at once and cools the backend for the whole Retry-After", async () => {
    const time = new FakeTime();
    const limited = scripted([rateLimited(5_000)]);
    const router = routerWith(time, { maxRetries: 2, retryMaxDelay: 1_000 })
      .register("a", limited).register("b", createEchoAdapter());
    const chunks = await time.settle(drain(router.executeStream(req("abc"))));
    assert.equal(streamText(chunks), "abc");
    assert.deepEqual(
      traceOfStream(chunks).attempts.map((a) => [a.backend, a.errorCode]),
      [["a", "RATE_LIMITED"], ["b", undefined]],
    );
    assert.deepEqual(time.delays, [], "a stream never waits to retry");
    // The second stream skips the cooling backend, until its wait is over.
    const second = await time.settle(drain(router.executeStream(req("d"))));
    assert.equal(traceOfStream(second).backend, "b");
    assert.equal(limited.calls, 1);
    time.t += 5_000;
    const third = await time.settle(drain(router.executeStream(req("e"))));
    assert.equal(traceOfStream(third).backend, "a");
    router.dispose();
  });

  it("streamed: a rate limit reported as an error chunk cools the backend like a thrown one", async () => {
    // A backend that is itself a Router (or any adapter that reports
    // failures in-band) ends its stream with an error chunk, not a throw.
    const time = new FakeTime();
    const echo = createEchoAdapter();
    let calls = 0;
    const inBand: BackendAdapter = {
      metadata: echo.metadata,
      execute: (request) => echo.execute(request),
      async *executeStream(request) {
        if (calls++ > 0) {
          yield* echo.executeStream(request);
          return;
        }
        yield {
          type: "error",
          sequence: 0,
          error: {
            code: ErrorCode.RATE_LIMITED,
            message: "429 Too Many Requests",
            retryable: true,
            retryAfter: 5_000,
          },
        };
      },
    };
    const router = routerWith(time).register("a", inBand)
      .register("b", createEchoAdapter());
    const first = await time.settle(drain(router.executeStream(req("x"))));
    assert.equal(traceOfStream(first).backend, "b");
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "open");
    const second = await time.settle(drain(router.executeStream(req("y"))));
    assert.equal(traceOfStream(second).backend, "b");
    assert.equal(calls, 1, "skipped while it cools");
    time.t += 5_000;
    const third = await time.settle(drain(router.executeStream(req("z"))));
    assert.equal(traceOfStream(third).backend, "a");
    router.dispose();
  });

  it("streamed, every backend: the next request learns when the first is back", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { retryMaxDelay: 1_000 })
      .register("a", scripted([rateLimited(5_000)]))
      .register("b", scripted([rateLimited(3_000)]));
    const first = (await time.settle(drain(router.executeStream(req())))).at(
      -1,
    )!;
    assert.equal(first.type, "error");
    assert.equal(
      first.type === "error" && first.error.code,
      ErrorCode.ALL_BACKENDS_FAILED,
    );
    const second = (await time.settle(drain(router.executeStream(req())))).at(
      -1,
    )!;
    assert.ok(second.type === "error");
    assert.equal(second.error.code, ErrorCode.NO_BACKEND_AVAILABLE);
    assert.equal(second.error.retryAfter, 3_000);
    assert.deepEqual(time.delays, []);
    router.dispose();
  });
});

describe("backoff edges", () => {
  it("a Retry-After of 0 retries at once, not after the backoff", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { maxRetries: 1, retryBaseDelay: 500 })
      .register("a", scripted([rateLimited(0)]));
    const response = await time.settle(router.execute(req()));
    assert.equal(routingOf(response).attempts.length, 2);
    assert.deepEqual(time.delays, [0]);
    router.dispose();
  });

  it("a 429 with Retry-After 0 does not cool the backend: it stays closed for everyone", async () => {
    const time = new FakeTime();
    const router = routerWith(time)
      .register("a", createFailingAdapter({ error: rateLimited(0) }))
      .register("b", createEchoAdapter());
    assert.equal(routingOf(await router.execute(req())).backend, "b");
    assert.equal(router.getBackendInfo("a")!.circuitBreakerState, "closed");
    router.dispose();
  });

  it("past the deadline no fallback backend starts", async () => {
    const time = new FakeTime();
    const backup = createEchoAdapter();
    const router = routerWith(time)
      .register("slow", createHangingAdapter())
      .register("b", backup);
    // The first attempt's timer is cut to the 2 s deadline and fires at it.
    const error = await time.settle(
      router.execute(req(), undefined, { deadline: 2_000 }),
    ).catch((e) => e);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.deepEqual(error.attemptedBackends, ["slow"]);
    assert.equal(backup.calls.length, 0);
    // A deadline already spent (0) still bounds the first attempt: its
    // timer is 0 ms, not none.
    const spent = await time.settle(
      router.execute(req(), undefined, { deadline: 0 }),
    ).catch((e) => e);
    assert.equal(spent.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.equal(spent.errors[0].error.code, ErrorCode.TIMEOUT);
    assert.equal(backup.calls.length, 0);
    router.dispose();
  });

  it("the backoff is capped at retryMaxDelay, and the capped retry is taken", async () => {
    const time = new FakeTime();
    const failing = createFailingAdapter({ error: unavailable() });
    const router = routerWith(time, {
      maxRetries: 3,
      retryBaseDelay: 1_000,
      retryMaxDelay: 1_500,
      random: () => 1,
    }).register("a", failing).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req()));
    assert.equal(routingOf(response).backend, "b");
    // 1000·2^0, then 2000 and 4000 capped to 1500: capped, not skipped.
    assert.deepEqual(time.delays, [1_000, 1_500, 1_500]);
    assert.equal(failing.calls.length, 4);
    router.dispose();
  });

  it("a fallback backend is retried as well, its retries numbered from 1", async () => {
    const time = new FakeTime();
    const router = routerWith(time, { maxRetries: 1, retryBaseDelay: 10 })
      .register("a", createFailingAdapter({ error: unavailable() }))
      .register(
        "b",
        createFlakyAdapter(createEchoAdapter(), {
          pattern: [true, false],
          error: unavailable(),
        }),
      )
      .register("c", createEchoAdapter());
    const response = await time.settle(router.execute(req()));
    const trace = routingOf(response);
    assert.equal(trace.backend, "b");
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.retry]),
      [
        ["a", false, undefined],
        ["a", false, 1],
        ["b", false, undefined],
        ["b", true, 1],
      ],
    );
    assert.equal(trace.fallbacks, 1);
    assert.equal(router.getStats().totalRetries, 2);
    router.dispose();
  });

  it("a per-request maxRetries of 0 turns the configured retries off", async () => {
    const time = new FakeTime();
    const failing = createFailingAdapter({ error: unavailable() });
    const router = routerWith(time, { maxRetries: 3, retryBaseDelay: 10 })
      .register("a", failing).register("b", createEchoAdapter());
    const response = await time.settle(
      router.execute(req(), undefined, { maxRetries: 0 }),
    );
    assert.equal(routingOf(response).backend, "b");
    assert.equal(failing.calls.length, 1);
    assert.deepEqual(time.delays, []);
    router.dispose();
  });

  it("a client error met at a retry reaches the caller; no other backend answers", async () => {
    const time = new FakeTime();
    const clientError = new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      statusCode: 400,
      message: "max_tokens: too large",
    });
    const backup = createEchoAdapter();
    const router = routerWith(time, { maxRetries: 2, retryBaseDelay: 10 })
      .register("a", scripted([unavailable(), clientError]))
      .register("b", backup);
    const thrown = await time.settle(router.execute(req())).catch((e) => e);
    assert.equal(thrown, clientError);
    assert.equal(backup.calls.length, 0);
    assert.deepEqual(time.delays.length, 1, "no retry after the client error");
    router.dispose();
  });

  it("a retry the breaker refuses ends the retries: traced once, not counted, then fallback", async () => {
    const time = new FakeTime();
    const failing = createFailingAdapter({ error: unavailable() });
    const router = routerWith(time, {
      maxRetries: 2,
      retryBaseDelay: 10,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 60_000,
    }).register("a", failing).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req()));
    const trace = routingOf(response);
    assert.equal(trace.backend, "b");
    assert.equal(failing.calls.length, 1);
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok]),
      [["a", false], ["b", true]],
      "a's one failure, listed once",
    );
    assert.equal(router.getStats().totalRetries, 0, "no retry was made");
    router.dispose();
  });
});

describe("what is retried", () => {
  it("a malformed answer (INVALID_RESPONSE, retryable) is retried on the same backend; UNKNOWN is not", async () => {
    const time = new FakeTime();
    const malformed = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, false],
      // As the adapters raise it (README: INVALID_RESPONSE is retryable).
      error: new AdapterError({
        code: ErrorCode.INVALID_RESPONSE,
        message: "openai: response has no choices",
        isRetryable: true,
      }),
    });
    const router = routerWith(time, { maxRetries: 2, retryBaseDelay: 10 })
      .register("a", malformed).register("b", createEchoAdapter());
    const response = await time.settle(router.execute(req()));
    assert.deepEqual(
      routingOf(response).attempts.map((a) => [a.backend, a.retry]),
      [["a", undefined], ["a", 1]],
    );
    const bug = createFailingAdapter({ error: new Error("adapter bug") });
    const other = routerWith(time, { maxRetries: 2, retryBaseDelay: 10 })
      .register("a", bug).register("b", createEchoAdapter());
    assert.equal(
      routingOf(await time.settle(other.execute(req()))).backend,
      "b",
    );
    assert.equal(bug.calls.length, 1);
    router.dispose();
    other.dispose();
  });

  it("an error marked retryable is not retried when it is the caller's or the setup's", async () => {
    for (
      const error of [
        new AdapterError({
          code: ErrorCode.INVALID_REQUEST,
          statusCode: 409,
          message: "conflict: a run is already active on this thread",
          isRetryable: true,
        }),
        new AdapterError({
          code: ErrorCode.AUTHENTICATION_FAILED,
          statusCode: 401,
          message: "token expired",
          isRetryable: true,
        }),
      ]
    ) {
      const time = new FakeTime();
      const failing = createFailingAdapter({ error });
      const router = routerWith(time, {
        maxRetries: 2,
        retryBaseDelay: 10,
        fallbackOnClientError: true,
      }).register("a", failing).register("b", createEchoAdapter());
      const response = await time.settle(router.execute(req()));
      assert.equal(routingOf(response).backend, "b", error.code);
      assert.equal(failing.calls.length, 1, error.code);
      assert.deepEqual(time.delays, [], error.code);
      router.dispose();
    }
  });
});

describe("Retry-After through a real answer", () => {
  it("an echo after a rate limit carries the answer, not the error", async () => {
    const time = new FakeTime();
    const limited = scripted([rateLimited(200)]);
    const router = routerWith(time, { maxRetries: 1 }).register("a", limited);
    const response = await time.settle(router.execute(req("back")));
    assert.deepEqual(response.message, reply("back").message);
    router.dispose();
  });
});
