// What a fresh mutation draw of the adapters showed no test checked: a
// streamed tool argument for a block that never started, the error text of
// servers that answer `{message}` or `{detail}`, a tool schema holding a
// boolean subschema on Gemini, a stalled answer body given up when the
// caller aborts, and `response_format` / `output_config` toward the other
// wire and toward Ollama; then a second draw's: a cache-marked system text,
// a `data:` URL's base64 flag, a logprob without a number, the thinking
// budget's effort bounds, the client's beta names, the registry's `local`.
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
} from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { towardNative } from "../../../src/models/adapters/_toward_native.ts";
import { towardWire } from "../../../src/models/adapters/_toward_wire.ts";
import { parseDataURL } from "../../../src/models/adapters/_ir.ts";
import {
  providerEntry,
  PROVIDERS,
} from "../../../src/models/adapters/registry.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { withTimeout } from "../../_timeout.ts";
import {
  adapterFactory,
  collect,
  fakeFetch,
  jsonFixture,
  rejection,
  streamResponse,
} from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "x" }] };

describe("Anthropic stream: tool arguments", () => {
  it("an input_json_delta for a block that never started is INVALID_RESPONSE, not glued onto another tool call", async () => {
    // A proxy that lost block 2's start must not append its arguments to the
    // call of block 1: the client would run that tool with merged input.
    const events = [
      ["message_start", {
        type: "message_start",
        message: { id: "msg_1", model: "claude-x", usage: { input_tokens: 3 } },
      }],
      ["content_block_start", {
        type: "content_block_start",
        index: 1,
        content_block: {
          type: "tool_use",
          id: "toolu_1",
          name: "a",
          input: {},
        },
      }],
      ["content_block_delta", {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"x":1}' },
      }],
      ["content_block_delta", {
        type: "content_block_delta",
        index: 2,
        delta: { type: "input_json_delta", partial_json: '{"y":2}' },
      }],
      ["message_stop", { type: "message_stop" }],
    ];
    const text = events.map(([name, data]) =>
      `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`
    ).join("");
    const anthropicWith = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    });
    const { adapter } = anthropicWith(() => streamResponse(text));
    // After the first chunks the failure is the stream's last chunk.
    const chunks = await collect(adapter.executeStream(ask));
    const last = chunks.at(-1);
    assert.ok(last?.type === "error", JSON.stringify(last));
    assert.equal(last.error.code, "INVALID_RESPONSE");
    assert.match(last.error.message, /unknown block 2/);
    assert.equal(chunks.some((chunk) => chunk.type === "done"), false);
    assert.deepEqual(
      chunks.flatMap((chunk) =>
        chunk.type === "tool_use" && chunk.inputDelta !== undefined
          ? [chunk.inputDelta]
          : []
      ),
      ['{"x":1}'],
    );
  });
});

describe("error answers: the provider's message", () => {
  // vLLM answers `{"object":"error","message":…}`; FastAPI-style servers
  // `{"detail":…}`. The client reads the message, not the raw JSON.
  for (
    const [label, body, message] of [
      ["a top-level message (vLLM)", {
        object: "error",
        message: "max_tokens is too large",
        type: "BadRequestError",
        code: 400,
      }, "max_tokens is too large"],
      ["a detail (FastAPI)", { detail: "Model not found" }, "Model not found"],
    ] as const
  ) {
    it(`${label} is the error's text`, async () => {
      const fake = fakeFetch(() => Response.json(body, { status: 400 }));
      const adapter = createOpenAICompatibleAdapter("vllm", {
        defaultModel: "m",
        fetch: fake.fetch,
      });
      const error = await rejection(adapter.execute(ask));
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.code, "INVALID_REQUEST");
      assert.equal(error.message, `vllm: HTTP 400: ${message}`);
    });
  }
});

describe("Gemini: a tool schema with a boolean subschema", () => {
  it("a property schema `true` (anything) goes whole as parametersJsonSchema", async () => {
    // Gemini's Schema object has no boolean schemas and answers 400.
    const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });
    const { adapter, requests } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const parameters = {
      type: "object",
      properties: { payload: true, tags: { type: "array", items: true } },
    };
    await adapter.execute({
      ...ask,
      tools: [{ name: "store", parameters }],
    });
    const body = requests[0].body as {
      tools: { functionDeclarations: Record<string, unknown>[] }[];
    };
    const declaration = body.tools[0].functionDeclarations[0];
    assert.equal("parameters" in declaration, false);
    assert.deepEqual(declaration.parametersJsonSchema, parameters);
  });
});

describe("a stalled answer body and the caller's abort", () => {
  it("the read is given up and the body cancelled, even when its source ignores the abort", async () => {
    const controller = new AbortController();
    const cancelled: unknown[] = [];
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const { adapter } = openaiWith(() => {
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(stream) {
          // The first pull fills the queue before anyone reads; the second
          // comes once the adapter has read that and waits for more.
          if (pulls++ === 0) {
            stream.enqueue(new TextEncoder().encode('{"id": '));
            return;
          }
          // Aborted while the adapter's read is pending; the rest never comes.
          setTimeout(
            () => controller.abort(new DOMException("gone", "AbortError")),
            0,
          );
          return new Promise(() => {});
        },
        cancel(reason) {
          cancelled.push(reason);
        },
      });
      return new Response(body, {
        headers: { "content-type": "application/json" },
      });
    });
    const error = await withTimeout(
      rejection(adapter.execute(ask, controller.signal)),
      10_000,
      "the aborted call did not settle",
    );
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "ABORTED");
    // The connection is released: the body's source was told to stop.
    assert.equal(cancelled.length > 0, true);
  });
});

