import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createAnthropicAdapter,
  type IRChatRequest,
  type IRContentPart,
} from "../../../src/models/adapters/anthropic.ts";
import { adapterContract } from "./_contract.ts";
import {
  adapterFactory,
  collect,
  fixture,
  jsonFixture,
  rejection,
  sequencesAreConsecutive,
  streamResponse,
  textOf,
} from "./_fake.ts";

const KEY = "sk-ant-api03-secret-value";

const adapterWith = adapterFactory(createAnthropicAdapter, { apiKey: KEY });

describe("Anthropic adapter: request mapping", () => {
  it("sends headers, top-level system, default max_tokens and merged blocks", async () => {
    const { adapter, requests } = adapterWith(
      () => Response.json(jsonFixture("anthropic/message.json")),
      {
        beta: ["prompt-caching-2024-07-31"],
      },
    );
    const request: IRChatRequest = {
      messages: [
        { role: "system", content: "Be brief." },
        {
          role: "system",
          content: [{ type: "text", text: "Use metric units." }],
        },
        {
          role: "user",
          content: [
            { type: "text", text: "Weather here?" },
            {
              type: "image",
              source: {
                type: "base64",
                mediaType: "image/jpeg",
                data: "/9j/4AAQ",
              },
            },
            {
              type: "image",
              source: { type: "url", url: "https://example.com/sky.jpg" },
            },
          ],
        },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "toolu_1",
            name: "get_weather",
            input: { q: 1 },
          }],
        },
        {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: "toolu_1",
            content: "sunny",
            isError: false,
          }],
        },
        { role: "user", content: "And tomorrow?" },
      ],
      tools: [{
        name: "get_weather",
        description: "Weather",
        parameters: { type: "object", properties: {} },
      }],
      toolChoice: "required",
      parameters: {
        model: "claude-sonnet-4-20250514",
        temperature: 0.5,
        topK: 40,
        stopSequences: ["\n\nHuman:"],
        seed: 1,
        frequencyPenalty: 0.2,
        user: "user-7",
        thinking: { type: "disabled" },
      },
    };
    await adapter.execute(request);
    const [seen] = requests;
    assert.equal(seen.url, "https://api.anthropic.com/v1/messages");
    assert.equal(seen.headers.get("x-api-key"), KEY);
    assert.equal(seen.headers.get("anthropic-version"), "2023-06-01");
    assert.equal(
      seen.headers.get("anthropic-beta"),
      "prompt-caching-2024-07-31",
    );
    assert.equal(seen.headers.has("authorization"), false);
    assert.deepEqual(seen.body, {
      temperature: 0.5,
      top_k: 40,
      stop_sequences: ["\n\nHuman:"],
      thinking: { type: "disabled" },
      model: "claude-sonnet-4-20250514",
      max_tokens: 1024,
      system: "Be brief.\n\nUse metric units.",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Weather here?" },
            {
              type: "image",
              source: {
                type: "base64",
                media_type: "image/jpeg",
                data: "/9j/4AAQ",
              },
            },
            {
              type: "image",
              source: { type: "url", url: "https://example.com/sky.jpg" },
            },
          ],
        },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "toolu_1",
            name: "get_weather",
            input: { q: 1 },
          }],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_1", content: "sunny" },
            { type: "text", text: "And tomorrow?" },
          ],
        },
      ],
      metadata: { user_id: "user-7" },
      tools: [{
        name: "get_weather",
        description: "Weather",
        input_schema: { type: "object", properties: {} },
      }],
      tool_choice: { type: "any" },
    });
  });

  it("maps the other tool choices and maxTokens", async () => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    for (const toolChoice of ["auto", "none", { name: "x" }] as const) {
      await adapter.execute({
        messages: [{ role: "user", content: "x" }],
        toolChoice,
        parameters: { maxTokens: 9 },
      });
    }
    const bodies = requests.map((seen) => seen.body as Record<string, unknown>);
    assert.deepEqual(bodies.map((body) => body.tool_choice), [
      { type: "auto" },
      { type: "none" },
      { type: "tool", name: "x" },
    ]);
    assert.equal(bodies[0].max_tokens, 9);
    assert.equal(bodies[0].model, "claude-3-5-haiku-latest");
  });
});

