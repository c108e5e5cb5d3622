// What a fresh models-adapters mutation draw (seed 20261170) found
// unguarded: a tool's cache mark toward Chat Completions, which takes none on
// a tool, is named dropped (and the tool goes out without it, which the fake
// API would refuse); and an adapter's `name`, which an empty string would
// leave naming no one in its errors, so every adapter refuses it at
// construction as the gateway's config does. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
  type IRChatRequest,
  type IRTool,
} from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { fakeFetch, rejection } from "./_fake.ts";
import { toOpenAI } from "./_to_openai.ts";

const weather: IRTool = {
  name: "weather",
  description: "Current weather",
  parameters: { type: "object", properties: { city: { type: "string" } } },
};
const clock: IRTool = {
  name: "clock",
  parameters: { type: "object", properties: {} },
  strict: true,
};

function asking(tools: IRTool[]): IRChatRequest {
  return { messages: [{ role: "user", content: "Weather in Oslo?" }], tools };
}

describe("a tool's cache mark toward Chat Completions", () => {
  it("is named dropped, and the tools go out as function tools without it", async () => {
    // The mark on the last tool, where Anthropic's clients put it to cache
    // the whole tool list.
    const { body, dropped } = await toOpenAI(
      asking([weather, { ...clock, cacheControl: { type: "ephemeral" } }]),
    );
    assert.deepEqual(dropped, ["tools[].cache_control"]);
    assert.deepEqual(body.tools, [
      {
        type: "function",
        function: {
          name: "weather",
          description: "Current weather",
          parameters: weather.parameters,
        },
      },
      {
        type: "function",
        function: { name: "clock", parameters: clock.parameters, strict: true },
      },
    ]);
  });

  it("a mark with a ttl on the first tool is named once; tools without one name nothing", async () => {
    const marked = await toOpenAI(asking([
      { ...weather, cacheControl: { type: "ephemeral", ttl: "1h" } },
      clock,
    ]));
    assert.deepEqual(marked.dropped, ["tools[].cache_control"]);
    const plain = await toOpenAI(asking([weather, clock]));
    assert.equal(plain.dropped, undefined);
    assert.equal((plain.body.tools as unknown[]).length, 2);
  });
});

/** Asserts that `create` refuses an empty name before any call. */
function refusesEmptyName(label: string, create: () => unknown): void {
  assert.throws(create, (error: unknown) => {
    assert.ok(error instanceof AdapterError, `${label}: ${String(error)}`);
    assert.equal(error.code, "INVALID_REQUEST", label);
    assert.match(error.message, /name must be a non-empty string/, label);
    return true;
  });
}

describe('name: "" is refused at construction by every adapter', () => {
  it("each provider family and a preset, before any request", () => {
    const fake = fakeFetch(() => Response.json({}));
    const config = { apiKey: "k", name: "", fetch: fake.fetch };
    refusesEmptyName("openai", () => createOpenAIAdapter(config));
    refusesEmptyName(
      "groq",
      () => createOpenAICompatibleAdapter("groq", config),
    );
    refusesEmptyName("anthropic", () => createAnthropicAdapter(config));
    refusesEmptyName("gemini", () => createGeminiAdapter(config));
    refusesEmptyName("ollama", () => createOllamaAdapter(config));
    refusesEmptyName("cohere", () => createCohereAdapter(config));
    assert.equal(fake.requests.length, 0);
  });

  it("a given name is the adapter's and its refusals say it; unset, the provider's name", async () => {
    const fake = fakeFetch(() => Response.json({}));
    const named = createAnthropicAdapter({
      apiKey: "k",
      name: "claude-eu",
      fetch: fake.fetch,
    });
    assert.equal(named.metadata.name, "claude-eu");
    assert.equal(named.metadata.provider, "anthropic");
    const error = await rejection(named.operate({
      operation: "embeddings",
      body: { input: "hello" },
    }));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_REQUEST");
    assert.match(error.message, /claude-eu does not serve embeddings/);
    const unnamed = createCohereAdapter({ apiKey: "k", fetch: fake.fetch });
    assert.equal(unnamed.metadata.name, "cohere");
    assert.equal(fake.requests.length, 0);
  });
});
