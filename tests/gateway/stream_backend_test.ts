// A translated stream (a non-OpenAI backend: the Anthropic adapter against a
// loopback upstream) that the client leaves mid-stream is logged and counted
// under the backend that was streaming, not "none": the router names it on
// its first chunk, before `done`.
import assert from "node:assert/strict";
import parsePrometheus from "npm:parse-prometheus-text-format@1.1.1";
import { fetchSignal } from "../_bounded.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { serve, serveGateway } from "./_serve.ts";

const utf8 = new TextEncoder();

function sse(event: string, data: Record<string, unknown>): Uint8Array {
  return utf8.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * An Anthropic Messages upstream that streams one word, then holds the
 * stream open until its reader cancels it (at most `holdMs`).
 */
function slowAnthropicUpstream(holdMs: number) {
  let cancelled = 0;
  const served = serve(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(sse("message_start", {
          type: "message_start",
          message: {
            id: "msg_up",
            type: "message",
            role: "assistant",
            model: "claude-test",
            content: [],
            stop_reason: null,
            usage: { input_tokens: 5, output_tokens: 0 },
          },
        }));
        controller.enqueue(sse("content_block_start", {
          type: "content_block_start",
          index: 0,
          content_block: { type: "text", text: "" },
        }));
        controller.enqueue(sse("content_block_delta", {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "first " },
        }));
        timer = setTimeout(() => controller.close(), holdMs);
      },
      cancel() {
        clearTimeout(timer);
        cancelled++;
      },
    });
    return new Response(body, {
      headers: { "content-type": "text/event-stream" },
    });
  });
  return { ...served, cancelled: () => cancelled };
}

Deno.test("a translated stream the client cancels is logged and counted under its backend", async () => {
  const upstream = slowAnthropicUpstream(10_000);
  const entries: RequestLogEntry[] = [];
  const server = serveGateway({
    backends: [[
      "claude",
      createAnthropicAdapter({
        name: "claude",
        apiKey: "upstream-key",
        baseURL: upstream.origin,
        defaultModel: "claude-test",
      }),
    ]],
    logger: (entry) => entries.push(entry),
  });
  try {
    const response = await fetch(`${server.origin}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "claude",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
      signal: fetchSignal(),
    });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (let i = 0; i < 20 && !text.includes("first "); i++) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    assert.match(text, /first /, "content was flowing");
    await reader.cancel();

    // The log line is written when the gateway sees the cancel.
    for (let i = 0; i < 200 && entries.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.equal(entry.error_code, "ABORTED", "the client left mid-stream");
    assert.equal(entry.backend, "claude");
    assert.equal(entry.fallbacks, 0);

    const metrics = await fetch(`${server.origin}/metrics`, {
      signal: fetchSignal(),
    });
    const families = parsePrometheus(await metrics.text()) as Array<{
      name: string;
      metrics: Array<{ value?: string; labels?: Record<string, string> }>;
    }>;
    const requests = families.find((family) =>
      family.name === "switchyard_requests_total"
    );
    assert.deepEqual(
      requests?.metrics.map((m) => [m.labels?.backend, m.value]),
      [["claude", "1"]],
    );
    // The upstream's stream was let go of when the client left.
    for (let i = 0; i < 200 && upstream.cancelled() === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(upstream.cancelled(), 1);
  } finally {
    await server.close();
    await upstream.close();
  }
});
