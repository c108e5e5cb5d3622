// The answer encoders on cases the client suites do not reach: two reasoning
// blocks in a row (each keeps its own signature), details that only the
// assembled `done` message holds, and cache counts a backend got wrong.
import assert from "node:assert/strict";
import {
  ChunkEncoder,
  MessageStreamEncoder,
  toAnthropicMessage,
  toAnthropicUsage,
} from "../../src/gateway/mod.ts";
import type { IRStreamChunk } from "../../src/models/types.ts";

type Json = Record<string, unknown>;
type Unsequenced<C = IRStreamChunk> = C extends unknown ? Omit<C, "sequence">
  : never;

/** The `data` of each SSE event, parsed. */
function events(sse: string): Json[] {
  return sse.split("\n\n").filter((e) => e.includes("data: "))
    .map((e) => e.slice(e.indexOf("data: ") + 6))
    .filter((d) => d !== "[DONE]")
    .map((d) => JSON.parse(d));
}

function encodeAll(
  encoder: { encode(chunk: IRStreamChunk): string },
  chunks: Unsequenced[],
): string {
  return chunks.map((chunk, sequence) =>
    encoder.encode({ ...chunk, sequence } as IRStreamChunk)
  ).join("");
}

Deno.test("Anthropic stream: two signed reasoning blocks in a row stay two blocks, each with its own signature", () => {
  const sse = encodeAll(new MessageStreamEncoder({ id: "msg_1", model: "m" }), [
    { type: "start", metadata: {} },
    { type: "content", delta: "", thinking: "First." },
    { type: "content", delta: "", signature: "sig-one" },
    { type: "content", delta: "", thinking: "Second." },
    { type: "content", delta: "", signature: "sig-two" },
    { type: "content", delta: "Answer." },
    { type: "done", finishReason: "stop" },
  ]);
  const starts = events(sse).filter((e) => e.type === "content_block_start");
  assert.deepEqual(
    starts.map((e) => [e.index, (e.content_block as Json).type]),
    [[0, "thinking"], [1, "thinking"], [2, "text"]],
  );
  const signatures = events(sse).filter((e) =>
    e.type === "content_block_delta" &&
    (e.delta as Json).type === "signature_delta"
  ).map((e) => [e.index, (e.delta as Json).signature]);
  assert.deepEqual(signatures, [[0, "sig-one"], [1, "sig-two"]]);
  const stops = events(sse).filter((e) => e.type === "content_block_stop");
  assert.deepEqual(stops.map((e) => e.index), [0, 1, 2]);
});

Deno.test("Anthropic stream: reasoning, a refusal and a stop sequence only the done message holds are still sent", () => {
  const sse = encodeAll(new MessageStreamEncoder({ id: "msg_1", model: "m" }), [
    { type: "start", metadata: {} },
    {
      type: "done",
      finishReason: "stop",
      stopSequence: "END",
      message: {
        role: "assistant",
        content: [{ type: "thinking", thinking: "Hmm.", signature: "sig" }],
        refusal: "No.",
      },
    },
  ]);
  const all = events(sse);
  const deltas = all.filter((e) => e.type === "content_block_delta")
    .map((e) => e.delta);
  assert.deepEqual(deltas, [
    { type: "thinking_delta", thinking: "Hmm." },
    { type: "signature_delta", signature: "sig" },
    { type: "text_delta", text: "No." },
  ]);
  const end = all.find((e) => e.type === "message_delta");
  // A matched stop sequence says more than the refusal it ended.
  assert.deepEqual(end?.delta, {
    stop_reason: "stop_sequence",
    stop_sequence: "END",
  });
});

Deno.test("OpenAI stream: a refusal and logprobs only the done message holds are still sent; reasoning is not", () => {
  const sse = encodeAll(
    new ChunkEncoder({ id: "chatcmpl-1", created: 0, model: "m" }, false),
    [
      { type: "start", metadata: {} },
      {
        type: "content",
        delta: "",
        logprobs: { content: [{ token: "x", logprob: -1 }] },
      },
      {
        type: "done",
        finishReason: "stop",
        message: {
          role: "assistant",
          content: [{ type: "thinking", thinking: "secret plan" }],
          refusal: "No.",
        },
      },
    ],
  );
  assert.equal(sse.includes("secret plan"), false);
  const choices = events(sse).map((e) => (e.choices as Json[])[0]);
  assert.deepEqual(choices[1].delta, {});
  assert.deepEqual(choices[1].logprobs, {
    content: [{ token: "x", logprob: -1, bytes: null, top_logprobs: [] }],
    refusal: null,
  });
  assert.deepEqual(choices[2].delta, { refusal: "No." });
  assert.equal(choices.at(-1)?.finish_reason, "stop");
});

Deno.test("Anthropic usage: cache counts larger than the prompt never make input_tokens negative", () => {
  assert.deepEqual(
    toAnthropicUsage({
      promptTokens: 5,
      completionTokens: 1,
      totalTokens: 6,
      cacheReadTokens: 8,
    }),
    { input_tokens: 0, output_tokens: 1, cache_read_input_tokens: 8 },
  );
});

Deno.test("Anthropic message: 19 prompt tokens of which 6 read and 4 written are 9 input tokens", () => {
  const message = toAnthropicMessage({
    message: { role: "assistant", content: "hi" },
    finishReason: "stop",
    usage: {
      promptTokens: 19,
      completionTokens: 2,
      totalTokens: 21,
      cacheReadTokens: 6,
      cacheCreationTokens: 4,
    },
    metadata: {},
  }, { id: "msg_1", model: "m" });
  assert.deepEqual(message.usage, {
    input_tokens: 9,
    output_tokens: 2,
    cache_creation_input_tokens: 4,
    cache_read_input_tokens: 6,
  });
  assert.equal(message.stop_sequence, null);
  assert.equal(message.stop_reason, "end_turn");
});
