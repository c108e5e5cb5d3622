// What a fresh models-adapters mutation draw (seed 20261164) found
// unguarded: an Anthropic text block that starts with text of its own, an
// OpenAI cache point's `ttl`, which of a request's cache marks Chat
// Completions names dropped (a system prompt's apart from the messages'),
// and the key variable of every provider in the registry. No Deno API: the
// harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { PROVIDERS } from "../../../src/models/adapters/registry.ts";
import { adapterFactory, collect, streamResponse } from "./_fake.ts";
import { toOpenAI } from "./_to_openai.ts";
import { anthropicTextStream } from "./_anthropic_stream.ts";

type Json = Record<string, unknown>;

describe("an Anthropic stream whose text block starts with text", () => {
  // The API sends `text: ""` at the start today, but the event's type
  // carries the block's text, and a proxy or a replay may fill it.
  const events = anthropicTextStream({
    startText: "Hel",
    text: "lo",
    startUsage: { input_tokens: 5, output_tokens: 1 },
    deltaUsage: { output_tokens: 2 },
    model: "claude-3-5-haiku-20241022",
  });

  it("streams that text first and keeps it in the final message", async () => {
    const { adapter } = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    })(() => streamResponse(events));
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "Hi" }] }),
    );
    const text = chunks.map((chunk) =>
      chunk.type === "content" ? chunk.delta : ""
    ).join("");
    assert.equal(text, "Hello");
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    assert.deepEqual(
      done?.type === "done" ? done.message?.content : undefined,
      "Hello",
    );
  });
});

describe("cache marks toward OpenAI", () => {
  const document = "A long document. ".repeat(20);

  it("an OpenAI cache point is sent back with its ttl, and without one when it had none", async () => {
    for (const ttl of ["30m", undefined]) {
      const { body, dropped } = await toOpenAI({
        messages: [{
          role: "user",
          content: [{
            type: "text",
            text: document,
            cacheControl: {
              type: "ephemeral",
              breakpoint: ttl === undefined ? {} : { ttl },
            },
          }],
        }],
      });
      const part = ((body.messages as Json[])[0].content as Json[])[0];
      assert.deepEqual(
        part.prompt_cache_breakpoint,
        ttl === undefined ? { mode: "explicit" } : { mode: "explicit", ttl },
      );
      assert.equal(dropped, undefined);
    }
  });

  it("an Anthropic mark on the system prompt is named as the system's, one on a message as the messages'", async () => {
    const mark = { type: "ephemeral" as const };
    const onSystem = await toOpenAI({
      messages: [
        {
          role: "system",
          content: [{ type: "text", text: document, cacheControl: mark }],
        },
        { role: "user", content: "Summarise it." },
      ],
    });
    assert.deepEqual(onSystem.dropped, ["system[].cache_control"]);
    const onMessage = await toOpenAI({
      messages: [
        { role: "system", content: "Be brief." },
        {
          role: "user",
          content: [{ type: "text", text: document, cacheControl: mark }],
        },
      ],
    });
    assert.deepEqual(onMessage.dropped, [
      "messages[].content[].cache_control",
    ]);
    for (const sent of [onSystem.body, onMessage.body]) {
      assert.equal(JSON.stringify(sent).includes("cache_control"), false);
    }
  });
});

describe("provider registry: every provider's key variable", () => {
  // The variable each provider's own SDK or server reads; a deployment tool
  // shows it to the operator, so an empty or wrong name misleads them.
  const expected: Record<string, string> = {
    openai: "OPENAI_API_KEY",
    anthropic: "ANTHROPIC_API_KEY",
    gemini: "GEMINI_API_KEY",
    cohere: "CO_API_KEY",
    ollama: "OLLAMA_API_KEY",
    groq: "GROQ_API_KEY",
    together: "TOGETHER_API_KEY",
    mistral: "MISTRAL_API_KEY",
    deepseek: "DEEPSEEK_API_KEY",
    openrouter: "OPENROUTER_API_KEY",
    vllm: "VLLM_API_KEY",
    llamacpp: "LLAMA_API_KEY",
    lmstudio: "LM_API_TOKEN",
  };

  it("is the one its provider documents, for every registered name", () => {
    assert.deepEqual(
      Object.keys(PROVIDERS).sort(),
      Object.keys(expected).sort(),
    );
    for (const [name, entry] of Object.entries(PROVIDERS)) {
      assert.equal(entry.keyVariable, expected[name], name);
    }
  });
});
