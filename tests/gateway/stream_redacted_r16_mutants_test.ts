// Reasoning an adapter leaves to its stream's `done` message, as an
// Anthropic client reads the encoded stream: the encoder sends what the
// deltas did not carry, each kind of block judged on its own. A streamed
// `redacted_thinking` block used to count as the plain reasoning sent, so
// the `done` message's `thinking` block (and its signature, which a client
// must send back with a tool result) was lost; a `redacted_thinking` block
// only in `done` was never sent.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { IRMessage } from "../../src/models/types.ts";
import { REQUEST, sdkOver, type Unsequenced } from "./_anthropic_sdk_stream.ts";

const REDACTED = { type: "redacted_thinking" as const, data: "EmwKAhgB" };
const THINKING = {
  type: "thinking" as const,
  thinking: "The user greets. Greet back.",
  signature: "sig-1",
};
const TEXT = { type: "text" as const, text: "Hello!" };

const DONE_MESSAGE: IRMessage = {
  role: "assistant",
  content: [REDACTED, THINKING, TEXT],
};

async function contentOf(chunks: Unsequenced[]) {
  const message = await sdkOver([
    { type: "start", metadata: {} },
    ...chunks,
    { type: "done", finishReason: "stop", message: DONE_MESSAGE },
  ]).messages.stream(REQUEST).finalMessage();
  return message.content;
}

describe("reasoning carried by a stream's done message", () => {
  it("reaches the client whole, in the message's order, when nothing was streamed", async () => {
    assert.deepEqual(await contentOf([]), [REDACTED, THINKING, TEXT]);
  });

  it("a streamed redacted block does not stand for the plain reasoning", async () => {
    assert.deepEqual(
      await contentOf([
        { type: "content", delta: "", redactedThinking: REDACTED.data },
      ]),
      [REDACTED, THINKING, TEXT],
    );
  });

  it("streamed plain reasoning does not stand for the redacted block", async () => {
    assert.deepEqual(
      await contentOf([
        { type: "content", delta: "", thinking: THINKING.thinking },
        { type: "content", delta: "", signature: THINKING.signature },
        { type: "content", delta: TEXT.text },
      ]),
      [THINKING, TEXT, REDACTED],
    );
  });

  it("each block streamed is sent once, not again from the done message", async () => {
    assert.deepEqual(
      await contentOf([
        { type: "content", delta: "", redactedThinking: REDACTED.data },
        { type: "content", delta: "", thinking: "The user greets. " },
        { type: "content", delta: "", thinking: "Greet back." },
        { type: "content", delta: "", signature: THINKING.signature },
        { type: "content", delta: TEXT.text },
      ]),
      [REDACTED, THINKING, TEXT],
    );
  });
});
