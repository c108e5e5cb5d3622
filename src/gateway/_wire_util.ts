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

/**
 * Where a model name (after aliases) goes: `"<backend>"` to that backend's
 * default model, `"<backend>/<model>"` to that backend and model, anything
 * else to routing as is. `has` tells registered backends.
 */
export function targetOf(
  model: string,
  has: (backend: string) => boolean,
): ModelTarget {
  if (has(model)) return { backend: model };
  const slash = model.indexOf("/");
  if (slash > 0 && has(model.slice(0, slash))) {
    return { backend: model.slice(0, slash), model: model.slice(slash + 1) };
  }
  return { model };
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
