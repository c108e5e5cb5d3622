// Same wire is lossless: a client's JSON reaches a backend of its wire as it
// sent it, `model` aside, whatever keys it holds (known or not, at the top
// level, in messages, content blocks and tools), plain and streamed, on
// OpenAI's wire and on Anthropic's: relayed when every backend speaks the
// client's wire, and sent beside the IR when the fleet also holds a
// backend of the other wire (which would translate).
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { fetchSignal } from "../_bounded.ts";
import { openAICompletion, serveGateway, serveUpstream } from "./_serve.ts";

type Json = Record<string, unknown>;

// Keys a reader validates: random values there are refused (rightly), so
// the random keys are drawn beside them.
const READ_KEYS = new Set([
  "__proto__",
  "constructor",
  "prototype",
  "model",
  "messages",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
  "temperature",
  "top_p",
  "top_k",
  "max_tokens",
  "max_completion_tokens",
  "stop",
  "stop_sequences",
  "frequency_penalty",
  "presence_penalty",
  "seed",
  "user",
  "n",
  "functions",
  "function_call",
  "system",
  "metadata",
  "role",
  "content",
  "name",
  "tool_calls",
  "tool_call_id",
  "type",
  "text",
  "image_url",
  "source",
  "function",
  "description",
  "parameters",
  "input_schema",
]);

const extras = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) =>
    !READ_KEYS.has(key)
  ),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 4 },
);

const openAIRequest = fc.record({
  top: extras,
  message: extras,
  part: extras,
  tool: extras,
  fn: extras,
}).map(({ top, message, part, tool, fn }): Json => ({
  ...top,
  model: "up/real-model",
  messages: [
    { role: "system", content: "be brief" },
    {
      ...message,
      role: "user",
      content: [
        { ...part, type: "text", text: "hello" },
        {
          type: "image_url",
          image_url: { url: "https://example.test/a.png", detail: "low" },
        },
      ],
    },
  ],
  tools: [{
    ...tool,
    type: "function",
    function: {
      ...fn,
      name: "weather",
      strict: true,
      parameters: { type: "object", properties: {} },
    },
  }],
  parallel_tool_calls: false,
}));

const anthropicRequest = fc.record({
  top: extras,
  message: extras,
  part: extras,
  tool: extras,
}).map(({ top, message, part, tool }): Json => ({
  ...top,
  model: "up/real-model",
  max_tokens: 64,
  system: [
    { type: "text", text: "sys1" },
    { type: "text", text: "sys2", cache_control: { type: "ephemeral" } },
  ],
  messages: [
    {
      ...message,
      role: "user",
      content: [{
        ...part,
        type: "text",
        text: "hello",
        cache_control: { type: "ephemeral" },
      }],
    },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "hmm", signature: "sig" },
        { type: "tool_use", id: "t1", name: "weather", input: {} },
      ],
    },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: "12°C" }],
    },
  ],
  tools: [{
    ...tool,
    name: "weather",
    input_schema: { type: "object", properties: {} },
    cache_control: { type: "ephemeral" },
  }],
  tool_choice: { type: "auto", disable_parallel_tool_use: true },
  thinking: { type: "enabled", budget_tokens: 1024 },
}));

function sse(events: Array<[string | undefined, unknown]>): Response {
  const text = events.map(([event, data]) =>
    (event === undefined ? "" : `event: ${event}\n`) +
    `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`
  ).join("");
  return new Response(text, {
    headers: { "content-type": "text/event-stream" },
  });
}

