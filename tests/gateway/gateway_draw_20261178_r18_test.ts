// What the seventeenth round's second draw of the gateway (seed 20261178)
// showed no test checked:
// - a stream the client cancels is closed all the way down: the router's
//   stream is returned, so the backend's own stream ends (its cleanup runs)
//   and the router counts the call as settled, not as still running;
// - a relayed count_tokens releases its deadline: with requestTimeoutMs set,
//   no timer outlives the request (the test's op sanitizer fails on one).
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/router.ts";
import type { BackendAdapter, IRStreamChunk } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { jsonPost } from "./_in_process.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;

Deno.test("a stream the client cancels ends the backend's stream and settles the router's count", async () => {
  let ended = false;
  const echo = createEchoAdapter();
  const endless: BackendAdapter = {
    ...echo,
    metadata: { ...echo.metadata, name: "endless" },
    async *executeStream(): AsyncGenerator<IRStreamChunk> {
      try {
        for (let i = 0;; i++) {
          yield { type: "content", sequence: i, delta: `word${i} ` };
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      } finally {
        ended = true;
      }
    },
  };
  const router = createRouter({ fallbackStrategy: "none", maxRetries: 0 });
  router.register("endless", endless);
  const gateway = createGateway({ router });
  try {
    const response = await withTimeout(
      gateway(jsonPost("/v1/chat/completions", {
        model: "endless",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      })),
      WAIT_MS,
      "the stream",
    );
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    for (let i = 0; i < 3; i++) {
      await withTimeout(reader.read(), WAIT_MS, `chunk ${i}`);
    }
    await withTimeout(reader.cancel(), WAIT_MS, "the cancel");
    await waitUntil(() => ended, "the backend's stream ended");
    await waitUntil(
      () => router.getStats().totalRequests === 1,
      "the router settled the call",
    );
  } finally {
    gateway.dispose();
    router.dispose();
  }
});

Deno.test("a relayed count_tokens with a request timeout leaves no timer behind", async () => {
  const counted: unknown[] = [];
  const gateway = createGateway({
    backends: [[
      "up",
      createAnthropicAdapter({
        name: "up",
        apiKey: "sk-ant-backend",
        baseURL: "http://upstream.invalid",
        fetch: (_url, init) => {
          counted.push(JSON.parse(String(init?.body)));
          return Promise.resolve(Response.json({ input_tokens: 7 }));
        },
      }),
    ]],
    requestTimeoutMs: 60_000,
  });
  try {
    for (let i = 0; i < 2; i++) {
      const response = await gateway(
        new Request("http://localhost/v1/messages/count_tokens", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "anthropic-version": "2023-06-01",
          },
          body: JSON.stringify({
            model: "up/claude-real",
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { input_tokens: 7 });
      assert.equal(response.headers.get("x-switchyard-estimate"), null);
    }
    assert.equal(counted.length, 2, "relayed, not estimated");
  } finally {
    gateway.dispose();
  }
  // The op sanitizer fails this test if a 60 s timer is still pending.
});
