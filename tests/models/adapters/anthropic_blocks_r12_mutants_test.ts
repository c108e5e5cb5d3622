// Anthropic blocks the adapters' tests never received, found by a coverage
// run of the area's tests while a mutation draw ran: a thinking block whose
// start already holds text (the API sends "", a proxy may fill it), one
// without a signature, reasoning deltas outside a thinking block and a
// tool_use block start without its id (both refused as INVALID_RESPONSE,
// never folded into the wrong block), and a whole answer's content entry
// that is not an object. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { adapterFactory, collect, streamResponse, textOf } from "./_fake.ts";
import { written } from "./_anthropic_stream.ts";

type Json = Record<string, unknown>;

const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });
const ask = { messages: [{ role: "user" as const, content: "Why?" }] };

const START = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-x",
    content: [],
    usage: { input_tokens: 9, output_tokens: 1 },
  },
};
const END = [
  {
    type: "message_delta",
    delta: { stop_reason: "end_turn" },
    usage: { output_tokens: 12 },
  },
  { type: "message_stop" },
];

/** The chunks of a stream of `blocks` between the start and the end. */
async function streamOf(blocks: Json[]): Promise<IRStreamChunk[]> {
  const { adapter } = anthropicWith(() =>
    streamResponse(written([START, ...blocks, ...END]))
  );
  return await collect(adapter.executeStream(ask));
}

function delta(index: number, body: Json): Json {
  return { type: "content_block_delta", index, delta: body };
}

describe("Anthropic thinking blocks, streamed", () => {
  it("text a thinking block starts with streams first and opens the reasoning part", async () => {
    const chunks = await streamOf([
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "thinking", thinking: "Let me ", signature: "" },
      },
      delta(0, { type: "thinking_delta", thinking: "see." }),
      delta(0, { type: "signature_delta", signature: "EqQB" }),
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "text", text: "" },
      },
      delta(1, { type: "text_delta", text: "Because." }),
      { type: "content_block_stop", index: 1 },
    ]);
    const thoughts = chunks.flatMap((chunk) =>
      chunk.type === "content" && chunk.thinking !== undefined
        ? [chunk.thinking]
        : []
    );
    assert.deepEqual(thoughts, ["Let me ", "see."]);
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    assert.deepEqual(done.message?.content, [
      { type: "thinking", thinking: "Let me see.", signature: "EqQB" },
      { type: "text", text: "Because." },
    ]);
    assert.equal(textOf(chunks), "Because.");
  });

  it("a thinking block starting empty sends no empty reasoning chunk", async () => {
    const chunks = await streamOf([
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "thinking", thinking: "" },
      },
      delta(0, { type: "thinking_delta", thinking: "Hm." }),
      { type: "content_block_stop", index: 0 },
    ]);
    const reasoning = chunks.filter((chunk) =>
      chunk.type === "content" && chunk.thinking !== undefined
    );
    assert.deepEqual(
      reasoning.map((chunk) => chunk.type === "content" && chunk.thinking),
      ["Hm."],
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    // No signature came: the part carries none, not an empty one.
    const content = done.message?.content;
    assert.ok(Array.isArray(content), JSON.stringify(done.message));
    assert.deepEqual(content[0], { type: "thinking", thinking: "Hm." });
    assert.equal(textOf(chunks), "");
  });

  for (
    const body of [
      { type: "thinking_delta", thinking: "stray" },
      { type: "signature_delta", signature: "EqQB" },
    ]
  ) {
    it(`a ${body.type} in a text block ends the stream as an invalid answer`, async () => {
      const chunks = await streamOf([
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "text", text: "" },
        },
        delta(0, { type: "text_delta", text: "Be" }),
        delta(0, body),
      ]);
      const last = chunks.at(-1);
      assert.ok(last?.type === "error", JSON.stringify(chunks));
      assert.equal(last.error.code, "INVALID_RESPONSE");
      assert.match(last.error.message, /outside a thinking block/);
      assert.equal(textOf(chunks), "Be");
    });
  }
});

describe("Anthropic tool_use blocks and content entries", () => {
  for (const block of [{ name: "lights", input: {} }, { id: "toolu_1" }]) {
    it(
      `a tool_use block start without its ${
        "id" in block ? "name" : "id"
      } ends the stream as an invalid answer`,
      async () => {
        const chunks = await streamOf([{
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", ...block },
        }]);
        const last = chunks.at(-1);
        assert.ok(last?.type === "error", JSON.stringify(chunks));
        assert.equal(last.error.code, "INVALID_RESPONSE");
        assert.match(last.error.message, /malformed tool_use block start/);
        assert.equal(chunks.some((chunk) => chunk.type === "tool_use"), false);
      },
    );
  }

  it("a whole answer's content entry that is not an object is skipped; a thinking block without a signature has none", async () => {
    const { adapter } = anthropicWith(() =>
      Response.json({
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-x",
        content: [
          null,
          { type: "thinking", thinking: "Short." },
          "junk",
          { type: "text", text: "Because." },
        ],
        stop_reason: "end_turn",
        usage: { input_tokens: 9, output_tokens: 4 },
      })
    );
    const answer = await adapter.execute(ask);
    assert.deepEqual(answer.message.content, [
      { type: "thinking", thinking: "Short." },
      { type: "text", text: "Because." },
    ]);
    assert.equal(answer.finishReason, "stop");
  });
});
