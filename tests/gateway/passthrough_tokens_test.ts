// A passed-through stream's tokens, with the official openai SDK as the
// client and the real OpenAI adapter in front of an OpenAI-wire upstream on
// loopback: the upstream's usage (or, without one, the gateway's labelled
// estimate) reaches a key's tpm, `/metrics` and the log line, while the
// client's bytes stay exactly the upstream's.
import assert from "node:assert/strict";
import type OpenAI from "npm:openai@7.57.0";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import {
  createGateway,
  type GatewayOptions,
  hashKey,
  type RequestLogEntry,
  serveGateway as listen,
} from "../../src/gateway/mod.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";
import { openAIClient } from "./_openai_client.ts";
import { waitUntil } from "../_timeout.ts";
import { inPieces, serveGateway, serveUpstream, tickingSse } from "./_serve.ts";

const HEAD =
  '"id":"chatcmpl-t1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test-2024","system_fingerprint":"fp_x"';

// As OpenAI sends it: with include_usage every chunk has `"usage":null` and
// a usage-only chunk comes last; without it, no usage at all.
function openAIStream(includeUsage: boolean): string {
  const usage = includeUsage ? ',"usage":null' : "";
  const chunk = (delta: string, finish: string) =>
    `data: {${HEAD},"choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}]${usage}}\n\n`;
  return chunk('{"role":"assistant","content":""}', "null") +
    chunk('{"content":"Hello there"}', "null") +
    chunk('{"content":", friend"}', "null") + chunk("{}", '"stop"') +
    (includeUsage
      ? `data: {${HEAD},"choices":[],"usage":{"prompt_tokens":21,"completion_tokens":4,"total_tokens":25}}\n\n`
      : "") +
    "data: [DONE]\n\n";
}

// A server that always reports usage, on its last content chunk.
const LAST_CHUNK_USAGE =
  `data: {${HEAD},"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n` +
  `data: {${HEAD},"choices":[{"index":0,"delta":{"content":"!"},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}\n\n` +
  "data: [DONE]\n\n";

/** `text` in 7-byte pieces, so events arrive split. */
function sse(text: string): Response {
  return inPieces(text, 7, "text/event-stream");
}

function upstreamOf(lastChunkUsage = false) {
  return serveUpstream((call) => {
    if (lastChunkUsage) return sse(LAST_CHUNK_USAGE);
    const options = call.body.stream_options as
      | { include_usage?: boolean }
      | undefined;
    return sse(openAIStream(options?.include_usage === true));
  });
}

/**
 * A gateway over the upstream at `origin`, logging into `logs`, served by
 * `Deno.serve` (default) or by `serveGateway`.
 */
async function gatewayOf(
  origin: string,
  options: Partial<GatewayOptions> = {},
  server: "Deno.serve" | "serveGateway" = "Deno.serve",
) {
  const logs: RequestLogEntry[] = [];
  const all: GatewayOptions = {
    backends: [[
      "oa",
      createOpenAIAdapter({
        name: "oa",
        apiKey: "upstream-key",
        baseURL: `${origin}/v1`,
        defaultModel: "gpt-test",
      }),
    ]],
    logger: (entry) => logs.push(entry),
    ...options,
  };
  if (server === "Deno.serve") return { ...serveGateway(all), logs };
  const gateway = createGateway(all);
  const listener = await listen(gateway, { port: 0 });
  return {
    gateway,
    logs,
    origin: `http://127.0.0.1:${listener.addr.port}`,
    async close() {
      await shutdownBounded(listener);
      gateway.dispose();
    },
  };
}

const MESSAGES = [{ role: "user" as const, content: "Say hello to a friend" }];

async function stream(
  openai: OpenAI,
  includeUsage: boolean,
): Promise<{ text: string; remaining: number }> {
  const response = await openai.chat.completions.create({
    model: "gpt-test",
    messages: MESSAGES,
    stream: true,
    ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
  }).asResponse();
  assert.equal(response.status, 200);
  return {
    text: await response.text(),
    remaining: Number(response.headers.get("x-ratelimit-remaining-tokens")),
  };
}

/** Key `sk-team` with a tpm limit, on a clock that stands still (no refill). */
async function tpmKey(): Promise<Partial<GatewayOptions>> {
  return {
    keys: [{ id: "team", sha256: await hashKey("sk-team"), tpm: 10_000 }],
    now: () => 1_700_000_000_000,
  };
}

function tokenCounter(metrics: string, direction: string): number {
  const line = metrics.split("\n").find((l) =>
    l.startsWith("switchyard_tokens_total{") &&
    l.includes(`direction="${direction}"`)
  );
  return line === undefined ? 0 : Number(line.split(" ").at(-1));
}

