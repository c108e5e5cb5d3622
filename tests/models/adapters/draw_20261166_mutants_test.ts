// What a fresh models-adapters mutation draw (seed 20261166) found
// unguarded: which OpenAI cache points Chat Completions carries (a user
// message's image part's) and which it names dropped (one on a tool result a
// user message holds), and a Gemini stream whose prompt is blocked (no
// candidate, only the prompt's feedback) beside one whose last event brings
// only the usage. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { adapterFactory, collect, streamResponse, textOf } from "./_fake.ts";
import { toOpenAI } from "./_to_openai.ts";

type Json = Record<string, unknown>;

const point = { type: "ephemeral" as const, breakpoint: { ttl: "30m" } };
const PIXEL =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("OpenAI cache points toward Chat Completions", () => {
  it("a user message's image part keeps its cache point, and nothing is named dropped", async () => {
    const { body, dropped } = await toOpenAI({
      messages: [{
        role: "user",
        content: [
          { type: "text", text: "What is in this picture?" },
          {
            type: "image",
            source: { type: "base64", mediaType: "image/png", data: PIXEL },
            cacheControl: point,
          },
        ],
      }],
    });
    const parts = (body.messages as Json[])[0].content as Json[];
    assert.equal(parts[1].type, "image_url");
    assert.deepEqual(parts[1].prompt_cache_breakpoint, {
      mode: "explicit",
      ttl: "30m",
    });
    assert.equal(dropped, undefined);
  });

  it("a cache point on a tool result (sent as a tool message, which takes none) is named dropped", async () => {
    const { body, dropped } = await toOpenAI({
      messages: [
        { role: "user", content: "Weather in Oslo?" },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "call_1",
            name: "weather",
            input: { city: "Oslo" },
          }],
        },
        {
          role: "user",
          content: [{
            type: "tool_result",
            toolUseId: "call_1",
            content: "12 degrees",
            cacheControl: point,
          }],
        },
      ],
    });
    assert.ok(!JSON.stringify(body).includes("prompt_cache_breakpoint"));
    assert.deepEqual(dropped, [
      "messages[].content[].prompt_cache_breakpoint",
    ]);
  });
});

const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });

function sse(events: Json[]): string {
  return events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`)
    .join("");
}

async function geminiStream(events: Json[]): Promise<IRStreamChunk[]> {
  const { adapter } = geminiWith(() => streamResponse(sse(events)));
  return await collect(
    adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
  );
}

describe("Gemini streams without a candidate", () => {
  it("a prompt blocked before any candidate ends the stream as content_filter, naming the reason", async () => {
    const chunks = await geminiStream([{
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      modelVersion: "gemini-2.0-flash",
    }]);
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    assert.equal(done.finishReason, "content_filter");
    assert.equal(done.metadata?.blockReason, "PROHIBITED_CONTENT");
    assert.equal(done.metadata?.providerFinishReason, "SAFETY");
    assert.equal(textOf(chunks), "");
  });

  it("a last event with only the usage leaves the candidate's finish as it was", async () => {
    const chunks = await geminiStream([
      {
        candidates: [{
          content: { role: "model", parts: [{ text: "Hello" }] },
          finishReason: "STOP",
          index: 0,
        }],
      },
      {
        usageMetadata: {
          promptTokenCount: 5,
          candidatesTokenCount: 1,
          totalTokenCount: 6,
        },
      },
    ]);
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    assert.equal(done.finishReason, "stop");
    assert.equal(done.metadata?.providerFinishReason, "STOP");
    assert.equal("blockReason" in (done.metadata ?? {}), false);
    assert.equal(textOf(chunks), "Hello");
    assert.equal(done.usage?.totalTokens, 6);
  });

  it("a stream of usage alone, no candidate and no block, ends in an error chunk (ended early), not a finish", async () => {
    const chunks = await geminiStream([{
      usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
    }]);
    const last = chunks.at(-1);
    assert.ok(last?.type === "error", JSON.stringify(chunks));
    assert.equal(last.error.code, "PROVIDER_ERROR");
    assert.match(last.error.message, /ended before a finishReason/);
    assert.equal(chunks.some((chunk) => chunk.type === "done"), false);
  });
});
