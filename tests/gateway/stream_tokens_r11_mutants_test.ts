// A relayed stream's tokens as the tap reads them: an Anthropic stream cut
// right after a `message_start` whose usage has no `output_tokens` still
// gives whole numbers (never NaN, which would reach the log line, /metrics,
// the tpm bucket and the price); and a usage object is read up to 8 KiB, one
// past it is not (the estimate then counts), so a stream can never make the
// gateway hold more than that.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { StreamTokenTap } from "../../src/gateway/_stream_tokens.ts";
import { withTimeout } from "../_timeout.ts";

const utf8 = new TextEncoder();

function sse(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** Reads `text` through a tap, as the client would, and returns the tap. */
async function tapped(text: string): Promise<StreamTokenTap> {
  const tap = new StreamTokenTap(
    new ReadableStream({
      start(controller) {
        controller.enqueue(utf8.encode(text));
        controller.close();
      },
    }),
  );
  const read = await withTimeout(
    new Response(tap.body).text(),
    5_000,
    "reading the tapped stream",
  );
  assert.equal(read, text, "the client gets the bytes unchanged");
  return tap;
}

describe("an Anthropic stream cut after message_start", () => {
  // Bug (`_stream_tokens.ts`, `input === undefined || output === undefined`
  // → `&&`): with input_tokens and no output_tokens yet, the usage was
  // built from an undefined output: NaN completion and total tokens.
  it("counts whole numbers: the reported prompt tokens, no NaN", async () => {
    const tap = await tapped(
      sse("message_start", {
        message: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude",
          content: [],
          usage: { input_tokens: 12 },
        },
      }) +
        sse("content_block_start", {
          index: 0,
          content_block: { type: "text", text: "" },
        }) +
        sse("content_block_delta", {
          index: 0,
          delta: { type: "text_delta", text: "Hello there" },
        }),
    );
    const { usage } = tap.tokens(40);
    for (const [name, value] of Object.entries(usage)) {
      assert.ok(Number.isInteger(value), `${name}: ${value}`);
    }
    assert.equal(usage.promptTokens, 12, "the upstream's own prompt count");
    assert.equal(
      usage.totalTokens,
      usage.promptTokens + usage.completionTokens,
    );
  });

  it("with output_tokens at the start and a message_delta: the upstream's counts", async () => {
    const tap = await tapped(
      sse("message_start", {
        message: { usage: { input_tokens: 12, output_tokens: 1 } },
      }) +
        sse("message_delta", {
          delta: { stop_reason: "end_turn" },
          usage: { output_tokens: 7 },
        }),
    );
    assert.deepEqual(tap.tokens(40), {
      usage: { promptTokens: 12, completionTokens: 7, totalTokens: 19 },
      estimated: false,
    });
  });
});

describe("the usage object's 8 KiB bound", () => {
  /** An OpenAI usage chunk whose usage object is `size` bytes long. */
  function usageChunk(size: number): string {
    const head = '{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7,';
    const shell = `${head}"pad":""}`;
    const usage = `${head}"pad":"${"x".repeat(size - shell.length)}"}`;
    assert.equal(utf8.encode(usage).length, size);
    return `data: {"choices":[{"delta":{"content":"abcdefgh"}}]}\n\n` +
      `data: {"choices":[],"usage":${usage}}\n\ndata: [DONE]\n\n`;
  }

  // Bug (`_stream_tokens.ts`, `capture.length < MAX_USAGE_BYTES` → `<=`):
  // the capture held one byte past its documented bound.
  it("reads a usage object of 8,192 bytes", async () => {
    const tap = await tapped(usageChunk(8192));
    assert.deepEqual(tap.tokens(40), {
      usage: { promptTokens: 5, completionTokens: 2, totalTokens: 7 },
      estimated: false,
    });
  });

  it("does not read one of 8,193 bytes: the estimate counts", async () => {
    const tap = await tapped(usageChunk(8193));
    assert.deepEqual(tap.tokens(40), {
      usage: { promptTokens: 40, completionTokens: 2, totalTokens: 42 },
      estimated: true,
    });
  });
});

describe("a usage object with a string member last", () => {
  // Bug (`_stream_tokens.ts`, `state === AFTER_STRING && b === COLON` →
  // `||`): any byte after a string value read as a key's colon, so the `}`
  // closing a usage object whose last member is a string (Perplexity's
  // `search_context_size`) was never seen: the usage was lost.
  it("is read, the string member ignored", async () => {
    const tap = await tapped(
      'data: {"choices":[{"delta":{"content":"abcdefgh"}}]}\n\n' +
        'data: {"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":3,"total_tokens":12,"search_context_size":"low"}}\n\n' +
        "data: [DONE]\n\n",
    );
    assert.deepEqual(tap.tokens(40), {
      usage: { promptTokens: 9, completionTokens: 3, totalTokens: 12 },
      estimated: false,
    });
  });
});
