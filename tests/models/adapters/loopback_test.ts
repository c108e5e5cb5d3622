// Deno-only: each adapter against a real HTTP peer on 127.0.0.1 that speaks
// the provider's wire protocol from recorded samples, with Deno's resource and
// op sanitizers on (no leaked connections, bodies or timers).
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import {
  collect,
  fixture,
  rejection,
  sequencesAreConsecutive,
  textOf,
} from "./_fake.ts";

interface Received {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

interface Peer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A loopback server; `answer` builds each response from the parsed request. */
function servePeer(
  answer: (request: Received) => Response | Promise<Response>,
): Peer {
  const received: Received[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const seen: Received = {
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
        body: text === "" ? undefined : JSON.parse(text),
      };
      received.push(seen);
      return await answer(seen);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    received,
    close: () => server.shutdown(),
  };
}

/**
 * A body that writes `text` in 1–7 byte pieces with a short pause between
 * them, so events, CRLF pairs and UTF-8 characters straddle network writes.
 */
function tricklingBody(text: string, pauseMs = 1): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const sizes = [1, 7, 2, 5, 3, 6, 4];
  let offset = 0;
  let turn = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      await new Promise<void>((resolve) =>
        timer = setTimeout(resolve, pauseMs)
      );
      const size = sizes[turn++ % sizes.length];
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}

/** An endless stream of `event` every `everyMs`; `closed` resolves when the client goes away. */
function endlessBody(
  event: string,
  everyMs: number,
): { body: ReadableStream<Uint8Array>; closed: Promise<void> } {
  const bytes = new TextEncoder().encode(event);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => markClosed = resolve);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise<void>((resolve) =>
        timer = setTimeout(resolve, everyMs)
      );
      controller.enqueue(bytes);
    },
    cancel() {
      clearTimeout(timer);
      markClosed();
    },
  });
  return { body, closed };
}

/** A stream that sends `first` and then stays silent until the client leaves. */
function stallingBody(
  first: string,
): { body: ReadableStream<Uint8Array>; closed: Promise<void> } {
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => markClosed = resolve);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
    cancel() {
      markClosed();
    },
  });
  return { body, closed };
}

const SSE = { "content-type": "text/event-stream" };
const JSON_TYPE = { "content-type": "application/json" };
const ask = { messages: [{ role: "user" as const, content: "Hello" }] };

