// What planting the mutation rules by hand in the usage estimate showed the
// suite did not check: when a backend reports no usage, the estimated
// completion tokens count everything the answer generated (its text, its
// reasoning, its tool calls' arguments, a refusal beside plain text), a
// quarter token per character rounded up, so a short answer is never free.
// Budgets and token limits are charged these numbers; a streamed answer's
// log line and metrics count its tool calls' arguments too, whether or not a
// call's first chunk carries any.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import type { IRMessage } from "../../src/models/mod.ts";
import { jsonPost, mockBackend, withGateway } from "./_in_process.ts";

function completionTokens(message: IRMessage): Promise<number> {
  return withGateway({
    backends: [
      mockBackend({
        responses: { message, finishReason: "stop", metadata: {} },
      }),
    ],
  }, async (gateway) => {
    const response = await gateway(jsonPost("/v1/chat/completions", {
      model: "mock",
      messages: [{ role: "user", content: "hi" }],
    }));
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    return body.usage.completion_tokens;
  });
}

describe("estimated usage of an answer without reported usage", () => {
  it("counts text, reasoning and tool-call arguments, rounded up", async () => {
    // 6 + 8 + 7 ('{"a":1}') = 21 characters: 5.25 tokens, 6 charged.
    const tokens = await completionTokens({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "abcdefgh" },
        { type: "text", text: "hello!" },
        { type: "tool_use", id: "call_1", name: "f", input: { a: 1 } },
      ],
    });
    assert.equal(tokens, 6);
  });

  it("counts a refusal beside plain text", async () => {
    // "abc" and "no": 5 characters, 2 tokens (the text alone would be 1).
    const tokens = await completionTokens({
      role: "assistant",
      content: "abc",
      refusal: "no",
    });
    assert.equal(tokens, 2);
  });

  it("charges a one-character answer one token", async () => {
    assert.equal(
      await completionTokens({ role: "assistant", content: "a" }),
      1,
    );
  });

  it("of a stream: a tool call whose first chunk has no arguments is still counted", async () => {
    const logs: RequestLogEntry[] = [];
    await withGateway({
      backends: [mockBackend({
        chunks: [
          { type: "start", sequence: 0, metadata: { model: "mock" } },
          { type: "tool_use", sequence: 1, id: "call_1", name: "weather" },
          {
            type: "tool_use",
            sequence: 2,
            id: "call_1",
            name: "weather",
            inputDelta: '{"city":"Oslo"}',
          },
          { type: "done", sequence: 3, finishReason: "tool_calls" },
        ],
      })],
      logger: (entry) => void logs.push(entry),
    }, async (gateway) => {
      const response = await gateway(jsonPost("/v1/chat/completions", {
        model: "mock",
        stream: true,
        messages: [{ role: "user", content: "weather?" }],
      }));
      assert.equal(response.status, 200);
      assert.match(await response.text(), /"arguments":"\{\\"city/);
      assert.equal(logs.length, 1);
      // '{"city":"Oslo"}': 15 characters, 4 tokens.
      assert.equal(logs[0].tokens_out, 4);
      assert.equal(logs[0].tokens_estimated, true);
    });
  });
});
