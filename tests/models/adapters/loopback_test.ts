// Deno-only: one behavioural suite run against every provider adapter over a
// real socket (as hono runs one suite against each of its routers). Each
// provider's peer is a Deno.serve server on 127.0.0.1 that speaks the
// provider's documented wire protocol from tests/fixtures/models/<provider>/;
// Deno's op and resource sanitizers are on, so a leaked connection, body or
// timer fails the test.
//
// The request samples (request_chat.json, request_stream.json) were recorded
// once by running each adapter on REPRESENTATIVE against a peer and writing
// the body the peer received, then checked by hand against each provider's
// API reference. A change of the wire format fails the "recorded request"
// case until the sample is re-recorded and re-checked.
import assert from "node:assert/strict";
import type {
  BackendAdapter,
  FinishReason,
  IRChatRequest,
  IRMessage,
  IRStreamChunk,
  IRUsage,
} from "../../../src/models/adapters/openai.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import {
  collect,
  fixture,
  jsonFixture,
  rejection,
  sequencesAreConsecutive,
  textOf,
} from "./_fake.ts";
import {
  endlessBody,
  type Peer,
  type Received,
  servePeer,
  slowBody,
  stallingBody,
  tricklingBody,
  within,
} from "./_peer.ts";

/** Every HTTP adapter has a health probe. */
type HttpAdapter =
  & BackendAdapter
  & Required<Pick<BackendAdapter, "healthCheck">>;

/** What the shared suite needs to know about one provider. */
interface ProviderPeer {
  name: string;
  /** The credential the adapter is built with. */
  key: string;
  /** Builds the adapter against a peer at `url`. */
  create(config: {
    url: string;
    apiKey: string;
    timeout?: number;
    now?: () => number;
  }): HttpAdapter;
  /** The header carrying the key, and its expected value. */
  auth: { header: string; value: string };
  /** Path and query of a chat call and a streamed call (default model). */
  chatPath: string;
  streamPath: string;
  /** Free GET of healthCheck and the provider's answer to it. */
  health: { path: string; fixture: string };
  /** Content type of a streamed answer. */
  streamType: string;
  /** The wire bodies of `hello` (one user message, no parameters). */
  helloBody: { chat: unknown; stream: unknown };
  /** A recorded non-streamed answer and the IR it maps to. */
  chat: {
    fixture: string;
    message: IRMessage;
    finishReason: FinishReason;
    usage: IRUsage;
  };
  /** A recorded stream and the exact IR chunks it maps to. */
  stream: { fixture: string; chunks: IRStreamChunk[] };
  /** Recorded request samples for REPRESENTATIVE (stream: same as chat when absent). */
  requestSamples: { chat: string; stream?: string };
  /** The provider's answers to a bad key: status, body and the message kept. */
  unauthorized: Array<{ status: number; fixture: string; message: RegExp }>;
  /** The provider's 429 body. */
  rateLimited: string;
  /** The provider's 5xx answers. */
  serverErrors: Array<{ status: number; fixture: string; message: RegExp }>;
  /** Wire events of a stream: its opening, one text delta, and its ending. */
  events: { open: string; delta(text: string): string; close: string };
}

const SSE = "text/event-stream";
const NDJSON = "application/x-ndjson";
const OPTIONS = { sanitizeOps: true, sanitizeResources: true };
/** Bound on waits for the server to see the client hang up. */
const CLOSE_WAIT_MS = 2_000;

const hello: IRChatRequest = {
  messages: [{ role: "user", content: "Hello" }],
};

/** A 1×1 PNG: the image part of the representative request. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/**
 * One conversation that uses every mapped feature: system prompt, user text
 * with an image, an assistant tool call, its result, tools, a tool choice and
 * sampling parameters.
 */
const REPRESENTATIVE: IRChatRequest = {
  messages: [
    { role: "system", content: "You are a terse weather assistant." },
    {
      role: "user",
      content: [
        {
          type: "text",
          text: "What is the weather where this photo was taken?",
        },
        {
          type: "image",
          source: { type: "base64", mediaType: "image/png", data: PNG },
        },
      ],
    },
    {
      role: "assistant",
      content: [
        { type: "text", text: "Let me look that up." },
        {
          type: "tool_use",
          id: "call_weather_1",
          name: "get_weather",
          input: { city: "Zürich", unit: "celsius" },
        },
      ],
    },
    {
      role: "tool",
      content: [{
        type: "tool_result",
        toolUseId: "call_weather_1",
        content: '{"temperature":12,"sky":"overcast"}',
      }],
    },
  ],
  tools: [{
    name: "get_weather",
    description: "Current weather for a city",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string" },
        unit: { type: "string", enum: ["celsius", "fahrenheit"] },
      },
      required: ["city"],
    },
  }],
  toolChoice: "auto",
  parameters: {
    temperature: 0.2,
    maxTokens: 256,
    topP: 0.9,
    stopSequences: ["END"],
    seed: 7,
  },
};