Deno.test("openai: chat completion and trickled SSE stream over loopback", async () => {
  const peer = servePeer((request) =>
    (request.body as { stream?: boolean }).stream
      ? new Response(tricklingBody(fixture("openai/stream_text.sse")), {
        headers: SSE,
      })
      : new Response(fixture("openai/chat_completion.json"), {
        headers: JSON_TYPE,
      })
  );
  try {
    const adapter = createOpenAIAdapter({
      apiKey: "sk-loop",
      baseURL: `${peer.url}/v1`,
      defaultModel: "gpt-4o-mini",
    });
    const response = await adapter.execute(ask);
    assert.equal(
      response.message.content,
      "Hello! How can I assist you today? 😊",
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.ok(sequencesAreConsecutive(chunks));
    assert.equal(textOf(chunks), "Hej då! Grüße 🌍 こんにちは");
    assert.equal(chunks.at(-1)?.type, "done");
    const [plain, streamed] = peer.received;
    assert.equal(plain.method, "POST");
    assert.equal(plain.path, "/v1/chat/completions");
    assert.equal(plain.headers.get("authorization"), "Bearer sk-loop");
    assert.equal(plain.headers.get("content-type"), "application/json");
    assert.deepEqual(plain.body, {
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Hello" }],
    });
    assert.deepEqual(streamed.body, {
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
      stream_options: { include_usage: true },
    });
  } finally {
    await peer.close();
  }
});

Deno.test("openai: 429 Retry-After (seconds and HTTP date), 401 and 500 over loopback", async () => {
  const now = Date.parse("Sun, 06 Nov 1994 08:49:37 GMT");
  const answers = [
    () =>
      new Response(fixture("openai/error_429.json"), {
        status: 429,
        headers: { "retry-after": "3", ...JSON_TYPE },
      }),
    () =>
      new Response(fixture("openai/error_429.json"), {
        status: 429,
        headers: {
          "retry-after": "Sun, 06 Nov 1994 08:49:42 GMT",
          ...JSON_TYPE,
        },
      }),
    () =>
      new Response(fixture("openai/error_401.json"), {
        status: 401,
        headers: JSON_TYPE,
      }),
    () =>
      new Response(fixture("openai/error_500.json"), {
        status: 500,
        headers: JSON_TYPE,
      }),
  ];
  let index = 0;
  const peer = servePeer(() => answers[index++]());
  try {
    const adapter = createOpenAIAdapter({
      apiKey: "sk-loop-secret",
      baseURL: peer.url,
      defaultModel: "gpt-4o-mini",
      now: () => now,
    });
    const seconds = await rejection(adapter.execute(ask));
    assert.equal(seconds.code, "RATE_LIMITED");
    assert.equal(seconds.retryAfter, 3000);
    const dated = await rejection(adapter.execute(ask));
    assert.equal(dated.retryAfter, 5000);
    const auth = await rejection(adapter.execute(ask));
    assert.equal(auth.code, "AUTHENTICATION_FAILED");
    assert.equal(auth.message.includes("sk-loop-secret"), false);
    const server = await rejection(collect(adapter.executeStream(ask)));
    assert.equal(server.code, "PROVIDER_ERROR");
    assert.equal(server.statusCode, 500);
  } finally {
    await peer.close();
  }
});

/**
 * An OpenAI adapter on a peer that answers with a fresh `stream()` each time;
 * `closed()` resolves once the client has hung up on the latest one.
 */
function streamingPeer(
  stream: () => { body: ReadableStream<Uint8Array>; closed: Promise<void> },
  timeout?: number,
) {
  let closed: Promise<void> = Promise.resolve();
  const peer = servePeer(() => {
    const current = stream();
    closed = current.closed;
    return new Response(current.body, { headers: SSE });
  });
  const adapter = createOpenAIAdapter({
    apiKey: "k",
    defaultModel: "m",
    baseURL: peer.url,
    ...(timeout === undefined ? {} : { timeout }),
  });
  return { peer, adapter, closed: () => closed };
}

Deno.test("openai: aborting mid-stream closes the connection; the server sees it", async () => {
  const tick =
    'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"tick "},"finish_reason":null}]}\n\n';
  const { peer, adapter, closed } = streamingPeer(() => endlessBody(tick, 5));
  try {
    const controller = new AbortController();
    const chunks = [];
    for await (const chunk of adapter.executeStream(ask, controller.signal)) {
      chunks.push(chunk);
      if (chunks.filter((c) => c.type === "content").length === 3) {
        controller.abort();
      }
    }
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, "ABORTED");
    await closed();
  } finally {
    await peer.close();
  }
});

Deno.test("openai: breaking out of the loop closes the connection too", async () => {
  const tick =
    'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}]}\n\n';
  const { peer, adapter, closed } = streamingPeer(() => endlessBody(tick, 2));
  try {
    let contents = 0;
    for await (const chunk of adapter.executeStream(ask)) {
      if (chunk.type === "content" && ++contents === 2) break;
    }
    await closed();
  } finally {
    await peer.close();
  }
});

Deno.test("openai: a stream that goes silent hits the idle timeout and is closed", async () => {
  const first =
    'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"first"},"finish_reason":null}]}\n\n';
  const { peer, adapter, closed } = streamingPeer(
    () => stallingBody(first),
    150,
  );
  try {
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(textOf(chunks), "first");
    const last = chunks.at(-1);
    assert.ok(last?.type === "error");
    assert.equal(last.error.code, "TIMEOUT");
    await closed();
  } finally {
    await peer.close();
  }
});

Deno.test("openai: a refused connection is NETWORK_ERROR; healthCheck is false", async () => {
  const peer = servePeer(() => new Response("{}"));
  const url = peer.url;
  await peer.close();
  const adapter = createOpenAIAdapter({
    apiKey: "k",
    defaultModel: "m",
    baseURL: url,
  });
  assert.equal((await rejection(adapter.execute(ask))).code, "NETWORK_ERROR");
  assert.equal(await adapter.healthCheck(), false);
});

