// What the adapters' draw 20261188 (round 23) showed no test checked: an
// Anthropic stream that reports cache reads and writes of 0 says so, 0, in
// the answer's usage, as Anthropic's own usage does; the survivor took a 0
// for "not reported" and left both counts out.
// No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { adapterFactory, collect, streamResponse } from "./_fake.ts";
import { anthropicTextStream } from "./_anthropic_stream.ts";

const hi = { messages: [{ role: "user" as const, content: "hi" }] };

describe("draw 20261188: an Anthropic stream's cache counts of 0", () => {
  it("are 0 in the usage, not left out", async () => {
    const usage = {
      input_tokens: 7,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      output_tokens: 1,
    };
    const { adapter } = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
      defaultModel: "claude-sonnet-4-5",
    })(() =>
      streamResponse(anthropicTextStream({
        text: "Hi",
        model: "claude-sonnet-4-5",
        startUsage: usage,
        deltaUsage: { ...usage, output_tokens: 3 },
      }))
    );
    const chunks = await collect(adapter.executeStream(hi));
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    assert.equal(done.usage?.promptTokens, 7);
    assert.equal(done.usage?.completionTokens, 3);
    assert.equal(done.usage?.cacheReadTokens, 0);
    assert.equal(done.usage?.cacheCreationTokens, 0);
  });
});
