// POST /v1/messages with the official Anthropic SDK as the client, against
// the gateway whose backends are the real adapters pointed at deterministic
// loopback upstreams speaking OpenAI's, Anthropic's and Gemini's wire format.
// Each upstream records what it received, so the tests see what a provider
// would: the system prompt, the tool schema, the image and the tool result in
// that provider's own format. One suite runs against every wire format.
import assert from "node:assert/strict";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import {
  openAICompletion,
  serveGateway,
  serveUpstream,
  upstreamAdapter,
} from "./_serve.ts";
import { anthropicClient } from "./_anthropic_client.ts";

const SYSTEM = "Answer in Norwegian.";
const QUESTION = "What is the weather where this photo was taken?";
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk";
const SCHEMA = {
  type: "object" as const,
  properties: { city: { type: "string" } },
  required: ["city"],
};
const TOOL = {
  name: "weather",
  description: "Current weather in a city",
  input_schema: SCHEMA,
};
const RESULT = "12°C and sunny";
const ANSWER = ["Det er ", "12 grader."];
/** What the upstream reports for the tool turn and for the answer turn. */
const USAGE = [{ input: 31, output: 12 }, { input: 57, output: 9 }];

type Json = Record<string, unknown>;
type Usage = { input: number; output: number };

/** One provider's wire format: the upstream's answers and what it must receive. */
interface Wire {
  name: string;
  adapter(origin: string): BackendAdapter;
  /** The upstream path of a call (stream or not). */
  path(stream: boolean): string;
  /** An answer calling `weather` with `{ city: "Oslo" }`. */
  toolCall(stream: boolean, usage: Usage): Response;
  /** An answer with the text of ANSWER. */
  text(stream: boolean, usage: Usage): Response;
  /** An error answer in the provider's own shape. */
  error(status: number, message: string, headers?: HeadersInit): Response;
  /** Asserts the first call: model, system, image, question, tool schema, forced tool. */
  checkFirst(body: Json, stream: boolean): void;
  /** Asserts the second call: the tool call and its result, mapped. */
  checkSecond(body: Json, toolId: string): void;
}

function sse(events: Array<[string | undefined, unknown]>): Response {
  const text = events.map(([name, data]) =>
    `${name ? `event: ${name}\n` : ""}data: ${
      typeof data === "string" ? data : JSON.stringify(data)
    }\n\n`
  ).join("");
  return new Response(text, {
    headers: { "content-type": "text/event-stream" },
  });
}

