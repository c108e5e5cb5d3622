import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
  type FetchFunction,
  type IRChatRequest,
  OPENAI_COMPATIBLE_PRESETS,
  OpenAIAdapter,
  type OpenAIAdapterConfig,
} from "../../../src/models/adapters/openai.ts";
import { adapterContract } from "./_contract.ts";
import {
  adapterFactory,
  collect,
  fakeFetch,
  fixture,
  jsonFixture,
  rejection,
  sequencesAreConsecutive,
  streamResponse,
  textOf,
} from "./_fake.ts";

const KEY = "sk-test-very-secret-key-1234";

const adapterWith = adapterFactory(createOpenAIAdapter, { apiKey: KEY });

const toolRequest: IRChatRequest = {
  messages: [
    { role: "system", content: "You are terse." },
    {
      role: "user",
      content: [
        { type: "text", text: "What is in this image, and the weather?" },
        {
          type: "image",
          source: { type: "url", url: "https://example.com/cat.png" },
        },
        {
          type: "image",
          source: {
            type: "base64",
            mediaType: "image/png",
            data: "iVBORw0KGgo=",
          },
        },
      ],
    },
    {
      role: "assistant",
      content: [{
        type: "tool_use",
        id: "call_1",
        name: "get_weather",
        input: { city: "Oslo" },
      }],
    },
    {
      role: "tool",
      content: [{ type: "tool_result", toolUseId: "call_1", content: "12°C" }],
    },
  ],
  tools: [{
    name: "get_weather",
    description: "Weather now",
    parameters: { type: "object" },
  }],
  toolChoice: { name: "get_weather" },
  parameters: {
    model: "gpt-4o",
    temperature: 0.2,
    maxTokens: 50,
    topP: 0.9,
    stopSequences: ["END"],
    frequencyPenalty: 0.1,
    presencePenalty: 0.3,
    seed: 7,
    user: "u-1",
    response_format: { type: "json_object" },
  },
  metadata: { requestId: "req-9" },
};

