// Across wires, the translation table decides: the official SDKs of one
// wire against a loopback upstream of the other, which refuses body keys
// its real API does not take. Structured output, reasoning effort and
// parallel tool use are emulated the way the target documents them;
// dropped fields are named in `x-switchyard-dropped` and the log line; a
// field the target cannot take is a 400 in the caller's wire naming it;
// and on the same wire cache_control marks and thinking blocks reach the
// upstream intact.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { fetchSignal } from "../_bounded.ts";
import { anthropicClient } from "./_anthropic_client.ts";
import { openAIClient } from "./_openai_client.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";
import { serveAnthropicWire, serveOpenAIWire } from "./_wire_mocks.ts";

type Json = Record<string, unknown>;

const SCHEMA = {
  type: "object" as const,
  properties: { city: { type: "string" }, days: { type: "number" } },
  required: ["city", "days"],
  additionalProperties: false,
};
const TRIP = { city: "Paris", days: 3 };

interface Fleet {
  origin: string;
  lines: RequestLogEntry[];
  oa: ReturnType<typeof serveOpenAIWire>;
  claude: ReturnType<typeof serveAnthropicWire>;
}

async function withFleet(run: (fleet: Fleet) => Promise<void>) {
  const oa = serveOpenAIWire();
  const claude = serveAnthropicWire();
  const lines: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [
      [
        "oa",
        createOpenAIAdapter({
          provider: "vllm",
          apiKey: "upstream-key",
          baseURL: `${oa.origin}/v1`,
          defaultModel: "gpt-test",
        }),
      ],
      [
        "claude",
        createAnthropicAdapter({
          apiKey: "upstream-key",
          baseURL: claude.origin,
          defaultModel: "claude-test",
        }),
      ],
    ],
    logger: (entry) => lines.push(entry),
  });
  try {
    await run({ origin: gateway.origin, lines, oa, claude });
  } finally {
    await gateway.close();
    await oa.close();
    await claude.close();
  }
}

function dropped(response: Response): string[] {
  return (response.headers.get("x-switchyard-dropped") ?? "").split(",")
    .filter((name) => name !== "");
}

for (const stream of [false, true]) {
  Deno.test(`openai SDK → gateway → anthropic-wire upstream (stream: ${stream}): json_schema structured output is output_config.format, reasoning_effort a thinking budget, logprobs dropped and named`, async () => {
    await withFleet(async ({ origin, lines, claude }) => {
      const client = openAIClient(origin);
      const request = {
        model: "claude",
        messages: [{ role: "user" as const, content: "Plan a trip" }],
        response_format: {
          type: "json_schema" as const,
          json_schema: { name: "trip", schema: SCHEMA, strict: true },
        },
        reasoning_effort: "low" as const,
        logprobs: true,
        max_completion_tokens: 4096,
      };
      let content: string;
      let response: Response;
      if (stream) {
        const answer = await client.chat.completions.create({
          ...request,
          stream: true,
        }).withResponse();
        response = answer.response;
        content = "";
        for await (const chunk of answer.data) {
          content += chunk.choices[0]?.delta.content ?? "";
        }
      } else {
        const answer = await client.chat.completions.parse(request)
          .withResponse();
        response = answer.response;
        assert.deepEqual(answer.data.choices[0].message.parsed, TRIP);
        content = answer.data.choices[0].message.content ?? "";
      }
      assert.deepEqual(JSON.parse(content), TRIP);

      assert.equal(claude.calls.length, 1);
      const body = claude.calls[0].body;
      assert.deepEqual(body.output_config, {
        format: { type: "json_schema", schema: SCHEMA },
      });
      assert.deepEqual(body.thinking, { type: "enabled", budget_tokens: 2048 });
      for (const key of ["response_format", "reasoning_effort", "logprobs"]) {
        assert.equal(key in body, false, key);
      }
      assert.deepEqual(dropped(response), ["logprobs"]);
      assert.deepEqual(lines.at(-1)?.dropped, ["logprobs"]);
    });
  });

  Deno.test(`anthropic SDK → gateway → openai-wire upstream (stream: ${stream}): output_config is response_format, thinking a reasoning effort, cache_control and thinking blocks dropped and named`, async () => {
    await withFleet(async ({ origin, lines, oa }) => {
      const client = anthropicClient(origin);
      const request = {
        model: "oa",
        max_tokens: 8192,
        system: [
          { type: "text" as const, text: "sys1" },
          {
            type: "text" as const,
            text: "sys2",
            cache_control: { type: "ephemeral" as const },
          },
        ],
        messages: [
          { role: "user" as const, content: "Plan a trip" },
          {
            role: "assistant" as const,
            content: [
              {
                type: "thinking" as const,
                thinking: "a city",
                signature: "sig",
              },
              { type: "text" as const, text: "Where to?" },
            ],
          },
          {
            role: "user" as const,
            content: [{
              type: "text" as const,
              text: "Paris",
              cache_control: { type: "ephemeral" as const },
            }],
          },
        ],
        thinking: { type: "enabled" as const, budget_tokens: 8000 },
        output_config: {
          format: { type: "json_schema" as const, schema: SCHEMA },
        },
      };
      let text = "";
      let response: Response;
      if (stream) {
        const answer = await client.messages.create({
          ...request,
          stream: true,
        }).withResponse();
        response = answer.response;
        for await (const event of answer.data) {
          if (
            event.type === "content_block_delta" &&
            event.delta.type === "text_delta"
          ) text += event.delta.text;
        }
      } else {
        const answer = await client.messages.create(request).withResponse();
        response = answer.response;
        const block = answer.data.content[0];
        assert.ok(block.type === "text");
        text = block.text;
      }
      assert.deepEqual(JSON.parse(text), TRIP);

      assert.equal(oa.calls.length, 1);
      const body = oa.calls[0].body;
      assert.deepEqual(body.response_format, {
        type: "json_schema",
        json_schema: { name: "output", schema: SCHEMA, strict: true },
      });
      assert.equal(body.reasoning_effort, "medium");
      const messages = body.messages as Json[];
      assert.deepEqual(messages[0], {
        role: "system",
        content: "sys1\n\nsys2",
      });
      for (const key of ["thinking", "output_config", "cache_control"]) {
        assert.equal(key in body, false, key);
      }
      const named = [
        "system[].cache_control",
        "messages[].content[].cache_control",
        "messages[].content[].thinking",
      ];
      assert.deepEqual(dropped(response).sort(), [...named].sort());
      assert.deepEqual(lines.at(-1)?.dropped?.slice().sort(), named.sort());
    });
  });
}