Deno.test("anthropic: messages, trickled tool-use stream and 529 over loopback", async () => {
  let overloaded = false;
  const peer = servePeer((request) => {
    if (request.path === "/v1/models") {
      return new Response(fixture("anthropic/models.json"), {
        headers: JSON_TYPE,
      });
    }
    if (overloaded) {
      return new Response(fixture("anthropic/error_529.json"), {
        status: 529,
        headers: JSON_TYPE,
      });
    }
    return new Response(
      tricklingBody(fixture("anthropic/stream_tool_use.sse")),
      { headers: SSE },
    );
  });
  try {
    const adapter = createAnthropicAdapter({
      apiKey: "sk-ant-loop",
      baseURL: peer.url,
    });
    assert.equal(await adapter.healthCheck(), true);
    const chunks = await collect(adapter.executeStream({
      messages: [{ role: "system", content: "Be brief." }, {
        role: "user",
        content: "Weather in SF?",
      }],
      tools: [{ name: "get_weather", parameters: { type: "object" } }],
    }));
    assert.ok(sequencesAreConsecutive(chunks));
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.finishReason, "tool_calls");
    assert.deepEqual(done.usage, {
      promptTokens: 472,
      completionTokens: 89,
      totalTokens: 561,
    });
    const request = peer.received[1];
    assert.equal(request.path, "/v1/messages");
    assert.equal(request.headers.get("x-api-key"), "sk-ant-loop");
    assert.equal(request.headers.get("anthropic-version"), "2023-06-01");
    assert.deepEqual(request.body, {
      model: "claude-3-5-haiku-latest",
      max_tokens: 1024,
      system: "Be brief.",
      messages: [{ role: "user", content: "Weather in SF?" }],
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      stream: true,
    });
    overloaded = true;
    const error = await rejection(adapter.execute(ask));
    assert.equal(error.code, "PROVIDER_ERROR");
    assert.equal(error.statusCode, 529);
  } finally {
    await peer.close();
  }
});

Deno.test("gemini: alt=sse stream, generateContent and invalid key over loopback", async () => {
  const peer = servePeer((request) => {
    if (request.headers.get("x-goog-api-key") !== "AIza-loop") {
      return new Response(fixture("gemini/error_api_key.json"), {
        status: 400,
        headers: JSON_TYPE,
      });
    }
    if (request.path.endsWith(":streamGenerateContent?alt=sse")) {
      return new Response(tricklingBody(fixture("gemini/stream_text.sse")), {
        headers: SSE,
      });
    }
    return new Response(fixture("gemini/generate.json"), {
      headers: JSON_TYPE,
    });
  });
  try {
    const adapter = createGeminiAdapter({
      apiKey: "AIza-loop",
      baseURL: `${peer.url}/v1beta`,
    });
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(
      textOf(chunks),
      "Once upon a time, in a café — «très» 😀 there lived a fox.",
    );
    assert.equal(chunks.at(-1)?.type, "done");
    const response = await adapter.execute({
      ...ask,
      parameters: { model: "gemini-2.5-flash", temperature: 0 },
    });
    assert.equal(response.usage?.totalTokens, 20);
    assert.equal(
      peer.received[0].path,
      "/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse",
    );
    assert.equal(
      peer.received[1].path,
      "/v1beta/models/gemini-2.5-flash:generateContent",
    );
    assert.deepEqual(peer.received[1].body, {
      contents: [{ role: "user", parts: [{ text: "Hello" }] }],
      generationConfig: { temperature: 0 },
    });
    const wrongKey = createGeminiAdapter({
      apiKey: "AIza-wrong",
      baseURL: `${peer.url}/v1beta`,
    });
    const error = await rejection(wrongKey.execute(ask));
    assert.equal(error.code, "AUTHENTICATION_FAILED");
    assert.equal(error.message.includes("AIza-wrong"), false);
  } finally {
    await peer.close();
  }
});

Deno.test("ollama: NDJSON stream, chat, tags and missing model over loopback", async () => {
  const peer = servePeer((request) => {
    if (request.path === "/api/tags") {
      return new Response(fixture("ollama/tags.json"), { headers: JSON_TYPE });
    }
    const body = request.body as { model: string; stream: boolean };
    if (body.model === "nosuchmodel") {
      return new Response(fixture("ollama/error_404.json"), {
        status: 404,
        headers: JSON_TYPE,
      });
    }
    return body.stream
      ? new Response(tricklingBody(fixture("ollama/chat_stream.ndjson")), {
        headers: { "content-type": "application/x-ndjson" },
      })
      : new Response(fixture("ollama/chat.json"), { headers: JSON_TYPE });
  });
  try {
    const adapter = createOllamaAdapter({ baseURL: peer.url });
    assert.equal(await adapter.healthCheck(), true);
    const chunks = await collect(
      adapter.executeStream({ ...ask, parameters: { temperature: 0.5 } }),
    );
    assert.ok(sequencesAreConsecutive(chunks));
    assert.equal(
      textOf(chunks),
      "The sky is blue — ñ 🌤 because of Rayleigh scattering.",
    );
    assert.deepEqual(peer.received[1].body, {
      model: "llama3.2",
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
      options: { temperature: 0.5 },
    });
    assert.equal((await adapter.execute(ask)).usage?.completionTokens, 298);
    const missing = await rejection(
      adapter.execute({ ...ask, parameters: { model: "nosuchmodel" } }),
    );
    assert.equal(missing.code, "INVALID_REQUEST");
    assert.equal(missing.statusCode, 404);
  } finally {
    await peer.close();
  }
});
