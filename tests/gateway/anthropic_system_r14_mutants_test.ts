// A Messages request's top-level `system` that holds no text (`""`, `[]`,
// or only empty text blocks) is no system prompt: the reader makes no
// system message of it, so no backend is sent an empty one (the Messages
// API refuses an empty text block; a chat backend would get an empty
// system turn). A system prompt with text is kept, whole.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseMessagesRequest } from "../../src/gateway/mod.ts";

const resolve = (model: string) => ({ backend: model });
const parse = (system: unknown) =>
  parseMessagesRequest(
    {
      model: "m",
      max_tokens: 8,
      system,
      messages: [{ role: "user", content: "hi" }],
    },
    resolve,
    "msg_1",
  );

describe("a Messages request's empty system prompt", () => {
  // Bug (`anthropic_request.ts`, `text === "" && !keepEmpty` → `&&
  // keepEmpty`): an empty top-level system became an empty system message.
  for (const system of ["", [], [{ type: "text", text: "" }]]) {
    it(`${JSON.stringify(system)} makes no system message`, () => {
      const { ir } = parse(system);
      assert.deepEqual(ir.messages.map((m) => m.role), ["user"]);
    });
  }

  it("one with text is kept, its blocks as paragraphs", () => {
    const { ir } = parse([
      { type: "text", text: "Be brief." },
      { type: "text", text: "Answer in French." },
    ]);
    assert.deepEqual(ir.messages[0], {
      role: "system",
      content: "Be brief.\n\nAnswer in French.",
    });
  });
});
