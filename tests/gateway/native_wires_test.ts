// Toward Gemini, Cohere and Ollama the table of `_native_fields.ts` decides:
// the official SDKs against loopback upstreams that refuse, like the real
// APIs, every body key their reference does not list. Structured output and
// reasoning are emulated the way each API documents them; fields with no
// counterpart (and keys nobody documents) are dropped and named in
// `x-switchyard-dropped`; a field no target can take is a 400 naming it,
// with nothing sent.
import assert from "node:assert/strict";
import type OpenAI from "npm:openai@7.57.0";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../src/models/adapters/cohere.ts";
import { createOllamaAdapter } from "../../src/models/adapters/ollama.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { anthropicClient } from "./_anthropic_client.ts";
import { openAIClient } from "./_openai_client.ts";
import { serveGateway } from "./_serve.ts";
import {
  GEMINI_SIGNATURE,
  NATIVE_ANSWER,
  serveCohereWire,
  serveGeminiWire,
  serveOllamaWire,
} from "./_native_mocks.ts";

type Json = Record<string, unknown>;
type Upstream = ReturnType<typeof serveGeminiWire>;

const SCHEMA = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
};

interface Target {
  name: string;
  serve(): Upstream;
  adapter(origin: string): BackendAdapter;
  /** Streams are checked where the mock streams. */
  streams: boolean;
  /** Asserts the emulated structured output and reasoning effort `low`. */
  checkOpenAI(body: Json): void;
  /** Asserts the emulated output_config.format and a 2048-token thinking budget. */
  checkAnthropic(body: Json): void;
  /** Of {@linkcode OPENAI_EXTRAS}, the fields the target has a place for. */
  openAIKept: string[];
  /** Asserts how `logprobs: true, top_logprobs: 2` were sent, where they are. */
  checkLogprobs?: (body: Json) => void;
  /** Anthropic's `service_tier: "standard_only"`, as the target gets it (undefined: dropped). */
  tier?: (body: Json) => unknown;
}

const TARGETS: Target[] = [
  {
    name: "gemini",
    serve: serveGeminiWire,
    adapter: (origin) =>
      createGeminiAdapter({
        apiKey: "upstream-key",
        baseURL: `${origin}/v1beta`,
        defaultModel: "gemini-test",
      }),
    streams: true,
    checkOpenAI(body) {
      const config = body.generationConfig as Json;
      assert.equal(config.responseMimeType, "application/json");
      assert.deepEqual(config.responseJsonSchema, SCHEMA);
      assert.deepEqual(config.thinkingConfig, { thinkingBudget: 2048 });
    },
    checkAnthropic(body) {
      const config = body.generationConfig as Json;
      assert.deepEqual(config.responseJsonSchema, SCHEMA);
      assert.deepEqual(config.thinkingConfig, { thinkingBudget: 2048 });
    },
    // Gemini's names for OpenAI's log probability switches.
    openAIKept: ["logprobs", "top_logprobs"],
    checkLogprobs(body) {
      const config = body.generationConfig as Json;
      assert.equal(config.responseLogprobs, true);
      assert.equal(config.logprobs, 2);
    },
    tier: (body) => body.serviceTier,
  },
  {
    name: "cohere",
    serve: serveCohereWire,
    adapter: (origin) =>
      createCohereAdapter({
        apiKey: "upstream-key",
        baseURL: origin,
        defaultModel: "command-test",
      }),
    streams: false,
    checkOpenAI(body) {
      assert.deepEqual(body.response_format, {
        type: "json_object",
        json_schema: SCHEMA,
      });
      assert.deepEqual(body.thinking, {
        type: "enabled",
        token_budget: 2048,
      });
    },
    checkAnthropic(body) {
      assert.deepEqual(body.response_format, {
        type: "json_object",
        json_schema: SCHEMA,
      });
      assert.deepEqual(body.thinking, {
        type: "enabled",
        token_budget: 2048,
      });
    },
    openAIKept: [],
  },
  {
    name: "ollama",
    serve: serveOllamaWire,
    adapter: (origin) =>
      createOllamaAdapter({ baseURL: origin, defaultModel: "llama-test" }),
    streams: false,
    checkOpenAI(body) {
      assert.deepEqual(body.format, SCHEMA);
      assert.equal(body.think, "low");
    },
    checkAnthropic(body) {
      assert.deepEqual(body.format, SCHEMA);
      assert.equal(body.think, true);
    },
    // Ollama's /api/chat takes OpenAI's log probability switches as they are.
    openAIKept: ["logprobs", "top_logprobs"],
    checkLogprobs(body) {
      assert.equal(body.logprobs, true);
      assert.equal(body.top_logprobs, 2);
    },
  },
];