const openai: ProviderPeer = {
  name: "openai",
  key: "sk-loop-secret-0001",
  create: ({ url, ...config }) =>
    createOpenAIAdapter({
      ...config,
      baseURL: `${url}/v1`,
      defaultModel: "gpt-4o-mini",
    }),
  auth: { header: "authorization", value: "Bearer sk-loop-secret-0001" },
  chatPath: "/v1/chat/completions",
  streamPath: "/v1/chat/completions",
  health: { path: "/v1/models", fixture: "openai/models.json" },
  streamType: SSE,
  helloBody: {
    chat: {
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Hello" }],
    },
    stream: {
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
      stream_options: { include_usage: true },
    },
  },
  chat: {
    fixture: "openai/chat_completion.json",
    message: {
      role: "assistant",
      content: "Hello! How can I assist you today? 😊",
    },
    finishReason: "stop",
    usage: {
      promptTokens: 19,
      completionTokens: 10,
      totalTokens: 29,
      cacheReadTokens: 0,
      reasoningTokens: 0,
    },
  },
  stream: {
    fixture: "openai/stream_text.sse",
    chunks: [
      {
        type: "start",
        sequence: 0,
        metadata: {
          provider: "openai",
          model: "gpt-4o-mini-2024-07-18",
          providerResponseId: "chatcmpl-123",
        },
      },
      { type: "content", sequence: 1, delta: "Hej" },
      { type: "content", sequence: 2, delta: " då! Grüße " },
      { type: "content", sequence: 3, delta: "🌍 こんにちは" },
      {
        type: "metadata",
        sequence: 4,
        usage: {
          promptTokens: 11,
          completionTokens: 9,
          totalTokens: 20,
          cacheReadTokens: 0,
          reasoningTokens: 0,
        },
      },
      {
        type: "done",
        sequence: 5,
        finishReason: "stop",
        message: { role: "assistant", content: "Hej då! Grüße 🌍 こんにちは" },
        metadata: {
          provider: "openai",
          model: "gpt-4o-mini-2024-07-18",
          providerResponseId: "chatcmpl-123",
        },
        usage: {
          promptTokens: 11,
          completionTokens: 9,
          totalTokens: 20,
          cacheReadTokens: 0,
          reasoningTokens: 0,
        },
      },
    ],
  },
  requestSamples: {
    chat: "openai/request_chat.json",
    stream: "openai/request_stream.json",
  },
  unauthorized: [{
    status: 401,
    fixture: "openai/error_401.json",
    message: /Incorrect API key provided/,
  }],
  rateLimited: "openai/error_429.json",
  serverErrors: [{
    status: 500,
    fixture: "openai/error_500.json",
    message: /The server had an error/,
  }],
  events: {
    open: "",
    delta: (text) =>
      `data: ${
        JSON.stringify({
          id: "chatcmpl-slow",
          object: "chat.completion.chunk",
          created: 1694268190,
          model: "gpt-4o-mini-2024-07-18",
          choices: [{
            index: 0,
            delta: { content: text },
            logprobs: null,
            finish_reason: null,
          }],
        })
      }\n\n`,
    close:
      'data: {"id":"chatcmpl-slow","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}\n\n' +
      "data: [DONE]\n\n",
  },
};

