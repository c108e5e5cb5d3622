// Request shapes the real APIs take but the IR cannot carry (per the pinned
// openai 7.57 and @anthropic-ai/sdk 1.14 request types): on the client's own
// wire the body reaches the upstream as the client wrote it (model aside),
// and toward the other wire the gateway answers a 400 naming the field,
// without calling the upstream. A `system` message inside Anthropic's
// `messages` is translated (an OpenAI `system` message in its place).
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { fetchSignal } from "../_bounded.ts";
import {
  openAICompletion,
  serveGateway,
  serveUpstream,
  upstreamAdapter,
} from "./_serve.ts";

type Json = Record<string, unknown>;
type Wire = "openai" | "anthropic";

const ANTHROPIC_ANSWER = {
  id: "msg_up",
  type: "message",
  role: "assistant",
  model: "real-model",
  content: [{ type: "text", text: "hi" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 1 },
};

const PATH: Record<Wire, string> = {
  openai: "/v1/chat/completions",
  anthropic: "/v1/messages",
};

/** A gateway whose one backend, `up`, speaks `wire`, and its upstream. */
function fleet(wire: Wire) {
  const upstream = serveUpstream(() =>
    Response.json(wire === "openai" ? openAICompletion("hi") : ANTHROPIC_ANSWER)
  );
  const adapter = wire === "openai"
    ? upstreamAdapter(upstream.origin, "up")
    : createAnthropicAdapter({
      name: "up",
      apiKey: "k",
      baseURL: upstream.origin,
    });
  const gateway = serveGateway({ backends: [["up", adapter]] });
  return {
    upstream,
    gateway,
    async close() {
      await gateway.close();
      await upstream.close();
    },
  };
}

async function call(origin: string, wire: Wire, body: Json) {
  const response = await fetch(`${origin}${PATH[wire]}`, {
    signal: fetchSignal(),
    method: "POST",
    headers: { "anthropic-version": "2023-06-01" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() as Json };
}

const user = { role: "user", content: "What is the weather in Oslo?" };
const fnTool = {
  type: "function",
  function: { name: "weather", parameters: { type: "object" } },
};
const customTool = {
  type: "custom",
  custom: {
    name: "sql",
    description: "Runs a query",
    format: {
      type: "grammar",
      grammar: { syntax: "lark", definition: "start: /SELECT .+/" },
    },
  },
};

/** OpenAI bodies the API takes and the IR cannot carry, with the field named. */
const OPENAI_SHAPES: Array<[string, Json, string]> = [
  [
    "a custom tool",
    { messages: [user], tools: [customTool] },
    "tools[0].custom",
  ],
  [
    "a custom tool's call in the history",
    {
      messages: [
        user,
        {
          role: "assistant",
          content: null,
          tool_calls: [{
            id: "call_1",
            type: "custom",
            custom: { name: "sql", input: "SELECT 1" },
          }],
        },
        { role: "tool", tool_call_id: "call_1", content: "1" },
      ],
      tools: [customTool],
    },
    "messages[1].tool_calls[0].custom",
  ],
  [
    "a tool_choice naming a custom tool",
    {
      messages: [user],
      tools: [fnTool],
      tool_choice: { type: "custom", custom: { name: "sql" } },
    },
    "tool_choice.custom",
  ],
  [
    "an allowed_tools tool_choice",
    {
      messages: [user],
      tools: [fnTool],
      tool_choice: {
        type: "allowed_tools",
        allowed_tools: {
          mode: "required",
          tools: [{ type: "function", function: { name: "weather" } }],
        },
      },
    },
    "tool_choice.allowed_tools",
  ],
  ["n: 2", { messages: [user], n: 2 }, "n"],
  [
    "a tool call whose arguments the model wrote malformed",
    {
      messages: [
        user,
        {
          role: "assistant",
          content: null,
          tool_calls: [{
            id: "call_1",
            type: "function",
            function: { name: "weather", arguments: '{"city": "Oslo"' },
          }],
        },
        { role: "tool", tool_call_id: "call_1", content: "bad arguments" },
      ],
      tools: [fnTool],
    },
    "messages[1].tool_calls[0].function.arguments",
  ],
  [
    "the legacy functions API",
    {
      messages: [
        user,
        {
          role: "assistant",
          content: null,
          function_call: { name: "weather", arguments: "{}" },
        },
        { role: "function", name: "weather", content: "12°C" },
      ],
      functions: [{ name: "weather", parameters: { type: "object" } }],
      function_call: "auto",
    },
    "functions",
  ],
  [
    "a function message alone",
    {
      messages: [user, { role: "function", name: "weather", content: "12°C" }],
    },
    "messages[1].role",
  ],
];

const ANTHROPIC_SHAPES: Array<[string, Json, string]> = [
  [
    "a server toolset, which has no name",
    {
      messages: [user],
      tools: [{ type: "browser_toolset_20260801" }],
    },
    "tools.0.type",
  ],
  [
    "an image in a tool result",
    {
      messages: [
        user,
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "map", input: {} }],
        },
        {
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: "t1",
            content: [
              { type: "text", text: "the map:" },
              {
                type: "image",
                source: { type: "url", url: "https://example.test/m.png" },
              },
            ],
          }],
        },
      ],
    },
    "messages.2.content.0.content.1",
  ],
  [
    "an image from the Files API",
    {
      messages: [{
        role: "user",
        content: [
          { type: "image", source: { type: "file", file_id: "file_011" } },
          { type: "text", text: "what is this?" },
        ],
      }],
    },
    "messages.0.content.0.source",
  ],
];

