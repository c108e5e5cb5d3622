// The generic adapter's entry points where hand-planted mutants survived
// the area's tests: a chat relay whose wire is left to its default, an
// operation that takes no client headers called with some, a cost estimate
// with no model to price, and an empty model name sent as given. No Deno
// API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, jsonFixture, rejection } from "./_fake.ts";

type Json = Record<string, unknown>;

const openAIWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });

describe("a chat call in the client's own wire", () => {
  it("without a wire named is OpenAI's, and goes to OpenAI's chat path", async () => {
    const { adapter, requests } = openAIWith(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    const body = { model: "mine", messages: [{ role: "user", content: "Hi" }] };
    const response = await adapter.operate!({
      operation: "chat",
      body,
      model: "gpt-4o",
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.match(requests[0].url, /\/chat\/completions$/);
    assert.deepEqual(requests[0].body, { ...body, model: "gpt-4o" });
    // Anthropic's wire, named, is refused by an OpenAI backend.
    const error = await rejection(adapter.operate!({
      operation: "chat",
      body,
      wire: "anthropic",
    }));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_REQUEST");
    assert.match(error.message, /does not speak the anthropic chat wire/);
  });

  it("without a wire named, an Anthropic backend's refusal names the OpenAI wire", async () => {
    const anthropic = createAnthropicAdapter({
      apiKey: "k",
      fetch: () => Promise.reject(new Error("nothing is sent")),
    });
    const error = await rejection(anthropic.operate!({
      operation: "chat",
      body: { messages: [{ role: "user", content: "Hi" }] },
    }));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_REQUEST");
    assert.match(error.message, /does not speak the openai chat wire$/);
  });
});

describe("an operation that takes no client headers", () => {
  it("is relayed when the client sent some, and forwards none of them", async () => {
    const { adapter, requests } = openAIWith(() =>
      Response.json({ object: "list", data: [] })
    );
    const response = await adapter.operate!({
      operation: "embeddings",
      body: { input: "Hi" },
      model: "text-embedding-3-small",
      headers: { "x-client-trace": "t-1" },
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.match(requests[0].url, /\/embeddings$/);
    assert.equal(requests[0].headers.get("x-client-trace"), null);
  });
});

describe("cost estimates and model names", () => {
  it("a request naming no model on an adapter without a default is unpriced, not a crash", async () => {
    // A custom base URL: no default model, as for any OpenAI-compatible server.
    const { adapter } = openAIWith(
      () => Response.json(jsonFixture("openai/chat_completion.json")),
      { baseURL: "https://llm.example/v1" },
    );
    assert.equal(adapter.metadata.defaultModel, undefined);
    assert.equal(await adapter.estimateCost?.({ messages: [] }), null);
    // Named, the same request is priced.
    const priced = await adapter.estimateCost?.({
      messages: [{ role: "user", content: "Hi" }],
      parameters: { model: "gpt-4o-mini" },
    });
    assert.equal(typeof priced, "number");
  });

  it("an empty model name is sent as given, not replaced by the default", async () => {
    // The upstream answers it (OpenAI: a 400); a silent default would bill
    // another model than the one the caller named.
    const { adapter, requests } = openAIWith(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    await adapter.execute({
      messages: [{ role: "user", content: "Hi" }],
      parameters: { model: "" },
    });
    assert.equal((requests[0].body as Json).model, "");
  });
});