const anthropic: ProviderPeer = {
  name: "anthropic",
  key: "sk-ant-loop-secret-0002",
  create: ({ url, ...config }) =>
    createAnthropicAdapter({ ...config, baseURL: url }),
  auth: { header: "x-api-key", value: "sk-ant-loop-secret-0002" },
  chatPath: "/v1/messages",
  streamPath: "/v1/messages",
  health: { path: "/v1/models", fixture: "anthropic/models.json" },
  streamType: SSE,
  helloBody: {
    chat: {
      model: "claude-3-5-haiku-latest",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Hello" }],
    },
    stream: {
      model: "claude-3-5-haiku-latest",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
    },
  },
  chat: {
    fixture: "anthropic/message.json",
    message: {
      role: "assistant",
      content: [
        {
          type: "text",
          text: "I'll check the weather in San Francisco for you.",
        },
        {
          type: "tool_use",
          id: "toolu_01A09q90qw90lq917835lq9",
          name: "get_weather",
          input: { location: "San Francisco, CA", unit: "celsius" },
        },
      ],
    },
    finishReason: "tool_calls",
    // 472 input + 100 cache reads + 0 cache writes.
    usage: {
      promptTokens: 572,
      completionTokens: 89,
      totalTokens: 661,
      cacheReadTokens: 100,
      cacheCreationTokens: 0,
    },
  },
  stream: {
    fixture: "anthropic/stream_text.sse",
    chunks: [
      {
        type: "start",
        sequence: 0,
        metadata: {
          provider: "anthropic",
          model: "claude-3-5-haiku-20241022",
          providerResponseId: "msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY",
        },
        // message_start's counts, before the first token.
        usage: { promptTokens: 25, completionTokens: 1, totalTokens: 26 },
      },
      { type: "content", sequence: 1, delta: "Hello" },
      { type: "content", sequence: 2, delta: " — ünïcødé ✓ 🚀!" },
      {
        type: "metadata",
        sequence: 3,
        usage: { promptTokens: 25, completionTokens: 15, totalTokens: 40 },
      },
      {
        type: "done",
        sequence: 4,
        finishReason: "stop",
        message: { role: "assistant", content: "Hello — ünïcødé ✓ 🚀!" },
        metadata: {
          provider: "anthropic",
          model: "claude-3-5-haiku-20241022",
          providerResponseId: "msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY",
        },
        usage: { promptTokens: 25, completionTokens: 15, totalTokens: 40 },
      },
    ],
  },
  requestSamples: {
    chat: "anthropic/request_chat.json",
    stream: "anthropic/request_stream.json",
  },
  unauthorized: [{
    status: 401,
    fixture: "anthropic/error_401.json",
    message: /invalid x-api-key/,
  }],
  rateLimited: "anthropic/error_429.json",
  serverErrors: [
    {
      status: 500,
      fixture: "anthropic/error_500.json",
      message: /Internal server error/,
    },
    { status: 529, fixture: "anthropic/error_529.json", message: /Overloaded/ },
  ],
  events: {
    open: "event: message_start\n" +
      'data: {"type":"message_start","message":{"id":"msg_slow","type":"message","role":"assistant","content":[],"model":"claude-3-5-haiku-20241022","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":9,"output_tokens":1}}}\n\n' +
      "event: content_block_start\n" +
      'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
    delta: (text) =>
      `event: content_block_delta\ndata: ${
        JSON.stringify({
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text },
        })
      }\n\n`,
    close: "event: content_block_stop\n" +
      'data: {"type":"content_block_stop","index":0}\n\n' +
      "event: message_delta\n" +
      'data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":12}}\n\n' +
      "event: message_stop\n" +
      'data: {"type":"message_stop"}\n\n',
  },
};

const gemini: ProviderPeer = {
  name: "gemini",
  key: "AIza-loop-secret-0003",
  create: ({ url, ...config }) =>
    createGeminiAdapter({ ...config, baseURL: `${url}/v1beta` }),
  auth: { header: "x-goog-api-key", value: "AIza-loop-secret-0003" },
  chatPath: "/v1beta/models/gemini-2.0-flash:generateContent",
  streamPath: "/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse",
  health: { path: "/v1beta/models", fixture: "gemini/models.json" },
  streamType: SSE,
  helloBody: {
    chat: { contents: [{ role: "user", parts: [{ text: "Hello" }] }] },
    stream: { contents: [{ role: "user", parts: [{ text: "Hello" }] }] },
  },
  chat: {
    fixture: "gemini/generate.json",
    message: {
      role: "assistant",
      content: "Bonjour! Comment puis-je vous aider aujourd'hui ?",
    },
    finishReason: "stop",
    usage: { promptTokens: 8, completionTokens: 12, totalTokens: 20 },
  },
  stream: {
    fixture: "gemini/stream_text.sse",
    chunks: [
      {
        type: "start",
        sequence: 0,
        metadata: {
          provider: "gemini",
          model: "gemini-2.0-flash",
          providerResponseId: "sse-resp-1",
        },
      },
      { type: "content", sequence: 1, delta: "Once upon" },
      {
        type: "metadata",
        sequence: 2,
        usage: { promptTokens: 6, completionTokens: 0, totalTokens: 6 },
      },
      {
        type: "content",
        sequence: 3,
        delta: " a time, in a café — «très» 😀",
      },
      {
        type: "metadata",
        sequence: 4,
        usage: { promptTokens: 6, completionTokens: 0, totalTokens: 6 },
      },
      { type: "content", sequence: 5, delta: " there lived a fox." },
      {
        type: "metadata",
        sequence: 6,
        usage: { promptTokens: 6, completionTokens: 18, totalTokens: 24 },
      },
      {
        type: "done",
        sequence: 7,
        finishReason: "stop",
        message: {
          role: "assistant",
          content: "Once upon a time, in a café — «très» 😀 there lived a fox.",
        },
        metadata: {
          provider: "gemini",
          model: "gemini-2.0-flash",
          providerResponseId: "sse-resp-1",
          providerFinishReason: "STOP",
        },
        usage: { promptTokens: 6, completionTokens: 18, totalTokens: 24 },
      },
    ],
  },
  requestSamples: { chat: "gemini/request_chat.json" },
  unauthorized: [
    // An invalid API key is a 400 with reason API_KEY_INVALID; bad OAuth
    // credentials are a 401 UNAUTHENTICATED.
    {
      status: 400,
      fixture: "gemini/error_api_key.json",
      message: /API key not valid/,
    },
    {
      status: 401,
      fixture: "gemini/error_401.json",
      message: /invalid authentication credentials/,
    },
  ],
  rateLimited: "gemini/error_429.json",
  serverErrors: [
    {
      status: 500,
      fixture: "gemini/error_500.json",
      message: /An internal error has occurred/,
    },
    {
      status: 503,
      fixture: "gemini/error_503.json",
      message: /The model is overloaded/,
    },
  ],
  // Gemini's SSE has no end marker: the stream is complete at end of input
  // after a finishReason. Events end in CRLF pairs here, as Google sends them.
  events: {
    open: "",
    delta: (text) =>
      `data: ${
        JSON.stringify({
          candidates: [{
            content: { parts: [{ text }], role: "model" },
            index: 0,
          }],
          modelVersion: "gemini-2.0-flash",
          responseId: "sse-slow",
        })
      }\r\n\r\n`,
    close:
      'data: {"candidates": [{"content": {"parts": [{"text": ""}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 3,"candidatesTokenCount": 9,"totalTokenCount": 12},"modelVersion": "gemini-2.0-flash","responseId": "sse-slow"}\r\n\r\n',
  },
};