function openAIUsage(usage: Usage): Json {
  return {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
}

/** A whole answer: `openAICompletion`'s, with this message and usage. */
function openAIAnswer(message: Json, finish: string, usage: Usage): Response {
  return Response.json({
    ...openAICompletion(""),
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: openAIUsage(usage),
  });
}

/** A stream: one chunk per delta, the finish, the usage chunk, `[DONE]`. */
function openAIStream(deltas: Json[], finish: string, usage: Usage): Response {
  const chunk = (delta: Json, finishReason: string | null = null) => ({
    id: "chatcmpl-up",
    object: "chat.completion.chunk",
    created: 0,
    model: "gpt-test",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  return sse([
    ...deltas.map((delta): [undefined, Json] => [undefined, chunk(delta)]),
    [undefined, chunk({}, finish)],
    [undefined, { ...chunk({}), choices: [], usage: openAIUsage(usage) }],
    [undefined, "[DONE]"],
  ]);
}

const OPENAI: Wire = {
  name: "openai",
  adapter: (origin) => upstreamAdapter(origin, "up"),
  path: () => "/v1/chat/completions",
  toolCall(stream, usage) {
    const call = { id: "call_w1", type: "function" };
    if (!stream) {
      return openAIAnswer(
        {
          role: "assistant",
          content: null,
          tool_calls: [{
            ...call,
            function: { name: "weather", arguments: '{"city":"Oslo"}' },
          }],
        },
        "tool_calls",
        usage,
      );
    }
    const args = (piece: string) => ({
      tool_calls: [{ index: 0, function: { arguments: piece } }],
    });
    return openAIStream(
      [
        {
          role: "assistant",
          content: null,
          tool_calls: [{
            index: 0,
            ...call,
            function: { name: "weather", arguments: "" },
          }],
        },
        args('{"city":'),
        args('"Oslo"}'),
      ],
      "tool_calls",
      usage,
    );
  },
  text(stream, usage) {
    return stream
      ? openAIStream(
        [
          { role: "assistant", content: "" },
          ...ANSWER.map((content) => ({ content })),
        ],
        "stop",
        usage,
      )
      : openAIAnswer(
        { role: "assistant", content: ANSWER.join("") },
        "stop",
        usage,
      );
  },
  error: (status, message, headers) =>
    Response.json({
      error: {
        message,
        type: status === 429 ? "rate_limit_exceeded" : "invalid_request_error",
        param: null,
        code: null,
      },
    }, { status, headers }),
  checkFirst(body, stream) {
    assert.equal(body.model, "gpt-test");
    assert.equal(body.max_tokens, 100);
    assert.deepEqual(body.messages, [
      { role: "system", content: SYSTEM },
      {
        role: "user",
        content: [
          {
            type: "image_url",
            image_url: { url: `data:image/png;base64,${PNG}` },
          },
          { type: "text", text: QUESTION },
        ],
      },
    ]);
    assert.deepEqual(body.tools, [{
      type: "function",
      function: {
        name: "weather",
        description: TOOL.description,
        parameters: SCHEMA,
      },
    }]);
    assert.deepEqual(body.tool_choice, {
      type: "function",
      function: { name: "weather" },
    });
    assert.equal(body.stream, stream ? true : undefined);
    if (stream) {
      assert.deepEqual(body.stream_options, { include_usage: true });
    }
  },
  checkSecond(body, toolId) {
    assert.equal(toolId, "call_w1", "the upstream's call id reaches the SDK");
    assert.deepEqual((body.messages as Json[]).slice(2), [
      {
        role: "assistant",
        content: null,
        tool_calls: [{
          id: "call_w1",
          type: "function",
          function: { name: "weather", arguments: '{"city":"Oslo"}' },
        }],
      },
      { role: "tool", tool_call_id: "call_w1", content: RESULT },
    ]);
  },
};

const ANTHROPIC: Wire = {
  name: "anthropic",
  adapter: (origin) =>
    createAnthropicAdapter({
      name: "up",
      apiKey: "upstream-key",
      baseURL: origin,
      defaultModel: "claude-test",
    }),
  path: () => "/v1/messages",
  toolCall(stream, usage) {
    const block = { type: "tool_use", id: "toolu_w1", name: "weather" };
    return stream
      ? anthropicStream(
        { ...block, input: {} },
        ['{"city":', '"Oslo"}'].map((partial_json) => ({
          type: "input_json_delta",
          partial_json,
        })),
        "tool_use",
        usage,
      )
      : anthropicAnswer(
        { ...block, input: { city: "Oslo" } },
        "tool_use",
        usage,
      );
  },
  text(stream, usage) {
    return stream
      ? anthropicStream(
        { type: "text", text: "" },
        ANSWER.map((text) => ({ type: "text_delta", text })),
        "end_turn",
        usage,
      )
      : anthropicAnswer(
        { type: "text", text: ANSWER.join("") },
        "end_turn",
        usage,
      );
  },
  error: (status, message, headers) =>
    Response.json({
      type: "error",
      error: {
        type: status === 429 ? "rate_limit_error" : "invalid_request_error",
        message,
      },
    }, { status, headers }),
  checkFirst(body, stream) {
    assert.equal(body.model, "claude-test");
    assert.equal(body.max_tokens, 100);
    assert.equal(body.system, SYSTEM);
    assert.deepEqual(body.messages, [{
      role: "user",
      content: [
        {
          type: "image",
          source: { type: "base64", media_type: "image/png", data: PNG },
        },
        { type: "text", text: QUESTION },
      ],
    }]);
    assert.deepEqual(body.tools, [TOOL]);
    assert.deepEqual(body.tool_choice, FORCED);
    assert.equal(body.stream, stream ? true : undefined);
  },
  checkSecond(body, toolId) {
    assert.equal(toolId, "toolu_w1", "the upstream's tool id reaches the SDK");
    assert.deepEqual((body.messages as Json[]).slice(1), [
      {
        role: "assistant",
        content: [{
          type: "tool_use",
          id: "toolu_w1",
          name: "weather",
          input: { city: "Oslo" },
        }],
      },
      {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: "toolu_w1",
          content: RESULT,
        }],
      },
    ]);
  },
};

function anthropicMessage(content: Json[], stop: string | null): Json {
  return {
    id: "msg_up",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content,
    stop_reason: stop,
    stop_sequence: null,
  };
}

function anthropicAnswer(block: Json, stop: string, usage: Usage): Response {
  return Response.json({
    ...anthropicMessage([block], stop),
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  });
}

/** One content block streamed as `deltas`, with a ping inside, as the API does. */
function anthropicStream(
  block: Json,
  deltas: Json[],
  stop: string,
  usage: Usage,
): Response {
  return sse([
    ["message_start", {
      type: "message_start",
      message: {
        ...anthropicMessage([], null),
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    }],
    ["content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: block,
    }],
    ["ping", { type: "ping" }],
    ...deltas.map((delta): [string, Json] => [
      "content_block_delta",
      { type: "content_block_delta", index: 0, delta },
    ]),
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: usage.output },
    }],
    ["message_stop", { type: "message_stop" }],
  ]);
}

