// An upstream HTTP 408 (Request Timeout) is a timeout: every adapter maps it
// to a retryable TIMEOUT, and the router retries it on the same backend, then
// falls back, at the first step of a fallback and at the second.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import { createRouter, type RoutingTrace } from "../../src/models/mod.ts";
import { AdapterError, RouterError } from "../../src/models/errors.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { fakeFetch } from "./adapters/_fake.ts";

const REQUEST = { messages: [{ role: "user" as const, content: "hi" }] };

function timedOut(): Response {
  return new Response(
    JSON.stringify({ error: { message: "request timed out upstream" } }),
    { status: 408, headers: { "content-type": "application/json" } },
  );
}

function openAIAnswer(text: string): Response {
  return Response.json({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{
      index: 0,
      message: { role: "assistant", content: text },
      finish_reason: "stop",
    }],
  });
}

/** An OpenAI adapter whose upstream answers with `answers` in turn (the last repeats). */
function scripted(
  name: string,
  answers: Array<() => Response>,
): { adapter: BackendAdapter; calls: () => number } {
  const fake = fakeFetch((_, index) =>
    answers[Math.min(index, answers.length - 1)]()
  );
  return {
    adapter: createOpenAIAdapter({
      name,
      apiKey: "k",
      baseURL: "http://upstream.test/v1",
      defaultModel: "m",
      fetch: fake.fetch,
    }),
    calls: () => fake.requests.length,
  };
}

Deno.test("adapters: an upstream 408 is a retryable TIMEOUT carrying its status (OpenAI, Anthropic, Gemini; plain and streamed)", async () => {
  const makers: Array<
    [string, (fetch: typeof globalThis.fetch) => BackendAdapter]
  > = [
    [
      "openai",
      (fetch) => createOpenAIAdapter({ apiKey: "k", defaultModel: "m", fetch }),
    ],
    [
      "anthropic",
      (fetch) =>
        createAnthropicAdapter({ apiKey: "k", defaultModel: "m", fetch }),
    ],
    [
      "gemini",
      (fetch) => createGeminiAdapter({ apiKey: "k", defaultModel: "m", fetch }),
    ],
  ];
  for (const [provider, make] of makers) {
    const adapter = make(fakeFetch(timedOut).fetch);
    const plain = await adapter.execute(REQUEST).catch((error) => error);
    const streamed = await (async () => {
      for await (
        const _ of adapter.executeStream({ ...REQUEST, stream: true })
      ) {
        // A 408 fails before any chunk.
      }
    })().catch((error) => error);
    for (const error of [plain, streamed]) {
      assert.ok(error instanceof AdapterError, `${provider}: ${error}`);
      assert.equal(error.code, "TIMEOUT", provider);
      assert.equal(error.isRetryable, true, provider);
      assert.equal(error.statusCode, 408, provider);
    }
  }
});

Deno.test("router: a 408 is retried on the same backend, which then answers", async () => {
  const a = scripted("a", [timedOut, () => openAIAnswer("from a")]);
  const b = scripted("b", [() => openAIAnswer("from b")]);
  const router = createRouter({
    defaultBackend: "a",
    fallbackStrategy: "sequential",
    maxRetries: 1,
    retryBaseDelay: 1,
  });
  router.register("a", a.adapter);
  router.register("b", b.adapter);
  try {
    const response = await router.execute(REQUEST);
    assert.equal(response.message.content, "from a");
    assert.equal(a.calls(), 2);
    assert.equal(b.calls(), 0);
    const routing = response.metadata.routing as RoutingTrace | undefined;
    const attempts = routing?.attempts ?? [];
    assert.deepEqual(
      attempts.map((t) => [t.backend, t.ok, t.errorCode ?? null]),
      [["a", false, "TIMEOUT"], ["a", true, null]],
    );
  } finally {
    router.dispose();
  }
});

for (const stream of [false, true]) {
  Deno.test(`router: a 408 at the first and at the second step of a fallback moves on to the next backend (stream: ${stream})`, async () => {
    const a = scripted("a", [timedOut]);
    const b = scripted("b", [timedOut]);
    const c = scripted("c", [() =>
      stream
        ? new Response(
          'data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"from c"},"finish_reason":null}]}\n\n' +
            'data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
          { headers: { "content-type": "text/event-stream" } },
        )
        : openAIAnswer("from c")]);
    const router = createRouter({
      defaultBackend: "a",
      fallbackStrategy: "sequential",
      maxRetries: 1,
      retryBaseDelay: 1,
    });
    router.register("a", a.adapter);
    router.register("b", b.adapter);
    router.register("c", c.adapter);
    try {
      let text = "";
      if (stream) {
        for await (
          const chunk of router.executeStream({ ...REQUEST, stream })
        ) {
          assert.notEqual(chunk.type, "error", JSON.stringify(chunk));
          if (chunk.type === "content") text += chunk.delta;
        }
      } else {
        text = String((await router.execute(REQUEST)).message.content);
      }
      assert.equal(text, "from c");
      // Each timed-out backend was asked twice (one retry), then left; a
      // stream is not retried on the same backend (retries apply to
      // execute), it falls back at once.
      assert.deepEqual(
        [a.calls(), b.calls(), c.calls()],
        stream ? [1, 1, 1] : [2, 2, 1],
      );
    } finally {
      router.dispose();
    }
  });
}

Deno.test("router: every backend answering 408 is ALL_BACKENDS_FAILED whose every error is a TIMEOUT", async () => {
  const a = scripted("a", [timedOut]);
  const b = scripted("b", [timedOut]);
  const router = createRouter({
    defaultBackend: "a",
    fallbackStrategy: "sequential",
  });
  router.register("a", a.adapter);
  router.register("b", b.adapter);
  try {
    const error = await router.execute(REQUEST).catch((e) => e);
    assert.ok(error instanceof RouterError, String(error));
    assert.equal(error.code, "ALL_BACKENDS_FAILED");
    assert.deepEqual(error.attemptedBackends, ["a", "b"]);
    assert.deepEqual(error.errors.map((f) => f.error.code), [
      "TIMEOUT",
      "TIMEOUT",
    ]);
  } finally {
    router.dispose();
  }
});