const ollama: ProviderPeer = {
  name: "ollama",
  key: "ollama-loop-secret-0004",
  create: ({ url, ...config }) =>
    createOllamaAdapter({ ...config, baseURL: url }),
  auth: { header: "authorization", value: "Bearer ollama-loop-secret-0004" },
  chatPath: "/api/chat",
  streamPath: "/api/chat",
  health: { path: "/api/tags", fixture: "ollama/tags.json" },
  streamType: NDJSON,
  helloBody: {
    chat: {
      model: "llama3.2",
      messages: [{ role: "user", content: "Hello" }],
      stream: false,
    },
    stream: {
      model: "llama3.2",
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
    },
  },
  chat: {
    fixture: "ollama/chat.json",
    message: { role: "assistant", content: "Hello! How are you today?" },
    finishReason: "stop",
    usage: { promptTokens: 26, completionTokens: 298, totalTokens: 324 },
  },
  stream: {
    fixture: "ollama/chat_stream.ndjson",
    chunks: [
      {
        type: "start",
        sequence: 0,
        metadata: { provider: "ollama", model: "llama3.2" },
      },
      { type: "content", sequence: 1, delta: "The" },
      { type: "content", sequence: 2, delta: " sky is blue — ñ 🌤" },
      {
        type: "content",
        sequence: 3,
        delta: " because of Rayleigh scattering.",
      },
      {
        type: "metadata",
        sequence: 4,
        usage: { promptTokens: 26, completionTokens: 282, totalTokens: 308 },
      },
      {
        type: "done",
        sequence: 5,
        finishReason: "stop",
        message: {
          role: "assistant",
          content: "The sky is blue — ñ 🌤 because of Rayleigh scattering.",
        },
        metadata: {
          provider: "ollama",
          model: "llama3.2",
          durations: {
            total_duration: 4883583458,
            load_duration: 1334875,
            prompt_eval_duration: 342546000,
            eval_duration: 4535599000,
          },
          providerFinishReason: "stop",
        },
        usage: { promptTokens: 26, completionTokens: 282, totalTokens: 308 },
      },
    ],
  },
  requestSamples: {
    chat: "ollama/request_chat.json",
    stream: "ollama/request_stream.json",
  },
  // A local Ollama needs no key; ollama.com and authenticating proxies do.
  unauthorized: [{
    status: 401,
    fixture: "ollama/error_401.json",
    message: /unauthorized/,
  }],
  rateLimited: "ollama/error_429.json",
  serverErrors: [{
    status: 500,
    fixture: "ollama/error_500.json",
    message: /the model failed to generate a response/,
  }],
  events: {
    open: "",
    delta: (text) =>
      JSON.stringify({
        model: "llama3.2",
        created_at: "2024-08-04T08:52:19.385406455-07:00",
        message: { role: "assistant", content: text },
        done: false,
      }) + "\n",
    close:
      '{"model":"llama3.2","created_at":"2024-08-04T08:52:20Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":1000,"load_duration":10,"prompt_eval_count":3,"prompt_eval_duration":100,"eval_count":9,"eval_duration":800}\n',
  },
};

