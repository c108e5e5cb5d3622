// What the nineteenth round's fresh draw of the gateway (seed 20261182)
// showed no test checked: an OpenAI chat answer whose backend returned its
// text as parts (Anthropic's content blocks, Gemini's parts) carries no
// `tool_calls` key when it holds no tool call. Clients send the assistant
// message back on the next turn as they got it, and OpenAI refuses an
// assistant message with `tool_calls: []` ("empty array. Expected an array
// with minimum length 1"), so an empty array would break every second turn
// routed to OpenAI. Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { IRContentPart } from "../../src/models/mod.ts";
import { jsonPost, mockBackend, withGateway } from "./_in_process.ts";

async function answerOf(content: IRContentPart[]) {
  return await withGateway({
    backends: [mockBackend({
      responses: {
        message: { role: "assistant", content },
        finishReason: "stop",
        metadata: {},
      },
    })],
  }, async (gateway) => {
    const response = await gateway(jsonPost("/v1/chat/completions", {
      model: "mock",
      messages: [{ role: "user", content: "hi" }],
    }));
    assert.equal(response.status, 200);
    return (await response.json()).choices[0].message;
  });
}

describe("draw 20261182: an answer of text parts on the OpenAI wire", () => {
  it("has no tool_calls key without a tool call", async () => {
    const message = await answerOf([
      { type: "text", text: "Hello " },
      { type: "text", text: "there" },
    ]);
    assert.deepEqual(message, {
      role: "assistant",
      content: "Hello there",
      refusal: null,
    });
  });

  it("keeps its tool calls when it has some", async () => {
    const message = await answerOf([
      { type: "text", text: "Looking it up" },
      { type: "tool_use", id: "call_1", name: "weather", input: { q: "Oslo" } },
    ]);
    assert.equal(message.content, "Looking it up");
    assert.deepEqual(message.tool_calls, [{
      id: "call_1",
      type: "function",
      function: { name: "weather", arguments: '{"q":"Oslo"}' },
    }]);
  });
});