Deno.test("parallel tool use: parallel_tool_calls false is disable_parallel_tool_use on Anthropic's wire, and back", async () => {
  await withFleet(async ({ origin, oa, claude }) => {
    const openai = openAIClient(origin);
    await openai.chat.completions.create({
      model: "claude",
      messages: [{ role: "user", content: "Weather?" }],
      tools: [{
        type: "function",
        function: {
          name: "weather",
          parameters: SCHEMA,
          strict: true,
        },
      }],
      parallel_tool_calls: false,
    });
    const toClaude = claude.calls[0].body;
    assert.deepEqual(toClaude.tool_choice, {
      type: "auto",
      disable_parallel_tool_use: true,
    });
    assert.equal("parallel_tool_calls" in toClaude, false);
    assert.equal((toClaude.tools as Json[])[0].strict, true);

    const anthropic = anthropicClient(origin);
    await anthropic.messages.create({
      model: "oa",
      max_tokens: 64,
      messages: [{ role: "user", content: "Weather?" }],
      tools: [{ name: "weather", input_schema: SCHEMA, strict: true }],
      tool_choice: { type: "any", disable_parallel_tool_use: true },
    });
    const toOpenAI = oa.calls[0].body;
    assert.equal(toOpenAI.parallel_tool_calls, false);
    assert.equal(toOpenAI.tool_choice, "required");
    const fn = (toOpenAI.tools as Json[])[0].function as Json;
    assert.equal(fn.strict, true);
  });
});

Deno.test("a field the target wire cannot take is a 400 in the caller's wire naming it, and nothing is sent", async () => {
  await withFleet(async ({ origin, claude }) => {
    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "claude",
        messages: [{ role: "user", content: "Say it aloud" }],
        modalities: ["text", "audio"],
        audio: { voice: "alloy", format: "wav" },
      }),
      signal: fetchSignal(),
    });
    const body = await response.json();
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(body.error.type, "invalid_request_error");
    assert.match(body.error.message, /`audio`/);
    assert.equal(claude.calls.length, 0);
  });
});