describe("OpenAI adapter: request mapping", () => {
  it("sends the documented chat completions body, auth and path", async () => {
    const { adapter, requests } = adapterWith(
      () => Response.json(jsonFixture("openai/chat_completion.json")),
      {
        organization: "org-42",
        headers: { "x-extra": "1" },
      },
    );
    const snapshot = structuredClone(toolRequest);
    await adapter.execute(toolRequest);
    assert.deepEqual(
      toolRequest,
      snapshot,
      "the caller's request is not mutated",
    );
    const [seen] = requests;
    assert.equal(seen.url, "https://api.openai.com/v1/chat/completions");
    assert.equal(seen.method, "POST");
    assert.equal(seen.headers.get("authorization"), `Bearer ${KEY}`);
    assert.equal(seen.headers.get("openai-organization"), "org-42");
    assert.equal(seen.headers.get("content-type"), "application/json");
    assert.equal(seen.headers.get("x-extra"), "1");
    assert.deepEqual(seen.body, {
      model: "gpt-4o",
      temperature: 0.2,
      max_completion_tokens: 50,
      top_p: 0.9,
      stop: ["END"],
      frequency_penalty: 0.1,
      presence_penalty: 0.3,
      seed: 7,
      user: "u-1",
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "You are terse." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is in this image, and the weather?" },
            {
              type: "image_url",
              image_url: { url: "https://example.com/cat.png" },
            },
            {
              type: "image_url",
              image_url: { url: "data:image/png;base64,iVBORw0KGgo=" },
            },
          ],
        },
        {
          role: "assistant",
          content: null,
          tool_calls: [{
            id: "call_1",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Oslo"}' },
          }],
        },
        { role: "tool", tool_call_id: "call_1", content: "12°C" },
      ],
      tools: [{
        type: "function",
        function: {
          name: "get_weather",
          description: "Weather now",
          parameters: { type: "object" },
        },
      }],
      tool_choice: { type: "function", function: { name: "get_weather" } },
    });
  });

  it("sends maxTokens as max_completion_tokens to OpenAI itself, as max_tokens to other servers", async () => {
    // OpenAI's reasoning models (o1, o3, o4-mini, gpt-5) refuse max_tokens,
    // which used to be sent to OpenAI too.
    const limitOf = async (
      make: (fetch: FetchFunction) => OpenAIAdapter,
    ): Promise<string[]> => {
      const fake = fakeFetch(() =>
        Response.json(jsonFixture("openai/chat_completion.json"))
      );
      await make(fake.fetch).execute({
        messages: [{ role: "user", content: "x" }],
        parameters: { model: "o3-mini", maxTokens: 100 },
      });
      const body = fake.requests[0].body as Record<string, unknown>;
      return Object.keys(body).filter((key) => key.startsWith("max_"));
    };
    const cases: Array<[Partial<OpenAIAdapterConfig>, string]> = [
      [{}, "max_completion_tokens"],
      [{ baseURL: "https://api.openai.com/v1/" }, "max_completion_tokens"],
      [{ baseURL: "http://127.0.0.1:8000/v1" }, "max_tokens"],
      // The config picks the name, e.g. for a proxy in front of OpenAI.
      [
        {
          baseURL: "https://llm-proxy.example/v1",
          maxTokensParameter: "max_completion_tokens",
        },
        "max_completion_tokens",
      ],
      [{ maxTokensParameter: "max_tokens" }, "max_tokens"],
    ];
    for (const [config, name] of cases) {
      const sent = await limitOf((fetch) =>
        createOpenAIAdapter({ apiKey: KEY, ...config, fetch })
      );
      assert.deepEqual(sent, [name], JSON.stringify(config));
    }
    const presets = [
      ["openai", "max_completion_tokens"],
      ["groq", "max_tokens"],
      ["mistral", "max_tokens"],
      ["openrouter", "max_tokens"],
      ["vllm", "max_tokens"],
      ["ollama", "max_tokens"],
    ] as const;
    for (const [preset, name] of presets) {
      const sent = await limitOf((fetch) =>
        createOpenAICompatibleAdapter(preset, { apiKey: KEY, fetch })
      );
      assert.deepEqual(sent, [name], preset);
    }
  });

  it("an IR parameter wins over a passed-through wire key for the same setting; others pass", async () => {
    const fake = fakeFetch(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    await createOpenAIAdapter({ apiKey: KEY, fetch: fake.fetch }).execute({
      messages: [{ role: "user", content: "x" }],
      parameters: {
        model: "gpt-4o",
        max_tokens: 9,
        maxTokens: 5,
        max_completion_tokens: 9,
        top_p: 0.1,
        topP: 0.5,
        response_format: { type: "json_object" },
      },
    });
    const body = fake.requests[0].body as Record<string, unknown>;
    assert.equal(body.max_completion_tokens, 5);
    assert.equal(body.max_tokens, undefined);
    assert.equal(body.top_p, 0.5);
    assert.deepEqual(body.response_format, { type: "json_object" });
  });

  it("joins text-only parts into a string, keeps names, and passes string tool choices", async () => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    await adapter.execute({
      messages: [{
        role: "user",
        name: "ann",
        content: [{ type: "text", text: "a" }, { type: "text", text: "b" }],
      }],
      toolChoice: "required",
    });
    const body = requests[0].body as Record<string, unknown>;
    assert.deepEqual(body.messages, [{
      role: "user",
      content: "a\nb",
      name: "ann",
    }]);
    assert.equal(body.tool_choice, "required");
    assert.equal(body.model, "gpt-4o-mini");
    assert.equal("stream" in body, false);
  });

  it("moves Anthropic-style tool results inside a user message to tool messages", async () => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    await adapter.execute({
      messages: [{
        role: "user",
        content: [{ type: "tool_result", toolUseId: "c9", content: "done" }, {
          type: "text",
          text: "next?",
        }],
      }],
    });
    assert.deepEqual((requests[0].body as Record<string, unknown>).messages, [
      { role: "tool", tool_call_id: "c9", content: "done" },
      { role: "user", content: "next?" },
    ]);
  });

  it("rejects a request without a model when no default exists", async () => {
    const { adapter } = adapterWith(() => Response.json({}), {
      baseURL: "http://127.0.0.1:9/v1",
    });
    const error = await rejection(
      adapter.execute({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(error.code, "INVALID_REQUEST");
  });
});

describe("OpenAI adapter: response mapping", () => {
  it("maps text, usage, ids and finish reason", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "hi" }],
      metadata: { requestId: "r1" },
    });
    assert.equal(response.message.role, "assistant");
    assert.equal(
      response.message.content,
      "Hello! How can I assist you today? 😊",
    );
    assert.equal(response.finishReason, "stop");
    assert.deepEqual(response.usage, {
      promptTokens: 19,
      completionTokens: 10,
      totalTokens: 29,
      cacheReadTokens: 0,
      reasoningTokens: 0,
    });
    assert.equal(
      response.metadata.providerResponseId,
      "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
    );
    assert.equal(response.metadata.model, "gpt-4o-mini-2024-07-18");
    assert.equal(response.metadata.provider, "openai");
    assert.equal(response.metadata.requestId, "r1");
  });

  it("maps tool_calls to tool_use parts with parsed arguments", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("openai/chat_completion_tool_calls.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "weather?" }],
    });
    assert.equal(response.finishReason, "tool_calls");
    assert.deepEqual(response.message.content, [
      {
        type: "tool_use",
        id: "call_abc123",
        name: "get_current_weather",
        input: { location: "Boston, MA" },
      },
    ]);
  });

  it("reports tool arguments that are not JSON as INVALID_RESPONSE", async () => {
    const body = jsonFixture("openai/chat_completion_tool_calls.json") as {
      choices: {
        message: { tool_calls: { function: { arguments: string } }[] };
      }[];
    };
    body.choices[0].message.tool_calls[0].function.arguments = "{not json";
    const { adapter } = adapterWith(() => Response.json(body));
    const error = await rejection(
      adapter.execute({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.deepEqual(error.details, { arguments: "{not json" });
  });

  // Every finish path, answered and streamed alike: what the IR says, and
  // whether the raw value is kept (only when it has no IR name).
  for (
    const [raw, tools, expected, kept] of [
      ["stop", false, "stop", false],
      ["length", false, "length", false],
      ["content_filter", false, "content_filter", false],
      ["tool_calls", true, "tool_calls", false],
      // OpenAI for a named tool_choice, and many compatible servers always.
      ["stop", true, "tool_calls", true],
      ["length", true, "length", false],
      ["function_call", true, "tool_calls", false],
      ["eos", true, "tool_calls", true],
      ["eos", false, "stop", true],
    ] as const
  ) {
    it(`finish_reason ${raw}${tools ? " with tool calls" : ""} is ${expected}, answered and streamed`, async () => {
      const name = tools ? "chat_completion_tool_calls" : "chat_completion";
      const body = jsonFixture(`openai/${name}.json`) as {
        choices: { finish_reason: string }[];
      };
      body.choices[0].finish_reason = raw;
      const request: IRChatRequest = {
        messages: [{ role: "user", content: "x" }],
      };
      const { adapter } = adapterWith(() => Response.json(body));
      const response = await adapter.execute(request);
      assert.equal(response.finishReason, expected);
      assert.equal(
        response.metadata.providerFinishReason,
        kept ? raw : undefined,
      );
      const sse = fixture(
        tools ? "openai/stream_tool_calls.sse" : "openai/stream_text.sse",
      )
        .replaceAll(/"finish_reason":"[a-z_]+"/g, `"finish_reason":"${raw}"`);
      const { adapter: streaming } = adapterWith(() => streamResponse(sse));
      const done = (await collect(streaming.executeStream(request))).at(-1);
      assert.ok(done?.type === "done", JSON.stringify(done));
      assert.equal(done.finishReason, expected);
      assert.equal(done.metadata?.providerFinishReason, kept ? raw : undefined);
    });
  }

  // OpenAI-compatible servers spell a mid-stream rate limit differently:
  // OpenAI and Groq `rate_limit_exceeded`, others upper case or camel case,
  // OpenRouter the status itself as the code.
  for (
    const [error, code] of [
      [{ type: "requests", code: "rate_limit_exceeded" }, "RATE_LIMITED"],
      [{ type: "tokens", code: "RATE_LIMIT_EXCEEDED" }, "RATE_LIMITED"],
      [{ type: "RateLimitError" }, "RATE_LIMITED"],
      [{ code: 429, message: "Rate limit exceeded" }, "RATE_LIMITED"],
      [{ code: "429" }, "RATE_LIMITED"],
      [{ type: "server_error", code: "internal_error" }, "PROVIDER_ERROR"],
      [{ code: 500, message: "upstream failed" }, "PROVIDER_ERROR"],
    ] as const
  ) {
    it(`a stream error event ${JSON.stringify(error)} is ${code}`, async () => {
      const sse = `data: ${JSON.stringify({ error })}\n\n`;
      const { adapter } = adapterWith(() => streamResponse(sse));
      const thrown = await rejection(
        collect(
          adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
        ),
      );
      assert.equal(thrown.code, code);
    });
  }

  it("maps unknown finish reasons to stop and keeps the raw one", async () => {
    const body = jsonFixture("openai/chat_completion.json") as {
      choices: { finish_reason: string }[];
    };
    body.choices[0].finish_reason = "eos";
    const { adapter } = adapterWith(() => Response.json(body));
    const response = await adapter.execute({
      messages: [{ role: "user", content: "x" }],
    });
    assert.equal(response.finishReason, "stop");
    assert.equal(response.metadata.providerFinishReason, "eos");
  });

  it("treats a non-JSON 200 body as INVALID_RESPONSE", async () => {
    const { adapter } = adapterWith(() =>
      new Response("<html>proxy</html>", { status: 200 })
    );
    const error = await rejection(
      adapter.execute({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(error.code, "INVALID_RESPONSE");
  });
});

describe("OpenAI adapter: streaming", () => {
  it("streams text split at awkward byte boundaries, with usage and consecutive sequences", async () => {
    const { adapter, requests } = adapterWith(() =>
      streamResponse(fixture("openai/stream_text.sse"))
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "greet" }] }),
    );
    const body = requests[0].body as Record<string, unknown>;
    assert.equal(body.stream, true);
    assert.deepEqual(body.stream_options, { include_usage: true });
    assert.ok(sequencesAreConsecutive(chunks));
    assert.equal(chunks[0].type, "start");
    assert.equal(textOf(chunks), "Hej då! Grüße 🌍 こんにちは");
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    if (done?.type !== "done") return;
    assert.equal(done.finishReason, "stop");
    assert.deepEqual(done.usage, {
      promptTokens: 11,
      completionTokens: 9,
      totalTokens: 20,
      cacheReadTokens: 0,
      reasoningTokens: 0,
    });
    assert.equal(done.message?.content, "Hej då! Grüße 🌍 こんにちは");
    assert.ok(
      chunks.some((chunk) =>
        chunk.type === "metadata" && chunk.usage?.totalTokens === 20
      ),
    );
  });

  it("turns tool call argument deltas into tool_use chunks and assembles them", async () => {
    const { adapter } = adapterWith(() =>
      streamResponse(fixture("openai/stream_tool_calls.sse"), undefined, [
        3,
        1,
        4,
      ])
    );
    const chunks = await collect(
      adapter.executeStream({
        messages: [{ role: "user", content: "weather" }],
      }),
    );
    const uses = chunks.filter((chunk) => chunk.type === "tool_use");
    assert.deepEqual(
      uses.map((chunk) =>
        chunk.type === "tool_use"
          ? [chunk.id, chunk.name, chunk.inputDelta]
          : []
      ),
      [
        ["call_DdmO9pD3xa9XTPNJ32zg2hcA", "get_weather", undefined],
        ["call_DdmO9pD3xa9XTPNJ32zg2hcA", "get_weather", '{"'],
        ["call_DdmO9pD3xa9XTPNJ32zg2hcA", "get_weather", "location"],
        ["call_DdmO9pD3xa9XTPNJ32zg2hcA", "get_weather", '":"Paris, France"}'],
        ["call_2", "get_time", '{"tz":"CET"}'],
      ],
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "tool_calls");
    assert.deepEqual(done.message?.content, [
      {
        type: "tool_use",
        id: "call_DdmO9pD3xa9XTPNJ32zg2hcA",
        name: "get_weather",
        input: { location: "Paris, France" },
      },
      {
        type: "tool_use",
        id: "call_2",
        name: "get_time",
        input: { tz: "CET" },
      },
    ]);
  });

  it("an error event after content ends the stream with an error chunk", async () => {
    const sse =
      fixture("openai/stream_text.sse").split("\n\n").slice(0, 2).join("\n\n") +
      '\n\ndata: {"error":{"message":"The server had an error","type":"server_error"}}\n\n';
    const { adapter } = adapterWith(() => streamResponse(sse));
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    );
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, "PROVIDER_ERROR");
    assert.match(last.error.message, /server had an error/);
    assert.ok(sequencesAreConsecutive(chunks));
  });

  it("a stream cut before [DONE] and finish_reason ends with an error chunk", async () => {
    const sse =
      fixture("openai/stream_text.sse").split("\n\n").slice(0, 3).join("\n\n") +
      "\n\n";
    const { adapter } = adapterWith(() => streamResponse(sse));
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    );
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.match(last.error.message, /before \[DONE\]/);
  });
});

