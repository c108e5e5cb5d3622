// Reasoning as the wires without signatures carry it (Cohere's thinking
// items, Ollama's message `thinking`): plain text, read back into the first
// part of a message and sent out again as one string.
import type { IRMessage } from "../types.ts";

/** An IR message's reasoning text, every thinking part joined. */
export function thinkingOf(message: IRMessage): string {
  if (typeof message.content === "string") return "";
  return message.content.map((part) =>
    part.type === "thinking" ? part.thinking : ""
  ).join("");
}

/** The message with unsigned reasoning `thinking` as its first part. */
export function withThinking(message: IRMessage, thinking: string): IRMessage {
  if (thinking === "") return message;
  const parts = typeof message.content === "string"
    ? (message.content === ""
      ? []
      : [{ type: "text" as const, text: message.content }])
    : message.content;
  return { ...message, content: [{ type: "thinking", thinking }, ...parts] };
}
