// The generic adapter's own behaviour, the same for every provider: the one
// parameter-table function, the per-request sign hook, the provider
// registry, and the one INVALID_RESPONSE rule. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOpenAIAdapter,
  HttpAdapter,
  type IRChatRequest,
  type ProviderSpec,
  type SignRequest,
} from "../../../src/models/adapters/openai.ts";
import { applyParameters } from "../../../src/models/adapters/_parameters.ts";
import {
  providerEntry,
  PROVIDERS,
} from "../../../src/models/adapters/registry.ts";
import { OPENAI_COMPATIBLE_PRESETS } from "../../../src/models/adapters/openai.ts";
import { fakeFetch, hang, rejection } from "./_fake.ts";

describe("applyParameters: one rule for every provider's table", () => {
  it("renames, nests, drops null entries and never sends model or undefined", () => {
    const parameters = {
      model: "m",
      maxTokens: 10,
      topP: 0.5,
      user: "u",
      temperature: undefined,
      extra: 1,
    };
    const copy = structuredClone(parameters);
    const body = applyParameters(parameters, {
      names: { maxTokens: "config.max", topP: "top_p", user: null },
    });
    assert.deepEqual(body, { config: { max: 10 }, top_p: 0.5, extra: 1 });
    assert.deepEqual(parameters, copy, "the caller's parameters are untouched");
  });

  it("an IR field wins over a passed-through key for the same wire field, whatever the key order", () => {
    const table = { names: { topP: "top_p" } };
    assert.deepEqual(applyParameters({ top_p: 0.1, topP: 0.9 }, table), {
      top_p: 0.9,
    });
    assert.deepEqual(applyParameters({ topP: 0.9, top_p: 0.1 }, table), {
      top_p: 0.9,
    });
  });

  it("supersedes drops the other wire names of one setting", () => {
    const body = applyParameters(
      { max_tokens: 5, max_completion_tokens: 6, maxTokens: 7 },
      {
        names: { maxTokens: "max_completion_tokens" },
        supersedes: { maxTokens: ["max_tokens", "max_completion_tokens"] },
      },
    );
    assert.deepEqual(body, { max_completion_tokens: 7 });
  });

  it("rest, topLevel and spread place pass-through keys as Gemini and Ollama need", () => {
    const body = applyParameters(
      {
        maxTokens: 3,
        format: "json",
        mirostat: 1,
        options: { num_ctx: 4096, num_predict: 99 },
      },
      {
        names: { maxTokens: "options.num_predict" },
        rest: "options",
        topLevel: ["format"],
        spread: "options",
      },
    );
    assert.deepEqual(body, {
      options: { num_predict: 3, mirostat: 1, num_ctx: 4096 },
      format: "json",
    });
  });

  it("a passed-through object merges with an IR field nested in it", () => {
    const body = applyParameters(
      { user: "u-1", metadata: { trace: "t", user_id: "raw" } },
      { names: { user: "metadata.user_id" } },
    );
    assert.deepEqual(body, { metadata: { trace: "t", user_id: "u-1" } });
  });
});

/** A one-message JSON provider on a recording fake fetch. */
function signed(
  sign: SignRequest,
  answer: Parameters<typeof fakeFetch>[0] = () => Response.json({ text: "ok" }),
  timeout?: number,
) {
  const fake = fakeFetch(answer);
  const spec: ProviderSpec = {
    provider: "signed-api",
    baseURL: "https://signed.example/v1",
    healthPath: "/health",
    defaultModel: "s-1",
    headers: { "x-static": "1" },
    sign,
    parameters: { names: {} },
    parse: async function* () {},
    call: (request, { model }) => ({
      path: "/chat",
      body: { model, messages: request.messages },
    }),
    response: (json) => ({
      message: { role: "assistant", content: (json as { text: string }).text },
      finishReason: "stop",
      metadata: { provider: "signed-api" },
    }),
    translator: () => ({ event: () => [], end: () => [] }),
  };
  const adapter = new HttpAdapter(
    { fetch: fake.fetch, ...(timeout === undefined ? {} : { timeout }) },
    spec,
  );
  return { adapter, requests: fake.requests };
}

