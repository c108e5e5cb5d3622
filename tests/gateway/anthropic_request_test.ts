// The gateway's reading of Anthropic Messages bodies (no server).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { GatewayError, parseMessagesRequest } from "../../src/gateway/mod.ts";

const resolve = (model: string) => ({ backend: model });

function refusal(body: Record<string, unknown>): GatewayError {
  try {
    parseMessagesRequest(body, resolve, "msg_1");
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(body)}`);
}

const base = { model: "m", max_tokens: 8 };

describe("parseMessagesRequest", () => {
  it("translates sampling, tool choice and metadata, and passes other keys through", () => {
    const { ir } = parseMessagesRequest(
      {
        ...base,
        messages: [{ role: "user", content: "hi" }],
        top_k: 5,
        top_p: 0.9,
        tool_choice: { type: "any" },
        tools: [{ name: "f", input_schema: { type: "object" } }],
        metadata: { user_id: "u-1" },
        thinking: { type: "enabled", budget_tokens: 1024 },
      },
      resolve,
      "msg_1",
    );
    assert.equal(ir.parameters?.topK, 5);
    assert.equal(ir.parameters?.topP, 0.9);
    assert.equal(ir.parameters?.user, "u-1");
    assert.deepEqual(ir.parameters?.thinking, {
      type: "enabled",
      budget_tokens: 1024,
    });
    assert.equal(ir.toolChoice, "required");
    assert.deepEqual(ir.tools, [{ name: "f", parameters: { type: "object" } }]);
    assert.equal(ir.metadata?.requestId, "msg_1");
  });

  it("keeps is_error, joins text blocks of a tool result, and system blocks as paragraphs", () => {
    const { ir } = parseMessagesRequest(
      {
        ...base,
        system: [{ type: "text", text: "sys1" }, {
          type: "text",
          text: "sys2",
        }],
        messages: [{
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: "t1",
            is_error: true,
            content: [{ type: "text", text: "boom" }, {
              type: "text",
              text: "!",
            }],
          }],
        }],
      },
      resolve,
      "msg_1",
    );
    assert.deepEqual(ir.messages, [
      // System blocks are paragraphs: run together they read "sys1sys2".
      { role: "system", content: "sys1\n\nsys2" },
      {
        role: "tool",
        content: [{
          type: "tool_result",
          toolUseId: "t1",
          content: "boom!",
          isError: true,
        }],
      },
    ]);
  });

  it("refuses invalid bodies with a 400 naming the field", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { model: "m", messages: [{ role: "user", content: "x" }] },
        "max_tokens",
      ],
      [
        { ...base, max_tokens: 0, messages: [{ role: "user", content: "x" }] },
        "max_tokens",
      ],
      [{ ...base, messages: [] }, "messages"],
      [
        // The pinned SDK's MessageParam takes a `system` message; a `tool`
        // role is Chat Completions', not the Messages API's.
        { ...base, messages: [{ role: "tool", content: "x" }] },
        "messages.0.role",
      ],
      [{
        ...base,
        messages: [{
          role: "user",
          content: [{ type: "text", text: "a" }, { type: "document" }],
        }],
      }, "messages.0.content.1"],
      [{
        ...base,
        messages: [{
          role: "assistant",
          content: [{ type: "tool_result", tool_use_id: "t" }],
        }],
      }, "messages.0.content.0"],
      [{
        ...base,
        messages: [{
          role: "user",
          content: [{ type: "image", source: { type: "file" } }],
        }],
      }, "messages.0.content.0.source"],
      [
        { ...base, stream: "yes", messages: [{ role: "user", content: "x" }] },
        "stream",
      ],
      [{
        ...base,
        temperature: "hot",
        messages: [{ role: "user", content: "x" }],
      }, "temperature"],
      [{
        ...base,
        tool_choice: { type: "tool" },
        messages: [{ role: "user", content: "x" }],
      }, "tool_choice"],
    ];
    for (const [body, param] of cases) {
      const error = refusal(body);
      assert.equal(error.status, 400);
      assert.equal(error.param, param, JSON.stringify(body));
      assert.ok(error.message.startsWith(`${param}: `), error.message);
    }
  });
});
