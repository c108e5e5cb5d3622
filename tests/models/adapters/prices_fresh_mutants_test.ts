// Pricing: the prompt size a cost estimate is priced from (before the call,
// so by characters), where every kind of part counts, a tool call by its
// name and arguments, an image by a flat amount; and a usage priced at a
// rate of 0, which is a rate, not an absent one. A fresh mutation draw of
// the adapters (seed 20261161) found a request mixing images and tool calls
// unchecked, and a planted bug the zero rates. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  estimatePromptTokens,
  priceUsage,
} from "../../../src/models/adapters/_prices.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import type { IRChatRequest } from "../../../src/models/types.ts";

const request: IRChatRequest = {
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "What is this?" },
        {
          type: "image",
          source: { type: "url", url: "https://example.com/cat.png" },
        },
      ],
    },
    {
      role: "assistant",
      content: [{
        type: "tool_use",
        id: "call_1",
        name: "look",
        input: { at: "cat" },
      }],
    },
    {
      role: "tool",
      content: [{ type: "tool_result", toolUseId: "call_1", content: "a cat" }],
    },
  ],
};

describe("the prompt estimate", () => {
  it("counts text, a tool call's name and arguments, a tool result, and each image", () => {
    // 13 + (4 + 12) + 5 characters, about four a token, and 1000 per image.
    assert.equal(estimatePromptTokens(request), Math.ceil(34 / 4) + 1000);
    const twoImages: IRChatRequest = {
      messages: [{
        role: "user",
        content: [
          {
            type: "image",
            source: { type: "base64", mediaType: "image/png", data: "iVBO" },
          },
          {
            type: "image",
            source: { type: "url", url: "https://example.com/a.png" },
          },
        ],
      }],
    };
    assert.equal(estimatePromptTokens(twoImages), 2000);
  });

  it("prices such a request instead of failing on it", async () => {
    const adapter = createOpenAIAdapter({
      apiKey: "k",
      fetch: () => Promise.reject(new Error("an estimate sends nothing")),
    });
    const cost = await adapter.estimateCost?.(request);
    assert.equal(typeof cost, "number");
    assert.ok((cost ?? 0) > 0);
  });
});

describe("a usage priced at a rate of 0", () => {
  it("cache reads, cache writes and reasoning set to 0 cost nothing, not the input or output rate", () => {
    const usage = {
      promptTokens: 1_000_000,
      completionTokens: 1_000_000,
      cacheReadTokens: 400_000,
      cacheCreationTokens: 100_000,
      reasoningTokens: 250_000,
    };
    const free = { cachedInput: 0, cacheWrite: 0, reasoning: 0 };
    // Only the uncached half million prompt and 750,000 visible output.
    assert.equal(
      priceUsage(usage, { input: 2, output: 8, ...free }),
      0.5 * 2 + 0.75 * 8,
    );
    // Absent, each costs its general rate.
    assert.equal(priceUsage(usage, { input: 2, output: 8 }), 2 + 8);
  });
});
