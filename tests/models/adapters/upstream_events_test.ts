// The upstream's own answer kept beside the IR: an adapter sent the
// client's body in its own wire (`CallOptions.source`) keeps the JSON answer
// (`upstreamBody`) or every SSE event of the stream (`upstreamEvents`, each
// once, in order, on the first chunk it produced), so a caller in that wire
// can write the answer back unchanged. A translated call keeps none: its
// upstream's answer is in another wire than the caller's.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createAnthropicAdapter,
  type IRChatRequest,
  type IRStreamChunk,
} from "../../../src/models/adapters/anthropic.ts";
import {
  createOpenAIAdapter,
  HttpAdapter,
  type ProviderSpec,
} from "../../../src/models/adapters/openai.ts";
import { collect, fakeFetch, streamResponse } from "./_fake.ts";

const IR: IRChatRequest = {
  messages: [{ role: "user", content: "hi" }],
  parameters: { model: "m", maxTokens: 16 },
  stream: true,
};

const ANTHROPIC_SOURCE = {
  wire: "anthropic" as const,
  body: { model: "m", max_tokens: 16, stream: true, messages: [] },
};

const OPENAI_SOURCE = {
  wire: "openai" as const,
  body: { model: "m", stream: true, messages: [] },
};

/** Every chunk's events, joined in stream order. */
function eventsOf(chunks: readonly IRStreamChunk[]): string {
  return chunks.map((chunk) =>
    chunk.type === "error" ? "" : chunk.upstreamEvents ?? ""
  ).join("");
}

// An Anthropic stream with an event the IR has no chunk for (`ping`, a
// block's stop), one no IR field knows, and a comment (a keep-alive).
const ANTHROPIC_EVENTS = [
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":3,"output_tokens":0},"x_new":{"a":[1]}}}\n\n',
  'event: ping\ndata: {"type":"ping"}\n\n',
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n',
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
  'event: vendor_note\ndata: {"type":"vendor_note","x":1}\n\n',
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null}}\n\n',
  'event: message_stop\ndata: {"type":"message_stop"}\n\n',
];

function anthropicStream(): Response {
  return streamResponse(": keep-alive\n\n" + ANTHROPIC_EVENTS.join(""));
}

