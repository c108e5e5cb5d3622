// A Responses API client that replays a conversation sends the earlier
// answer back as the output item it was given (`type: "message"`, role
// assistant, content `[{ type: "output_text", text }]`), and may give the
// instructions as a developer message of `input_text` parts: the text parts
// are read as that turn's text, joined in order, and reach the backend.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("responses input: text parts in assistant and developer turns", () => {
  // Bug (`_responses_request.ts`, textOf's `return part.text` dropped): a
  // replayed assistant turn of output_text parts was refused as "Only text
  // parts are allowed here".
  it("are read as the turn's text and reach the backend", async () => {
    const echo = createEchoAdapter();
    const gateway = createGateway({ backends: [["echo", echo]] });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/responses", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "echo",
            input: [
              {
                role: "developer",
                content: [
                  { type: "input_text", text: "Be brief. " },
                  { type: "input_text", text: "Answer in English." },
                ],
              },
              { role: "user", content: "Name a colour." },
              {
                type: "message",
                role: "assistant",
                content: [
                  { type: "output_text", text: "Blue", annotations: [] },
                  { type: "output_text", text: ".", annotations: [] },
                ],
              },
              { role: "user", content: "Another one." },
            ],
          }),
        }),
      );
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      const sent = echo.calls.at(-1)!.request!.messages;
      assert.deepEqual(sent.map((m) => [m.role, m.content]), [
        ["system", "Be brief. Answer in English."],
        ["user", "Name a colour."],
        ["assistant", "Blue."],
        ["user", "Another one."],
      ]);
    } finally {
      gateway.dispose();
    }
  });
});
