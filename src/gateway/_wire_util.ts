// Small pieces both request readers (OpenAI and Anthropic) share.
import type {
  IRChatRequest,
  IRMessage,
  IRParameters,
} from "../models/types.ts";

/** Where the gateway sends a model name: a backend (optional) and the model for it. */
export interface ModelTarget {
  /** Registered backend name, for explicit routing. */
  backend?: string;
  /** Model to ask that backend for; absent means the backend's default. */
  model?: string;
}

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