describe("Anthropic adapter: shaping the turns", () => {
  const call: IRChatRequest["messages"][number] = {
    role: "assistant",
    content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }],
  };
  const result = {
    type: "tool_result",
    toolUseId: "toolu_1",
    content: "r",
  } as const;
  const sent = async (
    messages: IRChatRequest["messages"],
  ): Promise<unknown[]> => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    await adapter.execute({ messages });
    return (requests[0].body as { messages: unknown[] }).messages;
  };

  it("puts tool_result blocks first, whether one message or merged ones held the text first", async () => {
    // Used to keep the IR order, which the API rejects after a tool_use turn.
    const expected = {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: "r" },
        { type: "text", text: "here:" },
      ],
    };
    const oneMessage = await sent([
      { role: "user", content: "q" },
      call,
      { role: "user", content: [{ type: "text", text: "here:" }, result] },
    ]);
    assert.deepEqual(oneMessage[2], expected);
    const merged = await sent([
      { role: "user", content: "q" },
      call,
      { role: "user", content: "here:" },
      { role: "tool", content: [result] },
    ]);
    assert.deepEqual(merged[2], expected);
  });

  it("drops whitespace-only text, which the API rejects like empty text", async () => {
    // Used to send "\n\n" before a tool call (common from OpenAI-compatible
    // models replayed through the gateway) and " " next to an image.
    const image = {
      type: "image",
      source: { type: "base64", mediaType: "image/png", data: "AAAA" },
    } as const;
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    await adapter.execute({
      messages: [
        { role: "system", content: " \n" },
        { role: "user", content: [{ type: "text", text: " " }, image] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "\n\n" },
            ...(call.content as IRContentPart[]),
          ],
        },
        { role: "tool", content: [result] },
      ],
    });
    const body = requests[0].body as Record<string, unknown>;
    assert.equal("system" in body, false);
    assert.deepEqual(body.messages, [
      {
        role: "user",
        content: [{
          type: "image",
          source: { type: "base64", media_type: "image/png", data: "AAAA" },
        }],
      },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }],
      },
      {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: "r",
        }],
      },
    ]);
  });

  it("an assistant turn of only whitespace is not sent; the user turns around it merge", async () => {
    assert.deepEqual(
      await sent([
        { role: "user", content: "a" },
        { role: "assistant", content: " \n\t" },
        { role: "user", content: [{ type: "text", text: "b" }] },
      ]),
      [{
        role: "user",
        content: [{ type: "text", text: "a" }, { type: "text", text: "b" }],
      }],
    );
  });
});

describe("Anthropic adapter: images", () => {
  it("unpacks a base64 data: URL into a base64 source with its media type", async () => {
    // Used to be sent as a url source, which the API only fetches over http(s).
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    const image = (url: string) => ({
      type: "image" as const,
      source: { type: "url" as const, url },
    });
    await adapter.execute({
      messages: [{
        role: "user",
        content: [
          image("data:image/png;base64,iVBORw0KGgo="),
          image("data:IMAGE/JPEG;name=a.jpg;base64,/9j/"),
          image("https://example.com/a.png"),
        ],
      }],
    });
    const [message] = (requests[0].body as { messages: { content: unknown }[] })
      .messages;
    assert.deepEqual(message.content, [
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
        source: { type: "base64", media_type: "image/jpeg", data: "/9j/" },
      },
      {
        type: "image",
        source: { type: "url", url: "https://example.com/a.png" },
      },
    ]);
  });

  it("sends a final assistant prefill without trailing whitespace, which the API refuses", async () => {
    for (
      const content of [
        "The answer is ",
        [{ type: "text" as const, text: "The answer is \n" }],
      ]
    ) {
      const { adapter, requests } = adapterWith(() =>
        Response.json(jsonFixture("anthropic/message.json"))
      );
      await adapter.execute({
        messages: [
          { role: "user", content: "6 * 7?" },
          { role: "assistant", content },
        ],
      });
      const body = requests[0].body as {
        messages: { content: string | { text: string }[] }[];
      };
      const last = body.messages[1].content;
      assert.equal(
        typeof last === "string" ? last : last[0].text,
        "The answer is",
      );
    }
  });

  it("decodes a percent-encoded data: URL into a base64 source", async () => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    await adapter.execute({
      messages: [{
        role: "user",
        content: [{
          type: "image",
          source: { type: "url", url: "data:image/svg+xml,%3Csvg%2F%3E%C3%A9" },
        }],
      }],
    });
    const body = requests[0].body as {
      messages: { content: { source: Record<string, string> }[] }[];
    };
    const source = body.messages[0].content[0].source;
    assert.equal(source.type, "base64");
    assert.equal(source.media_type, "image/svg+xml");
    const bytes = Uint8Array.from(atob(source.data), (c) => c.charCodeAt(0));
    assert.equal(new TextDecoder().decode(bytes), "<svg/>é");
  });
});

