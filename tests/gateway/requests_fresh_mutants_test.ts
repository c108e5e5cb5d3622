// What a fresh mutation draw over the gateway's request readers showed the
// suite did not check: a replayed tool call missing one of its required
// fields is refused in both wires (an assistant `tool_use` block without its
// `name` or its `input`, a Chat Completions tool call without its `id`), and
// a text-only place (a system message, an assistant turn) reads only text
// and refusal parts: a replayed refusal keeps its words, an image is refused.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  GatewayError,
  parseChatRequest,
  parseMessagesRequest,
} from "../../src/gateway/mod.ts";

const resolve = (model: string) => ({ backend: model });

function refused(parse: () => unknown): GatewayError {
  try {
    parse();
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail("accepted");
}

describe("anthropic messages: a replayed tool_use block", () => {
  const withBlock = (block: Record<string, unknown>) => ({
    model: "m",
    max_tokens: 8,
    messages: [
      { role: "user", content: "weather?" },
      { role: "assistant", content: [block] },
    ],
  });

  it("is read when it has its id, name and object input", () => {
    const { ir } = parseMessagesRequest(
      withBlock({
        type: "tool_use",
        id: "t1",
        name: "weather",
        input: { city: "Oslo" },
      }),
      resolve,
      "msg_1",
    );
    assert.deepEqual(ir.messages[1].content, [{
      type: "tool_use",
      id: "t1",
      name: "weather",
      input: { city: "Oslo" },
    }]);
  });

  it("is refused without its name, or without its input, naming the block", () => {
    for (
      const block of [
        { type: "tool_use", id: "t1", input: { city: "Oslo" } },
        { type: "tool_use", id: "t1", name: "weather" },
        { type: "tool_use", id: "t1", name: "weather", input: "Oslo" },
      ]
    ) {
      const error = refused(() =>
        parseMessagesRequest(withBlock(block), resolve, "msg_1")
      );
      assert.equal(error.status, 400, JSON.stringify(block));
      assert.equal(error.param, "messages.1.content.0", JSON.stringify(block));
    }
  });
});

describe("chat completions: a replayed assistant tool call", () => {
  const withCall = (call: Record<string, unknown>) => ({
    model: "m",
    messages: [
      { role: "user", content: "weather?" },
      { role: "assistant", content: null, tool_calls: [call] },
    ],
  });

  it("is refused without its id, naming the call", () => {
    const error = refused(() =>
      parseChatRequest(
        withCall({
          type: "function",
          function: { name: "weather", arguments: "{}" },
        }),
        resolve,
        "req-1",
      )
    );
    assert.equal(error.status, 400);
    assert.equal(error.param, "messages[1].tool_calls[0]");
  });
});

describe("chat completions: a text-only message given as parts", () => {
  it("keeps a replayed assistant refusal part's words", () => {
    const { ir } = parseChatRequest(
      {
        model: "m",
        messages: [
          { role: "user", content: "Tell me a secret." },
          {
            role: "assistant",
            content: [{ type: "refusal", refusal: "I can't share that." }],
          },
          { role: "user", content: "A joke, then." },
        ],
      },
      resolve,
      "req-1",
    );
    assert.equal(ir.messages[1].content, "I can't share that.");
  });

  it("refuses an image part in a system message, naming the part", () => {
    const error = refused(() =>
      parseChatRequest(
        {
          model: "m",
          messages: [
            {
              role: "system",
              content: [
                { type: "text", text: "Be brief." },
                {
                  type: "image_url",
                  image_url: { url: "https://example.com/a.png" },
                },
              ],
            },
            { role: "user", content: "hi" },
          ],
        },
        resolve,
        "req-1",
      )
    );
    assert.equal(error.status, 400);
    assert.equal(error.param, "messages[0].content[1]");
  });
});
