import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createGeminiAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/gemini.ts";
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

const KEY = "AIzaSyD-secret-gemini-key";

const adapterWith = adapterFactory(createGeminiAdapter, { apiKey: KEY });

describe("Gemini adapter: request mapping", () => {
  it("builds contents, systemInstruction, tools and generationConfig; key in a header only", async () => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const request: IRChatRequest = {
      messages: [
        { role: "system", content: "Answer in French." },
        {
          role: "user",
          content: [
            { type: "text", text: "Describe these" },
            {
              type: "image",
              source: { type: "base64", mediaType: "image/png", data: "iVBOR" },
            },
            {
              type: "image",
              source: { type: "url", url: "https://example.com/a.JPG?x=1" },
            },
            {
              type: "image",
              source: { type: "url", url: "data:image/webp;base64,UklGR" },
            },
          ],
        },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "call_0",
            name: "lookup",
            input: { q: "x" },
          }],
        },
        {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: "call_0",
            content: '{"answer":42}',
          }],
        },
        {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: "call_0",
            content: "boom",
            isError: true,
          }],
        },
        { role: "user", content: "and?" },
      ],
      tools: [{ name: "lookup", parameters: { type: "object" } }],
      toolChoice: { name: "lookup" },
      parameters: {
        model: "models/gemini-2.5-flash",
        maxTokens: 100,
        temperature: 0.1,
        topP: 0.8,
        topK: 20,
        stopSequences: ["STOP"],
        seed: 3,
        user: "dropped",
        responseMimeType: "text/plain",
        safetySettings: [{
          category: "HARM_CATEGORY_HARASSMENT",
          threshold: "BLOCK_NONE",
        }],
      },
    };
    await adapter.execute(request);
    const [seen] = requests;
    assert.equal(
      seen.url,
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
    );
    assert.equal(seen.url.includes(KEY), false);
    assert.equal(seen.headers.get("x-goog-api-key"), KEY);
    assert.deepEqual(seen.body, {
      contents: [
        {
          role: "user",
          parts: [
            { text: "Describe these" },
            { inlineData: { mimeType: "image/png", data: "iVBOR" } },
            {
              fileData: {
                fileUri: "https://example.com/a.JPG?x=1",
                mimeType: "image/jpeg",
              },
            },
            { inlineData: { mimeType: "image/webp", data: "UklGR" } },
          ],
        },
        {
          role: "model",
          parts: [{ functionCall: { name: "lookup", args: { q: "x" } } }],
        },
        {
          role: "user",
          parts: [
            { functionResponse: { name: "lookup", response: { answer: 42 } } },
            {
              functionResponse: { name: "lookup", response: { error: "boom" } },
            },
            { text: "and?" },
          ],
        },
      ],
      systemInstruction: { parts: [{ text: "Answer in French." }] },
      generationConfig: {
        maxOutputTokens: 100,
        temperature: 0.1,
        topP: 0.8,
        topK: 20,
        stopSequences: ["STOP"],
        seed: 3,
        responseMimeType: "text/plain",
      },
      safetySettings: [{
        category: "HARM_CATEGORY_HARASSMENT",
        threshold: "BLOCK_NONE",
      }],
      tools: [{
        functionDeclarations: [{
          name: "lookup",
          parameters: { type: "object" },
        }],
      }],
      toolConfig: {
        functionCallingConfig: {
          mode: "ANY",
          allowedFunctionNames: ["lookup"],
        },
      },
    });
  });
});

