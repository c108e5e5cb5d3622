// An upstream's error answer as the adapters report it, at the edges an
// exploratory draw of `_errors.ts` showed unguarded (not a measure): the
// message is exactly the provider's own text, not the JSON it came in (the
// older tests matched a substring, which the raw body also holds), and a
// fractional Retry-After is rounded up, so a caller never retries before the
// provider said it may. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { adapterFactory, rejection } from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };
const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
});

describe("an error answer's message", () => {
  it("is the provider's message alone, OpenAI's and Anthropic's shapes", async () => {
    const openai = openAIWith(() =>
      Response.json({
        error: {
          message: "The model `gpt-5x` does not exist",
          type: "invalid_request_error",
          code: "model_not_found",
        },
      }, { status: 404 })
    );
    const fromOpenAI = await rejection(openai.adapter.execute(ask));
    assert.equal(
      fromOpenAI.message,
      "openai: HTTP 404: The model `gpt-5x` does not exist",
    );
    const anthropic = adapterFactory(createAnthropicAdapter, { apiKey: "k" })(
      () =>
        Response.json({
          type: "error",
          error: {
            type: "invalid_request_error",
            message: "max_tokens: too big",
          },
        }, { status: 400 }),
    );
    const fromAnthropic = await rejection(anthropic.adapter.execute(ask));
    assert.equal(
      fromAnthropic.message,
      "anthropic: HTTP 400: max_tokens: too big",
    );
  });
});

describe("a fractional Retry-After is rounded up", () => {
  const cases: Array<[Record<string, string>, number]> = [
    [{ "retry-after-ms": "1500.2" }, 1501],
    [{ "retry-after-ms": "0.5" }, 1],
    [{ "retry-after": "1.0004" }, 1001],
  ];
  for (const [headers, expected] of cases) {
    it(`${JSON.stringify(headers)} waits ${expected} ms`, async () => {
      const { adapter } = openAIWith(() =>
        Response.json({ error: { message: "slow down" } }, {
          status: 429,
          headers,
        })
      );
      const error = await rejection(adapter.execute(ask));
      assert.equal(error.code, "RATE_LIMITED");
      assert.equal(error.retryAfter, expected);
    });
  }
});
