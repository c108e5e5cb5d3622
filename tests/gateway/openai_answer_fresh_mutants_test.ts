// What planting the mutation rules by hand in the Chat Completions encoders
// showed the suite did not check. A whole answer: text beside tool calls
// keeps its text (`content` is null only when the calls come alone), and an
// empty answer without a refusal is `""`, as OpenAI sends it. A stream: usage
// a backend reported in a metadata chunk is the usage chunk's, not an
// estimate; text an adapter put only in the assembled `done` message is sent
// before the finish.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ChunkEncoder, toChatCompletion } from "../../src/gateway/mod.ts";
import type { IRChatResponse, IRMessage } from "../../src/models/mod.ts";

const CONTEXT = { id: "chatcmpl-1", created: 0, model: "m" };

function answer(message: IRMessage): IRChatResponse {
  return { message, finishReason: "stop", metadata: {} };
}

describe("toChatCompletion", () => {
  it("keeps text beside tool calls", () => {
    const completion = toChatCompletion(
      answer({
        role: "assistant",
        content: [
          { type: "text", text: "Let me check." },
          { type: "tool_use", id: "call_1", name: "f", input: { a: 1 } },
        ],
      }),
      CONTEXT,
    );
    const message = completion.choices[0].message;
    assert.equal(message.content, "Let me check.");
    assert.equal(message.tool_calls?.length, 1);
  });

  it("gives content null for tool calls alone", () => {
    const completion = toChatCompletion(
      answer({
        role: "assistant",
        content: [{ type: "tool_use", id: "call_1", name: "f", input: {} }],
      }),
      CONTEXT,
    );
    assert.equal(completion.choices[0].message.content, null);
  });

  it('gives an empty answer without a refusal content "", as parts or text', () => {
    for (const content of ["", [{ type: "text" as const, text: "" }]]) {
      const completion = toChatCompletion(
        answer({ role: "assistant", content }),
        CONTEXT,
      );
      assert.equal(completion.choices[0].message.content, "");
      assert.equal(completion.choices[0].message.refusal, null);
    }
  });

  it("gives content null beside a refusal, and the refusal", () => {
    const completion = toChatCompletion(
      answer({ role: "assistant", content: "", refusal: "I can't." }),
      CONTEXT,
    );
    assert.equal(completion.choices[0].message.content, null);
    assert.equal(completion.choices[0].message.refusal, "I can't.");
  });
});

/** The data events of `text`, parsed; `[DONE]` left out. */
function events(text: string): Record<string, unknown>[] {
  return text.split("\n\n").filter((e) => e.startsWith("data: {")).map((e) =>
    JSON.parse(e.slice("data: ".length))
  );
}

describe("ChunkEncoder", () => {
  it("ends with the usage a metadata chunk reported, not an estimate", () => {
    const encoder = new ChunkEncoder(CONTEXT, true, 1_000);
    let out = encoder.encode({ type: "start", sequence: 0, metadata: {} });
    out += encoder.encode({ type: "content", sequence: 1, delta: "hi" });
    out += encoder.encode({
      type: "metadata",
      sequence: 2,
      usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
    });
    out += encoder.encode({ type: "done", sequence: 3, finishReason: "stop" });
    const last = events(out).at(-1) as { usage: Record<string, number> };
    assert.equal(last.usage.prompt_tokens, 11);
    assert.equal(last.usage.completion_tokens, 7);
    assert.equal(last.usage.total_tokens, 18);
  });

  it("sends text that came only in the done message, before the finish", () => {
    const encoder = new ChunkEncoder(CONTEXT, false);
    let out = encoder.encode({ type: "start", sequence: 0, metadata: {} });
    out += encoder.encode({
      type: "done",
      sequence: 1,
      finishReason: "stop",
      message: { role: "assistant", content: "hello" },
    });
    const deltas = events(out).map((e) =>
      (e.choices as { delta: { content?: string } }[])[0]?.delta.content
    ).filter((text) => text !== undefined && text !== "");
    assert.deepEqual(deltas, ["hello"]);
  });
});
