// The translation tables' quieter rows, seen in the body an adapter sends
// and the names it reports dropped: `parallel_tool_calls` toward Anthropic
// for every tool choice, the defaults that are neither sent nor named
// (`response_format: text`, `thinking: disabled`), a `top_logprobs` Gemini
// cannot take, an image without `detail`, and a part whose cache mark is
// present but undefined. Hand-planted mutants of `_toward_wire.ts` and
// `_toward_native.ts` survived the area's tests here. No Deno API: the
// harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { towardNative } from "../../../src/models/adapters/_toward_native.ts";
import { towardWire } from "../../../src/models/adapters/_toward_wire.ts";
import type {
  IRChatRequest,
  IRContentPart,
  IRToolChoice,
} from "../../../src/models/types.ts";
import { adapterFactory, jsonFixture } from "./_fake.ts";

type Json = Record<string, unknown>;

const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });
const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });
const weather = [{ name: "weather", parameters: { type: "object" } }];

describe("parallel_tool_calls toward Anthropic", () => {
  const cases: Array<[string, IRToolChoice | undefined, boolean, unknown]> = [
    ["false, no tool choice", undefined, false, {
      type: "auto",
      disable_parallel_tool_use: true,
    }],
    ["false, tool use required", "required", false, {
      type: "any",
      disable_parallel_tool_use: true,
    }],
    // Anthropic's `none` choice has no such flag: with no tool call there is
    // nothing to run in parallel.
    ["false, tool use refused", "none", false, { type: "none" }],
    // true is Anthropic's default: nothing is added.
    ["true, no tool choice", undefined, true, undefined],
    ["true, tool use required", "required", true, { type: "any" }],
  ];
  for (const [label, toolChoice, parallel, expected] of cases) {
    it(`${label}: tool_choice ${JSON.stringify(expected)}`, async () => {
      const { adapter, requests } = anthropicWith(() =>
        Response.json(jsonFixture("anthropic/message.json"))
      );
      const response = await adapter.execute({
        messages: [{ role: "user", content: "Weather?" }],
        tools: weather,
        ...(toolChoice === undefined ? {} : { toolChoice }),
        parameters: { parallel_tool_calls: parallel },
      });
      const body = requests[0].body as Json;
      assert.deepEqual(body.tool_choice, expected);
      assert.equal("parallel_tool_calls" in body, false);
      assert.equal(response.metadata.dropped, undefined);
    });
  }

  it("false without tools adds no tool choice", () => {
    const body: Json = { model: "m", parallel_tool_calls: false };
    assert.deepEqual(towardWire(body, "anthropic", "anthropic", true), []);
    assert.deepEqual(body, { model: "m" });
  });
});

describe("the other wire's defaults are neither sent nor named dropped", () => {
  it("response_format text toward Anthropic", () => {
    const body: Json = { model: "m", response_format: { type: "text" } };
    assert.deepEqual(towardWire(body, "anthropic", "anthropic", true), []);
    assert.deepEqual(body, { model: "m" });
  });

  it("thinking disabled toward OpenAI", () => {
    const body: Json = { model: "m", thinking: { type: "disabled" } };
    assert.deepEqual(towardWire(body, "openai", "openai", true), []);
    assert.deepEqual(body, { model: "m" });
  });
});

describe("toward Ollama", () => {
  it("response_format json_object is Ollama's format json, and nothing is named dropped", () => {
    const out = towardNative(
      { response_format: { type: "json_object" } },
      "ollama",
      { maxTokens: "num_predict" },
    );
    assert.deepEqual(out.parameters, { format: "json" });
    assert.deepEqual(out.dropped, []);
  });
});

describe("toward Gemini", () => {
  it("a top_logprobs that is not a number asks for nothing and is named dropped", async () => {
    const { adapter, requests } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const response = await adapter.execute({
      messages: [{ role: "user", content: "Hi" }],
      parameters: { top_logprobs: "3" },
    });
    const config = ((requests[0].body as Json).generationConfig ?? {}) as Json;
    assert.equal("responseLogprobs" in config, false);
    assert.equal("logprobs" in config, false);
    assert.deepEqual(response.metadata.dropped, ["top_logprobs"]);
  });

  const image = (detail?: "low" | "high"): IRContentPart => ({
    type: "image",
    source: { type: "base64", mediaType: "image/png", data: "iVBO" },
    ...(detail === undefined ? {} : { detail }),
  });
  const withParts = (parts: IRContentPart[]): IRChatRequest => ({
    messages: [{ role: "user", content: parts }],
  });

  it("an image's detail is named dropped only when the image has one", async () => {
    const { adapter } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const plain = await adapter.execute(
      withParts([{ type: "text", text: "What is it?" }, image()]),
    );
    assert.equal(plain.metadata.dropped, undefined);
    const detailed = await adapter.execute(
      withParts([{ type: "text", text: "What is it?" }, image("high")]),
    );
    assert.deepEqual(detailed.metadata.dropped, [
      "messages[].content[].image_url.detail",
    ]);
  });

  it("a part whose cacheControl is present but undefined holds no mark", async () => {
    // `{ ...part, cacheControl: options.cache }` with no cache option: the
    // key is there, its value is not.
    const { adapter, requests } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    const response = await adapter.execute(
      withParts([{ type: "text", text: "Hi", cacheControl: undefined }]),
    );
    assert.equal(response.metadata.dropped, undefined);
    assert.equal(requests.length, 1);
  });
});