describe("structured output toward the other wire and toward Ollama", () => {
  it("OpenAI json_schema without a schema is dropped toward Anthropic, not sent as an empty format", () => {
    const body: Record<string, unknown> = {
      response_format: { type: "json_schema", json_schema: { name: "x" } },
    };
    const dropped = towardWire(body, "anthropic", "anthropic", true);
    assert.deepEqual(dropped, ["response_format"]);
    assert.deepEqual(body, {});
  });

  it("Anthropic output_config.format json_schema becomes OpenAI's response_format (named output, strict)", () => {
    const schema = { type: "object", properties: { n: { type: "number" } } };
    const body: Record<string, unknown> = {
      output_config: { format: { type: "json_schema", schema } },
    };
    const dropped = towardWire(body, "openai", "openai", true);
    assert.deepEqual(dropped, []);
    assert.deepEqual(body, {
      response_format: {
        type: "json_schema",
        json_schema: { name: "output", schema, strict: true },
      },
    });
  });

  it("response_format text toward Ollama is the default: nothing sent, nothing dropped", () => {
    const out = towardNative(
      { response_format: { type: "text" } },
      "ollama",
      { maxTokens: "num_predict" },
    );
    assert.deepEqual(out.parameters, {});
    assert.deepEqual(out.dropped, []);
  });
});

describe("a second fresh draw: details a client reads", () => {
  it("a system message whose text is marked for caching goes as blocks with cache_control", async () => {
    const anthropicWith = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    });
    const { adapter, requests } = anthropicWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    await adapter.execute({
      messages: [
        {
          role: "system",
          content: [{
            type: "text",
            text: "A long policy…",
            cacheControl: { type: "ephemeral" },
          }],
        },
        { role: "user", content: "x" },
      ],
    });
    assert.deepEqual((requests[0].body as Record<string, unknown>).system, [{
      type: "text",
      text: "A long policy…",
      cache_control: { type: "ephemeral" },
    }]);
  });

  it("a data: URL is base64 only when ';base64' follows a media type (RFC 2397)", () => {
    assert.deepEqual(parseDataURL("data:image/png;base64,iVBO"), {
      mediaType: "image/png",
      data: "iVBO",
    });
    // "base64" alone is the media type, and the payload is plain text.
    assert.deepEqual(parseDataURL("data:base64,SGk="), {
      mediaType: "base64",
      data: "U0drPQ==",
    });
  });

  it("a logprob entry without a number is skipped, not passed on as null", async () => {
    const body = jsonFixture("openai/chat_logprobs_cached.json") as {
      choices: { logprobs: { content: unknown[] } }[];
    };
    body.choices[0].logprobs.content.push({
      token: "!",
      logprob: null,
      bytes: null,
      top_logprobs: [],
    });
    const openaiWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const { adapter } = openaiWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    assert.deepEqual(
      response.logprobs?.content?.map((entry) => entry.token),
      ["Oslo", " is cold."],
    );
  });

  it("a thinking budget toward OpenAI: under 4096 low, from 4096 medium, from 16384 high", () => {
    for (
      const [budget, effort] of [
        [4095, "low"],
        [4096, "medium"],
        [16383, "medium"],
        [16384, "high"],
      ] as const
    ) {
      const body: Record<string, unknown> = {
        thinking: { type: "enabled", budget_tokens: budget },
      };
      assert.deepEqual(towardWire(body, "openai", "openai", true), []);
      assert.deepEqual(body, { reasoning_effort: effort }, String(budget));
    }
  });

  it("the client's anthropic-beta names, spaces and empty items aside, follow the configured ones", async () => {
    const anthropicWith = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    });
    const { adapter, requests } = anthropicWith(
      () => Response.json(jsonFixture("anthropic/message.json")),
      { beta: ["prompt-caching-2024-07-31"] },
    );
    await adapter.execute(ask, undefined, {
      source: {
        wire: "anthropic",
        body: { model: "m", max_tokens: 64, messages: ask.messages },
        headers: {
          "anthropic-beta": " files-api-2025-04-14 , ,context-1m-2025-08-07",
        },
      },
    });
    assert.equal(
      requests[0].headers.get("anthropic-beta"),
      "prompt-caching-2024-07-31,files-api-2025-04-14,context-1m-2025-08-07",
    );
  });

  it("the registry's `local` says which providers cost nothing: their adapters price every call at 0", async () => {
    for (const [name, entry] of Object.entries(PROVIDERS)) {
      const adapter = entry.create({ apiKey: "k", defaultModel: "zz-unknown" });
      const cost = await adapter.estimateCost?.(ask);
      // A hosted provider leaves a model it has no price for unpriced.
      assert.equal(cost, entry.local ? 0 : null, name);
    }
    assert.equal(providerEntry("ollama")?.local, true);
  });
});
