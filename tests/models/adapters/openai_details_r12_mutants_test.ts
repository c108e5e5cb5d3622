// The details a Chat Completions answer carries, written back in OpenAI's
// shape for a client (the gateway's answers) as the adapter read them: usage
// with its cache reads, cache writes and reasoning (a detail only when its
// count is known, never a made-up zero), and log probabilities with their
// bytes and top alternatives (`bytes: null` and `top_logprobs: []` where the
// upstream had none, as OpenAI writes them; entries that are not token
// records skipped on the way in). A coverage run of the area's tests while a
// mutation draw ran found the writers reached only by the gateway's tests.
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  readOpenAILogprobs,
  readOpenAIUsage,
  writeOpenAILogprobs,
  writeOpenAIUsage,
} from "../../../src/models/adapters/_openai_details.ts";

describe("OpenAI usage written back", () => {
  it("every detail an answer had comes back as it was", () => {
    const wire = {
      prompt_tokens: 2048,
      completion_tokens: 300,
      total_tokens: 2348,
      prompt_tokens_details: { cached_tokens: 1792, cache_write_tokens: 256 },
      completion_tokens_details: { reasoning_tokens: 120 },
    };
    assert.deepEqual(writeOpenAIUsage(readOpenAIUsage(wire)!), wire);
  });

  it("each cache count alone makes a prompt detail of its own; none makes none", () => {
    const base = { promptTokens: 100, completionTokens: 5, totalTokens: 105 };
    assert.deepEqual(
      writeOpenAIUsage({ ...base, cacheReadTokens: 0 }).prompt_tokens_details,
      { cached_tokens: 0 },
    );
    assert.deepEqual(
      writeOpenAIUsage({ ...base, cacheCreationTokens: 40 })
        .prompt_tokens_details,
      { cache_write_tokens: 40 },
    );
    const plain = writeOpenAIUsage({ ...base, reasoningTokens: 0 });
    assert.equal("prompt_tokens_details" in plain, false);
    assert.deepEqual(plain.completion_tokens_details, { reasoning_tokens: 0 });
    assert.deepEqual(writeOpenAIUsage(base), {
      prompt_tokens: 100,
      completion_tokens: 5,
      total_tokens: 105,
    });
  });
});

describe("OpenAI log probabilities written back", () => {
  it("tokens with bytes and alternatives come back as they were; missing ones as OpenAI writes them", () => {
    const wire = {
      content: [
        {
          token: "Hi",
          logprob: -0.01,
          bytes: [72, 105],
          top_logprobs: [
            { token: "Hi", logprob: -0.01, bytes: [72, 105] },
            { token: "Hey", logprob: -4.6, bytes: null },
          ],
        },
        // A record that is not a token's, and one without alternatives.
        { token: 7, logprob: -1 },
        { token: "!", logprob: -0.2 },
      ],
      refusal: null,
    };
    const read = readOpenAILogprobs(wire);
    assert.deepEqual(writeOpenAILogprobs(read), {
      content: [
        wire.content[0],
        { token: "!", logprob: -0.2, bytes: null, top_logprobs: [] },
      ],
      refusal: null,
    });
  });

  it("an alternative that is not a token record is skipped, and one without bytes gets null", () => {
    const read = readOpenAILogprobs({
      content: null,
      refusal: [{
        token: "I",
        logprob: -0.3,
        bytes: [73],
        top_logprobs: [null, { token: "I" }, { token: "We", logprob: -2 }],
      }],
    });
    assert.deepEqual(writeOpenAILogprobs(read), {
      content: null,
      refusal: [{
        token: "I",
        logprob: -0.3,
        bytes: [73],
        top_logprobs: [{ token: "We", logprob: -2, bytes: null }],
      }],
    });
    assert.equal(writeOpenAILogprobs(undefined), null);
  });
});