const cohere: ProviderPeer = {
  name: "cohere",
  key: "co-loop-secret-0005",
  create: ({ url, ...config }) =>
    createCohereAdapter({ ...config, baseURL: url }),
  auth: { header: "authorization", value: "Bearer co-loop-secret-0005" },
  chatPath: "/v2/chat",
  streamPath: "/v2/chat",
  health: { path: "/v1/models", fixture: "cohere/models.json" },
  streamType: SSE,
  helloBody: {
    chat: {
      model: "command-a-03-2025",
      messages: [{ role: "user", content: "Hello" }],
    },
    stream: {
      model: "command-a-03-2025",
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
    },
  },
  chat: {
    fixture: "cohere/chat.json",
    message: { role: "assistant", content: "Hello! How can I help you today?" },
    finishReason: "stop",
    // The billed tokens, not the template-inflated `tokens` counts.
    usage: { promptTokens: 5, completionTokens: 9, totalTokens: 14 },
  },
  stream: {
    fixture: "cohere/stream_text.sse",
    chunks: [
      {
        type: "start",
        sequence: 0,
        metadata: {
          provider: "cohere",
          providerResponseId: "29f14a5a-11de-4cae-9800-25e4747408ea",
        },
      },
      { type: "content", sequence: 1, delta: "Hello" },
      { type: "content", sequence: 2, delta: " there!" },
      {
        type: "metadata",
        sequence: 3,
        usage: { promptTokens: 5, completionTokens: 3, totalTokens: 8 },
      },
      {
        type: "done",
        sequence: 4,
        finishReason: "stop",
        message: { role: "assistant", content: "Hello there!" },
        metadata: {
          provider: "cohere",
          providerResponseId: "29f14a5a-11de-4cae-9800-25e4747408ea",
          providerFinishReason: "COMPLETE",
        },
        usage: { promptTokens: 5, completionTokens: 3, totalTokens: 8 },
      },
    ],
  },
  requestSamples: {
    chat: "cohere/request_chat.json",
    stream: "cohere/request_stream.json",
  },
  unauthorized: [{
    status: 401,
    fixture: "cohere/error_401.json",
    message: /invalid api token/,
  }],
  rateLimited: "cohere/error_429.json",
  serverErrors: [{
    status: 500,
    fixture: "cohere/error_500.json",
    message: /internal server error/,
  }],
  events: {
    open: "event: message-start\n" +
      'data: {"id":"c-slow","type":"message-start","delta":{"message":{"role":"assistant","content":[],"tool_plan":"","tool_calls":[],"citations":[]}}}\n\n',
    delta: (text) =>
      `event: content-delta\ndata: ${
        JSON.stringify({
          type: "content-delta",
          index: 0,
          delta: { message: { content: { text } } },
        })
      }\n\n`,
    close: "event: message-end\n" +
      'data: {"type":"message-end","delta":{"finish_reason":"COMPLETE","usage":{"billed_units":{"input_tokens":3,"output_tokens":9}}}}\n\n',
  },
};

const PROVIDERS: readonly ProviderPeer[] = [
  openai,
  anthropic,
  gemini,
  ollama,
  cohere,
];

/** Starts a peer, runs `body` with an adapter on it, always shuts it down. */
async function withPeer(
  provider: ProviderPeer,
  answer: (request: Received) => Response | Promise<Response>,
  body: (adapter: HttpAdapter, peer: Peer) => Promise<void>,
  config: { timeout?: number; now?: () => number } = {},
): Promise<void> {
  const peer = servePeer(answer);
  try {
    const adapter = provider.create({
      url: peer.url,
      apiKey: provider.key,
      ...config,
    });
    await body(adapter, peer);
  } finally {
    await peer.close();
  }
}

function jsonAnswer(text: string, status = 200, headers = {}): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Asserts one request's method, path, credential and JSON content type. */
function assertCall(
  provider: ProviderPeer,
  request: Received,
  path: string,
): void {
  assert.equal(request.method, "POST");
  assert.equal(request.path, path);
  assert.equal(request.headers.get(provider.auth.header), provider.auth.value);
  assert.equal(request.headers.get("content-type"), "application/json");
  assert.equal(request.path.includes(provider.key), false);
}

/** Content deltas of the slow and endless streams. */
const TICKS = ["one ", "two ", "three ", "four ", "five ", "six ", "seven"];