describe("OpenAI-compatible presets", () => {
  it("cover the documented providers with their base URLs", () => {
    assert.deepEqual(Object.keys(OPENAI_COMPATIBLE_PRESETS).sort(), [
      "deepseek",
      "groq",
      "llamacpp",
      "lmstudio",
      "mistral",
      "ollama",
      "openai",
      "openrouter",
      "together",
      "vllm",
    ]);
    assert.equal(
      OPENAI_COMPATIBLE_PRESETS.groq.baseURL,
      "https://api.groq.com/openai/v1",
    );
    assert.equal(
      OPENAI_COMPATIBLE_PRESETS.ollama.baseURL,
      "http://127.0.0.1:11434/v1",
    );
  });

  it("sends to the preset URL; local presets need no key and send no Authorization", async () => {
    const fake = fakeFetch(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    const lm = createOpenAICompatibleAdapter("lmstudio", {
      fetch: fake.fetch,
      defaultModel: "qwen2.5-7b-instruct",
    });
    await lm.execute({ messages: [{ role: "user", content: "x" }] });
    assert.equal(
      fake.requests[0].url,
      "http://127.0.0.1:1234/v1/chat/completions",
    );
    assert.equal(fake.requests[0].headers.has("authorization"), false);
    assert.equal(lm.metadata.provider, "lmstudio");
  });

  it("an undefined baseURL in the config keeps the preset's", async () => {
    const fake = fakeFetch(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    const groq = createOpenAICompatibleAdapter("groq", {
      apiKey: "g",
      baseURL: undefined,
      fetch: fake.fetch,
    });
    await groq.execute({ messages: [{ role: "user", content: "x" }] });
    assert.equal(
      fake.requests[0].url,
      "https://api.groq.com/openai/v1/chat/completions",
    );
    assert.equal(
      (fake.requests[0].body as Record<string, unknown>).model,
      "llama-3.3-70b-versatile",
    );
  });

  it("hosted presets require a key; mistral does not ask for stream usage", async () => {
    assert.throws(
      () => createOpenAICompatibleAdapter("groq"),
      (error: Error & { code?: string }) => {
        return error.code === "AUTHENTICATION_FAILED";
      },
    );
    const fake = fakeFetch(() =>
      streamResponse(fixture("openai/stream_text.sse"))
    );
    const mistral = createOpenAICompatibleAdapter("mistral", {
      apiKey: "m-key",
      fetch: fake.fetch,
    });
    await collect(
      mistral.executeStream({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.equal(
      fake.requests[0].url,
      "https://api.mistral.ai/v1/chat/completions",
    );
    assert.equal("stream_options" in (fake.requests[0].body as object), false);
  });
});

describe("OpenAI adapter: estimateCost", () => {
  it("estimates from the price table with chars/4 prompt tokens", async () => {
    const adapter = new OpenAIAdapter({ apiKey: KEY });
    const request: IRChatRequest = {
      messages: [{ role: "user", content: "x".repeat(4000) }],
      parameters: { model: "gpt-4o-mini-2024-07-18", maxTokens: 1000 },
    };
    // 1000 prompt tokens at $0.15/M + 1000 output tokens at $0.60/M.
    const cost = await adapter.estimateCost(request);
    assert.ok(cost !== null && Math.abs(cost - 0.00075) < 1e-12);
    assert.equal(
      await adapter.estimateCost({
        messages: [],
        parameters: { model: "unknown-model" },
      }),
      null,
    );
    const priced = new OpenAIAdapter({
      apiKey: KEY,
      prices: { "unknown-model": { input: 1, output: 1 } },
    });
    const custom = await priced.estimateCost({
      messages: [],
      parameters: { model: "unknown-model", maxTokens: 1e6 },
    });
    assert.equal(custom, 1);
  });

  it("prices OpenRouter's vendor/model names as the vendor's own (dotted versions, mistralai)", async () => {
    // anthropic/claude-3.5-sonnet priced null: the table says claude-3-5-sonnet.
    const router = createOpenAICompatibleAdapter("openrouter", { apiKey: KEY });
    const cost = (model: string) =>
      router.estimateCost({
        messages: [{ role: "user", content: "x".repeat(4000) }],
        parameters: { model, maxTokens: 1000 },
      });
    // 1000 prompt and 1000 output tokens at the vendor's $/M prices.
    const expected: Array<[string, number]> = [
      ["anthropic/claude-3.5-sonnet", 3 + 15],
      ["anthropic/claude-3.7-sonnet:beta", 3 + 15],
      ["anthropic/claude-3.5-haiku-20241022", 0.8 + 4],
      ["anthropic/claude-opus-4.1", 15 + 75],
      ["openai/gpt-4.1-mini", 0.4 + 1.6],
      ["google/gemini-2.5-flash", 0.3 + 2.5],
      ["mistralai/mistral-large-2411", 2 + 6],
      ["mistralai/mistral-small-3.1-24b-instruct", 0.1 + 0.3],
    ];
    for (const [model, perMillion] of expected) {
      const actual = await cost(model);
      assert.ok(
        actual !== null && Math.abs(actual - perMillion / 1000) < 1e-12,
        `${model}: ${actual}`,
      );
    }
    // Only the table's own keys price: inherited names are unknown models.
    assert.equal(await cost("openai/constructor"), null);
    assert.equal(await cost("__proto__/toString"), null);
  });
});

adapterContract({
  name: "OpenAI",
  key: KEY,
  adapterWith,
  auth: { header: "authorization", value: `Bearer ${KEY}` },
  reply: () => Response.json(jsonFixture("openai/chat_completion.json")),
  stream: fixture("openai/stream_text.sse"),
  healthURL: "https://api.openai.com/v1/models",
  models: () => Response.json(jsonFixture("openai/models.json")),
  unauthorized: {
    // The fixture masks the key; put the real one back to prove redaction.
    body: fixture("openai/error_401.json").replace(
      "sk-test-*********************cret",
      KEY,
    ),
    message: /Incorrect API key provided/,
  },
  rateLimited: fixture("openai/error_429.json"),
  serverError: { status: 500, body: fixture("openai/error_500.json") },
});
