// A Responses request's function tools keep their `strict` when the call is
// translated for a backend that does not serve the Responses API: given, it
// is carried; left out (or null), it is the Responses API's default — strict
// where the schema can be strict, else not — since Chat Completions and
// Anthropic would read a missing `strict` as false. A backend whose wire has
// no strict flag (Gemini) names it dropped, plain and streamed.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import { fetchSignal } from "../_bounded.ts";
import { serveUpstream, type UpstreamCall } from "./_serve.ts";
import { serveGeminiWire } from "./_native_mocks.ts";
import {
  anthropicBackend,
  type BackendOn,
  withUpstreamGateway,
} from "./_upstream_gateway.ts";

type Json = Record<string, unknown>;

const CLOSED = {
  type: "object",
  properties: {
    city: { type: "string", description: "City name" },
    when: {
      type: "object",
      properties: { day: { type: ["string", "null"] } },
      required: ["day"],
      additionalProperties: false,
    },
  },
  required: ["city", "when"],
  additionalProperties: false,
};

/** Each tool's `strict` as sent, and what the backend must be sent. */
const TOOLS: [Json, boolean | undefined][] = [
  // Given: carried as given, whatever the schema.
  [{ name: "given_true", parameters: CLOSED, strict: true }, true],
  [{ name: "given_false", parameters: CLOSED, strict: false }, false],
  // Left out or null: strict, since the schema can be.
  [{ name: "left_out", parameters: CLOSED }, true],
  [{ name: "null", parameters: CLOSED, strict: null }, true],
  // Left out, but the schema cannot be strict: not strict (OpenAI falls back).
  [{
    name: "open",
    parameters: { ...CLOSED, additionalProperties: true },
  }, undefined],
  [{
    name: "optional",
    parameters: { ...CLOSED, required: ["city"] },
  }, undefined],
  [{
    name: "nested_open",
    parameters: {
      ...CLOSED,
      properties: { ...CLOSED.properties, when: { type: "object" } },
    },
  }, undefined],
  [{
    name: "limit",
    parameters: {
      ...CLOSED,
      properties: {
        ...CLOSED.properties,
        city: { type: "string", minLength: 2 },
      },
    },
  }, undefined],
  [{ name: "no_schema" }, undefined],
];

function responsesBody(stream: boolean): string {
  return JSON.stringify({
    model: "m",
    input: "weather?",
    stream,
    tools: TOOLS.map(([tool]) => ({ type: "function", ...tool })),
  });
}

async function post(origin: string, stream: boolean): Promise<Response> {
  const response = await fetch(`${origin}/v1/responses`, {
    signal: fetchSignal(),
    method: "POST",
    headers: { "content-type": "application/json" },
    body: responsesBody(stream),
  });
  await response.text();
  return response;
}

/** A chat-completions upstream (not OpenAI's own: no Responses API). */
function chatAnswer(call: UpstreamCall): Response {
  if (call.body.stream === true) {
    return new Response(
      `data: ${
        JSON.stringify({
          id: "c",
          object: "chat.completion.chunk",
          model: "gpt-test",
          choices: [{
            index: 0,
            delta: { content: "ok" },
            finish_reason: "stop",
          }],
        })
      }\n\ndata: [DONE]\n\n`,
      { headers: { "content-type": "text/event-stream" } },
    );
  }
  return Response.json({
    id: "c",
    object: "chat.completion",
    model: "gpt-test",
    choices: [{
      index: 0,
      message: { role: "assistant", content: "ok" },
      finish_reason: "stop",
    }],
    usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
  });
}

function anthropicAnswer(): Response {
  return Response.json({
    id: "msg",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [{ type: "text", text: "ok" }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 3, output_tokens: 1 },
  });
}

const chatBackend: BackendOn = (origin) => [
  "chat",
  createOpenAIAdapter({
    name: "chat",
    provider: "vllm",
    apiKey: "upstream-key",
    baseURL: `${origin}/v1`,
    defaultModel: "gpt-test",
  }),
];

const expected = TOOLS.map(([, strict]) => strict);

Deno.test("responses translated to Chat Completions: each function tool's strict as the Responses API means it", async () => {
  await withUpstreamGateway(
    serveUpstream(chatAnswer),
    chatBackend,
    {},
    async ({ upstream, origin }) => {
      for (const stream of [false, true]) {
        const response = await post(origin, stream);
        assert.equal(response.status, 200);
        const tools = upstream.calls.at(-1)!.body.tools as {
          function: Json;
        }[];
        assert.deepEqual(
          tools.map((tool) => tool.function.strict),
          expected,
          `stream: ${stream}`,
        );
        assert.equal(response.headers.get("x-switchyard-dropped"), null);
      }
    },
  );
});

Deno.test("responses translated to Anthropic Messages: each tool's strict likewise", async () => {
  await withUpstreamGateway(
    serveUpstream(anthropicAnswer),
    anthropicBackend("claude", { defaultModel: "claude-test" }),
    {},
    async ({ upstream, origin }) => {
      const response = await post(origin, false);
      assert.equal(response.status, 200);
      const tools = upstream.calls[0].body.tools as Json[];
      assert.deepEqual(tools.map((tool) => tool.strict), expected);
    },
  );
});

Deno.test("responses translated to Gemini: a strict tool is named dropped, plain and streamed, and never sent", async () => {
  const gemini: BackendOn = (origin) => [
    "gem",
    createGeminiAdapter({
      apiKey: "upstream-key",
      baseURL: `${origin}/v1beta`,
      defaultModel: "gemini-test",
    }),
  ];
  await withUpstreamGateway(
    serveGeminiWire(),
    gemini,
    {},
    async ({ upstream, origin, logs }) => {
      for (const stream of [false, true]) {
        const response = await post(origin, stream);
        assert.equal(response.status, 200, `stream: ${stream}`);
        assert.ok(
          response.headers.get("x-switchyard-dropped")?.split(",").includes(
            "tools[].strict",
          ),
          `stream: ${stream}: ${response.headers.get("x-switchyard-dropped")}`,
        );
        assert.ok(logs.at(-1)?.dropped?.includes("tools[].strict"));
        assert.ok(
          !JSON.stringify(upstream.calls.at(-1)!.body).includes("strict"),
        );
      }
    },
  );
});
