// The shared HTTP client's error paths at their edges, which bugs planted by
// hand in `_http.ts` (an exploratory draw, not a measure) showed unguarded:
// an error answer whose body read is cut by the caller's abort after its
// first bytes (the older test aborted before the head came back), an error
// answer in plain text or with no body at all, a provider message in a
// stream event that echoes the key, and the call timeout of an `execute`
// left with the shared watchdog. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { watchedCount } from "../../../src/models/adapters/_watchdog.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import {
  adapterFactory,
  collect,
  jsonFixture,
  rejection,
  streamResponse,
} from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };
const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
});

/**
 * A 503 whose body sends its first bytes, then aborts `controller` on the
 * next read and never sends the rest.
 */
function cutErrorAnswer(controller: AbortController): Response {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(stream) {
      pulls += 1;
      // The first pull runs when the stream is built, before the head is
      // returned: only the second one is a read of the body.
      if (pulls === 1) {
        stream.enqueue(new TextEncoder().encode('{"error": {"message": "ov'));
        return;
      }
      controller.abort(new DOMException("gone", "AbortError"));
      return new Promise(() => {}); // the rest never comes
    },
  });
  return new Response(body, {
    status: 503,
    headers: { "content-type": "application/json" },
  });
}

describe("an error answer whose body read is cut by the caller's abort", () => {
  it("execute: is the abort (not retryable), not the upstream's 503", async () => {
    const controller = new AbortController();
    const { adapter } = openAIWith(() => cutErrorAnswer(controller));
    const error = await rejection(adapter.execute(ask, controller.signal));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "ABORTED", error.message);
    assert.equal(error.statusCode, undefined);
    assert.equal(error.isRetryable, false);
  });

  it("relay: the same, where no outer race hides it", async () => {
    const controller = new AbortController();
    const { adapter } = openAIWith(() => cutErrorAnswer(controller));
    const error = await rejection(adapter.relay!(ask, controller.signal));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "ABORTED", error.message);
    assert.equal(error.statusCode, undefined);
  });
});

describe("an error answer that is not JSON", () => {
  it("a plain-text body (a proxy's) is the message, trimmed", async () => {
    const { adapter } = openAIWith(() =>
      new Response("  upstream connect error or disconnect/reset\n", {
        status: 502,
        statusText: "Bad Gateway",
      })
    );
    const error = await rejection(adapter.execute(ask));
    assert.equal(
      error.message,
      "openai: HTTP 502: upstream connect error or disconnect/reset",
    );
    assert.equal(error.code, "PROVIDER_ERROR");
  });

  it("an empty body leaves the status text as the message", async () => {
    const { adapter } = openAIWith(() =>
      new Response(null, { status: 502, statusText: "Bad Gateway" })
    );
    const error = await rejection(adapter.execute(ask));
    assert.equal(error.message, "openai: HTTP 502: Bad Gateway");
  });
});

describe("a stream event's provider message never carries the key", () => {
  const key = "sk-ant-stream-secret-0123456789";
  const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: key });
  const echo = {
    type: "error",
    error: { type: "authentication_error", message: `bad key ${key}` },
  };

  it("before the first chunk (thrown) and after content (the error chunk)", async () => {
    const early = anthropicWith(() =>
      streamResponse(`event: error\ndata: ${JSON.stringify(echo)}\n\n`)
    );
    const thrown = await rejection(collect(early.adapter.executeStream(ask)));
    assert.ok(thrown instanceof AdapterError, String(thrown));
    assert.match(thrown.message, /bad key/);
    assert.equal(thrown.message.includes(key), false, thrown.message);

    const late = anthropicWith(() =>
      streamResponse(
        [
          {
            type: "message_start",
            message: {
              id: "m",
              type: "message",
              role: "assistant",
              content: [],
              model: "claude-3-5-haiku-20241022",
              usage: { input_tokens: 1, output_tokens: 1 },
            },
          },
          {
            type: "content_block_start",
            index: 0,
            content_block: { type: "text", text: "" },
          },
          {
            type: "content_block_delta",
            index: 0,
            delta: { type: "text_delta", text: "Partial" },
          },
          echo,
        ].map((event) =>
          `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`
        ).join(""),
      )
    );
    const chunks = await collect(late.adapter.executeStream(ask));
    const last = chunks.at(-1);
    assert.equal(last?.type, "error");
    const message = last?.type === "error" ? last.error.message : "";
    assert.match(message, /bad key/);
    assert.equal(JSON.stringify(chunks).includes(key), false);
  });
});

describe("execute leaves no call timeout behind", () => {
  it("answered, refused, or answered with a body that is not JSON", async () => {
    const before = watchedCount();
    const answers: Array<[string, () => Response]> = [
      [
        "answered",
        () => Response.json(jsonFixture("openai/chat_completion.json")),
      ],
      [
        "refused",
        () => Response.json({ error: { message: "no" } }, { status: 400 }),
      ],
      ["not JSON", () => new Response("<html>", { status: 200 })],
    ];
    for (const [label, answer] of answers) {
      // 60 s is past the per-call timer's range: the watchdog holds it.
      const { adapter } = openAIWith(answer, { timeout: 60_000 });
      await adapter.execute(ask).catch((error: unknown) => {
        assert.ok(error instanceof AdapterError, String(error));
      });
      assert.equal(watchedCount(), before, label);
    }
  });
});
