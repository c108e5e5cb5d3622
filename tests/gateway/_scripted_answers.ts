// What the scripted upstreams of the wire tests answer once they have
// checked a body: server-sent events as a provider writes them, an
// Anthropic Messages answer of one content block, whole or streamed, and an
// OpenAI Responses answer of one message.

type Json = Record<string, unknown>;

/**
 * An event stream of `[event name, data]` pairs: no `event:` line for an
 * undefined name (OpenAI's chunks have none), data written as is when it is
 * a string (`[DONE]`), else as JSON.
 */
export function sseResponse(
  events: Array<[string | undefined, unknown]>,
): Response {
  return new Response(
    events.map(([e, d]) =>
      (e ? `event: ${e}\n` : "") +
      `data: ${typeof d === "string" ? d : JSON.stringify(d)}\n\n`
    ).join(""),
    { headers: { "content-type": "text/event-stream" } },
  );
}

/** The `message_start` event of `model`'s streamed answer, with `usage`. */
export function messageStart(model: unknown, usage: unknown): [string, Json] {
  return ["message_start", {
    type: "message_start",
    message: {
      id: "msg_up",
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  }];
}

/**
 * The Messages API's answer of `model` holding `block` (a `text` or a
 * `tool_use` block), stopped by `tool_use` for a call and `end_turn` for
 * text, 11 tokens in and 7 out. Streamed, the block opens empty (a call with
 * `input: {}`) and its text or its whole input arrives in one delta, as the
 * API sends them.
 */
export function anthropicBlockAnswer(
  model: unknown,
  block: Json,
  stream: boolean,
): Response {
  const stop = block.type === "tool_use" ? "tool_use" : "end_turn";
  if (!stream) {
    return Response.json({
      id: "msg_up",
      type: "message",
      role: "assistant",
      model,
      content: [block],
      stop_reason: stop,
      stop_sequence: null,
      usage: { input_tokens: 11, output_tokens: 7 },
    });
  }
  const start = block.type === "tool_use"
    ? { ...block, input: {} }
    : { type: "text", text: "" };
  const delta = block.type === "tool_use"
    ? { type: "input_json_delta", partial_json: JSON.stringify(block.input) }
    : { type: "text_delta", text: block.text };
  return sseResponse([
    messageStart(model, { input_tokens: 11, output_tokens: 1 }),
    ["content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: start,
    }],
    ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 7 },
    }],
    ["message_stop", { type: "message_stop" }],
  ]);
}

/**
 * A completed OpenAI Responses answer (`resp_up`) of `model` whose one
 * message (`msg_up`) says `text`.
 */
export function responsesAnswer(model: string, text: string): Json {
  return {
    id: "resp_up",
    object: "response",
    created_at: 1,
    status: "completed",
    model,
    output: [{
      type: "message",
      id: "msg_up",
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text, annotations: [] }],
    }],
    usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
  };
}
