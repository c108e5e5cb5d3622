// The gateway with the official openai SDK as client (Deno only: Deno.serve,
// npm:openai, sanitizers on).
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import {
  createEchoAdapter,
  createFailingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { AdapterError } from "../../src/models/errors.ts";
import type { BackendAdapter, IRChatResponse } from "../../src/models/types.ts";
import { startServer } from "./_server.ts";
import { fetchSignal, withTimeout as within } from "../_bounded.ts";

function client(origin: string): OpenAI {
  return new OpenAI({
    baseURL: `${origin}/v1`,
    apiKey: "test",
    maxRetries: 0,
    timeout: 10_000,
  });
}

Deno.test("openai SDK: chat and streamed chat against the local backends", async () => {
  const server = startServer();
  try {
    const openai = client(server.origin);
    const completion = await openai.chat.completions.create({
      model: "echo",
      messages: [{ role: "system", content: "be brief" }, {
        role: "user",
        content: "hello from the sdk",
      }],
    });
    assert.equal(completion.object, "chat.completion");
    assert.match(completion.id, /^chatcmpl-/);
    assert.equal(completion.choices[0].message.role, "assistant");
    assert.equal(completion.choices[0].message.content, "hello from the sdk");
    assert.equal(completion.choices[0].finish_reason, "stop");

    const stream = await openai.chat.completions.create({
      model: "echo",
      messages: [{ role: "user", content: "one two three" }],
      stream: true,
    });
    let text = "";
    let finish: string | null = null;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      assert.equal(chunk.object, "chat.completion.chunk");
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    assert.equal(text, "one two three");
    assert.equal(finish, "stop");
    assert.ok(
      chunks >= 4,
      `role chunk, one per word, finish chunk; got ${chunks}`,
    );

    const models = await openai.models.list();
    const ids = models.data.map((model) => model.id);
    assert.ok(ids.includes("echo") && ids.includes("mock"), ids.join());
  } finally {
    await server.close();
  }
});

Deno.test("openai SDK: a failing first backend is skipped by fallback, invisibly", async () => {
  const failing = createFailingAdapter();
  const server = startServer([["broken", failing], [
    "echo",
    createEchoAdapter(),
  ]]);
  try {
    const openai = client(server.origin);
    const completion = await openai.chat.completions.create({
      model: "broken", // names the failing backend explicitly: fallback still answers
      messages: [{ role: "user", content: "still here" }],
    });
    assert.equal(completion.choices[0].message.content, "still here");

    const stream = await openai.chat.completions.create({
      model: "gpt-4o-mini", // any model: the default backend (broken) is tried first
      messages: [{ role: "user", content: "streamed anyway" }],
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
    }
    assert.equal(text, "streamed anyway");
    assert.equal(
      failing.calls.length,
      2,
      "the failing backend really was tried twice",
    );

    const info = await (await fetch(`${server.origin}/api/router`, {
      signal: fetchSignal(),
    })).json();
    const broken = info.backends.find((backend: { name: string }) =>
      backend.name === "broken"
    );
    assert.equal(broken.stats.failedRequests, 2);
    assert.equal(info.stats.totalFallbacks, 2);
    assert.equal(info.stats.successfulRequests, 2);
  } finally {
    await server.close();
  }
});

Deno.test("openai SDK: tool calls both ways, and usage", async () => {
  const toolReply: IRChatResponse = {
    message: {
      role: "assistant",
      content: [{
        type: "tool_use",
        id: "call_1",
        name: "weather",
        input: { city: "Oslo" },
      }],
    },
    finishReason: "tool_calls",
    usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
    metadata: {},
  };
  const mock = createMockAdapter({ responses: toolReply });
  const server = startServer([["tools", mock]]);
  try {
    const openai = client(server.origin);
    const tools = [{
      type: "function" as const,
      function: {
        name: "weather",
        description: "Weather now",
        parameters: {
          type: "object",
          properties: { city: { type: "string" } },
        },
      },
    }];
    const first = await openai.chat.completions.create({
      model: "tools",
      messages: [{ role: "user", content: "weather in Oslo?" }],
      tools,
      tool_choice: { type: "function", function: { name: "weather" } },
    });
    const call = first.choices[0].message.tool_calls?.[0];
    assert.equal(first.choices[0].finish_reason, "tool_calls");
    assert.equal(call?.type, "function");
    assert.ok(call?.type === "function");
    assert.equal(call.function.name, "weather");
    assert.deepEqual(JSON.parse(call.function.arguments), { city: "Oslo" });
    assert.deepEqual(first.usage, {
      prompt_tokens: 11,
      completion_tokens: 7,
      total_tokens: 18,
    });
    const sent = mock.calls[0].request!;
    assert.deepEqual(sent.tools, [{
      name: "weather",
      description: "Weather now",
      parameters: tools[0].function.parameters,
    }]);
    assert.deepEqual(sent.toolChoice, { name: "weather" });

    // The tool result goes back as IR tool_use / tool_result parts.
    await openai.chat.completions.create({
      model: "tools",
      messages: [
        { role: "user", content: "weather in Oslo?" },
        { role: "assistant", content: null, tool_calls: [call] },
        { role: "tool", tool_call_id: "call_1", content: "12°C" },
      ],
    });
    const second = mock.calls[1].request!;
    assert.deepEqual(second.messages[1], {
      role: "assistant",
      content: [{
        type: "tool_use",
        id: "call_1",
        name: "weather",
        input: { city: "Oslo" },
      }],
    });
    assert.deepEqual(second.messages[2], {
      role: "tool",
      content: [{ type: "tool_result", toolUseId: "call_1", content: "12°C" }],
    });

    // Streamed tool call, with stream_options.include_usage.
    const stream = await openai.chat.completions.create({
      model: "tools",
      messages: [{ role: "user", content: "weather in Oslo?" }],
      tools,
      stream: true,
      stream_options: { include_usage: true },
    });
    let name = "";
    let args = "";
    let usage: unknown;
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        name += delta.function?.name ?? "";
        args += delta.function?.arguments ?? "";
      }
      if (chunk.usage) usage = chunk.usage;
    }
    assert.equal(name, "weather");
    assert.deepEqual(JSON.parse(args), { city: "Oslo" });
    assert.deepEqual(usage, {
      prompt_tokens: 11,
      completion_tokens: 7,
      total_tokens: 18,
    });
  } finally {
    await server.close();
  }
});

