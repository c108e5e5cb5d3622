// Same wire is lossless both ways: a client's JSON reaches a backend of its
// wire as it sent it, `model` aside, and the upstream's answer reaches the
// client as the upstream sent it, whatever keys either holds (known or not,
// at the top level and nested), plain and streamed, on OpenAI's wire and
// on Anthropic's: relayed when every backend speaks the client's wire (by a
// server with a delivery promise or without one), and beside the IR when
// the fleet also holds a backend of the other wire, also when a cross-wire
// first step failed, sequentially or before a parallel group's race.
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import type { RouterConfig } from "../../src/models/config.ts";
import { createGateway } from "../../src/gateway/mod.ts";
import { fetchSignal } from "../_bounded.ts";
import {
  openAICompletion,
  serve,
  serveGateway,
  serveUpstream,
} from "./_serve.ts";

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

type Events = Array<[string | undefined, unknown]>;

// Upstreams send comments too (keep-alives): a byte relay passes them on,
// an answer written from the upstream's events has no need of them.
function sseText(events: Events): string {
  return ": keep-alive\n\n" +
    events.map(([event, data]) =>
      (event === undefined ? "" : `event: ${event}\n`) +
      `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`
    ).join("");
}

/** An SSE text's events, each data read as JSON where it is JSON. */
function eventsOf(text: string): Array<{ event?: string; data: unknown }> {
  // A block without data (a comment) is no event.
  return text.split(/\n\n/).filter((block) => /^data: /m.test(block)).map(
    (block) => {
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      const joined = data.join("\n");
      let parsed: unknown = joined;
      try {
        parsed = JSON.parse(joined);
      } catch { /* [DONE] */ }
      return event === undefined ? { data: parsed } : { event, data: parsed };
    },
  );
}

/**
 * Keys an upstream's answer may hold that no reader knows: random names
 * (prefixed, so none shadows a field the adapters read) with nested values.
 */
const answerExtras = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }).map((key) => `x_${key}`),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 3 },
);

/** Where an answer carries unknown keys: the top, the choice or block, usage. */
interface AnswerExtras {
  top: Record<string, unknown>;
  inner: Record<string, unknown>;
  usage: Record<string, unknown>;
}

const answerArbitrary: fc.Arbitrary<AnswerExtras> = fc.record({
  top: answerExtras,
  inner: answerExtras,
  usage: answerExtras,
});

/** An upstream answer, as text, and its content type. */
interface Answer {
  text: string;
  type: string;
}

function openAIAnswer(stream: boolean, x: AnswerExtras): Answer {
  if (!stream) {
    return {
      type: "application/json",
      text: JSON.stringify({
        ...x.top,
        id: "chatcmpl-up",
        object: "chat.completion",
        created: 0,
        model: "real-model",
        choices: [{
          ...x.inner,
          index: 0,
          message: { role: "assistant", content: "hi", refusal: null },
          logprobs: null,
          finish_reason: "stop",
        }],
        usage: {
          ...x.usage,
          prompt_tokens: 5,
          completion_tokens: 1,
          total_tokens: 6,
          prompt_tokens_details: { cached_tokens: 2 },
        },
      }),
    };
  }
  const chunk = (choice: Record<string, unknown>) => ({
    ...x.top,
    id: "chatcmpl-up",
    object: "chat.completion.chunk",
    created: 0,
    model: "real-model",
    choices: [{ ...x.inner, index: 0, ...choice }],
  });
  return {
    type: "text/event-stream",
    text: sseText([
      [undefined, chunk({ delta: { role: "assistant", content: "" } })],
      [undefined, chunk({ delta: { content: "hi" }, finish_reason: null })],
      [undefined, chunk({ delta: {}, finish_reason: "stop" })],
      [undefined, "[DONE]"],
    ]),
  };
}

function anthropicAnswer(stream: boolean, x: AnswerExtras): Answer {
  const message = {
    ...x.top,
    id: "msg_up",
    type: "message",
    role: "assistant",
    model: "real-model",
    content: [{ ...x.inner, type: "text", text: "hi" }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: {
      ...x.usage,
      input_tokens: 3,
      cache_read_input_tokens: 2,
      output_tokens: 1,
    },
  };
  if (!stream) {
    return { type: "application/json", text: JSON.stringify(message) };
  }
  return {
    type: "text/event-stream",
    text: sseText([
      ["message_start", {
        type: "message_start",
        message: {
          ...message,
          content: [],
          stop_reason: null,
          usage: { ...message.usage, output_tokens: 0 },
        },
      }],
      ["content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: { ...x.inner, type: "text", text: "" },
      }],
      ["ping", { type: "ping" }],
      ["content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: "hi" },
      }],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["message_delta", {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { ...x.usage, output_tokens: 1 },
      }],
      ["message_stop", { type: "message_stop" }],
    ]),
  };
}

interface Wire {
  name: string;
  path: string;
  route: string;
  headers: Record<string, string>;
  request: fc.Arbitrary<Json>;
  adapter(origin: string): BackendAdapter;
  /** A backend of the other wire, for the mixed fleets. */
  other(origin: string): BackendAdapter;
  answer(stream: boolean, extras: AnswerExtras): Answer;
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
  answer: openAIAnswer,
}, {
  name: "anthropic",
  path: "/v1/messages",
  route: "/v1/messages",
  headers: { "anthropic-version": "2023-06-01" },
  request: anthropicRequest,
  adapter: (origin) => createAnthropicAdapter({ apiKey: "k", baseURL: origin }),
  other: (origin) =>
    createOpenAIAdapter({ apiKey: "k", baseURL: `${origin}/v1` }),
  answer: anthropicAnswer,
}];

