// Shared fixtures for the model router tests (portable: public entries only).
import type {
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRStreamChunk,
  IRWarning,
} from "../../src/models/mod.ts";

/** A manual clock for `now`. */
export interface ManualClock {
  t: number;
  now: () => number;
}

export function manualClock(start = 1_000): ManualClock {
  const clock: ManualClock = { t: start, now: () => clock.t };
  return clock;
}

export function req(
  text = "hello",
  extra: Partial<IRChatRequest> = {},
): IRChatRequest {
  return { messages: [{ role: "user", content: text }], ...extra };
}

export function to(backend: string, text = "hello"): IRChatRequest {
  return req(text, { metadata: { custom: { backend } } });
}

export function reply(text: string): IRChatResponse {
  return {
    message: { role: "assistant", content: text },
    finishReason: "stop",
    metadata: {},
  };
}

export function collectWarnings(): {
  warnings: IRWarning[];
  onWarning: (w: IRWarning) => void;
} {
  const warnings: IRWarning[] = [];
  return { warnings, onWarning: (w) => void warnings.push(w) };
}

/** Resolves after the pending microtasks and one macrotask turn. */
export function tick(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The routing trace of a response. */
export function routingOf(response: IRChatResponse): {
  backend: string;
  reason: string;
  fallbacks: number;
  attempts: {
    backend: string;
    ok: boolean;
    errorCode?: string;
    latencyMs: number;
  }[];
  requestedBackend?: string;
} {
  return response.metadata.routing as never;
}

/** Code of a rejection. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error("expected a rejection");
}

/** Every chunk of a stream, in order. */
export async function drain(stream: IRChatStream): Promise<IRStreamChunk[]> {
  const out: IRStreamChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** The text the content chunks carry. */
export function streamText(chunks: readonly IRStreamChunk[]): string {
  return chunks.map((c) => (c.type === "content" ? c.delta : "")).join("");
}

/** The chunk types, in order. */
export function streamTypes(chunks: readonly IRStreamChunk[]): string[] {
  return chunks.map((c) => c.type);
}
