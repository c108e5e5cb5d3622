// A translated stream as Anthropic's clients read it. The TypeScript SDK
// builds the message from each event's data; a client that dispatches on
// the SSE `event:` name (an EventSource listener, for one) acts only on
// events named as the API names them, so a `content_block_start` or
// `content_block_stop` sent under another name loses the block or leaves it
// open there although its data is right. Streams the clients of other wires
// send through the gateway and no other test read whole: a tool call
// streamed in pieces after text (an OpenAI backend's), and redacted then
// plain reasoning before the answer (a vLLM or DeepSeek backend's
// `reasoning_content`). And `toAnthropicUsage` without usage gives the 0s
// its JSDoc promises, numbers the SDK's type requires.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toAnthropicMessage, toAnthropicUsage } from "../../src/gateway/mod.ts";
import {
  encoded,
  REQUEST,
  sdkOver,
  type Unsequenced,
} from "./_anthropic_sdk_stream.ts";

/**
 * The names of the stream's events, each checked against its data's type,
 * and each block closed at its own index before the next opens.
 */
function eventNames(chunks: Unsequenced[]): string[] {
  const names: string[] = [];
  let open: number | undefined;
  for (const text of encoded(chunks).split("\n\n")) {
    if (text === "") continue;
    const [head, body] = text.split("\n");
    assert.match(head, /^event: /);
    assert.match(body, /^data: /);
    const name = head.slice("event: ".length);
    const data = JSON.parse(body.slice("data: ".length));
    assert.equal(name, data.type, `an event named apart from its data`);
    names.push(name);
    if (name === "content_block_start") {
      assert.equal(open, undefined, "a block opened inside another");
      open = data.index;
    } else if (name === "content_block_stop") {
      assert.equal(data.index, open, "a block closed that was not open");
      open = undefined;
    } else if (name === "content_block_delta") {
      assert.equal(data.index, open, "a delta outside its block");
    }
  }
  assert.equal(open, undefined, "a block left open at the end");
  return names;
}

const TOOL_CALL: Unsequenced[] = [
  { type: "start", metadata: {} },
  { type: "content", delta: "Let me look." },
  { type: "tool_use", id: "call_1", name: "weather", inputDelta: "" },
  { type: "tool_use", id: "call_1", name: "weather", inputDelta: '{"city":' },
  { type: "tool_use", id: "call_1", name: "weather", inputDelta: '"Oslo"}' },
  { type: "done", finishReason: "tool_calls" },
];

const REASONING: Unsequenced[] = [
  { type: "start", metadata: {} },
  { type: "content", delta: "", redactedThinking: "EmwKAhgB" },
  { type: "content", delta: "", thinking: "The user greets. " },
  { type: "content", delta: "", thinking: "Greet back." },
  { type: "content", delta: "", signature: "sig-1" },
  { type: "content", delta: "Hello!" },
  { type: "done", finishReason: "stop" },
];

describe("an encoded stream as Anthropic's clients read it", () => {
  it("a tool call streamed in pieces after text is a tool_use block with its input", async () => {
    const message = await sdkOver(TOOL_CALL).messages.stream(REQUEST)
      .finalMessage();
    assert.deepEqual(message.content, [
      { type: "text", text: "Let me look." },
      {
        type: "tool_use",
        id: "call_1",
        name: "weather",
        input: { city: "Oslo" },
      },
    ]);
    assert.equal(message.stop_reason, "tool_use");
  });

  it("the tool call's events are named as their data, each block opened, filled and closed", () => {
    assert.deepEqual(eventNames(TOOL_CALL), [
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
  });

  it("redacted and plain reasoning come before the answer, each its own block", async () => {
    const message = await sdkOver(REASONING).messages.stream(REQUEST)
      .finalMessage();
    assert.deepEqual(message.content, [
      { type: "redacted_thinking", data: "EmwKAhgB" },
      {
        type: "thinking",
        thinking: "The user greets. Greet back.",
        signature: "sig-1",
      },
      { type: "text", text: "Hello!" },
    ]);
  });

  it("the reasoning's events are named as their data, the redacted block closed before the next opens", () => {
    assert.deepEqual(eventNames(REASONING), [
      "message_start",
      "ping",
      "content_block_start",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
  });
});

describe("Anthropic usage without the backend's counts", () => {
  it("is 0 tokens in and 0 out, numbers the SDK's type requires", () => {
    assert.deepEqual(toAnthropicUsage(undefined), {
      input_tokens: 0,
      output_tokens: 0,
    });
    const message = toAnthropicMessage(
      {
        message: { role: "assistant", content: "hi" },
        finishReason: "stop",
        metadata: {},
      },
      { id: "msg_1", model: "m" },
    );
    assert.deepEqual(message.usage, { input_tokens: 0, output_tokens: 0 });
  });
});
