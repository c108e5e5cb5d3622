import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOllamaAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/ollama.ts";
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

const adapterWith = adapterFactory(createOllamaAdapter);

describe("Ollama adapter: request mapping", () => {
  it("posts /api/chat with stream false, options, images and tool messages", async () => {
    const { adapter, requests } = adapterWith(() =>
      Response.json(jsonFixture("ollama/chat.json"))
    );
    const request: IRChatRequest = {
      messages: [
        { role: "system", content: "Be nice." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            {
              type: "image",
              source: { type: "base64", mediaType: "image/png", data: "iVBOR" },
            },
            {
              type: "image",
              source: { type: "url", url: "data:image/jpeg;base64,/9j/" },
            },
          ],
        },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "call_0",
            name: "lookup",
            input: { q: "cat" },
          }],
        },
        {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: "call_0",
            content: "a cat",
          }],
        },
      ],
      tools: [{
        name: "lookup",
        description: "Search",
        parameters: { type: "object" },
      }],
      parameters: {
        model: "llava",
        temperature: 0,
        topP: 0.9,
        topK: 10,
        maxTokens: 64,
        stopSequences: ["</s>"],
        seed: 42,
        num_ctx: 8192,
        keep_alive: "5m",
        format: "json",
      },
    };
    await adapter.execute(request);
    const [seen] = requests;
    assert.equal(seen.url, "http://127.0.0.1:11434/api/chat");
    assert.equal(seen.headers.has("authorization"), false);
    assert.deepEqual(seen.body, {
      model: "llava",
      stream: false,
      messages: [
        { role: "system", content: "Be nice." },
        { role: "user", content: "What is this?", images: ["iVBOR", "/9j/"] },
        {
          role: "assistant",
          content: "",
          tool_calls: [{
            id: "call_0",
            function: { name: "lookup", arguments: { q: "cat" } },
          }],
        },
        {
          role: "tool",
          content: "a cat",
          tool_name: "lookup",
          tool_call_id: "call_0",
        },
      ],
      options: {
        temperature: 0,
        top_p: 0.9,
        top_k: 10,
        num_predict: 64,
        stop: ["</s>"],
        seed: 42,
        num_ctx: 8192,
      },
      keep_alive: "5m",
      format: "json",
      tools: [{
        type: "function",
        function: {
          name: "lookup",
          description: "Search",
          parameters: { type: "object" },
        },
      }],
    });
  });

  it("sends a bearer token only when an apiKey is given, and honours baseURL", async () => {
    const { adapter, requests } = adapterWith(
      () => Response.json(jsonFixture("ollama/chat.json")),
      {
        apiKey: "ollama-secret",
        baseURL: "http://gpu-box:11434/",
      },
    );
    await adapter.execute({ messages: [{ role: "user", content: "x" }] });
    assert.equal(requests[0].url, "http://gpu-box:11434/api/chat");
    assert.equal(
      requests[0].headers.get("authorization"),
      "Bearer ollama-secret",
    );
  });

  it("rejects http image URLs, which Ollama cannot fetch", async () => {
    const { adapter, requests } = adapterWith(() => Response.json({}));
    const error = await rejection(adapter.execute({
      messages: [{
        role: "user",
        content: [{
          type: "image",
          source: { type: "url", url: "https://x/y.png" },
        }],
      }],
    }));
    assert.equal(error.code, "INVALID_REQUEST");
    assert.equal(requests.length, 0);
  });
});

describe("Ollama adapter: responses and errors", () => {
  it("maps message, eval counts and durations", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("ollama/chat.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "hello" }],
    });
    assert.equal(response.message.content, "Hello! How are you today?");
    assert.equal(response.finishReason, "stop");
    assert.deepEqual(response.usage, {
      promptTokens: 26,
      completionTokens: 298,
      totalTokens: 324,
    });
    assert.equal(
      (response.metadata.durations as Record<string, number>).total_duration,
      5191566416,
    );
  });

  it("maps tool_calls", async () => {
    const { adapter } = adapterWith(() =>
      Response.json(jsonFixture("ollama/chat_tools.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "weather" }],
    });
    assert.equal(response.finishReason, "tool_calls");
    const [use] = response.message.content as { id: string }[];
    assert.match(use.id, /^call_[0-9a-f]{12}_0$/);
    assert.deepEqual(response.message.content, [
      {
        type: "tool_use",
        id: use.id,
        name: "get_current_weather",
        input: { format: "celsius", location: "Paris, FR" },
      },
    ]);
  });

  it("a missing model (404 {error}) is INVALID_REQUEST with Ollama's message", async () => {
    const { adapter } = adapterWith(() =>
      new Response(fixture("ollama/error_404.json"), { status: 404 })
    );
    const error = await rejection(
      adapter.execute({
        messages: [{ role: "user", content: "x" }],
        parameters: { model: "nosuchmodel" },
      }),
    );
    assert.equal(error.code, "INVALID_REQUEST");
    assert.match(error.message, /not found, try pulling it first/);
  });
});

