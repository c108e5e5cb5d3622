// Reading Anthropic's answers where hand-planted mutants survived the
// area's tests: an answer without `usage` (a compatible server's), a stream
// whose events come without `event:` lines (the type is in each data
// object), and a reasoning count of zero, which streamed and unstreamed
// answers both keep. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import {
  adapterFactory,
  collect,
  fixture,
  jsonFixture,
  streamResponse,
  textOf,
} from "./_fake.ts";
import { anthropicTextStream } from "./_anthropic_stream.ts";

type Json = Record<string, unknown>;

const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });
const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

describe("an Anthropic answer without usage", () => {
  it("is read, with no usage rather than invented counts", async () => {
    const body = jsonFixture("anthropic/message.json") as Json;
    delete body.usage;
    const { adapter } = anthropicWith(() => Response.json(body));
    const response = await adapter.execute(ask);
    assert.equal(response.usage, undefined);
    assert.equal(response.finishReason, "tool_calls");
    assert.equal(
      response.message.content.length > 0,
      true,
      JSON.stringify(response.message),
    );
  });
});

describe("an Anthropic stream without event lines", () => {
  it("is read by each data object's type, as with them", async () => {
    const full = fixture("anthropic/stream_text.sse");
    const dataOnly = full.split("\n").filter((line) =>
      !line.startsWith("event:")
    ).join("\n");
    const texts: string[] = [];
    for (const text of [full, dataOnly]) {
      const { adapter } = anthropicWith(() => streamResponse(text));
      const chunks = await collect(adapter.executeStream(ask));
      assert.equal(chunks.at(-1)?.type, "done", JSON.stringify(chunks.at(-1)));
      texts.push(textOf(chunks));
    }
    assert.notEqual(texts[0], "");
    assert.equal(texts[1], texts[0]);
  });
});

describe("a reasoning count of zero", () => {
  const usage = {
    input_tokens: 12,
    output_tokens: 5,
    output_tokens_details: { thinking_tokens: 0 },
  };

  it("is kept as 0, streamed as unstreamed", async () => {
    const body = { ...(jsonFixture("anthropic/message.json") as Json), usage };
    const { adapter: plain } = anthropicWith(() => Response.json(body));
    const whole = await plain.execute(ask);
    assert.equal(whole.usage?.reasoningTokens, 0);

    const events = anthropicTextStream({
      text: "Hi",
      startUsage: usage,
      deltaUsage: { output_tokens: 5 },
    });
    const { adapter: streamed } = anthropicWith(() => streamResponse(events));
    const chunks = await collect(streamed.executeStream(ask));
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(done));
    assert.equal(done.usage?.reasoningTokens, 0);
    assert.deepEqual(done.usage, whole.usage);
  });
});

/** An Anthropic stream of one text block, with the two usage records given. */
function streamOf(startUsage: unknown, deltaUsage: unknown): string {
  return anthropicTextStream({ text: "Hi there", startUsage, deltaUsage });
}

describe("usage in an Anthropic stream", () => {
  it("a message_start without usage (a compatible server's) still streams, with no usage", async () => {
    const { adapter } = anthropicWith(() =>
      streamResponse(streamOf(undefined, undefined))
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(textOf(chunks), "Hi there");
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(done));
    assert.equal(done.usage, undefined);
  });

  it("a final count that repeats the input without the cache counts keeps them, in the whole prompt too", async () => {
    const start = {
      input_tokens: 48,
      cache_creation_input_tokens: 1200,
      cache_read_input_tokens: 3100,
      output_tokens: 1,
    };
    const { adapter } = anthropicWith(() =>
      streamResponse(
        streamOf(start, { input_tokens: 48, output_tokens: 210 }),
      )
    );
    const chunks = await collect(adapter.executeStream(ask));
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(done));
    // What the unstreamed answer with the final counts reads.
    const body = {
      ...(jsonFixture("anthropic/message.json") as Json),
      usage: { ...start, output_tokens: 210 },
    };
    const { adapter: plain } = anthropicWith(() => Response.json(body));
    const whole = await plain.execute(ask);
    assert.deepEqual(done.usage, whole.usage);
    assert.deepEqual(done.usage, {
      promptTokens: 4348,
      completionTokens: 210,
      totalTokens: 4558,
      cacheReadTokens: 3100,
      cacheCreationTokens: 1200,
    });
  });
});
