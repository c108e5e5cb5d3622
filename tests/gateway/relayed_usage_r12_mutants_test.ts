// The usage of an answer relayed as is (what the log line, cost and budgets
// count) read from the Responses API's shape: `input_tokens_details` holds
// the cache reads and writes and `output_tokens_details` the reasoning, each
// inside its total as in Chat Completions' shape, which is read the same.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { usageOf } from "../../src/gateway/_passthrough.ts";

const EXPECTED = {
  promptTokens: 1100,
  completionTokens: 50,
  totalTokens: 1150,
  cacheReadTokens: 400,
  cacheCreationTokens: 100,
  reasoningTokens: 30,
};

describe("a relayed answer's usage", () => {
  it("in the Responses API's shape keeps its cache reads, writes and reasoning", () => {
    assert.deepEqual(
      usageOf({
        input_tokens: 1100,
        output_tokens: 50,
        total_tokens: 1150,
        input_tokens_details: { cached_tokens: 400, cache_write_tokens: 100 },
        output_tokens_details: { reasoning_tokens: 30 },
      }),
      EXPECTED,
    );
  });

  it("in Chat Completions' shape is read the same", () => {
    assert.deepEqual(
      usageOf({
        prompt_tokens: 1100,
        completion_tokens: 50,
        total_tokens: 1150,
        prompt_tokens_details: { cached_tokens: 400, cache_write_tokens: 100 },
        completion_tokens_details: { reasoning_tokens: 30 },
      }),
      EXPECTED,
    );
  });
});