for (const provider of PROVIDERS) {
  const { name } = provider;

  Deno.test({
    name: `${name}: a chat call maps the recorded answer; the request is exact`,
    ...OPTIONS,
    fn: () =>
      withPeer(
        provider,
        () => jsonAnswer(fixture(provider.chat.fixture)),
        async (adapter, peer) => {
          const response = await adapter.execute(hello);
          assert.deepEqual(response.message, provider.chat.message);
          assert.equal(response.finishReason, provider.chat.finishReason);
          assert.deepEqual(response.usage, provider.chat.usage);
          assertCall(provider, peer.received[0], provider.chatPath);
          assert.deepEqual(peer.received[0].body, provider.helloBody.chat);
        },
      ),
  });

  Deno.test({
    name:
      `${name}: a stream written in 1–7 byte pieces gives the exact IR chunks`,
    ...OPTIONS,
    fn: () =>
      withPeer(
        provider,
        () =>
          new Response(tricklingBody(fixture(provider.stream.fixture)).body, {
            headers: { "content-type": provider.streamType },
          }),
        async (adapter, peer) => {
          const chunks = await collect(adapter.executeStream(hello));
          assert.ok(sequencesAreConsecutive(chunks));
          assert.deepEqual(chunks, provider.stream.chunks);
          assertCall(provider, peer.received[0], provider.streamPath);
          assert.deepEqual(peer.received[0].body, provider.helloBody.stream);
        },
      ),
  });

  Deno.test({
    name: `${name}: the adapter sends the recorded request samples`,
    ...OPTIONS,
    fn: () =>
      withPeer(
        provider,
        (request) =>
          request.path.endsWith("alt=sse") ||
            (request.body as { stream?: boolean }).stream === true
            ? new Response(fixture(provider.stream.fixture), {
              headers: { "content-type": provider.streamType },
            })
            : jsonAnswer(fixture(provider.chat.fixture)),
        async (adapter, peer) => {
          await adapter.execute(REPRESENTATIVE);
          await collect(adapter.executeStream(REPRESENTATIVE));
          const [chat, stream] = peer.received;
          assertCall(provider, chat, provider.chatPath);
          assertCall(provider, stream, provider.streamPath);
          const samples = provider.requestSamples;
          assert.deepEqual(chat.body, jsonFixture(samples.chat));
          assert.deepEqual(
            stream.body,
            jsonFixture(samples.stream ?? samples.chat),
          );
        },
      ),
  });

  Deno.test({
    name:
      `${name}: healthCheck GETs its free path with the key; a refused connection is NETWORK_ERROR`,
    ...OPTIONS,
    fn: async () => {
      let url = "";
      await withPeer(
        provider,
        () => jsonAnswer(fixture(provider.health.fixture)),
        async (adapter, peer) => {
          url = peer.url;
          assert.equal(await adapter.healthCheck(), true);
          const [probe] = peer.received;
          assert.equal(probe.method, "GET");
          assert.equal(probe.path, provider.health.path);
          assert.equal(
            probe.headers.get(provider.auth.header),
            provider.auth.value,
          );
        },
      );
      // The peer is shut down: nothing listens on its port any more.
      const refused = provider.create({ url, apiKey: provider.key });
      const error = await rejection(refused.execute(hello));
      assert.equal(error.code, "NETWORK_ERROR");
      assert.equal(error.message.includes(provider.key), false);
      assert.equal(await refused.healthCheck(), false);
    },
  });

  for (const bad of provider.unauthorized) {
    Deno.test({
      name:
        `${name}: ${bad.status} for a bad key is AUTHENTICATION_FAILED with the provider's message, never the key`,
      ...OPTIONS,
      fn: () =>
        withPeer(
          provider,
          () => jsonAnswer(fixture(bad.fixture), bad.status),
          async (adapter) => {
            for (
              const call of [
                () => adapter.execute(hello),
                () => collect(adapter.executeStream(hello)),
              ]
            ) {
              const error = await rejection(call());
              assert.equal(error.code, "AUTHENTICATION_FAILED");
              assert.equal(error.statusCode, bad.status);
              assert.equal(error.isRetryable, false);
              assert.match(error.message, bad.message);
              assert.equal(error.message.includes(provider.key), false);
              assert.equal(
                JSON.stringify(error.details).includes(provider.key),
                false,
              );
            }
          },
        ),
    });
  }

  Deno.test({
    name:
      `${name}: 429 with Retry-After in seconds or as an HTTP date is RATE_LIMITED; retryAfter counts from the injected clock`,
    ...OPTIONS,
    fn: () => {
      // The adapter's clock, decades behind this machine's: a date measured
      // against the real clock would give no delay at all (it is past).
      const now = Date.parse("Sun, 06 Nov 1994 08:49:37 GMT");
      const retryAfter = ["3", "Sun, 06 Nov 1994 08:49:42 GMT", "0.5"];
      let index = 0;
      return withPeer(
        provider,
        () =>
          jsonAnswer(fixture(provider.rateLimited), 429, {
            "retry-after": retryAfter[index++ % retryAfter.length],
          }),
        async (adapter) => {
          const seconds = await rejection(adapter.execute(hello));
          assert.equal(seconds.code, "RATE_LIMITED");
          assert.equal(seconds.statusCode, 429);
          assert.equal(seconds.isRetryable, true);
          assert.equal(seconds.retryAfter, 3_000);
          const dated = await rejection(collect(adapter.executeStream(hello)));
          assert.equal(dated.code, "RATE_LIMITED");
          assert.equal(dated.retryAfter, 5_000);
          const fraction = await rejection(adapter.execute(hello));
          assert.equal(fraction.retryAfter, 500);
          assert.equal(index, 3);
        },
        { now: () => now },
      );
    },
  });

  for (const failure of provider.serverErrors) {
    Deno.test({
      name:
        `${name}: ${failure.status} is PROVIDER_ERROR with the provider's message`,
      ...OPTIONS,
      fn: () =>
        withPeer(
          provider,
          () => jsonAnswer(fixture(failure.fixture), failure.status),
          async (adapter) => {
            for (
              const call of [
                () => adapter.execute(hello),
                () => collect(adapter.executeStream(hello)),
              ]
            ) {
              const error = await rejection(call());
              assert.equal(error.code, "PROVIDER_ERROR");
              assert.equal(error.statusCode, failure.status);
              assert.equal(error.isRetryable, true);
              assert.match(error.message, failure.message);
            }
          },
        ),
    });
  }

  Deno.test({
    name:
      `${name}: a stream slower in total than the timeout but never silent for it succeeds (idle timeout)`,
    ...OPTIONS,
    fn: () => {
      // A gap a quarter of the timeout: a loaded machine that holds the
      // event loop for less than 300 ms between two events cannot make the
      // stream look silent.
      const timeout = 400;
      const gap = 100;
      const { open, delta, close } = provider.events;
      const events = [open, ...TICKS.map(delta), close].filter((e) => e !== "");
      // The premise: slowBody pauses `gap` before every event (a timer never
      // fires early), so the stream as a whole outlasts the timeout.
      assert.ok(events.length * gap > 1.5 * timeout, "premise: too few events");
      return withPeer(
        provider,
        () =>
          new Response(slowBody(events, gap).body, {
            headers: { "content-type": provider.streamType },
          }),
        async (adapter) => {
          const chunks = await collect(adapter.executeStream(hello));
          assert.ok(sequencesAreConsecutive(chunks));
          assert.equal(textOf(chunks), TICKS.join(""));
          const done = chunks.at(-1);
          assert.ok(done?.type === "done", JSON.stringify(done));
          assert.equal(done.finishReason, "stop");
          assert.deepEqual(done.message, {
            role: "assistant",
            content: TICKS.join(""),
          });
        },
        { timeout },
      );
    },
  });

  Deno.test({
    name:
      `${name}: a stream that stalls past the timeout ends with TIMEOUT and the server sees the close`,
    ...OPTIONS,
    fn: () => {
      const { open, delta } = provider.events;
      const stalled = stallingBody(open + delta("first"));
      return withPeer(
        provider,
        () =>
          new Response(stalled.body, {
            headers: { "content-type": provider.streamType },
          }),
        async (adapter) => {
          const chunks = await collect(adapter.executeStream(hello));
          assert.equal(textOf(chunks), "first");
          const last = chunks.at(-1);
          assert.ok(last?.type === "error", JSON.stringify(last));
          assert.equal(last.error.code, "TIMEOUT");
          assert.equal(last.error.retryable, true);
          await within(stalled.closed, CLOSE_WAIT_MS, "server saw the close");
        },
        { timeout: 80 },
      );
    },
  });

  Deno.test({
    name:
      `${name}: aborting mid-stream ends it with ABORTED and the server sees the close`,
    ...OPTIONS,
    fn: () => {
      const { open, delta } = provider.events;
      const endless = endlessBody(open, delta("tick "), 5);
      return withPeer(
        provider,
        () =>
          new Response(endless.body, {
            headers: { "content-type": provider.streamType },
          }),
        async (adapter) => {
          const controller = new AbortController();
          const chunks: IRStreamChunk[] = [];
          for await (
            const chunk of adapter.executeStream(hello, controller.signal)
          ) {
            chunks.push(chunk);
            if (chunks.filter((c) => c.type === "content").length === 3) {
              controller.abort();
            }
          }
          assert.equal(textOf(chunks), "tick tick tick ");
          const last = chunks.at(-1);
          assert.ok(last?.type === "error", JSON.stringify(last));
          assert.equal(last.error.code, "ABORTED");
          await within(endless.closed, CLOSE_WAIT_MS, "server saw the close");
        },
      );
    },
  });

  Deno.test({
    name:
      `${name}: breaking out of for-await closes the connection; the server sees it`,
    ...OPTIONS,
    fn: () => {
      const { open, delta } = provider.events;
      const endless = endlessBody(open, delta("x"), 2);
      return withPeer(
        provider,
        () =>
          new Response(endless.body, {
            headers: { "content-type": provider.streamType },
          }),
        async (adapter) => {
          let contents = 0;
          for await (const chunk of adapter.executeStream(hello)) {
            if (chunk.type === "content" && ++contents === 2) break;
          }
          assert.equal(contents, 2);
          await within(endless.closed, CLOSE_WAIT_MS, "server saw the close");
        },
      );
    },
  });
}

