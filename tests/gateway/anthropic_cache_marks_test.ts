// An Anthropic client's prompt-caching marks survive a body rebuilt from the
// internal form (`passthrough: false`, a cached request, …): each
// `cache_control` reaches an Anthropic backend on the block it was on, `ttl`
// kept, in system blocks, tools and content blocks alike. Toward an OpenAI
// backend, which caches by itself, they are dropped and named. An earlier
// turn's thinking blocks are sent back byte for byte on such a body too.
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import {
  anthropicBehindGateway,
  openAIBehindGateway,
} from "./_anthropic_upstream.ts";

const HOUR = { type: "ephemeral", ttl: "1h" };
const DEFAULT = { type: "ephemeral" };

const BODY = {
  model: "up/real-model",
  max_tokens: 64,
  system: [
    { type: "text", text: "You answer from the manual." },
    { type: "text", text: "The manual: …", cache_control: HOUR },
  ],
  tools: [
    { name: "lookup", input_schema: { type: "object" } },
    { name: "page", input_schema: { type: "object" }, cache_control: DEFAULT },
  ],
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "Chapter 1 …", cache_control: DEFAULT },
      ],
    },
    {
      role: "assistant",
      content: [{
        type: "tool_use",
        id: "toolu_1",
        name: "page",
        input: { n: 3 },
        cache_control: DEFAULT,
      }],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: "page 3",
          cache_control: HOUR,
        },
        {
          type: "image",
          source: { type: "url", url: "https://example.test/fig1.png" },
          cache_control: DEFAULT,
        },
        { type: "text", text: "What does figure 1 show?" },
      ],
    },
  ],
};

type Block = Record<string, unknown>;

Deno.test("anthropic client → anthropic backend, body rebuilt (passthrough: false): every cache_control mark is on its block, ttl kept", async () => {
  const { upstream, gateway } = anthropicBehindGateway({ passthrough: false });
  try {
    const response = await fetch(`${gateway.origin}/v1/messages`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify(BODY),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const sent = upstream.calls[0].body;
    assert.deepEqual(sent.system, BODY.system, "system blocks, marks kept");
    assert.deepEqual(
      (sent.tools as Block[]).map((tool) => tool.cache_control),
      [undefined, DEFAULT],
    );
    const messages = sent.messages as { role: string; content: Block[] }[];
    assert.deepEqual(
      messages.map((message) =>
        message.content.map((block) => [block.type, block.cache_control])
      ),
      [
        [["text", DEFAULT]],
        [["tool_use", DEFAULT]],
        [["tool_result", HOUR], ["image", DEFAULT], ["text", undefined]],
      ],
    );
    assert.doesNotMatch(
      response.headers.get("x-switchyard-dropped") ?? "",
      /cache_control/,
      "nothing was lost, so nothing is named",
    );
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("anthropic client → anthropic backend, body rebuilt: a marked system message inside messages keeps its mark; an unmarked system is one string", async () => {
  const { upstream, gateway } = anthropicBehindGateway({ passthrough: false });
  try {
    for (
      const [system, expected] of [
        [
          [{ type: "text", text: "One." }, { type: "text", text: "Two." }],
          "One.\n\nTwo.",
        ],
        [
          [{ type: "text", text: "Rules.", cache_control: HOUR }],
          [{ type: "text", text: "Rules.", cache_control: HOUR }],
        ],
      ] as const
    ) {
      const response = await fetch(`${gateway.origin}/v1/messages`, {
        signal: fetchSignal(),
        method: "POST",
        body: JSON.stringify({
          model: "up/real-model",
          max_tokens: 16,
          messages: [
            { role: "system", content: system },
            { role: "user", content: "hi" },
          ],
        }),
      });
      assert.equal(response.status, 200, await response.text());
      assert.deepEqual(upstream.calls.at(-1)?.body.system, expected);
    }
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("anthropic client → openai backend: cache_control marks are not sent and are named dropped", async () => {
  const { upstream, gateway } = openAIBehindGateway();
  try {
    const response = await fetch(`${gateway.origin}/v1/messages`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify(BODY),
    });
    assert.equal(response.status, 200, await response.text());
    const sent = JSON.stringify(upstream.calls[0].body);
    assert.doesNotMatch(sent, /cache_control|ephemeral/);
    const dropped = (response.headers.get("x-switchyard-dropped") ?? "")
      .split(",").map((name) => name.trim());
    for (
      const name of [
        "system[].cache_control",
        "messages[].content[].cache_control",
        "tools[].cache_control",
      ]
    ) assert.ok(dropped.includes(name), `${name} in ${dropped}`);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("anthropic client → anthropic backend, body rebuilt: an earlier turn's thinking and redacted_thinking blocks are sent back byte for byte before its tool call", async () => {
  const { upstream, gateway } = anthropicBehindGateway({ passthrough: false });
  const assistant = [
    {
      type: "thinking",
      thinking: "The user wants Oslo's weather.\nCall the tool.",
      signature: "EqQBCkgIARABGAIiQL+/sig==",
    },
    { type: "redacted_thinking", data: "EmwKAhgBEgy3va3p" },
    { type: "tool_use", id: "toolu_1", name: "weather", input: { c: "Oslo" } },
  ];
  try {
    const response = await fetch(`${gateway.origin}/v1/messages`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model: "up/real-model",
        max_tokens: 2048,
        thinking: { type: "enabled", budget_tokens: 1024 },
        tools: [{ name: "weather", input_schema: { type: "object" } }],
        messages: [
          { role: "user", content: "Weather in Oslo?" },
          { role: "assistant", content: assistant },
          {
            role: "user",
            content: [{
              type: "tool_result",
              tool_use_id: "toolu_1",
              content: "12°C",
            }],
          },
        ],
      }),
    });
    assert.equal(response.status, 200, await response.text());
    const messages = upstream.calls[0].body.messages as {
      content: unknown;
    }[];
    assert.deepEqual(messages[1].content, assistant);
    assert.doesNotMatch(
      response.headers.get("x-switchyard-dropped") ?? "",
      /thinking/,
    );
  } finally {
    await gateway.close();
    await upstream.close();
  }
});