describe("Ollama adapter: NDJSON streaming", () => {
  it("streams content split inside UTF-8 characters, with usage from the done object", async () => {
    const { adapter, requests } = adapterWith(() =>
      streamResponse(
        fixture("ollama/chat_stream.ndjson"),
        "application/x-ndjson",
        [2, 5, 1],
      )
    );
    const chunks = await collect(
      adapter.executeStream({
        messages: [{ role: "user", content: "why blue" }],
      }),
    );
    assert.equal((requests[0].body as Record<string, unknown>).stream, true);
    assert.ok(sequencesAreConsecutive(chunks));
    assert.equal(
      textOf(chunks),
      "The sky is blue — ñ 🌤 because of Rayleigh scattering.",
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.deepEqual(done.usage, {
      promptTokens: 26,
      completionTokens: 282,
      totalTokens: 308,
    });
  });

  it("an error line mid-stream ends with an error chunk; a cut stream too", async () => {
    const lines = fixture("ollama/chat_stream.ndjson").split("\n");
    const failing = adapterWith(() =>
      streamResponse(
        `${lines[0]}\n{"error":"out of memory"}\n`,
        "application/x-ndjson",
      )
    );
    const last = (await collect(
      failing.adapter.executeStream({
        messages: [{ role: "user", content: "x" }],
      }),
    )).at(-1);
    assert.ok(last?.type === "error");
    assert.match(last.error.message, /out of memory/);
    const cut = adapterWith(() =>
      streamResponse(`${lines[0]}\n${lines[1]}`, "application/x-ndjson")
    );
    const end = (await collect(
      cut.adapter.executeStream({
        messages: [{ role: "user", content: "x" }],
      }),
    )).at(-1);
    assert.ok(end?.type === "error");
    assert.equal(end.error.code, "PROVIDER_ERROR");
  });

  it("an invalid NDJSON line is INVALID_RESPONSE", async () => {
    const { adapter } = adapterWith(() =>
      streamResponse("{not json}\n", "application/x-ndjson")
    );
    const error = await rejection(
      collect(
        adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
      ),
    );
    assert.equal(error.code, "INVALID_RESPONSE");
  });
});

describe("Ollama adapter: estimateCost", () => {
  it("local models cost 0", async () => {
    const { adapter } = adapterWith(() => Response.json({}));
    assert.equal(
      await adapter.estimateCost({
        messages: [{ role: "user", content: "x" }],
      }),
      0,
    );
  });
});

// A local Ollama needs no key; the contract runs with one, as for ollama.com
// or an authenticating proxy. Ollama's error bodies are `{"error":"…"}`.
const OLLAMA_KEY = "ollama-secret-key-5678";
describe("Ollama adapter: every finish path and usage, answered and streamed", () => {
  const request = { messages: [{ role: "user" as const, content: "x" }] };
  for (
    const [raw, tools, expected] of [
      ["stop", false, "stop"],
      ["length", false, "length"],
      ["length", true, "length"],
      ["stop", true, "tool_calls"],
      ["load", false, "stop"],
    ] as const
  ) {
    it(`done_reason ${raw}${tools ? " with a tool call" : ""} is ${expected}`, async () => {
      const name = tools ? "ollama/chat_tools.json" : "ollama/chat.json";
      const body = { ...(jsonFixture(name) as object), done_reason: raw };
      const { adapter } = adapterWith(() => Response.json(body));
      const response = await adapter.execute(request);
      assert.equal(response.finishReason, expected);
      assert.equal(response.metadata.providerFinishReason, raw);
      if (tools) return;
      const ndjson = fixture("ollama/chat_stream.ndjson").replaceAll(
        '"done_reason":"stop"',
        `"done_reason":"${raw}"`,
      );
      const { adapter: streaming } = adapterWith(() =>
        streamResponse(ndjson, "application/x-ndjson")
      );
      const done = (await collect(streaming.executeStream(request))).at(-1);
      assert.ok(done?.type === "done", JSON.stringify(done));
      assert.equal(done.finishReason, expected);
    });
  }

  it("usage with only one of the two counts keeps it (a cached prompt has no prompt_eval_count)", async () => {
    const chat = jsonFixture("ollama/chat.json") as Record<string, unknown>;
    const { prompt_eval_count: _prompt, ...cached } = chat;
    const { adapter } = adapterWith(() => Response.json(cached));
    assert.deepEqual((await adapter.execute(request)).usage, {
      promptTokens: 0,
      completionTokens: 298,
      totalTokens: 298,
    });
  });
});

adapterContract({
  name: "Ollama",
  key: OLLAMA_KEY,
  adapterWith: adapterFactory(createOllamaAdapter, { apiKey: OLLAMA_KEY }),
  auth: { header: "authorization", value: `Bearer ${OLLAMA_KEY}` },
  reply: () => Response.json(jsonFixture("ollama/chat.json")),
  stream: fixture("ollama/chat_stream.ndjson"),
  healthURL: "http://127.0.0.1:11434/api/tags",
  models: () => Response.json(jsonFixture("ollama/tags.json")),
  unauthorized: { body: '{"error":"unauthorized"}', message: /unauthorized/ },
  rateLimited: '{"error":"too many requests"}',
  serverError: {
    status: 500,
    body: '{"error":"llama runner process has terminated"}',
  },
});