describe("Gemini adapter: tool schemas", () => {
  const declared = async (parameters: Record<string, unknown>) => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const tools = [{ name: "weather", parameters }];
    const snapshot = structuredClone(tools);
    await adapter.execute({
      messages: [{ role: "user", content: "weather in Oslo?" }],
      tools,
    });
    assert.deepEqual(tools, snapshot, "the caller's tools are not mutated");
    const body = requests[0].body as {
      tools: { functionDeclarations: unknown[] }[];
    };
    return body.tools[0].functionDeclarations[0];
  };

  it("sends a JSON Schema beyond Gemini's Schema subset as parametersJsonSchema", async () => {
    // An OpenAI strict tool (as zod-to-json-schema writes it) used to be
    // copied into `parameters`, which answers 400 "Unknown name
    // additionalProperties".
    assert.deepEqual(
      await declared({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      }),
      {
        name: "weather",
        parametersJsonSchema: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
          additionalProperties: false,
        },
      },
    );
    const deep = {
      type: "object",
      properties: {
        days: { type: "array", items: { type: "integer", minimum: 1 } },
      },
    };
    assert.deepEqual(await declared(deep), {
      name: "weather",
      parametersJsonSchema: deep,
    });
    const nullable = {
      type: "object",
      properties: { unit: { type: ["string", "null"] } },
    };
    assert.deepEqual(await declared(nullable), {
      name: "weather",
      parametersJsonSchema: nullable,
    });
  });

  it("keeps a schema inside the subset in parameters, without $schema", async () => {
    const schema = {
      type: "object",
      description: "Where and when",
      properties: {
        city: { type: "string", description: "City name" },
        unit: { type: "string", format: "enum", enum: ["C", "F"] },
        at: { type: "string", format: "date-time", nullable: true },
        days: { type: "array", items: { type: "integer", format: "int32" } },
        where: { type: "object", properties: { lat: { type: "number" } } },
      },
      required: ["city"],
    };
    assert.deepEqual(
      await declared({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        ...schema,
      }),
      { name: "weather", parameters: schema },
    );
  });
});

describe("Gemini adapter: responses and errors", () => {
  it("maps text, usage, model version and response id", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "Salut" }],
    });
    assert.equal(
      response.message.content,
      "Bonjour! Comment puis-je vous aider aujourd'hui ?",
    );
    assert.equal(response.finishReason, "stop");
    assert.deepEqual(response.usage, {
      promptTokens: 8,
      completionTokens: 12,
      totalTokens: 20,
    });
    assert.equal(response.metadata.model, "gemini-2.0-flash");
    assert.equal(
      response.metadata.providerResponseId,
      "kLr4Z7CxAqKz1PIP4pS0wQ0",
    );
  });

  it("maps functionCall to tool_use and finish to tool_calls", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("gemini/generate_function_call.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "dim the lights" }],
    });
    assert.equal(response.finishReason, "tool_calls");
    const [use] = response.message.content as { id: string }[];
    assert.match(use.id, /^call_[0-9a-f]{12}_0$/);
    assert.deepEqual(response.message.content, [
      {
        type: "tool_use",
        id: use.id,
        name: "set_light_values",
        input: { brightness: 25, color_temp: "warm" },
      },
    ]);
  });

  it("maps safety finish reasons and blocked prompts to content_filter", async () => {
    const safety = adapterWith(() =>
      Response.json({
        candidates: [{
          content: { role: "model", parts: [] },
          finishReason: "SAFETY",
        }],
      })
    );
    assert.equal(
      (await safety.adapter.execute({
        messages: [{ role: "user", content: "x" }],
      })).finishReason,
      "content_filter",
    );
    const blocked = adapterWith(() =>
      Response.json({ promptFeedback: { blockReason: "PROHIBITED_CONTENT" } })
    );
    const response = await blocked.adapter.execute({
      messages: [{ role: "user", content: "x" }],
    });
    assert.equal(response.finishReason, "content_filter");
    assert.equal(response.metadata.blockReason, "PROHIBITED_CONTENT");
    const length = adapterWith(() =>
      Response.json({
        candidates: [{
          content: { role: "model", parts: [{ text: "a" }] },
          finishReason: "MAX_TOKENS",
        }],
      })
    );
    assert.equal(
      (await length.adapter.execute({
        messages: [{ role: "user", content: "x" }],
      })).finishReason,
      "length",
    );
  });

  it("an invalid key (HTTP 400 API_KEY_INVALID) is AUTHENTICATION_FAILED", async () => {
    const { adapter } = adapterWith(() =>
      new Response(fixture("gemini/error_api_key.json"), { status: 400 })
    );
    const error = await rejection(
      adapter.execute({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(error.code, "AUTHENTICATION_FAILED");
    assert.match(error.message, /API key not valid/);
  });

  it("429 takes retryAfter from RetryInfo when no header is sent", async () => {
    const { adapter } = adapterWith(() =>
      new Response(fixture("gemini/error_429.json"), { status: 429 })
    );
    const error = await rejection(
      adapter.execute({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(error.code, "RATE_LIMITED");
    assert.equal(error.retryAfter, 13_000);
  });
});

describe("Gemini adapter: streaming", () => {
  it("calls streamGenerateContent?alt=sse and maps CRLF events split at odd offsets", async () => {
    const { adapter, requests } = adapterWith(() =>
      streamResponse(fixture("gemini/stream_text.sse"), undefined, [1, 6, 2])
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "story" }] }),
    );
    assert.equal(
      requests[0].url,
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse",
    );
    assert.ok(sequencesAreConsecutive(chunks));
    assert.equal(
      textOf(chunks),
      "Once upon a time, in a café — «très» 😀 there lived a fox.",
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "stop");
    assert.deepEqual(done.usage, {
      promptTokens: 6,
      completionTokens: 18,
      totalTokens: 24,
    });
  });

  it("a function call arrives as one tool_use chunk", async () => {
    const { adapter } = adapterWith(() =>
      streamResponse(fixture("gemini/stream_function_call.sse"))
    );
    const chunks = await collect(
      adapter.executeStream({
        messages: [{ role: "user", content: "weather" }],
      }),
    );
    const use = chunks.find((chunk) => chunk.type === "tool_use");
    assert.ok(use?.type === "tool_use");
    assert.equal(use.name, "get_weather");
    assert.equal(use.inputDelta, '{"city":"Zürich"}');
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "tool_calls");
  });

  it("a stream without a finishReason ends with an error chunk", async () => {
    const cut =
      fixture("gemini/stream_text.sse").split("\r\n\r\n").slice(0, 2).join(
        "\r\n\r\n",
      ) + "\r\n\r\n";
    const { adapter } = adapterWith(() => streamResponse(cut));
    const last = (await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    )).at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, "PROVIDER_ERROR");
  });
});

