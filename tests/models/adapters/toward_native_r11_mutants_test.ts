// The emulated rows toward Gemini, Cohere and Ollama (docs/gateway/wires.md,
// "toward the native APIs") as the adapters send them: each documented value
// in the wire body, each undocumented one named dropped and not sent. The
// area's own tests never sent most of these values (the gateway's wire tests
// did, outside the area), so a flipped check in `_toward_native.ts` went
// unseen. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { adapterFactory, jsonFixture } from "./_fake.ts";

type Json = Record<string, unknown>;

const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });
const cohereWith = adapterFactory(createCohereAdapter, { apiKey: "k" });
const ollamaWith = adapterFactory(createOllamaAdapter, {});

const hi = [{ role: "user" as const, content: "Hi" }];
const schema = {
  type: "object",
  properties: { city: { type: "string" } },
};

/** What one call sends and what its answer names dropped. */
interface Sent {
  body: Json;
  dropped: unknown;
}

async function toGemini(parameters: Json): Promise<Sent & { config: Json }> {
  const { adapter, requests } = geminiWith(() =>
    Response.json(jsonFixture("gemini/generate.json"))
  );
  const answer = await adapter.execute({ messages: hi, parameters });
  const body = requests[0].body as Json;
  return {
    body,
    config: (body.generationConfig ?? {}) as Json,
    dropped: answer.metadata.dropped,
  };
}

async function toCohere(parameters: Json): Promise<Sent> {
  const { adapter, requests } = cohereWith(() =>
    Response.json(jsonFixture("cohere/chat.json"))
  );
  const answer = await adapter.execute({ messages: hi, parameters });
  return { body: requests[0].body as Json, dropped: answer.metadata.dropped };
}

async function toOllama(parameters: Json): Promise<Sent> {
  const { adapter, requests } = ollamaWith(() =>
    Response.json({
      model: "llama3.2",
      message: { role: "assistant", content: "Hello" },
      done: true,
      done_reason: "stop",
    })
  );
  const answer = await adapter.execute({ messages: hi, parameters });
  return { body: requests[0].body as Json, dropped: answer.metadata.dropped };
}