Deno.test("gateway errors: OpenAI error JSON with a matching status", async () => {
  const limited = createFailingAdapter({
    error: new AdapterError({
      code: "RATE_LIMITED",
      message: "slow down",
      retryAfter: 1500,
    }),
  });
  const server = startServer([["limited", limited], [
    "down",
    createFailingAdapter(),
  ]]);
  try {
    const openai = client(server.origin);
    // Every backend failed, not all rate limited → 502.
    const error = await openai.chat.completions.create({
      model: "limited",
      messages: [{ role: "user", content: "hi" }],
    }).catch((e) => e);
    assert.ok(error instanceof OpenAI.APIError, String(error));
    assert.equal(error.status, 502);
    assert.equal(error.code, "ALL_BACKENDS_FAILED");

    const streamed = await openai.chat.completions.create({
      model: "limited",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    }).catch((e) => e);
    assert.ok(streamed instanceof OpenAI.APIError);
    assert.equal(
      streamed.status,
      502,
      "stream failures before output keep a real status",
    );

    const bad = await fetch(`${server.origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      body: '{"model":"x"}',
    });
    assert.equal(bad.status, 400);
    const body = await bad.json();
    assert.equal(body.error.type, "invalid_request_error");
    assert.equal(body.error.param, "messages");
  } finally {
    await server.close();
  }

  // A lone rate-limited backend → 429 with Retry-After in seconds.
  const only = startServer([[
    "limited",
    createFailingAdapter({
      error: new AdapterError({
        code: "RATE_LIMITED",
        message: "slow down",
        retryAfter: 1500,
      }),
    }),
  ]]);
  try {
    const response = await fetch(`${only.origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model: "limited",
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    const body = await response.json();
    assert.equal(response.status, 429);
    assert.equal(response.headers.get("retry-after"), "2");
    assert.equal(body.error.type, "rate_limit_error");
  } finally {
    await only.close();
  }
});

/** Metadata of a hand-written streaming test backend. */
function testMetadata(name: string): BackendAdapter["metadata"] {
  return {
    name,
    provider: "test",
    version: "1",
    capabilities: {
      streaming: true,
      tools: false,
      vision: false,
      systemMessages: true,
    },
  };
}

/** A backend that answers nothing until its signal aborts; counts the aborts. */
function abortCountingBackend(): {
  adapter: BackendAdapter;
  aborted: Promise<void>;
  calls: () => number;
} {
  let calls = 0;
  let onAbort!: () => void;
  const aborted = new Promise<void>((resolve) => (onAbort = resolve));
  const wait = (signal: AbortSignal | undefined): Promise<never> =>
    new Promise((_, reject) => {
      calls++;
      signal?.addEventListener("abort", () => {
        onAbort();
        reject(signal.reason);
      }, { once: true });
    });
  const adapter: BackendAdapter = {
    metadata: testMetadata("hang"),
    execute: (_request, signal) => wait(signal),
    async *executeStream(_request, signal) {
      yield await wait(signal);
    },
  };
  return { adapter, aborted, calls: () => calls };
}

for (const stream of [false, true]) {
  Deno.test(`gateway: a client that disconnects before any output aborts the backend call (stream: ${stream})`, async () => {
    // Before the fix the model call never saw the client leave: the backend
    // kept running (and billing) and server.shutdown() waited on it forever.
    const backend = abortCountingBackend();
    const server = startServer([["hang", backend.adapter]]);
    try {
      const controller = new AbortController();
      const request = fetch(`${server.origin}/v1/chat/completions`, {
        method: "POST",
        signal: AbortSignal.any([controller.signal, fetchSignal()]),
        body: JSON.stringify({
          model: "hang",
          stream,
          messages: [{ role: "user", content: "hi" }],
        }),
      }).catch((error) => error);
      for (let i = 0; i < 200 && backend.calls() === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.equal(backend.calls(), 1, "the backend was called");
      controller.abort();
      assert.ok((await request) instanceof Error);
      await within(
        backend.aborted,
        10_000,
        "the backend was never aborted after the client went away",
      );
    } finally {
      await server.close();
    }
  });
}

/** A streaming backend that sends one word, then waits for its signal to abort. */
function midStreamBackend(): {
  adapter: BackendAdapter;
  aborted: Promise<unknown>;
  finished: Promise<void>;
} {
  let onAbort!: (reason: unknown) => void;
  const aborted = new Promise<unknown>((resolve) => (onAbort = resolve));
  let onFinished!: () => void;
  const finished = new Promise<void>((resolve) => (onFinished = resolve));
  const adapter: BackendAdapter = {
    metadata: testMetadata("slow"),
    execute: () => Promise.reject(new Error("not used")),
    async *executeStream(_request, signal) {
      try {
        yield { type: "start", sequence: 0, metadata: {} };
        yield { type: "content", sequence: 1, delta: "first " };
        await new Promise<never>((_, reject) => {
          const abort = () => {
            onAbort(signal?.reason);
            reject(signal?.reason);
          };
          if (signal?.aborted) abort();
          else signal?.addEventListener("abort", abort, { once: true });
        });
      } finally {
        onFinished();
      }
    },
  };
  return { adapter, aborted, finished };
}

for (const how of ["cancel the body", "abort the fetch"] as const) {
  Deno.test(`gateway: a client that disconnects mid-stream aborts the backend call (${how})`, async () => {
    // After the 200 and the first SSE bytes, only the body stream's cancel
    // (and, with --unstable-no-legacy-abort, request.signal) can tell the
    // gateway the client left; the backend must see its signal abort.
    const backend = midStreamBackend();
    const server = startServer([["slow", backend.adapter]]);
    try {
      const controller = new AbortController();
      const response = await fetch(`${server.origin}/v1/chat/completions`, {
        method: "POST",
        signal: AbortSignal.any([controller.signal, fetchSignal()]),
        body: JSON.stringify({
          model: "slow",
          stream: true,
          messages: [{ role: "user", content: "hi" }],
        }),
      });
      assert.equal(response.status, 200);
      const reader = response.body!.pipeThrough(new TextDecoderStream())
        .getReader();
      let text = "";
      while (!text.includes("first ")) {
        const { value, done } = await reader.read();
        assert.ok(!done, `stream ended early: ${text}`);
        text += value;
      }
      if (how === "cancel the body") await reader.cancel();
      else {
        controller.abort();
        await reader.read().catch(() => {});
      }
      await within(backend.aborted, 5000, "the backend call was never aborted");
      await within(backend.finished, 5000, "the backend stream never ended");
    } finally {
      await server.close();
    }
  });
}

Deno.test("gateway: a non-boolean stream is a 400, not a silent JSON answer", async () => {
  const server = startServer();
  try {
    for (const stream of ["true", 1, {}]) {
      const response = await fetch(`${server.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        body: JSON.stringify({
          model: "echo",
          stream,
          messages: [{ role: "user", content: "hi" }],
        }),
      });
      const body = await response.json();
      assert.equal(response.status, 400, JSON.stringify(stream));
      assert.equal(body.error.param, "stream");
    }
    const plain = await fetch(`${server.origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model: "echo",
        stream: null,
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    assert.equal(plain.status, 200);
    await plain.body?.cancel();
  } finally {
    await server.close();
  }
});
