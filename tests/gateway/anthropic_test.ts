// POST /v1/messages with the official Anthropic SDK as the client, against
// the gateway on loopback with the deterministic adapters of ./models/testing.
import assert from "node:assert/strict";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import {
  createEchoAdapter,
  createFailingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { AdapterError } from "../../src/models/errors.ts";
import type { BackendAdapter, IRChatResponse } from "../../src/models/types.ts";
import { hashKey } from "../../src/gateway/mod.ts";
import { serveGateway } from "./_serve.ts";

function client(origin: string, apiKey = "unused"): Anthropic {
  return new Anthropic({
    baseURL: origin,
    apiKey,
    maxRetries: 0,
    timeout: 10_000,
  });
}

/** `error.type` inside an Anthropic error body the SDK kept. */
function errorType(error: InstanceType<typeof Anthropic.APIError>): unknown {
  return (error.error as { error?: { type?: string } } | undefined)?.error
    ?.type;
}

const USAGE = { promptTokens: 11, completionTokens: 7, totalTokens: 18 };

Deno.test("anthropic SDK: text answer, system prompt, usage and stop_reason", async () => {
  const mock = createMockAdapter({
    responses: {
      message: { role: "assistant", content: "Hello there" },
      finishReason: "length",
      usage: USAGE,
      metadata: {},
    },
  });
  const server = serveGateway({ backends: [["mock", mock]] });
  try {
    const message = await client(server.origin).messages.create({
      model: "mock",
      max_tokens: 64,
      system: "be brief",
      stop_sequences: ["END"],
      messages: [{ role: "user", content: "hi" }],
    });
    assert.equal(message.type, "message");
    assert.equal(message.role, "assistant");
    assert.match(message.id, /^msg_/);
    assert.deepEqual(message.content, [{ type: "text", text: "Hello there" }]);
    assert.equal(message.stop_reason, "max_tokens");
    assert.deepEqual(message.usage, { input_tokens: 11, output_tokens: 7 });
    const sent = mock.calls[0].request!;
    assert.deepEqual(sent.messages, [
      { role: "system", content: "be brief" },
      { role: "user", content: "hi" },
    ]);
    assert.equal(sent.parameters?.maxTokens, 64);
    assert.deepEqual(sent.parameters?.stopSequences, ["END"]);
  } finally {
    await server.close();
  }
});

Deno.test("anthropic SDK: the SSE event stream, raw events and the accumulated message", async () => {
  const server = serveGateway({ backends: [["echo", createEchoAdapter()]] });
  try {
    const anthropic = client(server.origin);
    const events = await anthropic.messages.create({
      model: "echo",
      max_tokens: 64,
      messages: [{ role: "user", content: "one two three" }],
      stream: true,
    });
    const types: string[] = [];
    let text = "";
    for await (const event of events) {
      types.push(event.type);
      if (
        event.type === "content_block_delta" &&
        event.delta.type === "text_delta"
      ) {
        text += event.delta.text;
      }
    }
    assert.equal(text, "one two three");
    assert.deepEqual(types, [
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ], "ping is sent too but the SDK does not yield it");

    const stream = anthropic.messages.stream({
      model: "echo",
      max_tokens: 64,
      messages: [{ role: "user", content: "streamed hello" }],
    });
    const models: string[] = [];
    for await (const model of anthropic.models.list()) {
      assert.equal(model.type, "model");
      models.push(model.id);
    }
    assert.ok(models.includes("echo"), models.join());
    const final = await stream.finalMessage();
    assert.deepEqual(final.content, [{ type: "text", text: "streamed hello" }]);
    assert.equal(final.stop_reason, "end_turn");
  } finally {
    await server.close();
  }
});

/** A backend that streams text, then a tool call whose JSON arrives in pieces. */
function toolStreamer(): BackendAdapter {
  return {
    metadata: {
      name: "tools",
      provider: "test",
      version: "1",
      capabilities: {
        streaming: true,
        tools: true,
        vision: false,
        systemMessages: true,
      },
    },
    execute: () => Promise.reject(new Error("not used")),
    async *executeStream() {
      yield { type: "start", sequence: 0, metadata: { model: "tool-model" } };
      yield { type: "content", sequence: 1, delta: "Let me check. " };
      yield {
        type: "tool_use",
        sequence: 2,
        id: "toolu_1",
        name: "weather",
        inputDelta: '{"city":',
      };
      yield {
        type: "tool_use",
        sequence: 3,
        id: "toolu_1",
        name: "weather",
        inputDelta: '"Oslo"}',
      };
      yield { type: "metadata", sequence: 4, usage: USAGE };
      yield { type: "done", sequence: 5, finishReason: "tool_calls" };
    },
  };
}

Deno.test("anthropic SDK: tools both ways, JSON and streamed", async () => {
  const toolReply: IRChatResponse = {
    message: {
      role: "assistant",
      content: [{
        type: "tool_use",
        id: "toolu_1",
        name: "weather",
        input: { city: "Oslo" },
      }],
    },
    finishReason: "tool_calls",
    usage: USAGE,
    metadata: {},
  };
  const mock = createMockAdapter({ responses: toolReply });
  const server = serveGateway({
    backends: [["tools", mock], ["streamer", toolStreamer()]],
  });
  try {
    const anthropic = client(server.origin);
    const tools = [{
      name: "weather",
      description: "Weather now",
      input_schema: {
        type: "object" as const,
        properties: { city: { type: "string" } },
      },
    }];
    const first = await anthropic.messages.create({
      model: "tools",
      max_tokens: 64,
      tools,
      tool_choice: { type: "tool", name: "weather" },
      messages: [{ role: "user", content: "weather in Oslo?" }],
    });
    assert.equal(first.stop_reason, "tool_use");
    assert.deepEqual(first.content, [{
      type: "tool_use",
      id: "toolu_1",
      name: "weather",
      input: { city: "Oslo" },
    }]);
    const sent = mock.calls[0].request!;
    assert.deepEqual(sent.tools, [{
      name: "weather",
      description: "Weather now",
      parameters: tools[0].input_schema,
    }]);
    assert.deepEqual(sent.toolChoice, { name: "weather" });

    await anthropic.messages.create({
      model: "tools",
      max_tokens: 64,
      tools,
      messages: [
        { role: "user", content: "weather in Oslo?" },
        { role: "assistant", content: first.content },
        {
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: "toolu_1",
            content: "12°C",
            is_error: false,
          }, {
            type: "text",
            text: "and tomorrow?",
          }],
        },
      ],
    });
    const second = mock.calls[1].request!;
    assert.deepEqual(second.messages.slice(1), [
      {
        role: "assistant",
        content: [{
          type: "tool_use",
          id: "toolu_1",
          name: "weather",
          input: { city: "Oslo" },
        }],
      },
      {
        role: "tool",
        content: [{
          type: "tool_result",
          toolUseId: "toolu_1",
          content: "12°C",
        }],
      },
      { role: "user", content: "and tomorrow?" },
    ]);

    // The mock streams its tool call only in the final message; the
    // streamer sends it as JSON pieces. Both accumulate to the same call.
    for (const model of ["tools", "streamer"]) {
      const final = await anthropic.messages.stream({
        model,
        max_tokens: 64,
        tools,
        messages: [{ role: "user", content: "weather in Oslo?" }],
      }).finalMessage();
      const call = final.content.find((block) => block.type === "tool_use");
      assert.ok(call?.type === "tool_use", model);
      assert.deepEqual(call.input, { city: "Oslo" });
      assert.equal(final.stop_reason, "tool_use");
      assert.equal(final.usage.output_tokens, 7);
    }
  } finally {
    await server.close();
  }
});