/** How the fleet is made up, and which path the call takes through it. */
interface Fleet {
  name: string;
  /** The model the client names. */
  model: string;
  /**
   * The backends: `up` the answering one of the client's wire, `other` one
   * of another wire, `down` one of the client's wire; the last two on an
   * upstream that fails.
   */
  backends: Array<"up" | "other" | "down">;
  routerConfig?: RouterConfig;
  /** The least number of calls the failing upstream gets. */
  otherCalls: number;
  /** The upstream's bytes are relayed as they came (every backend speaks the client's wire). */
  bytes?: boolean;
  /** Served without the server's delivery promise (`info.completed`). */
  bare?: boolean;
  /** Streams only (the delivery promise matters to streams). */
  streamOnly?: boolean;
}

const FLEETS: Fleet[] = [
  // Every backend speaks the client's wire: relayed.
  {
    name: "one wire",
    model: "up/real-model",
    backends: ["up"],
    otherCalls: 0,
    bytes: true,
  },
  // Relayed by a server that gives no delivery promise (node:http
  // handlers, other runtimes): the body is watched for its end.
  {
    name: "one wire, server without completed",
    model: "up/real-model",
    backends: ["up"],
    otherCalls: 0,
    bytes: true,
    bare: true,
    streamOnly: true,
  },
  // One wire, a parallel group: the first choice fails, then the rest race
  // (the winner relayed, the loser's body cancelled).
  {
    name: "one wire, parallel group",
    model: "real-model",
    backends: ["down", "up", "down"],
    routerConfig: { fallbackStrategy: "parallel" },
    otherCalls: 1,
    bytes: true,
  },
  // The other wire's backend second in fallback order: never reached.
  {
    name: "mixed",
    model: "real-model",
    backends: ["up", "other"],
    otherCalls: 0,
  },
  // The first choice speaks the other wire and fails: the second step
  // lands on the client's wire.
  {
    name: "mixed, fallback's second step",
    model: "real-model",
    backends: ["other", "up"],
    otherCalls: 1,
  },
  // The first choice fails, then a parallel group races a backend of each
  // wire; the other wire's fails, so the client's wins.
  {
    name: "mixed, parallel group",
    model: "real-model",
    backends: ["other", "up", "other"],
    routerConfig: { fallbackStrategy: "parallel" },
    otherCalls: 1,
  },
];

for (const wire of WIRES) {
  for (const stream of [false, true]) {
    for (const fleet of FLEETS) {
      if (fleet.streamOnly && !stream) continue;
      Deno.test(`same wire (${wire.name}, ${fleet.name}, stream: ${stream}): the upstream gets the client's JSON, model aside, and the client the upstream's, whatever keys they hold`, async () => {
        let answer: Answer = { text: "", type: "" };
        const upstream = serveUpstream(() =>
          new Response(answer.text, {
            headers: { "content-type": answer.type },
          })
        );
        const other = serveUpstream(() => new Response(null, { status: 500 }));
        // `down` speaks the client's wire too, on the failing upstream.
        const backends = fleet.backends.map((kind, i) =>
          [
            kind === "up" ? "up" : `${kind}${i}`,
            kind === "up"
              ? wire.adapter(upstream.origin)
              : kind === "down"
              ? wire.adapter(other.origin)
              : wire.other(other.origin),
          ] as [string, BackendAdapter]
        );
        const gateway = createGateway({
          backends,
          ...(fleet.routerConfig ? { routerConfig: fleet.routerConfig } : {}),
        });
        const served = serve(
          fleet.bare ? (request) => gateway(request) : gateway,
        );
        try {
          await fc.assert(
            fc.asyncProperty(
              wire.request,
              answerArbitrary,
              async (request, extras) => {
                answer = wire.answer(stream, extras);
                const sent = {
                  ...request,
                  model: fleet.model,
                  ...(stream ? { stream: true } : {}),
                };
                const before = upstream.calls.length;
                const othersBefore = other.calls.length;
                const response = await fetch(
                  `${served.origin}${wire.route}`,
                  {
                    method: "POST",
                    headers: {
                      "content-type": "application/json",
                      ...wire.headers,
                    },
                    body: JSON.stringify(sent),
                    signal: fetchSignal(),
                  },
                );
                const text = await response.text();
                assert.equal(response.status, 200, text);
                assert.equal(upstream.calls.length, before + 1);
                const call = upstream.calls[before];
                assert.equal(call.path, wire.path);
                // What JSON carries of the client's body (-0 is 0 on the wire).
                const expected = JSON.parse(JSON.stringify(sent));
                expected.model = "real-model";
                assert.deepEqual(call.body, expected);
                assert.equal(
                  response.headers.get("x-switchyard-dropped"),
                  null,
                );
                assert.ok(
                  other.calls.length - othersBefore >= fleet.otherCalls,
                  `the other wire's backend was called ${
                    other.calls.length - othersBefore
                  } times`,
                );
                if (fleet.otherCalls === 0) {
                  assert.equal(other.calls.length, othersBefore);
                }
                // The answer: the upstream's, JSON for JSON, event for event,
                // and byte for byte where it is relayed.
                if (fleet.bytes) assert.equal(text, answer.text);
                if (stream) {
                  assert.deepEqual(eventsOf(text), eventsOf(answer.text));
                } else {
                  assert.deepEqual(JSON.parse(text), JSON.parse(answer.text));
                }
              },
            ),
            { numRuns: 20 },
          );
        } finally {
          await served.close();
          gateway.dispose();
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
