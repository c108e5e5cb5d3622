// What the Messages reader must keep that no test held it to: each
// `tool_choice` type keeps its own meaning (`auto` is not `any`), a
// temperature of 0 is sent as 0, a `metadata.user_id` of null (the SDK's
// type allows it) is no user rather than a 400, and a block whose `type`
// differs only in letter case from `text`, or a cache mark whose type is
// not `ephemeral`, is refused naming the field (the API is case-sensitive
// there, and a mark read as another kind would cache a different prefix).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseMessagesRequest } from "../../src/gateway/mod.ts";
import { refusalOf } from "./_refusal.ts";

const resolve = (model: string) => ({ backend: model });
const base = {
  model: "m",
  max_tokens: 8,
  messages: [{ role: "user", content: "hi" }],
};
const parse = (body: Record<string, unknown>) =>
  parseMessagesRequest({ ...base, ...body }, resolve, "msg_1");

describe("anthropic messages: tool_choice", () => {
  const tools = [{ name: "weather", input_schema: { type: "object" } }];
  for (
    const [choice, expected] of [
      [{ type: "auto" }, "auto"],
      [{ type: "any" }, "required"],
      [{ type: "none" }, "none"],
      [{ type: "tool", name: "weather" }, { name: "weather" }],
    ] as const
  ) {
    it(`${JSON.stringify(choice)} is ${JSON.stringify(expected)}`, () => {
      const { ir } = parse({ tools, tool_choice: choice });
      assert.deepEqual(ir.toolChoice, expected);
      assert.equal(ir.parameters?.parallel_tool_calls, undefined);
    });
  }

  it("a type in another letter case is a 400 naming tool_choice", () => {
    const error = refusalOf(() =>
      parse({ tools, tool_choice: { type: "Auto" } })
    );
    assert.equal(error.status, 400);
    assert.equal(error.param, "tool_choice");
  });
});

describe("anthropic messages: sampling and metadata", () => {
  for (const temperature of [0, 0.7, 1]) {
    it(`temperature ${temperature} is sent as ${temperature}`, () => {
      const { ir } = parse({ temperature });
      assert.equal(ir.parameters?.temperature, temperature);
    });
  }

  it("no temperature leaves it to the backend", () => {
    const { ir } = parse({});
    assert.equal("temperature" in (ir.parameters ?? {}), false);
  });

  it("a null metadata.user_id is no user, not a 400", () => {
    const { ir } = parse({ metadata: { user_id: null } });
    assert.equal("user" in (ir.parameters ?? {}), false);
  });

  it("a metadata.user_id that is not a string is a 400 naming it", () => {
    const error = refusalOf(() => parse({ metadata: { user_id: 42 } }));
    assert.equal(error.status, 400);
    assert.equal(error.param, "metadata.user_id");
  });
});

describe("anthropic messages: block and mark types are read exactly", () => {
  it("a system block typed `Text` is a 400 naming the block", () => {
    const error = refusalOf(() =>
      parse({ system: [{ type: "Text", text: "be brief" }] })
    );
    assert.equal(error.status, 400);
    assert.equal(error.param, "system.0");
  });

  it("a tool result holding a block typed `TEXT` is a 400 naming it", () => {
    const error = refusalOf(() =>
      parse({
        messages: [
          { role: "user", content: "weather?" },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "t1", name: "w", input: {} }],
          },
          {
            role: "user",
            content: [{
              type: "tool_result",
              tool_use_id: "t1",
              content: [{ type: "TEXT", text: "12°C" }],
            }],
          },
        ],
      })
    );
    assert.equal(error.status, 400);
    assert.equal(error.param, "messages.2.content.0.content.0");
  });

  for (const type of ["Ephemeral", "persistent"]) {
    it(`a cache mark of type ${JSON.stringify(type)} is a 400 naming it`, () => {
      const error = refusalOf(() =>
        parse({
          messages: [{
            role: "user",
            content: [{
              type: "text",
              text: "hi",
              cache_control: { type },
            }],
          }],
        })
      );
      assert.equal(error.status, 400);
      assert.equal(error.param, "messages.0.content.0.cache_control");
    });
  }

  it("an ephemeral mark with its ttl is kept", () => {
    const { ir } = parse({
      messages: [{
        role: "user",
        content: [{
          type: "text",
          text: "hi",
          cache_control: { type: "ephemeral", ttl: "1h" },
        }],
      }],
    });
    assert.deepEqual(ir.messages[0].content, [{
      type: "text",
      text: "hi",
      cacheControl: { type: "ephemeral", ttl: "1h" },
    }]);
  });
});
