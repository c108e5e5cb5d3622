// Answers at their edges, as an upstream or a proxy in front of it can send
// them: an Anthropic message without its content array, a Cohere text part
// without text, usage counts that are negative, and an error answer whose
// body breaks off while it is read. Each must come out as the typed error or
// the clean value a client reads, not a TypeError, "undefined" in the text
// or a negative token count. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import {
  adapterFactory,
  chunkedBody,
  jsonFixture,
  rejection,
} from "./_fake.ts";

type Json = Record<string, unknown>;
const ask = { messages: [{ role: "user" as const, content: "x" }] };

describe("answers at their edges", () => {
  it("an Anthropic message without a content array is INVALID_RESPONSE, not a crash", async () => {
    const anthropicWith = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    });
    const { adapter } = anthropicWith(() =>
      Response.json({ id: "msg_1", type: "message", role: "assistant" })
    );
    const error = await rejection(adapter.execute(ask));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.match(error.message, /content/);
  });

  it("a Cohere text part without text adds nothing to the answer", async () => {
    const cohereWith = adapterFactory(createCohereAdapter, { apiKey: "k" });
    const body = jsonFixture("cohere/chat.json") as Json;
    const { adapter } = cohereWith(() =>
      Response.json({
        ...body,
        message: {
          role: "assistant",
          content: [{ type: "text" }, { type: "text", text: "Hello" }],
        },
      })
    );
    const answer = await adapter.execute(ask);
    assert.equal(answer.message.content, "Hello");
  });

  it("negative usage counts from an OpenAI-wire upstream are not reported", async () => {
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const body = jsonFixture("openai/chat_completion.json") as Json;
    const { adapter } = openaiWith(() =>
      Response.json({
        ...body,
        usage: {
          prompt_tokens: -1,
          completion_tokens: 10,
          total_tokens: 9,
          prompt_tokens_details: { cached_tokens: -3 },
          completion_tokens_details: { reasoning_tokens: -2 },
        },
      })
    );
    const answer = await adapter.execute(ask);
    assert.equal(answer.usage?.promptTokens, 0);
    assert.equal(answer.usage?.completionTokens, 10);
    assert.equal("cacheReadTokens" in (answer.usage ?? {}), false);
    assert.equal("reasoningTokens" in (answer.usage ?? {}), false);
  });

  it("an error answer whose body breaks off is still the upstream's status (a 503 is retryable), not a network error", async () => {
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const { adapter } = openaiWith(() => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return controller.error(new TypeError("connection reset"));
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"error": {"mess'));
        },
      });
      return new Response(body, {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    });
    const error = await rejection(adapter.execute(ask));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.statusCode, 503);
    assert.equal(error.isRetryable, true);
  });

  it("an error answer whose body read is cut by the caller's abort is the abort, not the status", async () => {
    const controller = new AbortController();
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const { adapter } = openaiWith(() => {
      const body = new ReadableStream<Uint8Array>({
        pull(stream) {
          stream.enqueue(new TextEncoder().encode('{"error": '));
          controller.abort(new DOMException("gone", "AbortError"));
          return new Promise(() => {}); // the rest never comes
        },
      });
      return new Response(body, { status: 503 });
    });
    const error = await rejection(adapter.execute(ask, controller.signal));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.statusCode, undefined, error.message);
    assert.equal(error.code, "ABORTED");
  });

  it("a health check's answer body is cancelled, not left unread holding the connection", async () => {
    const { body, state } = chunkedBody('{"object":"list","data":[]}');
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const { adapter, requests } = openaiWith(() =>
      new Response(body, { headers: { "content-type": "application/json" } })
    );
    assert.equal(await adapter.healthCheck!(), true);
    assert.equal(requests.length, 1);
    assert.equal(state.cancelled, true);
  });
});
