// The gateway's reading of OpenAI chat-completions bodies (no server).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseChatRequest } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { fakeFetch } from "../models/adapters/_fake.ts";

describe("parseChatRequest", () => {
  it("passes keys it does not translate through to the backend untouched", () => {
    const { ir } = parseChatRequest(
      {
        model: "oa",
        messages: [{ role: "user", content: "hi" }],
        temperature: 0.5,
        parallel_tool_calls: false,
        response_format: { type: "json_object" },
        logprobs: true,
      },
      (model) => ({ backend: model }),
      "req-1",
    );
    assert.equal(ir.parameters?.temperature, 0.5);
    // A client asking for one tool call at a time must not silently get many.
    assert.equal(ir.parameters?.parallel_tool_calls, false);
    assert.deepEqual(ir.parameters?.response_format, { type: "json_object" });
    assert.equal(ir.parameters?.logprobs, true);
    // Translated keys are not duplicated under their wire names.
    assert.equal(ir.parameters?.model, undefined);
    assert.equal(ir.parameters?.messages, undefined);
  });

  // The draw of round 20 (seed 20261186) took max_completion_tokens out of
  // the translated keys and no test saw it: the IR carried it twice, as
  // maxTokens and as a key passed through, which a routing hook, a custom
  // adapter or a caller of parseChatRequest reads as an extra setting.
  it("keeps every key it translates only under its IR name, never again as a key passed through", () => {
    const { ir } = parseChatRequest(
      {
        model: "oa",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
        stream_options: { include_usage: true },
        tools: [{
          type: "function",
          function: { name: "f", parameters: { type: "object" } },
        }],
        tool_choice: "auto",
        temperature: 0.5,
        top_p: 0.9,
        max_tokens: 10,
        max_completion_tokens: 10,
        stop: ["x"],
        frequency_penalty: 0.1,
        presence_penalty: 0.2,
        seed: 3,
        user: "u",
        n: 1,
        logprobs: true,
      },
      (model) => ({ backend: model }),
      "r",
    );
    assert.deepEqual(ir.parameters, {
      temperature: 0.5,
      topP: 0.9,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2,
      seed: 3,
      maxTokens: 10,
      stopSequences: ["x"],
      user: "u",
      // Not translated: passed through as sent.
      logprobs: true,
    });
    assert.equal(ir.stream, true);
    assert.equal(ir.toolChoice, "auto");
    assert.equal(ir.tools?.length, 1);
  });

  it("a client's token limit reaches OpenAI as max_completion_tokens, either name it used", async () => {
    // Used to reach OpenAI as max_tokens, which o1/o3/o4-mini/gpt-5 refuse.
    for (const name of ["max_completion_tokens", "max_tokens"]) {
      const { ir } = parseChatRequest(
        {
          model: "o3-mini",
          messages: [{ role: "user", content: "hi" }],
          [name]: 100,
        },
        (model) => ({ model }),
        "req-2",
      );
      const fake = fakeFetch(() =>
        Response.json({
          id: "chatcmpl-1",
          model: "o3-mini",
          choices: [{
            index: 0,
            message: { role: "assistant", content: "hi" },
            finish_reason: "stop",
          }],
        })
      );
      await createOpenAIAdapter({ apiKey: "sk-x", fetch: fake.fetch }).execute(
        ir,
      );
      const { messages: _, ...rest } = fake.requests[0].body as Record<
        string,
        unknown
      >;
      assert.deepEqual(rest, { max_completion_tokens: 100, model: "o3-mini" });
    }
  });

  it("names the token-limit key the client sent, and refuses two different limits", () => {
    const base = { model: "oa", messages: [{ role: "user", content: "hi" }] };
    const read = (extra: Record<string, unknown>) =>
      parseChatRequest(
        { ...base, ...extra },
        (model) => ({ backend: model }),
        "r",
      );
    assert.equal(read({ max_tokens: 5 }).ir.parameters?.maxTokens, 5);
    assert.equal(
      read({ max_completion_tokens: 6 }).ir.parameters?.maxTokens,
      6,
    );
    assert.equal(
      read({ max_tokens: 7, max_completion_tokens: 7 }).ir.parameters
        ?.maxTokens,
      7,
    );
    assert.throws(
      () => read({ max_completion_tokens: 0 }),
      /max_completion_tokens/,
    );
    assert.throws(() => read({ max_tokens: 1.5 }), /`max_tokens`/);
    assert.throws(
      () => read({ max_tokens: 5, max_completion_tokens: 6 }),
      /differ/,
    );
  });
});
