// The nested request fields a translated call loses: the IR has no place
// for them, so the request readers leave them out whatever the backend.
// They are named as the translation table names them (`x-switchyard-dropped`
// and the log line); the same-wire relay sends them, since it sends the
// body as it is.
import { isRecord } from "./_wire_util.ts";

function blocksOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** What a Chat Completions body holds that its IR leaves out. */
export function openAIDrops(body: Record<string, unknown>): string[] {
  const dropped = new Set<string>();
  for (const message of blocksOf(body.messages)) {
    for (const part of blocksOf(message.content)) {
      if (isRecord(part.image_url) && part.image_url.detail !== undefined) {
        dropped.add("messages[].content[].image_url.detail");
      }
      // A user part's cache point is the IR's cache mark; the other
      // messages' parts are read as joined text, which has none.
      if (
        part.prompt_cache_breakpoint !== undefined && message.role !== "user"
      ) dropped.add("messages[].content[].prompt_cache_breakpoint");
    }
  }
  return [...dropped];
}

/** What a Messages body holds that its IR leaves out. */
export function anthropicDrops(body: Record<string, unknown>): string[] {
  const dropped = new Set<string>();
  for (const block of blocksOf(body.system)) {
    if (block.cache_control !== undefined) {
      dropped.add("system[].cache_control");
    }
  }
  for (const message of blocksOf(body.messages)) {
    for (const block of blocksOf(message.content)) {
      if (block.cache_control !== undefined) {
        dropped.add("messages[].content[].cache_control");
      }
      if (block.type === "thinking" || block.type === "redacted_thinking") {
        dropped.add(`messages[].content[].${block.type}`);
      }
      if (block.type === "text" && block.citations != null) {
        dropped.add("messages[].content[].citations");
      }
    }
  }
  for (const tool of blocksOf(body.tools)) {
    if (tool.cache_control !== undefined) dropped.add("tools[].cache_control");
    // A function's extras Chat Completions has no place for, named as one row.
    if (
      [
        "input_examples",
        "defer_loading",
        "allowed_callers",
        "eager_input_streaming",
      ].some((key) => tool[key] != null)
    ) dropped.add("tools[].input_examples");
  }
  return [...dropped];
}