async function withTarget(
  target: Target,
  run: (origin: string, upstream: Upstream) => Promise<void>,
) {
  const upstream = target.serve();
  const gateway = serveGateway({
    backends: [[target.name, target.adapter(upstream.origin)]],
  });
  try {
    await run(gateway.origin, upstream);
  } finally {
    await gateway.close();
    await upstream.close();
  }
}

function dropped(response: Response): string[] {
  return (response.headers.get("x-switchyard-dropped") ?? "").split(",")
    .filter((name) => name !== "").sort();
}

/** OpenAI fields each native API lacks, and a key no API documents. */
const OPENAI_EXTRAS = {
  logprobs: true,
  top_logprobs: 2,
  parallel_tool_calls: false,
  metadata: { purpose: "eval" },
  store: true,
  vendor_knob: 3,
};

for (const target of TARGETS) {
  for (const stream of target.streams ? [false, true] : [false]) {
    Deno.test(`openai SDK → gateway → ${target.name} (stream: ${stream}): json_schema and reasoning_effort emulated, logprobs sent where the API takes them (and read back), other fields without a counterpart dropped and named, nothing the upstream refuses sent`, async () => {
      await withTarget(target, async (origin, upstream) => {
        const client = openAIClient(origin);
        const request = {
          model: target.name,
          messages: [{ role: "user" as const, content: "Where?" }],
          response_format: {
            type: "json_schema" as const,
            json_schema: { name: "place", schema: SCHEMA },
          },
          reasoning_effort: "low" as const,
          ...OPENAI_EXTRAS,
        };
        let text = "";
        let tokens: string[] = [];
        let response: Response;
        if (stream) {
          const answer = await client.chat.completions.create(
            {
              ...request,
              stream: true,
            } as OpenAI.ChatCompletionCreateParamsStreaming,
          ).withResponse();
          response = answer.response;
          for await (const chunk of answer.data) {
            text += chunk.choices[0]?.delta.content ?? "";
            for (const entry of chunk.choices[0]?.logprobs?.content ?? []) {
              tokens.push(entry.token);
            }
          }
        } else {
          const answer = await client.chat.completions.create(
            request as OpenAI.ChatCompletionCreateParamsNonStreaming,
          ).withResponse();
          response = answer.response;
          text = answer.data.choices[0].message.content ?? "";
          tokens = (answer.data.choices[0].logprobs?.content ?? []).map((
            entry,
          ) => entry.token);
        }
        assert.equal(text, NATIVE_ANSWER);
        assert.equal(upstream.calls.length, 1);
        const body = upstream.calls[0].body;
        target.checkOpenAI(body);
        target.checkLogprobs?.(body);
        // The backend's log probabilities reach the client where it sends them.
        assert.deepEqual(
          tokens,
          target.openAIKept.includes("logprobs") ? ["Bon", "jour"] : [],
        );
        assert.deepEqual(
          dropped(response),
          Object.keys(OPENAI_EXTRAS).filter((key) =>
            !target.openAIKept.includes(key)
          ).sort(),
        );
      });
    });
  }

  Deno.test(`openai SDK → gateway → ${target.name}: audio output is a 400 naming \`audio\`, and nothing is sent`, async () => {
    await withTarget(target, async (origin, upstream) => {
      const client = openAIClient(origin);
      await assert.rejects(
        client.chat.completions.create({
          model: target.name,
          messages: [{ role: "user", content: "Say hi" }],
          modalities: ["text", "audio"],
          audio: { voice: "alloy", format: "wav" },
        }),
        (error: unknown) =>
          error instanceof Error && "status" in error &&
          error.status === 400 && error.message.includes("`audio`"),
      );
      assert.equal(upstream.calls.length, 0);
    });
  });

  Deno.test(`anthropic SDK → gateway → ${target.name}: thinking and output_config.format emulated, service_tier mapped where the API has tiers, Anthropic-only fields dropped and named`, async () => {
    await withTarget(target, async (origin, upstream) => {
      const client = anthropicClient(origin);
      const answer = await client.messages.create({
        model: target.name,
        max_tokens: 4096,
        messages: [{ role: "user", content: "Where?" }],
        thinking: { type: "enabled", budget_tokens: 2048 },
        output_config: { format: { type: "json_schema", schema: SCHEMA } },
        service_tier: "standard_only",
        inference_geo: "us",
      }).withResponse();
      const block = answer.data.content[0];
      assert.ok(block.type === "text" && block.text === NATIVE_ANSWER);
      assert.equal(upstream.calls.length, 1);
      const body = upstream.calls[0].body;
      target.checkAnthropic(body);
      // Gemini has service tiers: `standard_only` is its `standard`.
      assert.equal(target.tier?.(body), target.tier && "standard");
      assert.deepEqual(
        dropped(answer.response),
        target.tier === undefined
          ? ["inference_geo", "service_tier"]
          : ["inference_geo"],
      );
    });
  });
}