const GEMINI: Wire = {
  name: "gemini",
  adapter: (origin) =>
    createGeminiAdapter({
      name: "up",
      apiKey: "upstream-key",
      baseURL: origin,
      defaultModel: "gemini-test",
    }),
  path: (stream) =>
    `/models/gemini-test:${
      stream ? "streamGenerateContent" : "generateContent"
    }`,
  toolCall(stream, usage) {
    const answer = geminiAnswer(
      [{ functionCall: { name: "weather", args: { city: "Oslo" } } }],
      usage,
    );
    // A function call arrives whole, in one event.
    return stream ? sse([[undefined, answer]]) : Response.json(answer);
  },
  text(stream, usage) {
    if (!stream) {
      return Response.json(geminiAnswer([{ text: ANSWER.join("") }], usage));
    }
    return sse([
      [undefined, {
        candidates: [{
          content: { role: "model", parts: [{ text: ANSWER[0] }] },
          index: 0,
        }],
        modelVersion: "gemini-test",
      }],
      [undefined, geminiAnswer([{ text: ANSWER[1] }], usage)],
    ]);
  },
  error: (status, message, headers) =>
    Response.json({
      error: {
        code: status,
        message,
        status: status === 429 ? "RESOURCE_EXHAUSTED" : "INVALID_ARGUMENT",
      },
    }, { status, headers }),
  checkFirst(body) {
    assert.deepEqual(body.systemInstruction, { parts: [{ text: SYSTEM }] });
    assert.deepEqual(body.contents, [{
      role: "user",
      parts: [
        { inlineData: { mimeType: "image/png", data: PNG } },
        { text: QUESTION },
      ],
    }]);
    assert.deepEqual(body.tools, [{
      functionDeclarations: [{
        name: "weather",
        description: TOOL.description,
        parameters: SCHEMA,
      }],
    }]);
    assert.deepEqual(body.toolConfig, {
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["weather"] },
    });
    assert.deepEqual(body.generationConfig, { maxOutputTokens: 100 });
  },
  checkSecond(body, toolId) {
    // Gemini gives calls no id: the adapter makes one, and maps the
    // result back to the call's name through it.
    assert.match(toolId, /^call_[0-9a-f]{12}_0$/);
    assert.deepEqual((body.contents as Json[]).slice(1), [
      {
        role: "model",
        parts: [{ functionCall: { name: "weather", args: { city: "Oslo" } } }],
      },
      {
        role: "user",
        parts: [{
          functionResponse: { name: "weather", response: { content: RESULT } },
        }],
      },
    ]);
  },
};

