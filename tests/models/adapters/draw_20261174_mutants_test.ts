// What a fresh mutation draw of the adapters (seed 20261174) showed no test
// checked: toward an OpenAI-compatible server, a user turn with no content
// parts is still sent (as empty text), so the turns keep alternating user,
// assistant, user, which the chat templates of compatible servers check; a
// user turn holding only tool results is the one left out (its results go
// as tool messages). No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { toOpenAI } from "./_to_openai.ts";

type Sent = { role: string; content: unknown };

describe("toward OpenAI: a user turn with no content parts", () => {
  it("is sent as empty text, so the roles still alternate", async () => {
    const { body } = await toOpenAI({
      messages: [
        { role: "user", content: [] },
        { role: "assistant", content: "Hello" },
        { role: "user", content: "Again" },
      ],
    });
    const sent = body.messages as Sent[];
    assert.deepEqual(sent.map((message) => [message.role, message.content]), [
      ["user", ""],
      ["assistant", "Hello"],
      ["user", "Again"],
    ]);
  });

  it("one holding only tool results is left out, its results sent as tool messages", async () => {
    const { body } = await toOpenAI({
      messages: [
        { role: "user", content: "Look it up" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "c1", name: "f", input: {} }],
        },
        {
          role: "user",
          content: [{ type: "tool_result", toolUseId: "c1", content: "42" }],
        },
      ],
    });
    const sent = body.messages as Sent[];
    assert.deepEqual(sent.map((message) => message.role), [
      "user",
      "assistant",
      "tool",
    ]);
  });
});
