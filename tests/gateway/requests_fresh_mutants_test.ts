// What a fresh mutation draw over the gateway's request readers showed the
// suite did not check: a replayed tool call missing one of its required
// fields is refused in both wires (an assistant `tool_use` block without its
// `name` or its `input`, a Chat Completions tool call without its `id`), and
// a text-only place (a system message, an assistant turn) reads only text
// and refusal parts: a replayed refusal keeps its words, an image is refused.
// And the Messages reader's other refusals, each naming the field at fault:
// a malformed image source, a thinking block out of place or without its
// text, a tool_result outside a user turn or without its id, a server tool,
// a nameless tool, a tool choice naming no tool, a stream flag that is not a
// boolean; with the well-formed twin of each accepted.
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

describe("anthropic messages: refusals name the field at fault", () => {
  const base = { model: "m", max_tokens: 8 };
  const user = (content: unknown) => ({
    ...base,
    messages: [{ role: "user", content }],
  });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      "a base64 image without its data",
      user([{
        type: "image",
        source: { type: "base64", media_type: "image/png" },
      }]),
      "messages.0.content.0.source",
    ],
    [
      "a url image without its url",
      user([{ type: "image", source: { type: "url" } }]),
      "messages.0.content.0.source",
    ],
    [
      "an image of an unknown source type",
      user([{ type: "image", source: { type: "path", path: "/a.png" } }]),
      "messages.0.content.0.source",
    ],
    [
      "a thinking block in a user turn",
      user([{ type: "thinking", thinking: "hm", signature: "s" }]),
      "messages.0.content.0",
    ],
    [
      "a thinking block without its text",
      {
        ...base,
        messages: [
          { role: "user", content: "q" },
          {
            role: "assistant",
            content: [{ type: "thinking", signature: "s" }],
          },
        ],
      },
      "messages.1.content.0",
    ],
    [
      "a tool_result without its tool_use_id",
      user([{ type: "tool_result", content: "42" }]),
      "messages.0.content.0",
    ],
    [
      "a server tool",
      {
        ...user("q"),
        tools: [{ type: "web_search_20250305", name: "web_search" }],
      },
      "tools.0.type",
    ],
    [
      "a tool without a name",
      { ...user("q"), tools: [{ input_schema: { type: "object" } }] },
      "tools.0",
    ],
    [
      "a tool choice of one tool without its name",
      { ...user("q"), tool_choice: { type: "tool" } },
      "tool_choice",
    ],
    [
      "a stream flag that is a string",
      { ...user("q"), stream: "true" },
      "stream",
    ],
  ];
  for (const [what, body, param] of cases) {
    it(`refuses ${what}`, () => {
      const error = refused(() => parseMessagesRequest(body, resolve, "m_1"));
      assert.equal(error.status, 400);
      assert.equal(error.param, param);
      assert.ok(error.message.startsWith(`${param}: `), error.message);
    });
  }

  it("accepts the well-formed twin of each", () => {
    const { ir } = parseMessagesRequest(
      {
        ...base,
        stream: true,
        tool_choice: { type: "tool", name: "f" },
        tools: [{ type: "custom", name: "f" }, { name: "g" }],
        messages: [
          {
            role: "user",
            content: [
              {
                type: "image",
                source: {
                  type: "base64",
                  media_type: "image/png",
                  data: "AA==",
                },
              },
              {
                type: "image",
                source: { type: "url", url: "https://a.test/i" },
              },
            ],
          },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "hm", signature: "s" },
              { type: "redacted_thinking", data: "xyz" },
              { type: "tool_use", id: "t1", name: "f", input: {} },
            ],
          },
          {
            role: "user",
            content: [{
              type: "tool_result",
              tool_use_id: "t1",
              content: "42",
            }],
          },
        ],
      },
      resolve,
      "m_1",
    );
    assert.equal(ir.stream, true);
    assert.deepEqual(ir.toolChoice, { name: "f" });
    assert.deepEqual(ir.tools?.map((tool) => tool.name), ["f", "g"]);
    assert.deepEqual(
      (ir.messages[0].content as { type: string }[]).map((p) => p.type),
      ["image", "image"],
    );
    assert.deepEqual(
      (ir.messages[1].content as { type: string }[]).map((p) => p.type),
      ["thinking", "redacted_thinking", "tool_use"],
    );
    assert.deepEqual(ir.messages[2].content, [{
      type: "tool_result",
      toolUseId: "t1",
      content: "42",
    }]);
  });
});
