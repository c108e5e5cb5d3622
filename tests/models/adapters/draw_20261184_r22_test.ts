// What the adapters' draw 20261184 (round 22) showed no test checked:
// - an OpenAI stream that ends with `[DONE]` and nothing before it still
//   opens with a `start` chunk naming the provider, then `done`
//   (the drawn survivor sent `done` alone, its metadata empty);
// - Gemini's RetryInfo delay in fractional seconds waits at least that
//   long: `3.0005s` is 3001 ms (rounded up, never down).
// No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, collect, streamResponse } from "./_fake.ts";

const hi = { messages: [{ role: "user" as const, content: "hi" }] };

describe("draw 20261184: an OpenAI stream with nothing before [DONE]", () => {
  it("opens with start, then done, both naming the provider", async () => {
    const { adapter } = adapterFactory(createOpenAIAdapter, {
      apiKey: "sk-x",
      defaultModel: "gpt-4o-mini",
    })(() => streamResponse("data: [DONE]\n\n"));
    const chunks = await collect(adapter.executeStream(hi));
    assert.deepEqual(chunks.map((c) => c.type), ["start", "done"]);
    for (const chunk of chunks) {
      const metadata = (chunk as { metadata?: Record<string, unknown> })
        .metadata;
      assert.equal(metadata?.provider, "openai", chunk.type);
    }
  });
});

describe("draw 20261184: Gemini's RetryInfo in fractional seconds", () => {
  it("waits at least as long as asked", async () => {
    for (
      const [delay, ms] of [["3.0005s", 3001], ["0.2s", 200], [
        "13s",
        13_000,
      ]] as const
    ) {
      const { adapter } = adapterFactory(createGeminiAdapter, {
        apiKey: "k",
        defaultModel: "gemini-2.0-flash",
      })(() =>
        Response.json({
          error: {
            code: 429,
            message: "Resource has been exhausted",
            status: "RESOURCE_EXHAUSTED",
            details: [{
              "@type": "type.googleapis.com/google.rpc.RetryInfo",
              retryDelay: delay,
            }],
          },
        }, { status: 429 })
      );
      const error = await adapter.execute(hi).catch((e) => e);
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.retryAfter, ms, delay);
    }
  });
});