for (
  const [wire, other, shapes] of [
    ["openai", "anthropic", OPENAI_SHAPES],
    ["anthropic", "openai", ANTHROPIC_SHAPES],
  ] as const
) {
  for (const [name, shape, field] of shapes) {
    Deno.test(`same wire (${wire}): ${name} reaches the upstream as sent; toward ${other}, a 400 naming ${field}`, async () => {
      const body: Json = {
        model: "up/real-model",
        ...(wire === "anthropic" ? { max_tokens: 64 } : {}),
        ...shape,
      };
      const same = fleet(wire);
      const cross = fleet(other);
      try {
        const relayed = await call(same.gateway.origin, wire, body);
        assert.equal(relayed.status, 200, JSON.stringify(relayed.body));
        assert.equal(same.upstream.calls.length, 1);
        assert.deepEqual(same.upstream.calls[0].body, {
          ...body,
          model: "real-model",
        });

        const refused = await call(cross.gateway.origin, wire, body);
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
        const error = refused.body.error as Json;
        if (wire === "openai") assert.equal(error.param, field);
        else {assert.match(
            String(error.message),
            new RegExp(`^${field.replaceAll(".", "\\.")}:`),
          );}
        assert.equal(cross.upstream.calls.length, 0, "nothing forwarded");
      } finally {
        await same.close();
        await cross.close();
      }
    });
  }
}

Deno.test("anthropic: a system message inside `messages` is relayed as sent, and becomes an OpenAI system message in its place", async () => {
  const body: Json = {
    model: "up/real-model",
    max_tokens: 64,
    messages: [
      user,
      { role: "assistant", content: "Which unit?" },
      {
        role: "system",
        content: [
          { type: "text", text: "Answer in Celsius." },
          { type: "text", text: "Be brief." },
        ],
      },
      { role: "user", content: "Celsius" },
    ],
  };
  const same = fleet("anthropic");
  const cross = fleet("openai");
  try {
    const relayed = await call(same.gateway.origin, "anthropic", body);
    assert.equal(relayed.status, 200, JSON.stringify(relayed.body));
    assert.deepEqual(same.upstream.calls[0].body, {
      ...body,
      model: "real-model",
    });
    const translated = await call(cross.gateway.origin, "anthropic", body);
    assert.equal(translated.status, 200, JSON.stringify(translated.body));
    const sent = cross.upstream.calls[0].body.messages as Json[];
    assert.deepEqual(sent.map((m) => [m.role, m.content]), [
      ["user", "What is the weather in Oslo?"],
      ["assistant", "Which unit?"],
      ["system", "Answer in Celsius.\n\nBe brief."],
      ["user", "Celsius"],
    ]);
  } finally {
    await same.close();
    await cross.close();
  }
});