describe("Anthropic adapter: responses and errors", () => {
  it("maps content blocks, stop_reason and usage (cache tokens count as prompt)", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "weather" }],
    });
    assert.equal(response.finishReason, "tool_calls");
    assert.deepEqual(response.message.content, [
      {
        type: "text",
        text: "I'll check the weather in San Francisco for you.",
      },
      {
        type: "tool_use",
        id: "toolu_01A09q90qw90lq917835lq9",
        name: "get_weather",
        input: { location: "San Francisco, CA", unit: "celsius" },
      },
    ]);
    assert.deepEqual(response.usage, {
      promptTokens: 572,
      completionTokens: 89,
      totalTokens: 661,
      cacheReadTokens: 100,
      cacheCreationTokens: 0,
    });
    assert.equal(
      response.metadata.providerResponseId,
      "msg_01XFDUDYJgAACzvnptvVoYEL",
    );
  });

  it("maps stop reasons", async () => {
    const expected = {
      end_turn: "stop",
      max_tokens: "length",
      stop_sequence: "stop",
      refusal: "content_filter",
    };
    for (const [wire, ir] of Object.entries(expected)) {
      const body = {
        ...(jsonFixture("anthropic/message.json") as object),
        stop_reason: wire,
      };
      const { adapter } = adapterWith(() => Response.json(body));
      assert.equal(
        (await adapter.execute({ messages: [{ role: "user", content: "x" }] }))
          .finishReason,
        ir,
      );
    }
  });
});

describe("Anthropic adapter: streaming", () => {
  it("maps the event stream (ping, deltas, usage) split into tiny pieces", async () => {
    const { adapter, requests } = adapterWith(() =>
      streamResponse(fixture("anthropic/stream_text.sse"))
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "hi" }] }),
    );
    assert.equal((requests[0].body as Record<string, unknown>).stream, true);
    assert.ok(sequencesAreConsecutive(chunks));
    assert.deepEqual(chunks.map((chunk) => chunk.type), [
      "start",
      "content",
      "content",
      "metadata",
      "done",
    ]);
    assert.equal(textOf(chunks), "Hello — ünïcødé ✓ 🚀!");
    const start = chunks[0];
    assert.ok(start.type === "start");
    assert.equal(
      start.metadata.providerResponseId,
      "msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY",
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "stop");
    assert.deepEqual(done.usage, {
      promptTokens: 25,
      completionTokens: 15,
      totalTokens: 40,
    });
  });

  it("maps tool_use blocks and input_json_delta", async () => {
    const { adapter } = adapterWith(() =>
      streamResponse(fixture("anthropic/stream_tool_use.sse"), undefined, [
        4,
        1,
      ])
    );
    const chunks = await collect(
      adapter.executeStream({
        messages: [{ role: "user", content: "weather" }],
      }),
    );
    const uses = chunks.filter((chunk) => chunk.type === "tool_use");
    assert.deepEqual(
      uses.map((chunk) => chunk.type === "tool_use" ? chunk.inputDelta : null),
      [
        undefined,
        '{"location":',
        ' "San Francisco, CA"}',
      ],
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "tool_calls");
    assert.deepEqual(done.message?.content, [
      { type: "text", text: "Okay, let's check the weather." },
      {
        type: "tool_use",
        id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
        name: "get_weather",
        input: { location: "San Francisco, CA" },
      },
    ]);
  });

  it("an error event after content becomes an error chunk", async () => {
    const { adapter } = adapterWith(() =>
      streamResponse(fixture("anthropic/stream_error.sse"))
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(textOf(chunks), "Partial");
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, "PROVIDER_ERROR");
    assert.equal(last.error.retryable, true);
  });

  it("an error event before any chunk is thrown", async () => {
    const sse =
      'event: error\ndata: {"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}\n\n';
    const { adapter } = adapterWith(() => streamResponse(sse));
    const error = await rejection(
      collect(
        adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
      ),
    );
    assert.equal(error.code, "RATE_LIMITED");
  });

  it("a stream that stops before message_stop ends with an error chunk", async () => {
    const cut =
      fixture("anthropic/stream_text.sse").split("event: message_delta")[0];
    const { adapter } = adapterWith(() => streamResponse(cut));
    const last = (await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    )).at(-1);
    assert.ok(last?.type === "error");
    assert.match(last.error.message, /message_stop/);
  });
});

describe("Anthropic adapter: estimateCost", () => {
  it("prices with the default max_tokens", async () => {
    const { adapter } = adapterWith(() => Response.json({}));
    // 100 prompt tokens at $0.80/M + 1024 default output tokens at $4/M.
    const cost = await adapter.estimateCost({
      messages: [{ role: "user", content: "y".repeat(400) }],
    });
    assert.ok(
      cost !== null && Math.abs(cost - (100 * 0.8 + 1024 * 4) / 1e6) < 1e-12,
    );
  });
});

adapterContract({
  name: "Anthropic",
  key: KEY,
  adapterWith,
  auth: { header: "x-api-key", value: KEY },
  reply: () => Response.json(jsonFixture("anthropic/message.json")),
  stream: fixture("anthropic/stream_text.sse"),
  healthURL: "https://api.anthropic.com/v1/models",
  models: () => Response.json(jsonFixture("anthropic/models.json")),
  unauthorized: {
    body: fixture("anthropic/error_401.json"),
    message: /invalid x-api-key/,
  },
  rateLimited: fixture("anthropic/error_429.json"),
  serverError: { status: 529, body: fixture("anthropic/error_529.json") },
});
