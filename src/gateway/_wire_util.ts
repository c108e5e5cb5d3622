// Small pieces both request readers (OpenAI and Anthropic) share.
import type {
  IRChatRequest,
  IRMessage,
  IRParameters,
} from "../models/types.ts";
import type { ModelTarget } from "./openai_request.ts";

/** True for a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The IR request, naming the target backend in `metadata.custom.backend`. */
export function irRequest(
  messages: IRMessage[],
  parameters: IRParameters,
  target: ModelTarget,
  requestId: string,
  stream: boolean,
): IRChatRequest {
  return {
    messages,
    parameters,
    metadata: {
      requestId,
      timestamp: Date.now(),
      ...(target.backend === undefined
        ? {}
        : { custom: { backend: target.backend } }),
    },
    stream,
  };
}