Deno.test("anthropic SDK: base64 and url images reach the backend as IR image parts", async () => {
  const mock = createMockAdapter({
    responses: {
      message: { role: "assistant", content: "a cat" },
      finishReason: "stop",
      metadata: {},
    },
  });
  const server = serveGateway({ backends: [["vision", mock]] });
  try {
    await client(server.origin).messages.create({
      model: "vision",
      max_tokens: 16,
      messages: [{
        role: "user",
        content: [
          {
            type: "image",
            source: {
              type: "base64",
              media_type: "image/png",
              data: "iVBORw0KGgo=",
            },
          },
          {
            type: "image",
            source: { type: "url", url: "https://example.com/cat.jpg" },
          },
          { type: "text", text: "what is this?" },
        ],
      }],
    });
    assert.deepEqual(mock.calls[0].request!.messages[0].content, [
      {
        type: "image",
        source: {
          type: "base64",
          mediaType: "image/png",
          data: "iVBORw0KGgo=",
        },
      },
      {
        type: "image",
        source: { type: "url", url: "https://example.com/cat.jpg" },
      },
      { type: "text", text: "what is this?" },
    ]);
  } finally {
    await server.close();
  }
});

Deno.test("anthropic SDK: errors are Anthropic error bodies with the right status", async () => {
  const notFound = createFailingAdapter({
    error: new AdapterError({
      code: "INVALID_REQUEST",
      message: "model: no such model",
      statusCode: 404,
    }),
  });
  const limited = createFailingAdapter({
    error: new AdapterError({
      code: "RATE_LIMITED",
      message: "slow down",
      statusCode: 429,
      retryAfter: 3000,
    }),
  });
  const server = serveGateway({
    backends: [["missing", notFound], ["limited", limited]],
    routerConfig: { fallbackStrategy: "none" },
    keys: [{ id: "k", sha256: await hashKey("sk-right") }],
    // A still clock: the streamed request meets the 429's cooldown with
    // exactly its 3 s left.
    now: () => 1_000_000,
  });
  try {
    const wrong = await client(server.origin, "sk-wrong").messages.create({
      model: "missing",
      max_tokens: 8,
      messages: [{ role: "user", content: "hi" }],
    }).catch((e) => e);
    assert.ok(wrong instanceof Anthropic.AuthenticationError, String(wrong));
    assert.equal(errorType(wrong), "authentication_error");

    const anthropic = client(server.origin, "sk-right");
    for (const stream of [false, true]) {
      const missing = await anthropic.messages.create({
        model: "missing",
        max_tokens: 8,
        messages: [{ role: "user", content: "hi" }],
        stream,
      }).catch((e) => e);
      assert.ok(missing instanceof Anthropic.NotFoundError, String(missing));
      assert.equal((missing.error as { type?: string }).type, "error");
      assert.equal(errorType(missing), "not_found_error");
      const slow = await anthropic.messages.create({
        model: "limited",
        max_tokens: 8,
        messages: [{ role: "user", content: "hi" }],
        stream,
      }).catch((e) => e);
      assert.ok(slow instanceof Anthropic.RateLimitError, String(slow));
      assert.equal(errorType(slow), "rate_limit_error");
      assert.equal(slow.headers?.get("retry-after"), "3");
      assert.equal(slow.headers?.get("retry-after-ms"), "3000");
    }
    // The second (streamed) request met the cooldown, not the backend.
    assert.equal(limited.calls.length, 1);
    const invalid = await anthropic.messages.create({
      model: "missing",
      messages: [{ role: "user", content: "hi" }],
    } as unknown as Anthropic.MessageCreateParamsNonStreaming).catch((e) => e);
    assert.ok(invalid instanceof Anthropic.BadRequestError, String(invalid));
    assert.match(invalid.message, /max_tokens/);
  } finally {
    await server.close();
  }
});
