// The answer-side wire suite with the official Anthropic SDK as the client:
// reasoning blocks with their signatures, the matched stop sequence, a
// refusal, and usage with the cache counts (input_tokens uncached only) from
// either backend wire, whole and streamed (the SDK's own accumulator builds
// the final message; message_start's usage is read from its event).
import type Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { anthropicClient } from "./_anthropic_client.ts";
import { type ClientAnswer, wireSuite } from "./_wire_suite.ts";

function read(
  message: Anthropic.Message,
  startUsage?: Record<string, unknown>,
): ClientAnswer {
  const text = message.content.filter((b) => b.type === "text")
    .map((b) => b.text).join("");
  return {
    text,
    refusal: null,
    logprobs: null,
    refusalLogprobs: null,
    stopReason: message.stop_reason ?? "",
    stopSequence: message.stop_sequence,
    usage: { ...message.usage },
    thinking: message.content.filter((b) =>
      b.type === "thinking" || b.type === "redacted_thinking"
    ).map((b) => ({ ...b })),
    ...(startUsage === undefined ? {} : { startUsage }),
  };
}

async function ask(
  origin: string,
  model: string,
  prompt: string,
  stream: boolean,
): Promise<ClientAnswer> {
  const client = anthropicClient(origin);
  const request = {
    model,
    max_tokens: 256,
    messages: [{ role: "user" as const, content: prompt }],
  };
  if (!stream) return read(await client.messages.create(request));
  const events = client.messages.stream(request);
  let startUsage: Record<string, unknown> | undefined;
  for await (const event of events) {
    if (event.type === "message_start") {
      startUsage = { ...event.message.usage };
    }
  }
  return read(await events.finalMessage(), startUsage);
}

wireSuite({ name: "anthropic", ask });
