// Contract fixtures for the details of an answer, read by the real adapters:
// usage with cache and reasoning counts, a refusal, logprobs, reasoning
// blocks with their signatures, a matched stop sequence, whole and streamed;
// and the request direction: what the IR carries is written back in each
// wire's own shape, reasoning byte for byte.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import type {
  IRChatRequest,
  IRMessage,
  IRStreamChunk,
} from "../../../src/models/types.ts";
import {
  adapterFactory,
  collect,
  fixture,
  jsonFixture,
  streamResponse,
} from "./_fake.ts";

type Json = Record<string, unknown>;

const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "sk-test",
  defaultModel: "gpt-4o",
});
const anthropicWith = adapterFactory(createAnthropicAdapter, {
  apiKey: "sk-ant-test",
});
const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "g-test" });
const ollamaWith = adapterFactory(createOllamaAdapter, {});

const ask: IRChatRequest = {
  messages: [{ role: "user", content: "What is 27 * 453?" }],
};

function contentChunks(chunks: IRStreamChunk[]) {
  return chunks.filter((c) => c.type === "content");
}

describe("OpenAI answer details", () => {
  it("reads logprobs with their alternatives and the cached and reasoning token counts", async () => {
    const body = jsonFixture("openai/chat_logprobs_cached.json") as Json;
    const { adapter } = openAIWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    assert.equal(response.message.content, "Oslo is cold.");
    assert.equal(response.message.refusal, undefined);
    assert.deepEqual(response.usage, {
      promptTokens: 2048,
      completionTokens: 140,
      totalTokens: 2188,
      cacheReadTokens: 1792,
      reasoningTokens: 128,
    });
    assert.deepEqual(response.logprobs, {
      content: [
        {
          token: "Oslo",
          logprob: -0.0031,
          bytes: [79, 115, 108, 111],
          topLogprobs: [
            { token: "Oslo", logprob: -0.0031, bytes: [79, 115, 108, 111] },
            { token: "It", logprob: -5.92, bytes: [73, 116] },
          ],
        },
        { token: " is cold.", logprob: -0.41, bytes: null, topLogprobs: [] },
      ],
    });
  });

  it("reads the tokens written to the cache (the SDK's cache_write_tokens) as a part of the prompt, and writes them back so", async () => {
    const body = jsonFixture("openai/chat_logprobs_cached.json") as Json;
    const usage = body.usage as Json;
    const answer = {
      ...body,
      usage: {
        ...usage,
        prompt_tokens_details: {
          ...(usage.prompt_tokens_details as Json),
          cache_write_tokens: 256,
        },
      },
    };
    const { adapter } = openAIWith(() => Response.json(answer));
    const response = await adapter.execute(ask);
    assert.equal(response.usage?.promptTokens, 2048);
    assert.equal(response.usage?.cacheReadTokens, 1792);
    assert.equal(response.usage?.cacheCreationTokens, 256);
    // Without the detail nothing is made up.
    const { adapter: plain } = openAIWith(() => Response.json(body));
    assert.equal(
      (await plain.execute(ask)).usage?.cacheCreationTokens,
      undefined,
    );
  });

  it("keeps a refusal as the message's refusal, apart from its (empty) content", async () => {
    const body = jsonFixture("openai/chat_refusal.json") as Json;
    const { adapter } = openAIWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    assert.equal(
      response.message.refusal,
      "Sorry, I won't help with picking that lock.",
    );
    assert.equal(response.message.content, "");
    assert.equal(response.finishReason, "stop");
    assert.equal(response.logprobs, undefined);
  });

  it("streams refusal pieces with their logprobs, and the done message holds the whole refusal", async () => {
    const { adapter } = openAIWith(() =>
      streamResponse(fixture("openai/stream_refusal_logprobs.sse"))
    );
    const chunks = await collect(adapter.executeStream(ask));
    const pieces = contentChunks(chunks);
    assert.deepEqual(pieces.map((c) => [c.delta, c.refusal]), [
      ["", "Sorry,"],
      ["", " I won't help."],
    ]);
    assert.deepEqual(
      pieces.map((c) => c.logprobs?.refusal?.map((t) => [t.token, t.logprob])),
      [[["Sorry,", -0.02]], [[" I won't help.", -0.3]]],
    );
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    if (done?.type !== "done") return;
    assert.equal(done.message?.refusal, "Sorry, I won't help.");
    assert.deepEqual(done.usage, {
      promptTokens: 31,
      completionTokens: 6,
      totalTokens: 37,
      cacheReadTokens: 0,
      reasoningTokens: 0,
    });
  });
});

