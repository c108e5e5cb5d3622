// What the adapters' draw 20261183 (round 22) showed no test checked: an
// OpenAI-compatible adapter's own price for a model wins over the vendor's
// table even when it is zero (a free tier, a self-hosted model behind a
// router). The drawn survivor read a zero cost as no price and priced the
// `vendor/model` name from the vendor's table instead. No Deno API: the
// harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAICompatibleAdapter } from "../../../src/models/adapters/openai.ts";

describe("draw 20261183: a configured price of zero", () => {
  it("is the cost, not a reason to price the vendor's model", async () => {
    const model = "anthropic/claude-3.5-sonnet";
    const ask = {
      messages: [{ role: "user" as const, content: "x".repeat(4000) }],
      parameters: { model, maxTokens: 1000 },
    };
    const free = createOpenAICompatibleAdapter("openrouter", {
      apiKey: "k",
      prices: { [model]: { input: 0, output: 0 } },
    });
    assert.equal(await free.estimateCost(ask), 0);
    // Without one, the vendor's table prices it (1000 tokens each way).
    const listed = createOpenAICompatibleAdapter("openrouter", { apiKey: "k" });
    assert.equal(await listed.estimateCost(ask), (3 + 15) / 1000);
  });
});
