// Cohere v2 Chat: request mapping, responses and stream events against the
// documented wire samples in tests/fixtures/models/cohere/, then the shared
// adapter contract. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createCohereAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/cohere.ts";
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

const KEY = "co-secret-key-1234";
const adapterWith = adapterFactory(createCohereAdapter, { apiKey: KEY });
const reply = () => Response.json(jsonFixture("cohere/chat.json"));

describe("Cohere adapter: request mapping", () => {
  it("posts /v2/chat with Cohere's parameter names, tools and tool messages", async () => {
    const { adapter, requests } = adapterWith(reply);
    const request: IRChatRequest = {
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Toronto?", name: "ann" },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "get_weather_1",
            name: "get_weather",
            input: { location: "Toronto" },
          }],
        },
        {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: "get_weather_1",
            content: "-5C",
          }],
        },
      ],
      tools: [{
        name: "get_weather",
        description: "Weather by city",
        parameters: { type: "object", properties: {} },
      }],
      toolChoice: "required",
      parameters: {
        maxTokens: 50,
        topP: 0.9,
        topK: 40,
        stopSequences: ["END"],
        seed: 7,
        user: "u-1",
        safety_mode: "STRICT",
        p: 0.1,
      },
    };
    await adapter.execute(request);
    const seen = requests[0];
    assert.equal(seen.url, "https://api.cohere.com/v2/chat");
    assert.equal(seen.headers.get("authorization"), `Bearer ${KEY}`);
    assert.deepEqual(seen.body, {
      max_tokens: 50,
      p: 0.9, // the IR field wins over the passed-through wire key
      k: 40,
      stop_sequences: ["END"],
      seed: 7,
      safety_mode: "STRICT",
      model: "command-a-03-2025",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Toronto?" },
        {
          role: "assistant",
          tool_calls: [{
            id: "get_weather_1",
            type: "function",
            function: {
              name: "get_weather",
              arguments: '{"location":"Toronto"}',
            },
          }],
        },
        { role: "tool", tool_call_id: "get_weather_1", content: "-5C" },
      ],
      tools: [{
        type: "function",
        function: {
          name: "get_weather",
          description: "Weather by city",
          parameters: { type: "object", properties: {} },
        },
      }],
      tool_choice: "REQUIRED",
    });
  });

  it("a named tool choice sends only that tool, REQUIRED; none is NONE; auto sends nothing", async () => {
    const tools = ["a", "b"].map((name) => ({
      name,
      parameters: { type: "object" },
    }));
    const messages: IRChatRequest["messages"] = [{
      role: "user",
      content: "x",
    }];
    const bodies: Record<string, unknown>[] = [];
    for (const toolChoice of [{ name: "b" }, "none", "auto"] as const) {
      const { adapter, requests } = adapterWith(reply);
      await adapter.execute({ messages, tools, toolChoice });
      bodies.push(requests[0].body as Record<string, unknown>);
    }
    assert.deepEqual(
      (bodies[0].tools as { function: { name: string } }[]).map((t) =>
        t.function.name
      ),
      ["b"],
    );
    assert.equal(bodies[0].tool_choice, "REQUIRED");
    assert.equal(bodies[1].tool_choice, "NONE");
    assert.equal("tool_choice" in bodies[2], false);
  });
});