// Provider-specific behaviour on top of the shared suite.

Deno.test({
  name: "anthropic: a trickled tool-use stream and its system/tools request",
  ...OPTIONS,
  fn: () =>
    withPeer(
      anthropic,
      () =>
        new Response(
          tricklingBody(fixture("anthropic/stream_tool_use.sse")).body,
          { headers: { "content-type": SSE } },
        ),
      async (adapter, peer) => {
        const chunks = await collect(adapter.executeStream({
          messages: [{ role: "system", content: "Be brief." }, {
            role: "user",
            content: "Weather in SF?",
          }],
          tools: [{ name: "get_weather", parameters: { type: "object" } }],
        }));
        assert.ok(sequencesAreConsecutive(chunks));
        const toolDeltas = chunks.flatMap((c) =>
          c.type === "tool_use" && c.inputDelta ? [c.inputDelta] : []
        ).join("");
        assert.deepEqual(JSON.parse(toolDeltas), {
          location: "San Francisco, CA",
        });
        const done = chunks.at(-1);
        assert.ok(done?.type === "done");
        assert.equal(done.finishReason, "tool_calls");
        assert.deepEqual(done.usage, {
          promptTokens: 472,
          completionTokens: 89,
          totalTokens: 561,
        });
        const [request] = peer.received;
        assert.equal(request.path, "/v1/messages");
        assert.equal(request.headers.get("anthropic-version"), "2023-06-01");
        assert.deepEqual(request.body, {
          model: "claude-3-5-haiku-latest",
          max_tokens: 1024,
          system: "Be brief.",
          messages: [{ role: "user", content: "Weather in SF?" }],
          tools: [{ name: "get_weather", input_schema: { type: "object" } }],
          stream: true,
        });
      },
    ),
});