// Gemini 3 answers a function call with a thought signature and refuses the
// next turn when the call comes back without it; neither chat wire has a
// field for it, so the call's id carries it through the client.
const GEMINI = TARGETS[0];
const WEATHER = { name: "weather", parameters: SCHEMA };

function modelTurn(body: Json): Json[] {
  const contents = body.contents as { role: string; parts: Json[] }[];
  return contents.find((content) => content.role === "model")?.parts ?? [];
}

for (const stream of [false, true]) {
  Deno.test(`openai SDK → gateway → gemini (stream: ${stream}): a tool call's thought signature goes back with the call on the next turn`, async () => {
    await withTarget(GEMINI, async (origin, upstream) => {
      const client = openAIClient(origin);
      const tools = [{ type: "function" as const, function: WEATHER }];
      const ask = { role: "user" as const, content: "Weather in Paris?" };
      let call = { id: "", name: "", arguments: "" };
      if (stream) {
        const chunks = await client.chat.completions.create({
          model: "gemini",
          messages: [ask],
          tools,
          stream: true,
        });
        for await (const chunk of chunks) {
          for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
            call = {
              id: call.id + (delta.id ?? ""),
              name: call.name + (delta.function?.name ?? ""),
              arguments: call.arguments + (delta.function?.arguments ?? ""),
            };
          }
        }
      } else {
        const answer = await client.chat.completions.create({
          model: "gemini",
          messages: [ask],
          tools,
        });
        const first = answer.choices[0].message.tool_calls?.[0];
        assert.ok(first?.type === "function");
        call = { id: first.id, ...first.function };
      }
      assert.equal(call.name, "weather");
      assert.match(call.id, /^[A-Za-z0-9_-]+$/);
      const answer = await client.chat.completions.create({
        model: "gemini",
        tools,
        messages: [
          ask,
          {
            role: "assistant",
            content: null,
            tool_calls: [{
              id: call.id,
              type: "function",
              function: { name: call.name, arguments: call.arguments },
            }],
          },
          { role: "tool", tool_call_id: call.id, content: '{"temp":12}' },
        ],
      });
      assert.equal(answer.choices[0].message.content, NATIVE_ANSWER);
      const [part] = modelTurn(upstream.calls[1].body);
      assert.equal(part.thoughtSignature, GEMINI_SIGNATURE);
      assert.deepEqual(part.functionCall, {
        name: "weather",
        args: { city: "Paris" },
      });
    });
  });
}

Deno.test("anthropic SDK → gateway → gemini: a tool_use block's thought signature goes back with it on the next turn", async () => {
  await withTarget(GEMINI, async (origin, upstream) => {
    const client = anthropicClient(origin);
    const tools = [{
      name: "weather",
      input_schema: { ...SCHEMA, type: "object" as const },
    }];
    const ask = { role: "user" as const, content: "Weather in Paris?" };
    const first = await client.messages.create({
      model: "gemini",
      max_tokens: 256,
      messages: [ask],
      tools,
    });
    const use = first.content.find((block) => block.type === "tool_use");
    assert.ok(use?.type === "tool_use");
    assert.match(use.id, /^[A-Za-z0-9_-]+$/);
    const answer = await client.messages.create({
      model: "gemini",
      max_tokens: 256,
      tools,
      messages: [
        ask,
        { role: "assistant", content: [use] },
        {
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: use.id,
            content: '{"temp":12}',
          }],
        },
      ],
    });
    const block = answer.content[0];
    assert.ok(block.type === "text" && block.text === NATIVE_ANSWER);
    assert.equal(
      modelTurn(upstream.calls[1].body)[0].thoughtSignature,
      GEMINI_SIGNATURE,
    );
  });
});

Deno.test("openai SDK → gateway → cohere: top_p 1 and penalties outside Cohere's 0–1 are sent as its nearest bounds, not refused", async () => {
  await withTarget(TARGETS[1], async (origin, upstream) => {
    const client = openAIClient(origin);
    const answer = await client.chat.completions.create({
      model: "cohere",
      messages: [{ role: "user", content: "Hi" }],
      top_p: 1,
      frequency_penalty: -1.5,
      presence_penalty: 2,
    });
    assert.equal(answer.choices[0].message.content, NATIVE_ANSWER);
    const body = upstream.calls[0].body;
    assert.equal(body.p, 0.99);
    assert.equal(body.frequency_penalty, 0);
    assert.equal(body.presence_penalty, 1);
  });
});
