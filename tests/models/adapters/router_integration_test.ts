// The real provider adapters under the Router (portable: a fake fetch).
// An OpenAI-compatible backend answering 429 + Retry-After falls back, its
// breaker opens at the threshold, and RouterError keeps its RATE_LIMITED
// error with retryAfter; an Anthropic stream failing after content ends with
// an error chunk instead of switching backends.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  ErrorCode,
  RouterError,
  type RoutingTrace,
} from "../../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import {
  collect,
  fakeFetch,
  fixture,
  sequencesAreConsecutive,
  streamResponse,
  textOf,
} from "./_fake.ts";

const KEY = "sk-test-0000000000000000";

function rateLimited(): Response {
  return new Response(fixture("openai/error_429.json"), {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": "7" },
  });
}

function completion(): Response {
  return new Response(fixture("openai/chat_completion.json"), {
    headers: { "content-type": "application/json" },
  });
}

function openai(answer: () => Response) {
  const fake = fakeFetch(answer);
  const adapter = createOpenAIAdapter({
    apiKey: KEY,
    baseURL: "https://llm.test/v1",
    defaultModel: "gpt-4o-mini",
    fetch: fake.fetch,
  });
  return { adapter, requests: fake.requests };
}

const hello = { messages: [{ role: "user" as const, content: "Hello" }] };

describe("real adapters under the Router", () => {
  it("429 with Retry-After falls back; the breaker opens at the threshold", async () => {
    let t = 0;
    const limited = openai(rateLimited);
    const backup = openai(completion);
    const router = createRouter({
      defaultBackend: "limited",
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 2,
      // Counting 429s toward the threshold; with the default, the first
      // 429's Retry-After would already take the backend out.
      cooldownOnRateLimit: false,
      now: () => t,
    })
      .register("limited", limited.adapter)
      .register("backup", backup.adapter);

    for (let i = 0; i < 2; i++) {
      const response = await router.execute(hello);
      const trace = response.metadata.routing as RoutingTrace;
      assert.equal(trace.backend, "backup");
      assert.deepEqual(
        trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
        [["limited", false, "RATE_LIMITED"], ["backup", true, undefined]],
      );
      assert.equal(trace.fallbacks, 1);
    }
    assert.equal(router.isCircuitBreakerOpen("limited"), true);
    assert.equal(router.getBackendInfo("limited")?.consecutiveFailures, 2);

    // Open: the limited backend is not called at all.
    const third = await router.execute(hello);
    const trace = third.metadata.routing as RoutingTrace;
    assert.deepEqual(trace.attempts.map((a) => a.backend), ["backup"]);
    assert.equal(limited.requests.length, 2);
    assert.equal(backup.requests.length, 3);

    // Half-open after the timeout: one probe reaches the provider again.
    t += 60_000;
    await router.execute(hello);
    assert.equal(limited.requests.length, 3);
    assert.equal(router.isCircuitBreakerOpen("limited"), true);
    const stats = router.getBackendStats("limited")!;
    assert.equal(stats.failedRequests, 3);
    assert.equal(stats.successRate, 0);
    router.dispose();
  });

  it("RouterError keeps each adapter's RATE_LIMITED error with retryAfter and the trace", async () => {
    const a = openai(rateLimited);
    const b = openai(rateLimited);
    const router = createRouter().register("a", a.adapter).register(
      "b",
      b.adapter,
    );
    const error = await router.execute(hello).then(
      () => assert.fail("expected a rejection"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.deepEqual(error.attemptedBackends, ["a", "b"]);
    for (const failure of error.errors) {
      assert.equal(failure.error.code, ErrorCode.RATE_LIMITED);
      assert.equal(failure.error.retryAfter, 7_000);
      assert.equal(failure.error.isRetryable, true);
    }
    const routing = error.details?.routing as RoutingTrace;
    assert.deepEqual(
      routing.attempts.map((x) => [x.backend, x.errorCode]),
      [["a", "RATE_LIMITED"], ["b", "RATE_LIMITED"]],
    );
    router.dispose();
  });

  it("fallbackStrategy none rethrows the adapter's own RATE_LIMITED error", async () => {
    const a = openai(rateLimited);
    const router = createRouter({ fallbackStrategy: "none" })
      .register("a", a.adapter)
      .register("b", openai(completion).adapter);
    await assert.rejects(router.execute(hello), (e: unknown) => {
      assert.ok(e instanceof Error);
      const error = e as Error & { code?: string; retryAfter?: number };
      assert.equal(error.code, ErrorCode.RATE_LIMITED);
      assert.equal(error.retryAfter, 7_000);
      return true;
    });
    router.dispose();
  });

  it("an Anthropic stream failing after content ends with an error chunk, no switch", async () => {
    const anthropic = fakeFetch(() =>
      streamResponse(fixture("anthropic/stream_error.sse"))
    );
    const backup = openai(completion);
    const router = createRouter({ defaultBackend: "claude" })
      .register(
        "claude",
        createAnthropicAdapter({
          apiKey: KEY,
          baseURL: "https://anthropic.test",
          defaultModel: "claude-3-5-haiku-latest",
          fetch: anthropic.fetch,
        }),
      )
      .register("backup", backup.adapter);
    const chunks = await collect(router.executeStream(hello));
    assert.equal(textOf(chunks), "Partial");
    assert.ok(sequencesAreConsecutive(chunks));
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, ErrorCode.PROVIDER_ERROR);
    assert.equal(backup.requests.length, 0);
    assert.equal(anthropic.requests.length, 1);
    assert.equal(router.getBackendStats("claude")?.failedRequests, 1);
    assert.equal(router.getStats().failedRequests, 1);
    router.dispose();
  });
});
