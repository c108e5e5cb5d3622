// An Anthropic Messages stream of one text block, written as the API sends
// it, for the adapter tests that vary one part of it: the text the block
// starts with, or the usage of `message_start` and `message_delta`; and the
// writer of any event list in the API's framing.

/** What a one-text-block stream varies. */
export interface TextStreamParts {
  /** The text the deltas carry (one delta). */
  text: string;
  /** The text of `content_block_start` (the API sends ""; a proxy may fill it). */
  startText?: string;
  /** `message_start`'s usage; left out when undefined. */
  startUsage?: unknown;
  /** `message_delta`'s usage; left out when undefined. */
  deltaUsage?: unknown;
  /** The model `message_start` names (default `claude-x`). */
  model?: string;
}

/** Events as the API writes them: an `event:` line naming each one's type. */
export function written(events: Record<string, unknown>[]): string {
  return events.map((event) =>
    `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`
  ).join("");
}

/** The stream of one text block ended by `end_turn`. */
export function anthropicTextStream(parts: TextStreamParts): string {
  const { startUsage, deltaUsage } = parts;
  return written([
    {
      type: "message_start",
      message: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: parts.model ?? "claude-x",
        content: [],
        ...(startUsage === undefined ? {} : { usage: startUsage }),
      },
    },
    {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: parts.startText ?? "" },
    },
    {
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: parts.text },
    },
    { type: "content_block_stop", index: 0 },
    {
      type: "message_delta",
      delta: { stop_reason: "end_turn" },
      ...(deltaUsage === undefined ? {} : { usage: deltaUsage }),
    },
    { type: "message_stop" },
  ]);
}