describe("Gemini adapter: estimateCost", () => {
  it("prices gemini models", async () => {
    const { adapter } = adapterWith(() => Response.json({}));
    const cost = await adapter.estimateCost({
      messages: [],
      parameters: { maxTokens: 1_000_000 },
    });
    assert.equal(cost, 0.4);
  });
});

describe("Gemini adapter: every finish path and usage, answered and streamed", () => {
  const CASES: readonly [string, string][] = [
    ["STOP", "stop"],
    ["MAX_TOKENS", "length"],
    ["SAFETY", "content_filter"],
    ["RECITATION", "content_filter"],
    ["BLOCKLIST", "content_filter"],
    ["PROHIBITED_CONTENT", "content_filter"],
    ["SPII", "content_filter"],
    ["IMAGE_SAFETY", "content_filter"],
    ["MALFORMED_FUNCTION_CALL", "error"],
    ["FINISH_REASON_UNSPECIFIED", "stop"],
  ];
  const request = { messages: [{ role: "user" as const, content: "x" }] };
  for (const [raw, expected] of CASES) {
    it(`${raw} is ${expected}`, async () => {
      const body = jsonFixture("gemini/generate.json") as {
        candidates: { finishReason: string }[];
      };
      body.candidates[0].finishReason = raw;
      const { adapter } = adapterWith(() => Response.json(body));
      assert.equal((await adapter.execute(request)).finishReason, expected);
      const sse = fixture("gemini/stream_text.sse").replaceAll(
        '"finishReason": "STOP"',
        `"finishReason": "${raw}"`,
      );
      const { adapter: streaming } = adapterWith(() => streamResponse(sse));
      const done = (await collect(streaming.executeStream(request))).at(-1);
      assert.ok(done?.type === "done", JSON.stringify(done));
      assert.equal(done.finishReason, expected);
    });
  }

  it("thinking tokens count as completion tokens", async () => {
    const body = {
      ...(jsonFixture("gemini/generate.json") as Record<string, unknown>),
      usageMetadata: {
        promptTokenCount: 8,
        candidatesTokenCount: 12,
        thoughtsTokenCount: 30,
        totalTokenCount: 50,
      },
    };
    const { adapter } = adapterWith(() => Response.json(body));
    assert.deepEqual((await adapter.execute(request)).usage, {
      promptTokens: 8,
      completionTokens: 42,
      totalTokens: 50,
      reasoningTokens: 30,
    });
  });
});

adapterContract({
  name: "Gemini",
  key: KEY,
  adapterWith,
  auth: { header: "x-goog-api-key", value: KEY },
  reply: () => Response.json(jsonFixture("gemini/generate.json")),
  stream: fixture("gemini/stream_text.sse"),
  healthURL: "https://generativelanguage.googleapis.com/v1beta/models",
  models: () => Response.json(jsonFixture("gemini/models.json")),
  unauthorized: {
    body: fixture("gemini/error_api_key.json"),
    message: /API key not valid/,
  },
  rateLimited: fixture("gemini/error_429.json"),
  serverError: { status: 500, body: fixture("gemini/error_500.json") },
});
