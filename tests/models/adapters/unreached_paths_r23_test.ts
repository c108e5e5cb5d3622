// Paths of the adapters that no test reached (round 23: a coverage run of
// the adapters' tests listed the lines none ran; a mutant drawn on one of
// them could only survive). Each is what a caller meets when a provider
// answers that way, or what an estimate counts.
// No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { priceFor } from "../../../src/models/adapters/_prices.ts";
import type {
  IRChatRequest,
  IRStreamChunk,
} from "../../../src/models/types.ts";
import {
  adapterFactory,
  collect,
  jsonFixture,
  rejection,
  streamResponse,
} from "./_fake.ts";

const hi: IRChatRequest = { messages: [{ role: "user", content: "hi" }] };

// Every SSE provider, with the first event its stream opens with, so the
// broken event comes second (the stream has started when it fails).
const SSE = [
  {
    name: "openai",
    wired: adapterFactory(createOpenAIAdapter, {
      apiKey: "sk-x",
      defaultModel: "gpt-4o-mini",
    }),
    first:
      'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-4o-mini","choices":[{"index":0,"delta":{"role":"assistant","content":"He"}}]}\n\n',
    event: (data: string) => `data: ${data}\n\n`,
  },
  {
    name: "anthropic",
    wired: adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
      defaultModel: "claude-sonnet-4-5",
    }),
    first:
      'event: message_start\ndata: {"type":"message_start","message":{"id":"m1","model":"claude-sonnet-4-5","usage":{"input_tokens":3,"output_tokens":1}}}\n\n',
    event: (data: string) => `event: content_block_delta\ndata: ${data}\n\n`,
  },
  {
    name: "cohere",
    wired: adapterFactory(createCohereAdapter, {
      apiKey: "k",
      defaultModel: "command-r",
    }),
    first:
      'event: message-start\ndata: {"id":"c1","type":"message-start","delta":{"message":{"role":"assistant"}}}\n\n',
    event: (data: string) => `event: content-delta\ndata: ${data}\n\n`,
  },
  {
    name: "gemini",
    wired: adapterFactory(createGeminiAdapter, {
      apiKey: "k",
      defaultModel: "gemini-2.0-flash",
    }),
    first:
      'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"He"}]},"index":0}]}\n\n',
    event: (data: string) => `data: ${data}\n\n`,
  },
];

/**
 * How a stream failed: its rejection before anything was sent, else its
 * last chunk, which must be an `error` chunk (content already went out).
 */
async function streamFailure(
  stream: AsyncIterable<IRStreamChunk>,
): Promise<{ code: string; message: string; provider?: string }> {
  let chunks: IRStreamChunk[];
  try {
    chunks = await collect(stream);
  } catch (error) {
    assert.ok(error instanceof AdapterError, String(error));
    return error;
  }
  const last = chunks.at(-1);
  assert.equal(last?.type, "error", JSON.stringify(chunks));
  return (last as Extract<IRStreamChunk, { type: "error" }>).error;
}

describe("a provider's stream event that is not a JSON object", () => {
  it("is INVALID_RESPONSE naming what it is, from every SSE provider", async () => {
    for (const provider of SSE) {
      for (
        const [data, what] of [
          ["{not json", /not valid JSON/],
          ["[1, 2]", /not a JSON object/],
          ['"text"', /not a JSON object/],
        ] as const
      ) {
        const { adapter } = provider.wired(() =>
          streamResponse(provider.first + provider.event(data))
        );
        const error = await streamFailure(adapter.executeStream(hi));
        assert.equal(error.code, "INVALID_RESPONSE", provider.name);
        assert.match(error.message, what, `${provider.name}: ${data}`);
        assert.equal(error.provider, provider.name);
      }
    }
  });
});

describe("a streaming answer without a body", () => {
  it("is INVALID_RESPONSE, not a stream that never ends", async () => {
    for (const provider of SSE) {
      const { adapter } = provider.wired(() =>
        new Response(null, {
          status: 200,
          headers: { "content-type": "text/event-stream" },
        })
      );
      const error = await streamFailure(adapter.executeStream(hi));
      assert.equal(error.code, "INVALID_RESPONSE", provider.name);
      assert.match(error.message, /no body/, provider.name);
    }
  });
});

describe("Gemini: an answer that is JSON but no object", () => {
  it("is INVALID_RESPONSE", async () => {
    for (const body of ["[]", '"ok"', "null"]) {
      const { adapter } = adapterFactory(createGeminiAdapter, {
        apiKey: "k",
        defaultModel: "gemini-2.0-flash",
      })(() =>
        new Response(body, {
          headers: { "content-type": "application/json" },
        })
      );
      const error = await rejection(adapter.execute(hi));
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.code, "INVALID_RESPONSE", body);
    }
  });
});

describe("OpenAI's wire: an earlier turn's reasoning", () => {
  it("is named dropped, as Chat Completions takes none back", async () => {
    const { adapter, requests } = adapterFactory(createOpenAIAdapter, {
      apiKey: "sk-x",
      defaultModel: "gpt-4o-mini",
    })(() => Response.json(jsonFixture("openai/chat_completion.json")));
    const response = await adapter.execute({
      messages: [
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "hm", signature: "s" },
            { type: "redacted_thinking", data: "xyz" },
            { type: "text", text: "hello" },
          ],
        },
        { role: "user", content: "again" },
      ],
    });
    assert.deepEqual(response.metadata.dropped, [
      "messages[].content[].thinking",
      "messages[].content[].redacted_thinking",
    ]);
    const sent = JSON.stringify(requests[0].body);
    assert.ok(!sent.includes("xyz") && !sent.includes('"hm"'), sent);
    assert.ok(sent.includes("hello"), sent);
  });
});

describe("the cost estimate", () => {
  const openai = adapterFactory(createOpenAIAdapter, {
    apiKey: "sk-x",
    defaultModel: "gpt-4o-mini",
  })(() => Response.json({}));

  it("counts the tools' definitions, which the provider bills as input", async () => {
    const bare = await openai.adapter.estimateCost(hi);
    const withTools = await openai.adapter.estimateCost({
      ...hi,
      tools: [{
        name: "lookup",
        description: "Looks a word up in a long dictionary ".repeat(40),
        parameters: { type: "object", properties: {} },
      }],
    });
    assert.ok(bare !== null && withTools !== null);
    assert.ok(withTools > bare, `${withTools} > ${bare}`);
  });

  it("is null for a vendor/model name whose vendor has no table", async () => {
    const { adapter } = adapterFactory(createOpenAIAdapter, {
      apiKey: "k",
      baseURL: "https://router.example/v1",
    })(() => Response.json({}));
    assert.equal(
      await adapter.estimateCost({
        ...hi,
        parameters: { model: "nobody-sells-this/model-1" },
      }),
      null,
    );
    // A vendor with a table prices its model under the same shape of name.
    const priced = await adapter.estimateCost({
      ...hi,
      parameters: { model: "openai/gpt-4o-mini" },
    });
    assert.ok(typeof priced === "number" && priced > 0, String(priced));
    // The price the gateway records an answer's spend at: unknown, too.
    assert.equal(
      priceFor("openrouter", "nobody-sells-this/model-1"),
      undefined,
    );
    assert.equal(priceFor(undefined, "nobody-sells-this/model-1"), undefined);
    assert.notEqual(priceFor("openrouter", "openai/gpt-4o-mini"), undefined);
  });
});