Deno.test("fallback to a backend of the other wire translates: the second step's upstream gets nothing its wire refuses", async () => {
  const failing = serveUpstream(() =>
    Response.json({ error: { message: "overloaded" } }, { status: 500 })
  );
  const claude = serveAnthropicWire();
  const gateway = serveGateway({
    backends: [
      [
        "oa",
        createOpenAIAdapter({
          apiKey: "upstream-key",
          baseURL: `${failing.origin}/v1`,
          defaultModel: "gpt-test",
        }),
      ],
      [
        "claude",
        createAnthropicAdapter({
          apiKey: "upstream-key",
          baseURL: claude.origin,
          defaultModel: "claude-test",
        }),
      ],
    ],
    routerConfig: { maxRetries: 0 },
  });
  try {
    const answer = await openAIClient(gateway.origin).chat.completions.create({
      model: "gpt-test",
      messages: [{ role: "user", content: "Plan a trip" }],
      response_format: {
        type: "json_schema",
        json_schema: { name: "trip", schema: SCHEMA },
      },
      logprobs: true,
      top_logprobs: 2,
      seed: 7,
      store: true,
    }).withResponse();
    assert.deepEqual(
      JSON.parse(answer.data.choices[0].message.content ?? ""),
      TRIP,
    );
    assert.equal(failing.calls.length, 1);
    // The first step, on OpenAI's wire, got the client's fields.
    assert.equal(failing.calls[0].body.logprobs, true);
    assert.equal(claude.calls.length, 1);
    assert.deepEqual(claude.calls[0].body.output_config, {
      format: { type: "json_schema", schema: SCHEMA },
    });
    assert.deepEqual(dropped(answer.response).sort(), [
      "logprobs",
      "seed",
      "store",
      "top_logprobs",
    ]);
  } finally {
    await gateway.close();
    await failing.close();
    await claude.close();
  }
});

for (const stream of [false, true]) {
  Deno.test(`anthropic SDK → gateway → anthropic-wire upstream (stream: ${stream}): cache_control marks, thinking blocks and disable_parallel_tool_use arrive intact`, async () => {
    const claude = serveAnthropicWire();
    const gateway = serveGateway({
      backends: [[
        "claude",
        createAnthropicAdapter({
          apiKey: "upstream-key",
          baseURL: claude.origin,
          defaultModel: "claude-test",
        }),
      ]],
    });
    try {
      const request = {
        model: "claude",
        max_tokens: 4096,
        system: [
          { type: "text" as const, text: "sys1" },
          {
            type: "text" as const,
            text: "sys2",
            cache_control: { type: "ephemeral" as const },
          },
        ],
        messages: [
          { role: "user" as const, content: "Weather in Paris?" },
          {
            role: "assistant" as const,
            content: [
              {
                type: "thinking" as const,
                thinking: "call the tool",
                signature: "sig",
              },
              {
                type: "tool_use" as const,
                id: "toolu_1",
                name: "weather",
                input: { city: "Paris" },
              },
            ],
          },
          {
            role: "user" as const,
            content: [{
              type: "tool_result" as const,
              tool_use_id: "toolu_1",
              content: "sunny",
              cache_control: { type: "ephemeral" as const },
            }],
          },
        ],
        tools: [{
          name: "weather",
          input_schema: SCHEMA,
          cache_control: { type: "ephemeral" as const },
        }],
        tool_choice: { type: "auto" as const, disable_parallel_tool_use: true },
        thinking: { type: "enabled" as const, budget_tokens: 2048 },
      };
      const client = anthropicClient(gateway.origin);
      if (stream) {
        const events = await client.messages.create({
          ...request,
          stream: true,
        });
        for await (const _ of events) { /* read to the end */ }
      } else await client.messages.create(request);
      assert.equal(claude.calls.length, 1);
      const { model: _, stream: __, ...sent } = claude.calls[0].body;
      assert.deepEqual(
        sent,
        JSON.parse(
          JSON.stringify(request, (k, v) => k === "model" ? undefined : v),
        ),
      );
    } finally {
      await gateway.close();
      await claude.close();
    }
  });
}