const ANTHROPIC_MESSAGE = {
  id: "msg_up",
  type: "message",
  role: "assistant",
  model: "real-model",
  content: [{ type: "text", text: "hi" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 3, output_tokens: 1 },
};

interface Wire {
  name: string;
  path: string;
  route: string;
  headers: Record<string, string>;
  request: fc.Arbitrary<Json>;
  adapter(origin: string): BackendAdapter;
  /** A backend of the other wire, for the mixed fleet. */
  other(origin: string): BackendAdapter;
  answer(stream: boolean): Response;
}

const WIRES: Wire[] = [{
  name: "openai",
  path: "/v1/chat/completions",
  route: "/v1/chat/completions",
  headers: {},
  request: openAIRequest,
  adapter: (origin) =>
    createOpenAIAdapter({ apiKey: "k", baseURL: `${origin}/v1` }),
  other: (origin) => createAnthropicAdapter({ apiKey: "k", baseURL: origin }),
  answer: (stream) =>
    stream
      ? sse([
        [undefined, {
          id: "c",
          object: "chat.completion.chunk",
          created: 0,
          model: "real-model",
          choices: [{
            index: 0,
            delta: { content: "hi" },
            finish_reason: "stop",
          }],
        }],
        [undefined, "[DONE]"],
      ])
      : Response.json(openAICompletion("hi")),
}, {
  name: "anthropic",
  path: "/v1/messages",
  route: "/v1/messages",
  headers: { "anthropic-version": "2023-06-01" },
  request: anthropicRequest,
  adapter: (origin) => createAnthropicAdapter({ apiKey: "k", baseURL: origin }),
  other: (origin) =>
    createOpenAIAdapter({ apiKey: "k", baseURL: `${origin}/v1` }),
  answer: (stream) =>
    stream
      ? sse([
        ["message_start", {
          type: "message_start",
          message: { ...ANTHROPIC_MESSAGE, content: [] },
        }],
        ["message_stop", { type: "message_stop" }],
      ])
      : Response.json(ANTHROPIC_MESSAGE),
}];

// A fleet of one wire relays; a mixed one (the other wire's backend second
// in fallback order, so never reached here) sends the body beside the IR.
const FLEETS = [
  { name: "one wire", model: "up/real-model", mixed: false },
  { name: "mixed", model: "real-model", mixed: true },
];

for (const wire of WIRES) {
  for (const stream of [false, true]) {
    for (const fleet of FLEETS) {
      Deno.test(`same wire (${wire.name}, ${fleet.name} fleet, stream: ${stream}): the upstream gets the client's JSON, model aside, whatever keys it holds`, async () => {
        const upstream = serveUpstream(() => wire.answer(stream));
        const other = serveUpstream(() => new Response(null, { status: 500 }));
        const gateway = serveGateway({
          backends: [
            ["up", wire.adapter(upstream.origin)],
            ...(fleet.mixed
              ? [
                ["other", wire.other(other.origin)] as [string, BackendAdapter],
              ]
              : []),
          ],
        });
        try {
          await fc.assert(
            fc.asyncProperty(wire.request, async (request) => {
              const sent = {
                ...request,
                model: fleet.model,
                ...(stream ? { stream: true } : {}),
              };
              const before = upstream.calls.length;
              const response = await fetch(`${gateway.origin}${wire.route}`, {
                method: "POST",
                headers: {
                  "content-type": "application/json",
                  ...wire.headers,
                },
                body: JSON.stringify(sent),
                signal: fetchSignal(),
              });
              const text = await response.text();
              assert.equal(response.status, 200, text);
              assert.equal(upstream.calls.length, before + 1);
              const call = upstream.calls[before];
              assert.equal(call.path, wire.path);
              // What JSON carries of the client's body (-0 is 0 on the wire).
              const expected = JSON.parse(JSON.stringify(sent));
              expected.model = "real-model";
              // A stream read into the IR (mixed fleet) asks an OpenAI
              // upstream for usage, as the adapter's config says
              // (`includeStreamUsage`); the client's answer is written from
              // the IR, so it sees none it did not ask for.
              if (fleet.mixed && stream && wire.name === "openai") {
                expected.stream_options = {
                  ...expected.stream_options,
                  include_usage: true,
                };
              }
              assert.deepEqual(call.body, expected);
              assert.equal(response.headers.get("x-switchyard-dropped"), null);
              assert.equal(other.calls.length, 0);
            }),
            { numRuns: 20 },
          );
        } finally {
          await gateway.close();
          await upstream.close();
          await other.close();
        }
      });
    }
  }
}

Deno.test("same wire relayed: routing still reads the request (a call with tools skips a backend without tool support)", async () => {
  const plain = serveUpstream(() => Response.json(openAICompletion("plain")));
  const tooled = serveUpstream(() => Response.json(openAICompletion("tools")));
  const gateway = serveGateway({
    backends: [
      [
        "plain",
        createOpenAIAdapter({
          apiKey: "k",
          baseURL: `${plain.origin}/v1`,
          defaultModel: "m",
          capabilities: { tools: false },
        }),
      ],
      [
        "tooled",
        createOpenAIAdapter({
          apiKey: "k",
          baseURL: `${tooled.origin}/v1`,
          defaultModel: "m",
        }),
      ],
    ],
    routerConfig: { capabilityBasedRouting: true },
  });
  try {
    const sent = {
      model: "m",
      messages: [{ role: "user", content: "Weather?" }],
      tools: [{
        type: "function",
        function: { name: "weather", parameters: { type: "object" } },
      }],
      x_extra: { kept: true },
    };
    const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sent),
      signal: fetchSignal(),
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal(plain.calls.length, 0);
    assert.equal(tooled.calls.length, 1);
    assert.deepEqual(tooled.calls[0].body, sent);
  } finally {
    await gateway.close();
    await plain.close();
    await tooled.close();
  }
});