describe("Anthropic answer details", () => {
  it("reads reasoning blocks with their signature, in order, and the cache counts beside the whole prompt", async () => {
    const body = jsonFixture("anthropic/message_thinking.json") as Json;
    const { adapter } = anthropicWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    const wire = body.content as Json[];
    assert.deepEqual(response.message.content, [
      {
        type: "thinking",
        thinking: wire[0].thinking,
        signature: wire[0].signature,
      },
      { type: "redacted_thinking", data: wire[1].data },
      { type: "text", text: "27 × 453 = 12,231." },
    ]);
    // 48 uncached + 3100 read + 1200 written = the whole prompt.
    assert.deepEqual(response.usage, {
      promptTokens: 4348,
      completionTokens: 210,
      totalTokens: 4558,
      cacheReadTokens: 3100,
      cacheCreationTokens: 1200,
    });
    assert.equal(response.stopSequence, undefined);
  });

  it("names the stop sequence that ended the answer", async () => {
    const body = jsonFixture("anthropic/message_stop_sequence.json") as Json;
    const { adapter } = anthropicWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    assert.equal(response.finishReason, "stop");
    assert.equal(response.stopSequence, "\nStep two:");
  });

  it("sends an earlier turn's reasoning back byte for byte, signature included (the next request of a conversation)", async () => {
    const body = jsonFixture("anthropic/message_thinking.json") as Json;
    const { adapter, requests } = anthropicWith(() => Response.json(body));
    const first = await adapter.execute(ask);
    await adapter.execute({
      messages: [...ask.messages, first.message, {
        role: "user",
        content: "And 27 * 454?",
      }],
    });
    const sent = (requests[1].body as Json).messages as Json[];
    assert.equal(sent[1].role, "assistant");
    assert.deepEqual(sent[1].content, body.content);
  });

  it("streams message_start's counts on the start chunk, before any content", async () => {
    const { adapter } = anthropicWith(() =>
      streamResponse(fixture("anthropic/stream_thinking.sse"))
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(chunks[0].type, "start");
    if (chunks[0].type !== "start") return;
    assert.deepEqual(chunks[0].usage, {
      promptTokens: 4348,
      completionTokens: 1,
      totalTokens: 4349,
      cacheReadTokens: 3100,
      cacheCreationTokens: 1200,
    });
    assert.equal(chunks[1].type, "content");
  });

  it("streams reasoning, its signature and redacted reasoning as content pieces, and the done chunk holds them whole", async () => {
    const text = fixture("anthropic/stream_thinking.sse");
    const { adapter } = anthropicWith(() => streamResponse(text));
    const chunks = await collect(adapter.executeStream(ask));
    const signature =
      "ErUBCkYIBRgCIkD0a8+ourOwnWordsNotARealSignature/Z9x1QmVc2Yk3pL0wEhR7cGxhY2Vob2xkZXI=";
    assert.deepEqual(
      contentChunks(chunks).map((c) => ({ ...c, sequence: 0 })),
      [
        {
          type: "content",
          sequence: 0,
          delta: "",
          thinking: "27 * 453: 10800 + 1431",
        },
        { type: "content", sequence: 0, delta: "", thinking: " = 12231." },
        { type: "content", sequence: 0, delta: "", signature },
        {
          type: "content",
          sequence: 0,
          delta: "",
          redactedThinking:
            "EmwKAhgBEgyOpaqueBytesOfOurOwnForTheFixture+QmFzZTY0==",
        },
        { type: "content", sequence: 0, delta: "27 × 453 = 12,231." },
      ],
    );
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    if (done?.type !== "done") return;
    assert.equal(done.stopSequence, "\nDone.");
    assert.deepEqual((done.message as IRMessage).content, [
      {
        type: "thinking",
        thinking: "27 * 453: 10800 + 1431 = 12231.",
        signature,
      },
      {
        type: "redacted_thinking",
        data: "EmwKAhgBEgyOpaqueBytesOfOurOwnForTheFixture+QmFzZTY0==",
      },
      { type: "text", text: "27 × 453 = 12,231." },
    ]);
    assert.equal(done.usage?.cacheReadTokens, 3100);
    assert.equal(done.usage?.completionTokens, 210);
  });
});

describe("Anthropic answer details: an answer that is reasoning only", () => {
  // What the API returns when max_tokens runs out while the model thinks:
  // reasoning blocks and no text block. No empty text part is made up.
  const reasoningOnly = [
    {
      type: "thinking",
      thinking: "27 * 453: 10800 + 1431 = 12231.",
      signature: "ErUBCkYIBRgCIkD0a8+ourOwnWordsNotARealSignature=",
    },
    { type: "redacted_thinking", data: "EmwKAhgBOpaqueOfOurOwn==" },
  ];

  it("whole: the message holds the reasoning parts and nothing else", async () => {
    const body = jsonFixture("anthropic/message_thinking.json") as Json;
    const { adapter } = anthropicWith(() =>
      Response.json({
        ...body,
        content: reasoningOnly,
        stop_reason: "max_tokens",
      })
    );
    const response = await adapter.execute(ask);
    assert.equal(response.finishReason, "length");
    assert.deepEqual(response.message.content, reasoningOnly);
  });

  it("streamed: the done message holds the reasoning parts and nothing else", async () => {
    const text = fixture("anthropic/stream_thinking.sse")
      .split("\n\n")
      .filter((event) => !event.includes('"index":2'))
      .join("\n\n")
      .replace('"stop_reason":"stop_sequence"', '"stop_reason":"max_tokens"');
    const { adapter } = anthropicWith(() => streamResponse(text));
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(
      contentChunks(chunks).some((chunk) => chunk.delta !== ""),
      false,
      "no text was streamed",
    );
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    if (done?.type !== "done") return;
    assert.equal(done.finishReason, "length");
    assert.deepEqual(
      (done.message as IRMessage).content,
      [
        {
          type: "thinking",
          thinking: "27 * 453: 10800 + 1431 = 12231.",
          signature:
            "ErUBCkYIBRgCIkD0a8+ourOwnWordsNotARealSignature/Z9x1QmVc2Yk3pL0wEhR7cGxhY2Vob2xkZXI=",
        },
        {
          type: "redacted_thinking",
          data: "EmwKAhgBEgyOpaqueBytesOfOurOwnForTheFixture+QmFzZTY0==",
        },
      ],
    );
  });
});

describe("Gemini answer details", () => {
  it("reads the cached content and the thoughts as parts of the prompt and completion counts", async () => {
    const body = jsonFixture("gemini/generate_cached_thoughts.json") as Json;
    const { adapter } = geminiWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    assert.deepEqual(response.usage, {
      promptTokens: 4300,
      completionTokens: 358,
      totalTokens: 4658,
      cacheReadTokens: 4096,
      reasoningTokens: 350,
    });
  });
});

describe("Ollama answer details", () => {
  it("reads a thinking model's reasoning as an unsigned thinking part before the text, and sends it back as the turn's thinking", async () => {
    const body = jsonFixture("ollama/chat_thinking.json") as Json;
    const { adapter, requests } = ollamaWith(() => Response.json(body));
    const first = await adapter.execute(ask);
    const message = body.message as Json;
    assert.deepEqual(first.message.content, [
      { type: "thinking", thinking: message.thinking },
      { type: "text", text: "It is 12,231." },
    ]);
    await adapter.execute({
      messages: [...ask.messages, first.message, {
        role: "user",
        content: "Thanks.",
      }],
    });
    const sent = (requests[1].body as Json).messages as Json[];
    assert.deepEqual(sent[1], {
      role: "assistant",
      content: "It is 12,231.",
      thinking: message.thinking,
    });
  });

  it("streams reasoning pieces as content chunks with thinking, and the done message holds it whole", async () => {
    const { adapter } = ollamaWith(() =>
      streamResponse(
        fixture("ollama/chat_thinking_stream.ndjson"),
        "application/x-ndjson",
      )
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.deepEqual(
      contentChunks(chunks).map((c) => [c.delta, c.thinking]),
      [["", "27 * 450 = 12150"], ["", ", plus 81."], ["12,231.", undefined]],
    );
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    if (done?.type !== "done") return;
    assert.deepEqual(done.message?.content, [
      { type: "thinking", thinking: "27 * 450 = 12150, plus 81." },
      { type: "text", text: "12,231." },
    ]);
  });
});

describe("request direction: each wire gets the IR's marks in its own shape", () => {
  const request: IRChatRequest = {
    messages: [
      {
        role: "user",
        content: [
          {
            type: "text",
            text: "A long document…",
            cacheControl: { type: "ephemeral", ttl: "1h" },
          },
          {
            type: "image",
            source: { type: "url", url: "https://example.com/a.png" },
            detail: "low",
          },
        ],
      },
      { role: "assistant", content: "", refusal: "I can't do that." },
      { role: "user", content: "Then just say hi." },
    ],
    tools: [{
      name: "weather",
      parameters: { type: "object", properties: {} },
      strict: true,
      cacheControl: { type: "ephemeral" },
    }],
  };

  it("OpenAI: strict on the function, detail on the image, the refusal on the assistant turn, no cache marks", async () => {
    const body = jsonFixture("openai/chat_completion.json") as Json;
    const { adapter, requests } = openAIWith(() => Response.json(body));
    await adapter.execute(request);
    const sent = requests[0].body as Json;
    const tools = sent.tools as Json[];
    assert.deepEqual(tools[0].function, {
      name: "weather",
      parameters: { type: "object", properties: {} },
      strict: true,
    });
    const messages = sent.messages as Json[];
    assert.deepEqual(messages[0].content, [
      { type: "text", text: "A long document…" },
      {
        type: "image_url",
        image_url: { url: "https://example.com/a.png", detail: "low" },
      },
    ]);
    assert.deepEqual(messages[1], {
      role: "assistant",
      content: null,
      refusal: "I can't do that.",
    });
    assert.equal(JSON.stringify(sent).includes("cache_control"), false);
  });

  it("Anthropic: cache_control on the marked block and tool, strict on the tool (the Messages API's Tool has it), no image detail", async () => {
    const body = jsonFixture("anthropic/message.json") as Json;
    const { adapter, requests } = anthropicWith(() => Response.json(body));
    await adapter.execute(request);
    const sent = requests[0].body as Json;
    const tools = sent.tools as Json[];
    assert.deepEqual(tools[0], {
      name: "weather",
      input_schema: { type: "object", properties: {} },
      strict: true,
      cache_control: { type: "ephemeral" },
    });
    const first = (sent.messages as Json[])[0].content as Json[];
    assert.deepEqual(first[0], {
      type: "text",
      text: "A long document…",
      cache_control: { type: "ephemeral", ttl: "1h" },
    });
    assert.deepEqual(first[1], {
      type: "image",
      source: { type: "url", url: "https://example.com/a.png" },
    });
  });

  it("Anthropic: reasoning without a signature (another provider's) is not sent; signed reasoning is", async () => {
    const body = jsonFixture("anthropic/message.json") as Json;
    const { adapter, requests } = anthropicWith(() => Response.json(body));
    await adapter.execute({
      messages: [
        { role: "user", content: "Hi" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "unsigned, from Ollama" },
            { type: "thinking", thinking: "signed", signature: "c2ln" },
            { type: "text", text: "Hello." },
          ],
        },
        { role: "user", content: "Go on." },
      ],
    });
    const sent = (requests[0].body as Json).messages as Json[];
    assert.deepEqual(sent[1].content, [
      { type: "thinking", thinking: "signed", signature: "c2ln" },
      { type: "text", text: "Hello." },
    ]);
  });
});
