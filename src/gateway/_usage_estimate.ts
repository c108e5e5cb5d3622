// The usage the gateway answers with when the backend reported none. OpenAI
// sends `usage` on every completion and the usage chunk a stream asked for
// (`stream_options.include_usage`), Anthropic's format requires it: clients
// and tools that asked for it read it without a check (a stream's last chunk
// is taken as the usage), so it is never left out. The numbers are estimates, the same as the admission estimate and the
// passthrough tap: the prompt's characters / 4, the generated characters / 4.
import type { IRChatResponse, IRMessage, IRUsage } from "../models/types.ts";

/** Usage of `promptTokens` in and `completionChars` / 4 (rounded up) out. */
export function estimatedUsage(
  promptTokens: number,
  completionChars: number,
): IRUsage {
  const completion = Math.ceil(completionChars / 4);
  return {
    promptTokens,
    completionTokens: completion,
    totalTokens: promptTokens + completion,
  };
}

/**
 * The characters a message generated: its text, refusal, reasoning and
 * tool-call arguments.
 */
export function messageChars(message: IRMessage): number {
  const refusal = message.refusal?.length ?? 0;
  if (typeof message.content === "string") {
    return message.content.length + refusal;
  }
  let chars = refusal;
  for (const part of message.content) {
    if (part.type === "text") chars += part.text.length;
    else if (part.type === "thinking") chars += part.thinking.length;
    else if (part.type === "tool_use") {
      chars += JSON.stringify(part.input).length;
    }
  }
  return chars;
}

/** The response, with estimated usage when the backend reported none. */
export function withUsage(
  response: IRChatResponse,
  promptTokens: number,
): IRChatResponse {
  if (response.usage) return response;
  return {
    ...response,
    usage: estimatedUsage(promptTokens, messageChars(response.message)),
  };
}
