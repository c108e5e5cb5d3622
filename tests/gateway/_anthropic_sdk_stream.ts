// A MessageStreamEncoder's output for a list of IR chunks, as SSE text and
// as the official Anthropic SDK reads it (no server: the SDK's fetch answers
// with the encoded stream). No Deno API.
import { MessageStreamEncoder } from "../../src/gateway/mod.ts";
import type { IRStreamChunk } from "../../src/models/types.ts";
import { anthropicClient } from "./_anthropic_client.ts";

/** An IR chunk without its sequence number (the helpers number them). */
export type Unsequenced<C = IRStreamChunk> = C extends unknown
  ? Omit<C, "sequence">
  : never;

/** The encoder's SSE text for `chunks`. */
export function encoded(chunks: Unsequenced[]): string {
  const encoder = new MessageStreamEncoder({ id: "msg_1", model: "m" }, 12);
  return chunks.map((chunk, sequence) =>
    encoder.encode({ ...chunk, sequence } as IRStreamChunk)
  ).join("");
}

/** The official SDK, answered with the encoded stream of `chunks`. */
export function sdkOver(
  chunks: Unsequenced[],
): ReturnType<typeof anthropicClient> {
  const sse = encoded(chunks);
  return anthropicClient(
    "http://gateway.invalid",
    "unused",
    () =>
      Promise.resolve(
        new Response(sse, {
          headers: { "content-type": "text/event-stream" },
        }),
      ),
  );
}

/** A Messages request for the SDK's `messages.stream`. */
export const REQUEST = {
  model: "m",
  max_tokens: 64,
  messages: [{ role: "user" as const, content: "hi" }],
};