describe("toward Gemini", () => {
  it("service_tier: flex and priority as they are, default and standard_only → standard, auto sends nothing", async () => {
    for (
      const [tier, expected] of [
        ["flex", "flex"],
        ["priority", "priority"],
        ["default", "standard"],
        ["standard_only", "standard"],
      ]
    ) {
      const sent = await toGemini({ service_tier: tier });
      assert.equal(sent.body.serviceTier, expected, tier);
      assert.equal("service_tier" in sent.body, false, tier);
      assert.equal(sent.dropped, undefined, tier);
    }
    const auto = await toGemini({ service_tier: "auto" });
    assert.equal("serviceTier" in auto.body, false);
    assert.equal(auto.dropped, undefined);
  });

  it("an unknown service_tier is named dropped and not sent; Gemini's own serviceTier wins", async () => {
    const unknown = await toGemini({ service_tier: "scale" });
    assert.equal("serviceTier" in unknown.body, false);
    assert.deepEqual(unknown.dropped, ["service_tier"]);
    const own = await toGemini({
      serviceTier: "flex",
      service_tier: "default",
    });
    assert.equal(own.body.serviceTier, "flex");
  });

  it("response_format: json_object asks for JSON, json_schema adds the schema, text sends nothing", async () => {
    const object = await toGemini({ response_format: { type: "json_object" } });
    assert.equal(object.config.responseMimeType, "application/json");
    assert.equal("responseJsonSchema" in object.config, false);
    assert.equal(object.dropped, undefined);
    const withSchema = await toGemini({
      response_format: {
        type: "json_schema",
        json_schema: { name: "city", schema },
      },
    });
    assert.equal(withSchema.config.responseMimeType, "application/json");
    assert.deepEqual(withSchema.config.responseJsonSchema, schema);
    const text = await toGemini({ response_format: { type: "text" } });
    assert.equal("responseMimeType" in text.config, false);
    assert.equal(text.dropped, undefined);
  });

  it("a json_schema format without a schema is named dropped and asks for nothing", async () => {
    const sent = await toGemini({
      response_format: { type: "json_schema", json_schema: { name: "x" } },
    });
    assert.equal("responseMimeType" in sent.config, false);
    assert.deepEqual(sent.dropped, ["response_format"]);
  });

  it("reasoning_effort: the documented budgets, none → 0, an unknown effort dropped", async () => {
    for (
      const [effort, budget] of [
        ["none", 0],
        ["minimal", 1024],
        ["medium", 8192],
        ["xhigh", 24576],
      ] as const
    ) {
      const sent = await toGemini({ reasoning_effort: effort });
      assert.deepEqual(sent.config.thinkingConfig, { thinkingBudget: budget });
      assert.equal(sent.dropped, undefined, effort);
    }
    const unknown = await toGemini({ reasoning_effort: "extreme" });
    assert.equal("thinkingConfig" in unknown.config, false);
    assert.deepEqual(unknown.dropped, ["reasoning_effort"]);
  });

  it("thinking: budget_tokens as it is, adaptive → -1, disabled → 0, a shapeless one dropped", async () => {
    const cases: Array<[Json, number]> = [
      [{ type: "enabled", budget_tokens: 3000 }, 3000],
      [{ type: "adaptive" }, -1],
      [{ type: "disabled" }, 0],
    ];
    for (const [thinking, budget] of cases) {
      const sent = await toGemini({ thinking });
      assert.deepEqual(sent.config.thinkingConfig, { thinkingBudget: budget });
      assert.equal(sent.dropped, undefined, JSON.stringify(thinking));
    }
    for (const thinking of [{ type: "enabled" }, "on"]) {
      const sent = await toGemini({ thinking });
      assert.equal("thinkingConfig" in sent.config, false);
      assert.deepEqual(sent.dropped, ["thinking"]);
    }
  });

  it("output_config: a json_schema format is Gemini's JSON schema; effort and other formats are named dropped", async () => {
    const format = await toGemini({
      output_config: { format: { type: "json_schema", schema } },
    });
    assert.equal(format.config.responseMimeType, "application/json");
    assert.deepEqual(format.config.responseJsonSchema, schema);
    assert.equal(format.dropped, undefined);
    const effort = await toGemini({ output_config: { effort: "high" } });
    assert.equal("responseMimeType" in effort.config, false);
    assert.deepEqual(effort.dropped, ["output_config.effort"]);
    const other = await toGemini({
      output_config: { format: { type: "text" } },
    });
    assert.equal("responseMimeType" in other.config, false);
    assert.deepEqual(other.dropped, ["output_config.format"]);
  });

  it("logprobs: true asks for them, a number is Gemini's count, false sends nothing, anything else is dropped", async () => {
    const on = await toGemini({ logprobs: true });
    assert.equal(on.config.responseLogprobs, true);
    const count = await toGemini({ logprobs: 3 });
    assert.equal(count.config.logprobs, 3);
    assert.equal(count.dropped, undefined);
    const off = await toGemini({ logprobs: false });
    assert.equal("responseLogprobs" in off.config, false);
    assert.equal(off.dropped, undefined);
    const other = await toGemini({ logprobs: "yes" });
    assert.equal("responseLogprobs" in other.config, false);
    assert.deepEqual(other.dropped, ["logprobs"]);
  });
});

