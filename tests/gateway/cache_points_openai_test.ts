// An OpenAI client's explicit cache points in a body rebuilt from the
// internal form: an OpenAI backend (`passthrough: false`) is sent each user
// part's `prompt_cache_breakpoint` back as written, `ttl` included; where a
// point is really lost (a system message read as text, a native API with no
// cache point) it is named dropped under its own name, and an Anthropic
// client's `cache_control` marks are still not written as OpenAI points.
import assert from "node:assert/strict";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import { fetchSignal } from "../_bounded.ts";
import { serveGeminiWire } from "./_native_mocks.ts";
import { serveGateway } from "./_serve.ts";
import { openAIBehindGateway } from "./_anthropic_upstream.ts";

/** A conversation with points in the system, a user turn, and a later user turn. */
function pointed(turn: string) {
  return [
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
          prompt_cache_breakpoint: { mode: "explicit", ttl: "30m" },
        },
      ],
    },
    { role: "assistant", content: "It shows a pump." },
    {
      role: "user",
      content: [{
        type: "text",
        text: turn,
        prompt_cache_breakpoint: { mode: "explicit" },
      }],
    },
  ];
}

Deno.test("openai client → openai backend, body rebuilt (passthrough: false): user parts' prompt_cache_breakpoint is written back as sent; only the system message's is named dropped, under its own name", async () => {
  const { upstream, gateway } = openAIBehindGateway({ passthrough: false });
  try {
    // The second request of the conversation too: the same points each time.
    for (const turn of ["What does figure 1 show?", "And figure 2?"]) {
      const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        body: JSON.stringify({ model: "up/gpt-x", messages: pointed(turn) }),
      });
      const text = await response.text();
      assert.equal(response.status, 200, text);
      const messages = upstream.calls.at(-1)!.body.messages as {
        role: string;
        content: unknown;
      }[];
      assert.equal(messages[0].content, "You answer from the manual.");
      assert.deepEqual(messages[1].content, [
        {
          type: "text",
          text: "The manual: …",
          prompt_cache_breakpoint: { mode: "explicit", ttl: "12h" },
        },
        {
          type: "image_url",
          image_url: { url: "https://example.test/fig1.png" },
          prompt_cache_breakpoint: { mode: "explicit", ttl: "30m" },
        },
      ]);
      // A lone text part with a point stays a part, not a joined string.
      assert.deepEqual(messages[3].content, [{
        type: "text",
        text: turn,
        prompt_cache_breakpoint: { mode: "explicit" },
      }]);
      assert.equal(
        response.headers.get("x-switchyard-dropped"),
        "messages[].content[].prompt_cache_breakpoint",
      );
    }
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("anthropic client → openai backend, body rebuilt: cache_control marks are still not written as OpenAI cache points, and are named under Anthropic's name", async () => {
  const { upstream, gateway } = openAIBehindGateway({ passthrough: false });
  try {
    const response = await fetch(`${gateway.origin}/v1/messages`, {
      signal: fetchSignal(),
      method: "POST",
      headers: { "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "up/gpt-x",
        max_tokens: 16,
        messages: [{
          role: "user",
          content: [{
            type: "text",
            text: "The manual: …",
            cache_control: { type: "ephemeral" },
          }],
        }],
      }),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const sent = JSON.stringify(upstream.calls[0].body);
    assert.ok(!sent.includes("prompt_cache_breakpoint"), sent);
    assert.ok(!sent.includes("cache_control"), sent);
    assert.equal(
      response.headers.get("x-switchyard-dropped"),
      "messages[].content[].cache_control",
    );
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("openai client → gemini backend: a user part's prompt_cache_breakpoint is named dropped under its own name, not Anthropic's", async () => {
  const upstream = serveGeminiWire();
  const gateway = serveGateway({
    backends: [[
      "up",
      createGeminiAdapter({
        name: "up",
        apiKey: "k",
        baseURL: `${upstream.origin}/v1beta`,
      }),
    ]],
  });
  try {
    const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model: "up/gemini-x",
        messages: pointed("What does figure 1 show?").slice(1),
      }),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    assert.ok(
      !JSON.stringify(upstream.calls[0].body).includes("breakpoint"),
      "nothing of the point is sent",
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
