// A relayed answer's detail counts at their small end. OpenAI reports
// `cached_tokens: 0` and `reasoning_tokens: 0` on every answer: a 0 prices
// nothing and is left out of the usage (so the log line and the cost carry
// no empty fields), while a single cached or reasoning token is kept, since
// it is priced like any other.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { usageOf } from "../../src/gateway/_passthrough.ts";

function chatUsage(cached: number, written: number, reasoning: number) {
  return {
    prompt_tokens: 20,
    completion_tokens: 5,
    total_tokens: 25,
    prompt_tokens_details: {
      cached_tokens: cached,
      cache_write_tokens: written,
    },
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

const TOTALS = { promptTokens: 20, completionTokens: 5, totalTokens: 25 };

describe("a relayed answer's detail counts", () => {
  it("leave out a 0", () => {
    assert.deepEqual(usageOf(chatUsage(0, 0, 0)), TOTALS);
  });

  it("keep a single token", () => {
    assert.deepEqual(usageOf(chatUsage(1, 1, 1)), {
      ...TOTALS,
      cacheReadTokens: 1,
      cacheCreationTokens: 1,
      reasoningTokens: 1,
    });
  });
});