describe("toward Cohere", () => {
  it("reasoning_effort: a token budget, none → disabled, an unknown effort dropped", async () => {
    const low = await toCohere({ reasoning_effort: "low" });
    assert.deepEqual(low.body.thinking, {
      type: "enabled",
      token_budget: 2048,
    });
    assert.equal("reasoning_effort" in low.body, false);
    assert.equal(low.dropped, undefined);
    const none = await toCohere({ reasoning_effort: "none" });
    assert.deepEqual(none.body.thinking, { type: "disabled" });
    const unknown = await toCohere({ reasoning_effort: "extreme" });
    assert.equal("thinking" in unknown.body, false);
    assert.deepEqual(unknown.dropped, ["reasoning_effort"]);
  });

  it("thinking: budget_tokens → token_budget, adaptive → enabled, Cohere's own shape as it is, others dropped", async () => {
    const cases: Array<[Json, Json]> = [
      [{ type: "enabled", budget_tokens: 3000 }, {
        type: "enabled",
        token_budget: 3000,
      }],
      [{ type: "adaptive" }, { type: "enabled" }],
      [{ type: "enabled" }, { type: "enabled" }],
      [{ type: "disabled" }, { type: "disabled" }],
      [{ type: "enabled", token_budget: 500 }, {
        type: "enabled",
        token_budget: 500,
      }],
    ];
    for (const [thinking, expected] of cases) {
      const sent = await toCohere({ thinking });
      assert.deepEqual(sent.body.thinking, expected, JSON.stringify(thinking));
      assert.equal(sent.dropped, undefined, JSON.stringify(thinking));
    }
    for (
      const thinking of [{ type: "between_tools" }, {
        type: "enabled",
        budget_tokens: "many",
      }]
    ) {
      const sent = await toCohere({ thinking });
      assert.equal("thinking" in sent.body, false, JSON.stringify(thinking));
      assert.deepEqual(sent.dropped, ["thinking"]);
    }
  });

  it("response_format: text and json_object as they are, json_schema → json_object with the schema, a bare json_schema dropped", async () => {
    const text = await toCohere({ response_format: { type: "text" } });
    assert.deepEqual(text.body.response_format, { type: "text" });
    const object = await toCohere({ response_format: { type: "json_object" } });
    assert.deepEqual(object.body.response_format, { type: "json_object" });
    const withSchema = await toCohere({
      response_format: {
        type: "json_schema",
        json_schema: { name: "city", schema },
      },
    });
    assert.deepEqual(withSchema.body.response_format, {
      type: "json_object",
      json_schema: schema,
    });
    assert.equal(withSchema.dropped, undefined);
    const bare = await toCohere({
      response_format: { type: "json_schema", json_schema: { name: "x" } },
    });
    assert.equal("response_format" in bare.body, false);
    assert.deepEqual(bare.dropped, ["response_format"]);
  });

  it("output_config: a json_schema format → response_format; effort named dropped", async () => {
    const sent = await toCohere({
      output_config: {
        effort: "low",
        format: { type: "json_schema", schema },
      },
    });
    assert.deepEqual(sent.body.response_format, {
      type: "json_object",
      json_schema: schema,
    });
    assert.equal("output_config" in sent.body, false);
    assert.deepEqual(sent.dropped, ["output_config.effort"]);
  });
});

describe("toward Ollama", () => {
  it("reasoning_effort: think levels (minimal → low, xhigh → high, none → false), an unknown effort dropped", async () => {
    for (
      const [effort, think] of [
        ["minimal", "low"],
        ["medium", "medium"],
        ["xhigh", "high"],
        ["max", "max"],
        ["none", false],
      ] as const
    ) {
      const sent = await toOllama({ reasoning_effort: effort });
      assert.equal(sent.body.think, think, effort);
      assert.equal(sent.dropped, undefined, effort);
    }
    const unknown = await toOllama({ reasoning_effort: "extreme" });
    assert.equal("think" in unknown.body, false);
    assert.deepEqual(unknown.dropped, ["reasoning_effort"]);
  });

  it("thinking: true for enabled and adaptive, false for disabled, a shapeless one dropped", async () => {
    const cases: Array<[Json, boolean]> = [
      [{ type: "enabled", budget_tokens: 2000 }, true],
      [{ type: "adaptive" }, true],
      [{ type: "disabled" }, false],
    ];
    for (const [thinking, think] of cases) {
      const sent = await toOllama({ thinking });
      assert.equal(sent.body.think, think, JSON.stringify(thinking));
      assert.equal(sent.dropped, undefined);
    }
    const shapeless = await toOllama({ thinking: { type: "enabled" } });
    assert.equal("think" in shapeless.body, false);
    assert.deepEqual(shapeless.dropped, ["thinking"]);
  });

  it("output_config: the schema is Ollama's format, effort a think level; none or an unknown effort dropped", async () => {
    const both = await toOllama({
      output_config: {
        effort: "xhigh",
        format: { type: "json_schema", schema },
      },
    });
    assert.deepEqual(both.body.format, schema);
    assert.equal(both.body.think, "high");
    assert.equal(both.dropped, undefined);
    for (const effort of ["none", "extreme"]) {
      const sent = await toOllama({ output_config: { effort } });
      assert.equal("think" in sent.body, false, effort);
      assert.deepEqual(sent.dropped, ["output_config.effort"], effort);
    }
  });

  it("response_format: json_schema → the schema, text sends nothing, a bare json_schema dropped", async () => {
    const withSchema = await toOllama({
      response_format: {
        type: "json_schema",
        json_schema: { name: "city", schema },
      },
    });
    assert.deepEqual(withSchema.body.format, schema);
    const text = await toOllama({ response_format: { type: "text" } });
    assert.equal("format" in text.body, false);
    assert.equal(text.dropped, undefined);
    const bare = await toOllama({
      response_format: { type: "json_schema", json_schema: { name: "x" } },
    });
    assert.equal("format" in bare.body, false);
    assert.deepEqual(bare.dropped, ["response_format"]);
  });
});
