// Answers at their edges, as an upstream or a proxy in front of it can send
// them: an Anthropic message without its content array, a Cohere text part
// without text, usage counts that are negative, an error answer whose
// body breaks off while it is read and one whose head comes after the
// caller's abort. Each must come out as the typed error or
// the clean value a client reads, not a TypeError, "undefined" in the text
// or a negative token count. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { watchedCount } from "../../../src/models/adapters/_watchdog.ts";
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

  // The caller aborts while the fetch is still out and the fetch, deaf to
  // its signal, hands back a 503 anyway: the head comes after the abort, so
  // the adapter never reads its body. (An abort that cuts the body read after
  // its first bytes is tested in http_client_r11_mutants_test.ts.)
  it("an error answer whose head comes after the caller's abort is the abort, and its body is let go unread", async () => {
    const controller = new AbortController();
    const { body, state } = chunkedBody(
      '{"error": {"message": "overloaded", "type": "server_error"}}',
    );
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const { adapter } = openaiWith(() => {
      controller.abort(new DOMException("gone", "AbortError"));
      return new Response(body, {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    });
    const error = await rejection(adapter.execute(ask, controller.signal));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "ABORTED", error.message);
    assert.equal(error.statusCode, undefined, error.message);
    assert.equal(error.isRetryable, false);
    assert.doesNotMatch(error.message, /overloaded/);
    // The head's connection goes when it arrives, not at garbage collection.
    for (let turn = 0; turn < 100 && !state.cancelled; turn++) {
      await Promise.resolve();
    }
    assert.equal(state.cancelled, true);
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

describe("health checks", () => {
  it("a health check leaves no call timeout behind, answered or refused", async () => {
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const before = watchedCount();
    for (const status of [200, 503]) {
      const { adapter } = openaiWith(
        () => Response.json({ object: "list", data: [] }, { status }),
        { timeout: 60_000 },
      );
      assert.equal(await adapter.healthCheck!(), status === 200);
      assert.equal(watchedCount(), before, `after a ${status}`);
    }
  });
});

describe("requests at their edges", () => {
  it("Gemini: a message with no content parts sends no empty turn (the API refuses a turn without parts)", async () => {
    const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });
    const { adapter, requests } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    await adapter.execute({
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: [] },
        { role: "user", content: "again" },
      ],
    });
    const contents = (requests[0].body as Json).contents as {
      role: string;
      parts: unknown[];
    }[];
    assert.ok(contents.length > 0);
    for (const turn of contents) assert.ok(turn.parts.length > 0, turn.role);
  });

  it("Anthropic: a parameter the Messages API does not document is not sent, and is named as dropped", async () => {
    const anthropicWith = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    });
    const { adapter, requests } = anthropicWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    const answer = await adapter.execute({
      ...ask,
      parameters: { vendor_knob: 1 } as Record<string, unknown>,
    });
    assert.equal("vendor_knob" in (requests[0].body as Json), false);
    assert.deepEqual(
      (answer.metadata as { dropped?: string[] }).dropped,
      ["vendor_knob"],
    );
  });

  it("Ollama: a tool call without a function, or with a name that is not text, is INVALID_RESPONSE", async () => {
    const ollamaWith = adapterFactory(createOllamaAdapter, {});
    for (const call of [{}, { function: { name: 42, arguments: {} } }]) {
      const { adapter } = ollamaWith(() =>
        Response.json({
          model: "llama3",
          created_at: "2024-01-01T00:00:00Z",
          message: { role: "assistant", content: "", tool_calls: [call] },
          done: true,
          done_reason: "stop",
        })
      );
      const error = await rejection(adapter.execute(ask));
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.code, "INVALID_RESPONSE", JSON.stringify(call));
    }
  });
});
