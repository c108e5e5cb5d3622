// What a fresh mutation draw over the Responses API's translation showed the
// suite did not check: a field the translation does carry to the backend is
// not also reported as dropped. `x-switchyard-dropped` (and the log line's
// `dropped`) tells a client which of its fields had no effect; naming one
// that did, `max_output_tokens` say, would send it looking for a problem
// that is not there. And an input item's system, developer or assistant
// message given as a plain string (as the SDK's EasyInputMessage allows) is
// read as its text.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("responses translated: the fields the translation carries", () => {
  it("reach the backend and none is reported as dropped", async () => {
    const echo = createEchoAdapter();
    const logs: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", echo]],
      logger: (entry) => void logs.push(entry),
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/responses", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "echo",
            input: "hi",
            instructions: "Be brief.",
            max_output_tokens: 50,
            temperature: 0.5,
            top_p: 0.9,
            user: "u-7",
            stream: false,
            previous_response_id: null,
          }),
        }),
      );
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(response.headers.get("x-switchyard-dropped"), null);
      assert.equal(logs.length, 1);
      assert.deepEqual(logs[0].dropped ?? [], []);
      const sent = echo.calls[0].request?.parameters;
      assert.equal(sent?.maxTokens, 50);
      assert.equal(sent?.temperature, 0.5);
      assert.equal(sent?.topP, 0.9);
      assert.equal(sent?.user, "u-7");
    } finally {
      gateway.dispose();
    }
  });

  it("a field it has no place for is still reported beside them", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/responses", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "echo",
            input: "hi",
            max_output_tokens: 50,
            truncation: "auto",
          }),
        }),
      );
      await response.body?.cancel();
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("x-switchyard-dropped"), "truncation");
    } finally {
      gateway.dispose();
    }
  });

  it("reads system, developer and assistant messages given as plain strings", async () => {
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
              { role: "system", content: "Be brief." },
              { role: "developer", content: "Use French." },
              { role: "user", content: "Hi" },
              { role: "assistant", content: "Bonjour." },
              { role: "user", content: "Again" },
            ],
          }),
        }),
      );
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      const sent = echo.calls[0].request?.messages;
      assert.deepEqual(sent?.map((m) => [m.role, m.content]), [
        ["system", "Be brief."],
        ["system", "Use French."],
        ["user", "Hi"],
        ["assistant", "Bonjour."],
        ["user", "Again"],
      ]);
    } finally {
      gateway.dispose();
    }
  });
});