describe("the upstream's answer beside the IR", () => {
  it("a stream in the source's wire carries each of its events once, in order, an event without a chunk riding on the next", async () => {
    const { fetch } = fakeFetch(() => anthropicStream());
    const adapter = createAnthropicAdapter({ apiKey: "k", fetch });
    const chunks = await collect(
      adapter.executeStream(IR, undefined, { source: ANTHROPIC_SOURCE }),
    );
    assert.equal(chunks.at(-1)?.type, "done");
    // The comment is no event; every event is there, as sent.
    assert.equal(eventsOf(chunks), ANTHROPIC_EVENTS.join(""));
    // The ping and the text block's start have no chunk of their own: they
    // come with the text's.
    const text = chunks.find((chunk) => chunk.type === "content");
    assert.equal(
      text?.type === "content" ? text.upstreamEvents : undefined,
      ANTHROPIC_EVENTS.slice(1, 4).join(""),
    );
    const start = chunks.find((chunk) => chunk.type === "start");
    assert.equal(
      start?.type === "start" ? start.upstreamEvents : undefined,
      ANTHROPIC_EVENTS[0],
    );
  });

  it("a translated stream carries none: no source, or a source of another wire", async () => {
    for (const options of [undefined, { source: OPENAI_SOURCE }]) {
      const { fetch } = fakeFetch(() => anthropicStream());
      const adapter = createAnthropicAdapter({ apiKey: "k", fetch });
      const chunks = await collect(
        adapter.executeStream(IR, undefined, options),
      );
      assert.equal(chunks.at(-1)?.type, "done");
      assert.equal(eventsOf(chunks), "");
    }
  });

  it("events left when the stream ends ride on the last chunk (a server that sends no [DONE]); several data lines stay several", async () => {
    const events = [
      'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n',
      // One event's JSON over two data lines, as SSE allows.
      'data: {"id":"c","object":"chat.completion.chunk",\ndata: "choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"x_tail":true}\n\n',
    ];
    const { fetch, requests } = fakeFetch(() =>
      streamResponse(events.join(""))
    );
    const adapter = createOpenAIAdapter({ apiKey: "k", fetch });
    const chunks = await collect(
      adapter.executeStream(IR, undefined, { source: OPENAI_SOURCE }),
    );
    const done = chunks.at(-1);
    assert.equal(done?.type, "done");
    assert.equal(done?.type === "done" ? done.upstreamEvents : "", events[1]);
    assert.equal(eventsOf(chunks), events.join(""));
    // The client's body as it is: no usage asked for on its behalf.
    assert.deepEqual(requests[0].body, OPENAI_SOURCE.body);
  });

  it("a failure mid-stream ends with an error chunk; the events before it stay on their chunks", async () => {
    const { fetch } = fakeFetch(() =>
      streamResponse(
        ANTHROPIC_EVENTS.slice(0, 4).join("") +
          'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"busy"}}\n\n',
      )
    );
    const adapter = createAnthropicAdapter({ apiKey: "k", fetch });
    const chunks = await collect(
      adapter.executeStream(IR, undefined, { source: ANTHROPIC_SOURCE }),
    );
    assert.equal(chunks.at(-1)?.type, "error");
    assert.equal(eventsOf(chunks), ANTHROPIC_EVENTS.slice(0, 4).join(""));
  });

  it("a JSON answer in the source's wire is kept as the upstream's body; a translated one is not", async () => {
    const answer = {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [{ type: "text", text: "hi", x_cite: { n: 1 } }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 1, x_tier: "t" },
      x_new: [null, { deep: true }],
    };
    const { fetch } = fakeFetch(() => Response.json(answer));
    const adapter = createAnthropicAdapter({ apiKey: "k", fetch });
    const plain = { ...IR, stream: false };
    const sourced = await adapter.execute(plain, undefined, {
      source: { ...ANTHROPIC_SOURCE, body: { ...ANTHROPIC_SOURCE.body } },
    });
    assert.deepEqual(sourced.upstreamBody, answer);
    assert.equal(sourced.message.content, "hi");
    const translated = await adapter.execute(plain);
    assert.equal(translated.upstreamBody, undefined);
    const crossed = await adapter.execute(plain, undefined, {
      source: OPENAI_SOURCE,
    });
    assert.equal(crossed.upstreamBody, undefined);
  });
});

describe("upstream events from a provider whose parser yields plain values", () => {
  it("a same-wire stream whose events are not SSE events (no `data` text) keeps none and streams its chunks", async () => {
    // A provider of one's own (ProviderSpec) may speak a chat wire and parse
    // its stream into any value: only SSE events can be written back.
    const spec: ProviderSpec<{ n: number }> = {
      provider: "own",
      baseURL: "https://own.example",
      healthPath: "/health",
      defaultModel: "m",
      headers: {},
      parameters: { names: {} },
      chatWire: { name: "openai", path: "/chat" },
      parse: async function* () {
        yield { n: 1 };
        yield { n: 2 };
      },
      call: (request, context) => ({
        path: "/chat",
        body: { model: context.model, messages: request.messages },
      }),
      response: () => ({
        message: { role: "assistant", content: "" },
        finishReason: "stop",
        metadata: {},
      }),
      translator: () => ({
        event: (value) => [{ type: "content", delta: String(value.n) }],
        end: () => [{ type: "done", finishReason: "stop" }],
      }),
    };
    const adapter = new HttpAdapter(
      { fetch: () => Promise.resolve(new Response("ignored")) },
      spec,
    );
    const chunks = await collect(
      adapter.executeStream(IR, undefined, { source: OPENAI_SOURCE }),
    );
    assert.deepEqual(
      chunks.filter((c) => c.type === "content").map((c) =>
        (c as { delta: string }).delta
      ),
      ["1", "2"],
    );
    assert.equal(eventsOf(chunks), "");
  });
});
