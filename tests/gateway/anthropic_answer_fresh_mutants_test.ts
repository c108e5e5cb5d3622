// What planting the mutation rules by hand in the Messages encoders showed
// the suite did not check. A whole answer given as parts: its text parts
// become one text block, an empty one none. The error body of a 500 is an
// `api_error`, as Anthropic types it. A stream: the prompt counts a backend
// reported at its start are message_start's (not an estimate); a refusal
// streamed as such is sent as text and ends with `stop_reason: "refusal"`;
// text that came only in the assembled `done` message is sent, and is no
// refusal.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  anthropicErrorBody,
  MessageStreamEncoder,
  resolveError,
  toAnthropicMessage,
} from "../../src/gateway/mod.ts";
import { AdapterError } from "../../src/models/mod.ts";
import type { IRStreamChunk } from "../../src/models/mod.ts";

const CONTEXT = { id: "msg_1", model: "m" };

describe("toAnthropicMessage: an answer given as parts", () => {
  it("joins its text parts into one block and drops an empty one", () => {
    const message = toAnthropicMessage({
      message: {
        role: "assistant",
        content: [
          { type: "text", text: "Hel" },
          { type: "text", text: "lo." },
          { type: "text", text: "" },
          { type: "tool_use", id: "toolu_1", name: "f", input: { a: 1 } },
          { type: "text", text: "" },
        ],
      },
      finishReason: "tool_calls",
      metadata: {},
    }, CONTEXT);
    assert.deepEqual(message.content, [
      { type: "text", text: "Hello." },
      { type: "tool_use", id: "toolu_1", name: "f", input: { a: 1 } },
    ]);
  });
});

describe("anthropicErrorBody", () => {
  it("types a 500 as api_error and an unlisted 4xx as invalid_request_error", () => {
    const status = (code: number) =>
      resolveError(
        new AdapterError({
          code: "PROVIDER_ERROR",
          message: "x",
          statusCode: code,
        }),
      );
    const internal = resolveError(new Error("boom"));
    assert.equal(internal.status, 500);
    assert.equal(anthropicErrorBody(internal).error.type, "api_error");
    assert.equal(
      anthropicErrorBody({ ...internal, status: 422 }).error.type,
      "invalid_request_error",
    );
    assert.equal(anthropicErrorBody(status(502)).error.type, "api_error");
  });
});

/** The events of an encoded stream: [name, data]. */
function events(text: string): Array<[string, Record<string, unknown>]> {
  return text.split("\n\n").filter((e) => e.startsWith("event: ")).map((e) => {
    const [head, data] = e.split("\n");
    return [head.slice("event: ".length), JSON.parse(data.slice(6))];
  });
}

function encode(chunks: IRStreamChunk[], promptTokens = 0): {
  encoder: MessageStreamEncoder;
  events: Array<[string, Record<string, unknown>]>;
} {
  const encoder = new MessageStreamEncoder(CONTEXT, promptTokens);
  const text = chunks.map((chunk) => encoder.encode(chunk)).join("");
  return { encoder, events: events(text) };
}

function stopReason(list: Array<[string, Record<string, unknown>]>): unknown {
  const delta = list.find(([name]) => name === "message_delta")?.[1];
  return (delta?.delta as { stop_reason?: unknown })?.stop_reason;
}

function texts(list: Array<[string, Record<string, unknown>]>): string {
  return list.filter(([name]) => name === "content_block_delta").map((
    [, data],
  ) => (data.delta as { text?: string }).text ?? "").join("");
}

describe("MessageStreamEncoder", () => {
  it("starts with the prompt counts the backend reported at its start", () => {
    const { encoder, events: list } = encode([
      {
        type: "start",
        sequence: 0,
        metadata: {},
        usage: { promptTokens: 42, completionTokens: 0, totalTokens: 42 },
      },
      { type: "content", sequence: 1, delta: "hi" },
      { type: "done", sequence: 2, finishReason: "stop" },
    ], 1_000);
    const start = list[0];
    assert.equal(start[0], "message_start");
    const usage = (start[1].message as { usage: { input_tokens: number } })
      .usage;
    assert.equal(usage.input_tokens, 42);
    assert.equal(encoder.startEstimated, false);
  });

  it("sends a streamed refusal as text and ends with stop_reason refusal", () => {
    const { events: list } = encode([
      { type: "start", sequence: 0, metadata: {} },
      { type: "content", sequence: 1, delta: "", refusal: "I can't help." },
      { type: "done", sequence: 2, finishReason: "stop" },
    ]);
    assert.equal(texts(list), "I can't help.");
    assert.equal(stopReason(list), "refusal");
  });

  it("sends text that came only in the done message, as an ordinary answer", () => {
    const { events: list } = encode([
      { type: "start", sequence: 0, metadata: {} },
      {
        type: "done",
        sequence: 1,
        finishReason: "stop",
        message: { role: "assistant", content: "hello" },
      },
    ]);
    assert.equal(texts(list), "hello");
    assert.equal(stopReason(list), "end_turn");
  });
});
