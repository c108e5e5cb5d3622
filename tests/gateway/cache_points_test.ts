// OpenAI's explicit cache points reach an Anthropic backend as its cache
// marks: a user message's text and image parts' `prompt_cache_breakpoint`
// becomes `cache_control` on the same blocks (a `ttl`, OpenAI's least
// lifetime, asks for Anthropic's `1h`), so prompt caching works across the
// wires; a point in a system message, which Anthropic gets as joined text,
// is named dropped.
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { fetchSignal } from "../_bounded.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";

const ANSWER = {
  id: "msg_up",
  type: "message",
  role: "assistant",
  model: "real-model",
  content: [{ type: "text", text: "hi" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 1 },
};

Deno.test("openai client → anthropic backend: prompt_cache_breakpoint on user parts becomes cache_control on those blocks", async () => {
  const upstream = serveUpstream(() => Response.json(ANSWER));
  const gateway = serveGateway({
    backends: [[
      "up",
      createAnthropicAdapter({
        name: "up",
        apiKey: "k",
        baseURL: upstream.origin,
      }),
    ]],
  });
  try {
    const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model: "up/real-model",
        messages: [
          {
            role: "system",
            content: [{
              type: "text",
              text: "You answer from the manual.",
              prompt_cache_breakpoint: { mode: "explicit" },
            }],
          },
          {
            role: "user",
            content: [
              {
                type: "text",
                text: "The manual: …",
                prompt_cache_breakpoint: { mode: "explicit", ttl: "12h" },
              },
              {
                type: "image_url",
                image_url: { url: "https://example.test/fig1.png" },
                prompt_cache_breakpoint: { mode: "explicit" },
              },
              { type: "text", text: "What does figure 1 show?" },
            ],
          },
        ],
      }),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const sent = upstream.calls[0].body;
    assert.equal(sent.system, "You answer from the manual.");
    const [user] = sent.messages as { content: Record<string, unknown>[] }[];
    assert.deepEqual(
      user.content.map((block) => [block.type, block.cache_control]),
      [
        ["text", { type: "ephemeral", ttl: "1h" }],
        ["image", { type: "ephemeral" }],
        ["text", undefined],
      ],
    );
    assert.ok(
      !JSON.stringify(sent).includes("prompt_cache_breakpoint"),
      "OpenAI's key is not forwarded to Anthropic",
    );
    assert.equal(
      response.headers.get("x-switchyard-dropped"),
      "messages[].content[].prompt_cache_breakpoint",
    );
  } finally {
    await gateway.close();
    await upstream.close();
  }
});