const hello: IRChatRequest = { messages: [{ role: "user", content: "hi" }] };

describe("HttpAdapter: the per-request sign hook", () => {
  it("sees the final method, URL, headers and body bytes, and its headers are sent", async () => {
    const seen: Array<{ method: string; url: string; body?: string }> = [];
    const { adapter, requests } = signed(async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        body: request.body,
      });
      assert.equal(request.headers.get("x-static"), "1");
      const digest = await crypto.subtle.digest(
        "SHA-256",
        new TextEncoder().encode(request.body ?? ""),
      );
      return { "x-body-sha256": new Uint8Array(digest).length.toString() };
    });
    await adapter.execute(hello);
    assert.equal(await adapter.healthCheck(), true);
    assert.deepEqual(seen[0], {
      method: "POST",
      url: "https://signed.example/v1/chat",
      body: JSON.stringify({ model: "s-1", messages: hello.messages }),
    });
    assert.deepEqual(seen[1], {
      method: "GET",
      url: "https://signed.example/v1/health",
      body: undefined,
    });
    assert.equal(requests[0].headers.get("x-body-sha256"), "32");
    assert.equal(requests[1].headers.get("x-body-sha256"), "32");
  });

  it("a failing hook is AUTHENTICATION_FAILED and nothing is sent", async () => {
    const { adapter, requests } = signed(() =>
      Promise.reject(new Error("no credentials in the chain"))
    );
    const error = await rejection(adapter.execute(hello));
    assert.equal(error.code, "AUTHENTICATION_FAILED");
    assert.match(error.message, /signing failed: no credentials/);
    assert.equal(requests.length, 0);
  });

  it("a hook that never settles is bounded by the timeout and by the caller's abort", async () => {
    const never: SignRequest = () => new Promise(() => {});
    const timed = signed(never, hang, 20);
    assert.equal(
      (await rejection(timed.adapter.execute(hello))).code,
      "TIMEOUT",
    );
    const aborted = signed(never);
    const controller = new AbortController();
    const pending = aborted.adapter.execute(hello, controller.signal);
    controller.abort();
    assert.equal((await rejection(pending)).code, "ABORTED");
  });
});

describe("provider registry", () => {
  it("names every family and every OpenAI-compatible preset, with its base URL and key rule", () => {
    for (
      const family of ["openai", "anthropic", "gemini", "ollama", "cohere"]
    ) {
      assert.equal(PROVIDERS[family].family, family);
    }
    for (const [name, preset] of Object.entries(OPENAI_COMPATIBLE_PRESETS)) {
      const entry = providerEntry(name);
      assert.ok(entry, name);
      if (name === "ollama") continue; // the native API, not the /v1 preset
      assert.equal(entry.baseURL, preset.baseURL, name);
      assert.equal(entry.requiresKey, preset.requiresApiKey, name);
    }
    assert.equal(providerEntry("nope"), undefined);
    assert.equal(providerEntry("toString"), undefined);
  });

  it("builds each provider's adapter; a required key missing is AUTHENTICATION_FAILED", async () => {
    for (const [name, entry] of Object.entries(PROVIDERS)) {
      const adapter = entry.create({ apiKey: "key-example", name: "b" });
      assert.equal(adapter.metadata.name, "b", name);
      assert.equal(adapter.metadata.provider, name);
      if (entry.requiresKey) {
        assert.throws(
          () => entry.create({}),
          (error: { code?: string }) => error.code === "AUTHENTICATION_FAILED",
          name,
        );
      } else {
        assert.equal(await entry.create({}).estimateCost?.(hello), 0, name);
      }
    }
  });
});

describe("one INVALID_RESPONSE rule", () => {
  it("an adapter's malformed answer is INVALID_RESPONSE, retryable, naming the provider", async () => {
    const adapter = createOpenAIAdapter({
      apiKey: "sk-example",
      fetch: () => Promise.resolve(Response.json({ nothing: true })),
    });
    const error = await rejection(adapter.execute(hello));
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.equal(error.provider, "openai");
    assert.equal(error.isRetryable, true);
    assert.match(error.message, /^openai: /);
  });
});