for (const server of ["Deno.serve", "serveGateway"] as const) {
  Deno.test(`passthrough tokens under ${server}: a tpm key's stream is charged the upstream's usage; bytes unchanged`, async () => {
    const upstream = upstreamOf();
    const gateway = await gatewayOf(upstream.origin, await tpmKey(), server);
    try {
      const openai = openAIClient(gateway.origin, "sk-team");
      const first = await stream(openai, true);
      assert.equal(first.text, openAIStream(true));
      await waitUntil(() => gateway.logs.length === 1, "the stream's log line");
      const second = await stream(openai, true);
      // Both admissions charged the same estimate; between them the first
      // stream's charge was corrected to the upstream's 25 tokens.
      assert.equal(first.remaining - second.remaining, 25);
      const [entry] = gateway.logs;
      assert.equal(entry.tokens_in, 21);
      assert.equal(entry.tokens_out, 4);
      assert.equal(entry.tokens_estimated, undefined);
      await waitUntil(() => gateway.logs.length === 2, "the second log line");
      const metrics = await (await fetch(`${gateway.origin}/metrics`, {
        signal: fetchSignal(),
      })).text();
      assert.equal(tokenCounter(metrics, "in"), 42);
      assert.equal(tokenCounter(metrics, "out"), 8);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}

Deno.test("passthrough tokens: without include_usage the client gets no usage chunk; the tokens are an estimate, labelled", async () => {
  const upstream = upstreamOf();
  const gateway = await gatewayOf(upstream.origin, await tpmKey());
  try {
    const openai = openAIClient(gateway.origin, "sk-team");
    const first = await stream(openai, false);
    assert.equal(first.text, openAIStream(false));
    assert.equal(upstream.calls[0].body.stream_options, undefined);
    await waitUntil(() => gateway.logs.length === 1, "the stream's log line");
    const second = await stream(openai, false);
    const [entry] = gateway.logs;
    assert.equal(entry.tokens_estimated, true);
    // "Hello there, friend": 19 characters, 4 per token.
    assert.equal(entry.tokens_out, 5);
    // The prompt is the admission's estimate, so the charge is the estimate
    // plus the completion.
    assert.ok(entry.tokens_in! > 0);
    assert.equal(first.remaining - second.remaining, entry.tokens_in! + 5);
    await waitUntil(() => gateway.logs.length === 2, "the second log line");
    const metrics = gateway.gateway.metrics.render();
    assert.equal(tokenCounter(metrics, "in"), 2 * entry.tokens_in!);
    assert.equal(tokenCounter(metrics, "out"), 10);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("passthrough tokens: usage an upstream puts on its last content chunk is read without include_usage", async () => {
  const upstream = upstreamOf(true);
  const gateway = await gatewayOf(upstream.origin, {
    passthroughTokens: "all",
  });
  try {
    const { text } = await stream(openAIClient(gateway.origin), false);
    assert.equal(text, LAST_CHUNK_USAGE);
    await waitUntil(() => gateway.logs.length === 1, "the stream's log line");
    assert.equal(gateway.logs[0].tokens_in, 9);
    assert.equal(gateway.logs[0].tokens_out, 2);
    assert.equal(gateway.logs[0].tokens_estimated, undefined);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("passthrough tokens: `all` reads every stream's tokens; by default a stream without a tpm key is not read", async () => {
  const upstream = upstreamOf();
  const all = await gatewayOf(upstream.origin, { passthroughTokens: "all" });
  const plain = await gatewayOf(upstream.origin);
  try {
    for (const gateway of [all, plain]) {
      const { text } = await stream(openAIClient(gateway.origin), true);
      assert.equal(text, openAIStream(true));
      await waitUntil(() => gateway.logs.length === 1, "the log line");
    }
    assert.equal(all.logs[0].tokens_in, 21);
    assert.equal(all.logs[0].tokens_out, 4);
    const metrics = all.gateway.metrics.render();
    assert.equal(tokenCounter(metrics, "in"), 21);
    assert.equal(tokenCounter(metrics, "out"), 4);
    assert.equal(plain.logs[0].tokens_in, undefined);
    assert.equal(plain.logs[0].tokens_out, undefined);
  } finally {
    await all.close();
    await plain.close();
    await upstream.close();
  }
});

/** Content events every 20 ms; `breakAfter` events, then the body errors. */
function slowUpstream(breakAfter?: number) {
  const state = { cancelled: false };
  const upstream = serveUpstream(() =>
    tickingSse(
      () => `data: {"choices":[{"delta":{"content":"abcd"}}]}\n\n`,
      () => {
        state.cancelled = true;
      },
      breakAfter,
    )
  );
  return { upstream, state };
}

function post(origin: string): Promise<Response> {
  return fetch(`${origin}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: "Bearer sk-team" },
    body: JSON.stringify({
      model: "gpt-test",
      messages: MESSAGES,
      stream: true,
    }),
    signal: fetchSignal(),
  });
}

for (const server of ["Deno.serve", "serveGateway"] as const) {
  Deno.test(`passthrough tokens under ${server}: a client leaving a read stream closes the upstream; its tokens are logged as far as read`, async () => {
    const { upstream, state } = slowUpstream();
    const gateway = await gatewayOf(upstream.origin, await tpmKey(), server);
    try {
      const reader = (await post(gateway.origin)).body!.getReader();
      assert.match(
        new TextDecoder().decode((await reader.read()).value),
        /abcd/,
      );
      await reader.cancel();
      await waitUntil(() => state.cancelled, "the upstream stream's cancel");
      await waitUntil(() => gateway.logs.length === 1, "the stream's log line");
      const [entry] = gateway.logs;
      assert.equal(entry.tokens_estimated, true);
      assert.ok(entry.tokens_out! >= 1, String(entry.tokens_out));
      // serveGateway's `completed` rejects for an answer not delivered.
      if (server === "serveGateway") assert.equal(entry.error_code, "ABORTED");
      assert.match(
        gateway.gateway.metrics.render(),
        /switchyard_open_streams 0/,
      );
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}

Deno.test("passthrough tokens: an upstream breaking mid-stream is logged NETWORK_ERROR with the tokens read", async () => {
  const { upstream } = slowUpstream(2);
  const gateway = await gatewayOf(upstream.origin, await tpmKey());
  try {
    const response = await post(gateway.origin);
    // The client sees the stream break off, as from the upstream itself.
    await assert.rejects(response.text());
    await waitUntil(() => gateway.logs.length === 1, "the stream's log line");
    const [entry] = gateway.logs;
    assert.equal(entry.error_code, "NETWORK_ERROR");
    assert.equal(entry.tokens_out, 2); // two "abcd"
    assert.equal(entry.tokens_estimated, true);
    assert.match(gateway.gateway.metrics.render(), /switchyard_open_streams 0/);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});