describe("Cohere adapter: responses", () => {
  it("maps text, billed usage and the finish reason", async () => {
    const { adapter } = adapterWith(reply);
    const response = await adapter.execute({
      messages: [{ role: "user", content: "Hi" }],
      metadata: { requestId: "r-1" },
    });
    assert.equal(response.message.content, "Hello! How can I help you today?");
    assert.equal(response.finishReason, "stop");
    assert.deepEqual(response.usage, {
      promptTokens: 5,
      completionTokens: 9,
      totalTokens: 14,
    });
    assert.equal(response.metadata.requestId, "r-1");
    assert.equal(response.metadata.providerFinishReason, "COMPLETE");
    assert.equal(
      response.metadata.providerResponseId,
      "c14c80c3-18eb-4519-9460-6c92edd8cfb4",
    );
  });

  it("maps tool calls, keeping the tool plan in metadata", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("cohere/chat_tool_calls.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "Weather?" }],
    });
    assert.equal(response.finishReason, "tool_calls");
    assert.deepEqual(response.message.content, [{
      type: "tool_use",
      id: "get_weather_1byjy32y4hvq",
      name: "get_weather",
      input: { location: "Toronto" },
    }]);
    assert.equal(
      response.metadata.toolPlan,
      "I will look up the weather in Toronto.",
    );
  });

  it("a body without a message is INVALID_RESPONSE, retryable", async () => {
    const { adapter } = adapterWith(() => Response.json({ id: "x" }));
    const error = await rejection(
      adapter.execute({ messages: [{ role: "user", content: "Hi" }] }),
    );
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.equal(error.provider, "cohere");
    assert.equal(error.isRetryable, true);
  });
});

describe("Cohere adapter: streaming", () => {
  it("turns content-delta and message-end into content, metadata and done", async () => {
    const { adapter, requests } = adapterWith(() =>
      streamResponse(fixture("cohere/stream_text.sse"), undefined, [7, 50])
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "Hi" }] }),
    );
    assert.equal((requests[0].body as { stream: boolean }).stream, true);
    assert.ok(sequencesAreConsecutive(chunks));
    assert.equal(textOf(chunks), "Hello there!");
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "stop");
    assert.deepEqual(done.usage, {
      promptTokens: 5,
      completionTokens: 3,
      totalTokens: 8,
    });
    assert.equal(done.message?.content, "Hello there!");
  });

  it("assembles a tool call from tool-call-start and tool-call-delta", async () => {
    const { adapter } = adapterWith(() =>
      streamResponse(fixture("cohere/stream_tool_calls.sse"))
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "?" }] }),
    );
    const tools = chunks.filter((chunk) => chunk.type === "tool_use");
    assert.equal(tools.length, 3);
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "tool_calls");
    assert.deepEqual(done.message?.content, [{
      type: "tool_use",
      id: "get_weather_nsz5zm3w56q3",
      name: "get_weather",
      input: { location: "Toronto" },
    }]);
  });

  it("a stream cut before message-end ends with a PROVIDER_ERROR chunk", async () => {
    const cut =
      fixture("cohere/stream_text.sse").split("event: message-end")[0];
    const { adapter } = adapterWith(() => streamResponse(cut));
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "Hi" }] }),
    );
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, "PROVIDER_ERROR");
  });
});

describe("Cohere adapter: a generation that fails part way", () => {
  /** The text stream's chunks, its message-end delta ending with `fields`. */
  const endingWith = (fields: string) => {
    const text = fixture("cohere/stream_text.sse").replace(
      `"finish_reason":"COMPLETE"`,
      fields,
    );
    const { adapter } = adapterWith(() => streamResponse(text));
    return collect(
      adapter.executeStream({ messages: [{ role: "user", content: "Hi" }] }),
    );
  };

  it("message-end with delta.error ends the stream with that text as a PROVIDER_ERROR, after the text so far", async () => {
    for (const finish of ["ERROR", "TIMEOUT", "COMPLETE"]) {
      const chunks = await endingWith(
        `"finish_reason":"${finish}","error":"Internal Error: generation stopped"`,
      );
      assert.ok(
        chunks.some((chunk) => chunk.type === "content" && chunk.delta !== ""),
        "the text before the failure is kept",
      );
      assert.equal(
        chunks.some((chunk) => chunk.type === "done"),
        false,
        finish,
      );
      const last = chunks.at(-1);
      assert.ok(last?.type === "error", `${finish}: ${JSON.stringify(last)}`);
      assert.equal(last.error.code, "PROVIDER_ERROR");
      assert.equal(
        last.error.message,
        "cohere: Internal Error: generation stopped",
      );
    }
  });

  it("an empty delta.error is no failure: the stream is done as usual", async () => {
    const chunks = await endingWith(`"finish_reason":"COMPLETE","error":""`);
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(done));
    assert.equal(done.finishReason, "stop");
  });
});