Deno.test("a dropped key is named safely whatever the client called it: escaped in the header and the log line, bounded in number", async () => {
  await withFleet(async ({ origin, lines, claude }) => {
    const odd = { "x\r\nset-cookie: a=b": 1, "clé": 2, "a,b": 3 };
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`k${i}`, i]),
    );
    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "claude",
        messages: [{ role: "user", content: "hi" }],
        ...odd,
        ...many,
      }),
      signal: fetchSignal(),
    });
    await response.body?.cancel();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("set-cookie"), null);
    const names = dropped(response);
    assert.equal(names.length, 32);
    assert.deepEqual(names.slice(0, 3), [
      "x%0D%0Aset-cookie%3A%20a%3Db",
      "cl%C3%A9",
      "a%2Cb",
    ]);
    assert.deepEqual(lines.at(-1)?.dropped, names);
    // None reached the upstream, which would refuse them.
    const sent = claude.calls[0].body;
    assert.equal(Object.keys(sent).some((key) => key in odd), false);
    assert.equal("k0" in sent, false);
  });
});

Deno.test("content the translation cannot carry (a document block, a server tool, an audio part) is relayed on the same wire, and refused by name where it must be translated", async () => {
  const messages = {
    model: "claude",
    max_tokens: 256,
    messages: [{
      role: "user",
      content: [
        { type: "text", text: "Summarise" },
        {
          type: "document",
          source: { type: "text", media_type: "text/plain", data: "a b c" },
        },
      ],
    }],
    tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 1 }],
  };
  const chat = {
    model: "oa",
    messages: [{
      role: "user",
      content: [
        { type: "text", text: "Transcribe" },
        { type: "input_audio", input_audio: { data: "AAAA", format: "wav" } },
      ],
    }],
  };
  const post = (origin: string, path: string, body: Json) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: fetchSignal(),
    });
  // One wire per gateway: relayed as sent.
  const claude = serveAnthropicWire();
  const oa = serveOpenAIWire();
  const claudeOnly = serveGateway({
    backends: [[
      "claude",
      createAnthropicAdapter({
        apiKey: "k",
        baseURL: claude.origin,
        defaultModel: "claude-test",
      }),
    ]],
  });
  const oaOnly = serveGateway({
    backends: [[
      "oa",
      createOpenAIAdapter({
        apiKey: "k",
        baseURL: `${oa.origin}/v1`,
        defaultModel: "gpt-test",
      }),
    ]],
  });
  try {
    const relayed = await post(claudeOnly.origin, "/v1/messages", messages);
    assert.equal(relayed.status, 200, await relayed.text());
    const { model: _, ...sent } = claude.calls[0].body;
    const { model: __, ...asked } = messages;
    assert.deepEqual(sent, asked);
    const audio = await post(oaOnly.origin, "/v1/chat/completions", chat);
    assert.equal(audio.status, 200, await audio.text());
    const { model: ___, ...sentChat } = oa.calls[0].body;
    const { model: ____, ...askedChat } = chat;
    assert.deepEqual(sentChat, askedChat);
  } finally {
    await claudeOnly.close();
    await oaOnly.close();
    await claude.close();
    await oa.close();
  }
  // A fleet of both wires may translate: a 400 naming the content.
  await withFleet(async ({ origin, oa, claude }) => {
    const document = await post(origin, "/v1/messages", messages);
    const body = await document.json();
    assert.equal(document.status, 400);
    assert.equal(body.type, "error");
    assert.match(body.error.message, /messages\.0\.content\.1/);
    assert.match(body.error.message, /"document"/);
    const audio = await post(origin, "/v1/chat/completions", chat);
    const error = await audio.json();
    assert.equal(audio.status, 400);
    assert.equal(error.error.param, "messages[0].content[1]");
    assert.equal(oa.calls.length + claude.calls.length, 0);
  });
});

Deno.test("the efforts both SDKs added cross the wires: anthropic SDK output_config.effort max reaches an openai-wire upstream as reasoning_effort max, openai SDK reasoning_effort xhigh an anthropic-wire upstream as a thinking budget", async () => {
  await withFleet(async ({ origin, oa, claude }) => {
    const answer = await anthropicClient(origin).messages.create({
      model: "oa",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Think hard" }],
      output_config: { effort: "max" },
    });
    assert.equal(answer.content[0].type, "text");
    assert.equal(oa.calls[0].body.reasoning_effort, "max");

    const completion = await openAIClient(origin).chat.completions.create({
      model: "claude",
      max_tokens: 40000,
      messages: [{ role: "user", content: "Think harder" }],
      reasoning_effort: "xhigh",
    });
    assert.equal(typeof completion.choices[0].message.content, "string");
    assert.deepEqual(claude.calls[0].body.thinking, {
      type: "enabled",
      budget_tokens: 32768,
    });
  });
});
