// The two survivors the eighth round left open in the adapters, each now a
// documented decision: which of two keys naming one wire path wins
// (`_parameters.ts`, the IR fields' pass), and an empty `defaultModel`, which
// every adapter refuses at construction as the gateway's config does
// (`openai.ts`'s `??`, under which "" turned into OpenAI's own default).
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
  HttpAdapter,
  type IRChatRequest,
  type ProviderSpec,
} from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { fakeFetch } from "./_fake.ts";

type Json = Record<string, unknown>;

/**
 * A custom provider whose table accepts two spellings of one limit, and
 * `user` inside a passed-in `metadata` object (two keys, one path each).
 */
function twoSpellings(
  fetch: ReturnType<typeof fakeFetch>["fetch"],
  defaultModel: string | undefined = "tgi-1",
): HttpAdapter {
  const spec: ProviderSpec<string> = {
    provider: "tgi",
    baseURL: "https://tgi.example/v1",
    healthPath: "/health",
    ...(defaultModel === undefined ? {} : { defaultModel }),
    headers: {},
    parameters: {
      names: {
        maxTokens: "max_tokens",
        max_new_tokens: "max_tokens",
        metadata: "metadata",
        tags: "metadata",
        user: "metadata.user_id",
      },
    },
    parse: async function* (body) {
      yield await new Response(body).text();
    },
    call: (request, { model, parameters }) => ({
      path: "/chat",
      body: { ...parameters, model, messages: request.messages },
    }),
    response: () => ({
      message: { role: "assistant", content: "ok" },
      finishReason: "stop",
      metadata: { provider: "tgi" },
    }),
    translator: () => ({ event: () => [], end: () => [] }),
  };
  return new HttpAdapter({ fetch }, spec);
}

const hi: IRChatRequest["messages"] = [{ role: "user", content: "Hi" }];

/** The wire body a custom provider sends for `parameters`. */
async function sent(parameters: Json): Promise<Json> {
  const fake = fakeFetch(() => Response.json({}));
  await twoSpellings(fake.fetch).execute({ messages: hi, parameters });
  assert.equal(fake.requests.length, 1);
  return fake.requests[0].body as Json;
}

describe("a parameter table naming one wire path from two keys", () => {
  it("the later key in the request wins, in either order", async () => {
    assert.equal(
      (await sent({ max_new_tokens: 64, maxTokens: 16 })).max_tokens,
      16,
    );
    assert.equal(
      (await sent({ maxTokens: 16, max_new_tokens: 64 })).max_tokens,
      64,
    );
  });

  it("two objects at one path merge, the later one's fields winning", async () => {
    assert.deepEqual(
      (await sent({
        metadata: { team: "a", trace: "t1" },
        tags: { team: "b" },
      })).metadata,
      { team: "b", trace: "t1" },
    );
    assert.deepEqual(
      (await sent({
        tags: { team: "b" },
        metadata: { team: "a", trace: "t1" },
      })).metadata,
      { team: "a", trace: "t1" },
    );
  });

  it("a field inside an object path follows the same rule", async () => {
    assert.deepEqual(
      (await sent({ metadata: { user_id: "a", trace: "t1" }, user: "b" }))
        .metadata,
      { user_id: "b", trace: "t1" },
    );
    assert.deepEqual(
      (await sent({ user: "b", metadata: { user_id: "a", trace: "t1" } }))
        .metadata,
      { user_id: "a", trace: "t1" },
    );
  });
});

/** Asserts that `create` refuses an empty default model before any call. */
function refused(label: string, create: () => unknown): void {
  assert.throws(create, (error: unknown) => {
    assert.ok(error instanceof AdapterError, `${label}: ${String(error)}`);
    assert.equal(error.code, "INVALID_REQUEST", label);
    assert.match(error.message, /defaultModel must be a non-empty/, label);
    return true;
  });
}

describe('defaultModel: "" is refused at construction by every adapter', () => {
  it("OpenAI itself, where an unset one means gpt-4o-mini", () => {
    const fake = fakeFetch(() => Response.json({}));
    refused(
      "openai",
      () =>
        createOpenAIAdapter({
          apiKey: "k",
          defaultModel: "",
          fetch: fake.fetch,
        }),
    );
    assert.equal(fake.requests.length, 0);
    // The default an empty name must not silently become is still the default.
    const unset = createOpenAIAdapter({ apiKey: "k", fetch: fake.fetch });
    assert.equal(unset.metadata.defaultModel, "gpt-4o-mini");
  });

  it("an OpenAI-compatible server at its own baseURL, and a preset", () => {
    refused("baseURL", () =>
      createOpenAIAdapter({
        apiKey: "",
        baseURL: "http://127.0.0.1:8000/v1",
        defaultModel: "",
      }));
    refused(
      "groq",
      () =>
        createOpenAICompatibleAdapter("groq", {
          apiKey: "k",
          defaultModel: "",
        }),
    );
    refused(
      "vllm",
      () => createOpenAICompatibleAdapter("vllm", { defaultModel: "" }),
    );
  });

  it("Anthropic, Gemini, Ollama, Cohere and a custom provider", () => {
    refused(
      "anthropic",
      () => createAnthropicAdapter({ apiKey: "k", defaultModel: "" }),
    );
    refused(
      "gemini",
      () => createGeminiAdapter({ apiKey: "k", defaultModel: "" }),
    );
    refused("ollama", () => createOllamaAdapter({ defaultModel: "" }));
    refused(
      "cohere",
      () => createCohereAdapter({ apiKey: "k", defaultModel: "" }),
    );
    refused(
      "custom",
      () => twoSpellings(fakeFetch(() => new Response()).fetch, ""),
    );
  });

  it("a named default model is still sent when a request names none", async () => {
    const fake = fakeFetch(() =>
      Response.json({
        choices: [{
          index: 0,
          message: { role: "assistant", content: "ok" },
          finish_reason: "stop",
        }],
      })
    );
    await createOpenAIAdapter({
      apiKey: "",
      baseURL: "http://127.0.0.1:8000/v1",
      defaultModel: "qwen2.5",
      fetch: fake.fetch,
    }).execute({ messages: hi });
    assert.equal((fake.requests[0].body as Json).model, "qwen2.5");
  });
});
