// A scripted Anthropic upstream (or an OpenAI one) and a gateway whose one
// backend, `up`, calls it: the setup the cache-mark, cache-point,
// allowed-tools and same-wire tests share (Deno only).
import type { GatewayOptions } from "../../src/gateway/mod.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { openAICompletion, serveGateway, serveUpstream } from "./_serve.ts";

/** A plain Anthropic Messages answer: one text block, `end_turn`. */
export const ANTHROPIC_ANSWER = {
  id: "msg_up",
  type: "message",
  role: "assistant",
  model: "real-model",
  content: [{ type: "text", text: "hi" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 1 },
};

/** The Anthropic adapter named `up`, calling `origin`. */
export function anthropicUp(origin: string) {
  return createAnthropicAdapter({ name: "up", apiKey: "k", baseURL: origin });
}

/**
 * An upstream answering {@link ANTHROPIC_ANSWER} to every call, and a
 * gateway with `options` whose one backend `up` calls it; the caller closes
 * both.
 */
export function anthropicBehindGateway(
  options: Omit<GatewayOptions, "backends"> = {},
) {
  const upstream = serveUpstream(() => Response.json(ANTHROPIC_ANSWER));
  const gateway = serveGateway({
    ...options,
    backends: [["up", anthropicUp(upstream.origin)]],
  });
  return { upstream, gateway };
}

/**
 * An OpenAI-compatible upstream answering `openAICompletion("hi")` to every
 * call, and a gateway with `options` whose one backend `up` (the OpenAI
 * adapter) calls it; the caller closes both. With `passthrough: false` the
 * upstream is sent the body rebuilt from the internal form.
 */
export function openAIBehindGateway(
  options: Omit<GatewayOptions, "backends"> = {},
) {
  const upstream = serveUpstream(() => Response.json(openAICompletion("hi")));
  const gateway = serveGateway({
    ...options,
    backends: [[
      "up",
      createOpenAIAdapter({
        name: "up",
        apiKey: "k",
        baseURL: upstream.origin,
      }),
    ]],
  });
  return { upstream, gateway };
}
