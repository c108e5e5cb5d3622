// What planting the mutation rules by hand in the usage estimate showed the
// suite did not check: when a backend reports no usage, the estimated
// completion tokens count everything the answer generated (its text, its
// reasoning, its tool calls' arguments, a refusal beside plain text), a
// quarter token per character rounded up, so a short answer is never free.
// Budgets and token limits are charged these numbers.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import type { IRMessage } from "../../src/models/mod.ts";

async function completionTokens(message: IRMessage): Promise<number> {
  const gateway = createGateway({
    backends: [[
      "mock",
      createMockAdapter({
        responses: { message, finishReason: "stop", metadata: {} },
      }),
    ]],
  });
  try {
    const response = await gateway(
      new Request("http://localhost/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: "mock",
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    return body.usage.completion_tokens;
  } finally {
    gateway.dispose();
  }
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
});