describe("Cohere adapter: every finish path, plain and streamed", () => {
  // Cohere's finish reasons; a tool call beside COMPLETE (the v2 API sends
  // it when the model calls a tool and stops normally) is still a tool call.
  const CASES: readonly [string, boolean, string][] = [
    ["COMPLETE", true, "tool_calls"],
    ["COMPLETE", false, "stop"],
    ["STOP_SEQUENCE", true, "tool_calls"],
    ["STOP_SEQUENCE", false, "stop"],
    ["TOOL_CALL", true, "tool_calls"],
    ["MAX_TOKENS", true, "length"],
    ["MAX_TOKENS", false, "length"],
    ["ERROR", false, "error"],
    ["TIMEOUT", false, "error"],
    ["SOMETHING_NEW", true, "tool_calls"],
    ["SOMETHING_NEW", false, "stop"],
  ];
  const toolCalls = jsonFixture("cohere/chat_tool_calls.json") as Record<
    string,
    unknown
  >;
  const text = jsonFixture("cohere/chat.json") as Record<string, unknown>;
  const streamed = (tools: boolean, finish: string) =>
    fixture(tools ? "cohere/stream_tool_calls.sse" : "cohere/stream_text.sse")
      .replaceAll(/"finish_reason":"[A-Z_]+"/g, `"finish_reason":"${finish}"`);
  for (const [raw, tools, expected] of CASES) {
    it(`${raw}${tools ? " with a tool call" : ""} is ${expected}`, async () => {
      const body = { ...(tools ? toolCalls : text), finish_reason: raw };
      const { adapter } = adapterWith(() => Response.json(body));
      const request: IRChatRequest = {
        messages: [{ role: "user", content: "?" }],
      };
      const response = await adapter.execute(request);
      assert.equal(response.finishReason, expected);
      assert.equal(response.metadata.providerFinishReason, raw);
      const { adapter: streaming } = adapterWith(() =>
        streamResponse(streamed(tools, raw))
      );
      const done = (await collect(streaming.executeStream(request))).at(-1);
      assert.ok(done?.type === "done", JSON.stringify(done));
      assert.equal(done.finishReason, expected);
      assert.equal(done.metadata?.providerFinishReason, raw);
      const parts = done.message?.content;
      assert.equal(
        Array.isArray(parts) && parts.some((p) => p.type === "tool_use"),
        tools,
        "the tool call is kept whatever the finish reason",
      );
    });
  }

  it("usage: billed units when given, else the raw token counts", async () => {
    const tokensOnly = {
      ...text,
      usage: { tokens: { input_tokens: 496, output_tokens: 5 } },
    };
    const { adapter } = adapterWith(() => Response.json(tokensOnly));
    const response = await adapter.execute({
      messages: [{ role: "user", content: "Hi" }],
    });
    assert.deepEqual(response.usage, {
      promptTokens: 496,
      completionTokens: 5,
      totalTokens: 501,
    });
    const billed = { ...text, usage: toolCalls.usage };
    const { adapter: second } = adapterWith(() => Response.json(billed));
    const again = await second.execute({
      messages: [{ role: "user", content: "Hi" }],
    });
    assert.deepEqual(again.usage, {
      promptTokens: 37,
      completionTokens: 28,
      totalTokens: 65,
    });
  });
});

adapterContract({
  name: "Cohere",
  key: KEY,
  adapterWith,
  auth: { header: "authorization", value: `Bearer ${KEY}` },
  reply,
  stream: fixture("cohere/stream_text.sse"),
  healthURL: "https://api.cohere.com/v1/models",
  models: () => Response.json(jsonFixture("cohere/models.json")),
  unauthorized: {
    body: fixture("cohere/error_401.json"),
    message: /invalid api token/,
  },
  rateLimited: fixture("cohere/error_429.json"),
  serverError: { status: 500, body: fixture("cohere/error_500.json") },
});