function geminiAnswer(parts: Json[], usage: Usage): Json {
  return {
    candidates: [{
      content: { role: "model", parts },
      finishReason: "STOP",
      index: 0,
    }],
    usageMetadata: {
      promptTokenCount: usage.input,
      candidatesTokenCount: usage.output,
      totalTokenCount: usage.input + usage.output,
    },
    modelVersion: "gemini-test",
  };
}

const WIRES = [OPENAI, ANTHROPIC, GEMINI];

const FIRST_TURN: Anthropic.MessageParam = {
  role: "user",
  content: [
    {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: PNG },
    },
    { type: "text", text: QUESTION },
  ],
};

function params(
  messages: Anthropic.MessageParam[],
  toolChoice?: Anthropic.ToolChoice,
): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: "up",
    max_tokens: 100,
    system: SYSTEM,
    tools: [TOOL],
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    messages,
  };
}

/** The first turn forces the tool, as agents do to get structured output. */
const FORCED: Anthropic.ToolChoice = { type: "tool", name: "weather" };

/** Event types in order, a run of deltas of one block counted once. */
function shapeOf(events: Anthropic.MessageStreamEvent[]): string[] {
  const shape: string[] = [];
  for (const event of events) {
    let name: string = event.type;
    if (event.type === "content_block_start") {
      name += `:${event.content_block.type}`;
    } else if (event.type === "content_block_delta") {
      name += `:${event.delta.type}`;
    }
    if (shape.at(-1) !== name || !name.startsWith("content_block_delta")) {
      shape.push(name);
    }
  }
  return shape;
}

/** The message, and the stream's events when streamed. */
async function ask(
  anthropic: Anthropic,
  body: Anthropic.MessageCreateParamsNonStreaming,
  stream: boolean,
): Promise<
  { message: Anthropic.Message; events: Anthropic.MessageStreamEvent[] }
> {
  if (!stream) {
    return { message: await anthropic.messages.create(body), events: [] };
  }
  const events: Anthropic.MessageStreamEvent[] = [];
  const messageStream = anthropic.messages.stream(body);
  for await (const event of messageStream) events.push(event);
  return { message: await messageStream.finalMessage(), events };
}