Deno.test({
  name:
    "gemini: a named model goes into the path; parameters into generationConfig",
  ...OPTIONS,
  fn: () =>
    withPeer(
      gemini,
      () => jsonAnswer(fixture("gemini/generate.json")),
      async (adapter, peer) => {
        const response = await adapter.execute({
          ...hello,
          parameters: { model: "gemini-2.5-flash", temperature: 0 },
        });
        assert.equal(response.usage?.totalTokens, 20);
        assert.equal(
          peer.received[0].path,
          "/v1beta/models/gemini-2.5-flash:generateContent",
        );
        assert.deepEqual(peer.received[0].body, {
          contents: [{ role: "user", parts: [{ text: "Hello" }] }],
          generationConfig: { temperature: 0 },
        });
      },
    ),
});

Deno.test({
  name:
    "gemini: without a Retry-After header a 429's RetryInfo.retryDelay is used",
  ...OPTIONS,
  fn: () =>
    withPeer(
      gemini,
      () => jsonAnswer(fixture("gemini/error_429.json"), 429),
      async (adapter) => {
        const error = await rejection(adapter.execute(hello));
        assert.equal(error.code, "RATE_LIMITED");
        assert.equal(error.retryAfter, 13_000);
      },
    ),
});

Deno.test({
  name:
    "ollama: a missing model is INVALID_REQUEST 404; options carry parameters",
  ...OPTIONS,
  fn: () =>
    withPeer(
      ollama,
      (request) =>
        (request.body as { model: string }).model === "nosuchmodel"
          ? jsonAnswer(fixture("ollama/error_404.json"), 404)
          : new Response(
            tricklingBody(fixture("ollama/chat_stream.ndjson")).body,
            {
              headers: { "content-type": NDJSON },
            },
          ),
      async (adapter, peer) => {
        const chunks = await collect(
          adapter.executeStream({ ...hello, parameters: { temperature: 0.5 } }),
        );
        assert.equal(
          textOf(chunks),
          "The sky is blue — ñ 🌤 because of Rayleigh scattering.",
        );
        assert.deepEqual(peer.received[0].body, {
          model: "llama3.2",
          messages: [{ role: "user", content: "Hello" }],
          stream: true,
          options: { temperature: 0.5 },
        });
        const missing = await rejection(
          adapter.execute({ ...hello, parameters: { model: "nosuchmodel" } }),
        );
        assert.equal(missing.code, "INVALID_REQUEST");
        assert.equal(missing.statusCode, 404);
        assert.match(missing.message, /model "nosuchmodel" not found/);
      },
    ),
});