for (const wire of WIRES) {
  for (const stream of [false, true]) {
    Deno.test(`anthropic SDK → gateway → ${wire.name}-wire upstream: system, image, tool round trip and usage (stream: ${stream})`, async () => {
      const upstream = serveUpstream((_call, index) =>
        index === 0
          ? wire.toolCall(stream, USAGE[0])
          : wire.text(stream, USAGE[1])
      );
      const gateway = serveGateway({
        backends: [["up", wire.adapter(upstream.origin)]],
      });
      try {
        const anthropic = anthropicClient(gateway.origin);
        const first = await ask(
          anthropic,
          params([FIRST_TURN], FORCED),
          stream,
        );
        assert.equal(upstream.calls.length, 1);
        assert.equal(upstream.calls[0].path, wire.path(stream));
        wire.checkFirst(upstream.calls[0].body, stream);

        assert.equal(first.message.stop_reason, "tool_use");
        assert.equal(first.message.content.length, 1);
        const use = first.message.content[0];
        assert.ok(use.type === "tool_use", JSON.stringify(use));
        assert.equal(use.name, "weather");
        assert.deepEqual(use.input, { city: "Oslo" });
        assert.deepEqual(first.message.usage, {
          input_tokens: USAGE[0].input,
          output_tokens: USAGE[0].output,
        });

        const second = await ask(
          anthropic,
          params([
            FIRST_TURN,
            { role: "assistant", content: first.message.content },
            {
              role: "user",
              content: [{
                type: "tool_result",
                tool_use_id: use.id,
                content: RESULT,
              }],
            },
          ]),
          stream,
        );
        assert.equal(upstream.calls.length, 2);
        wire.checkSecond(upstream.calls[1].body, use.id);
        assert.deepEqual(second.message.content, [{
          type: "text",
          text: ANSWER.join(""),
        }]);
        assert.equal(second.message.stop_reason, "end_turn");
        assert.deepEqual(second.message.usage, {
          input_tokens: USAGE[1].input,
          output_tokens: USAGE[1].output,
        });

        if (stream) {
          assert.deepEqual(shapeOf(first.events), [
            "message_start",
            "content_block_start:tool_use",
            "content_block_delta:input_json_delta",
            "content_block_stop",
            "message_delta",
            "message_stop",
          ]);
          assert.deepEqual(shapeOf(second.events), [
            "message_start",
            "content_block_start:text",
            "content_block_delta:text_delta",
            "content_block_stop",
            "message_delta",
            "message_stop",
          ]);
          // Usage travels in message_delta when the gateway writes the
          // stream, as Anthropic's newer API versions send it: the SDK's
          // accumulator takes both counts there. An Anthropic upstream's own
          // stream is relayed as it came (input_tokens in message_start).
          const delta = second.events.find((e) => e.type === "message_delta");
          assert.ok(delta?.type === "message_delta");
          assert.equal(delta.usage.output_tokens, USAGE[1].output);
          if (wire.name === "anthropic") {
            const start = second.events[0];
            assert.ok(start?.type === "message_start");
            assert.equal(start.message.usage.input_tokens, USAGE[1].input);
          } else assert.equal(delta.usage.input_tokens, USAGE[1].input);
        }
      } finally {
        await gateway.close();
        await upstream.close();
      }
    });
  }
}

for (const wire of WIRES) {
  Deno.test(`anthropic SDK (default retries) → gateway → ${wire.name}-wire upstream: a 400 is a BadRequestError after one upstream call, streamed or not; a 429 with Retry-After a RateLimitError, the SDK's retries meeting the cooldown`, async () => {
    const upstream = serveUpstream((_call, index) =>
      index < 2
        ? wire.error(400, "bad image")
        : wire.error(429, "slow down", { "retry-after": "1" })
    );
    const answered: number[] = []; // the gateway's status per request
    const gateway = serveGateway({
      backends: [["up", wire.adapter(upstream.origin)]],
      logger: (entry) => answered.push(entry.status),
      // A still clock: the cooldown the 429 starts lasts through the
      // SDK's retries, so they never reach the upstream.
      now: () => 1_000_000,
    });
    try {
      const anthropic = new Anthropic({
        baseURL: gateway.origin,
        apiKey: "client-key",
        timeout: 10_000, // maxRetries left at the SDK's default, 2
      });
      for (const stream of [false, true]) {
        // A failure before the first output gets the status, streamed too.
        const bad: unknown = await anthropic.messages.create({
          model: "up",
          max_tokens: 100,
          messages: [FIRST_TURN],
          stream,
        }).catch((e) => e);
        assert.ok(bad instanceof Anthropic.BadRequestError, String(bad));
        assert.equal(bad.status, 400);
        assert.match(bad.message, /bad image/);
        assert.equal(
          (bad.error as { error?: { type?: string } }).error?.type,
          "invalid_request_error",
        );
      }
      assert.equal(upstream.calls.length, 2, "a 400 is not retried");

      const limited = await anthropic.messages.create({
        model: "up",
        max_tokens: 100,
        messages: [{ role: "user", content: "hi" }],
      }).catch((e) => e);
      assert.ok(limited instanceof Anthropic.RateLimitError, String(limited));
      assert.equal(limited.status, 429);
      assert.equal(limited.headers?.get("retry-after"), "1");
      assert.equal(
        (limited.error as { error?: { type?: string } }).error?.type,
        "rate_limit_error",
      );
      assert.equal(
        upstream.calls.length,
        3,
        "one upstream call for the 429; the SDK's 2 retries met the cooldown",
      );
      assert.deepEqual(answered, [400, 400, 429, 429, 429]);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}
