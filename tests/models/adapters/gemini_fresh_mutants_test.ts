// Gemini's wire where hand-planted mutants survived the area's tests: an
// empty tools list, the answer's own model version, thought summaries kept
// out of the answer's text, the candidate numbered 0 when protobuf's JSON
// leaves its index out, and where a streamed event's log probabilities go.
// No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import type { IRStreamChunk } from "../../../src/models/types.ts";
import { adapterFactory, collect, jsonFixture, textOf } from "./_fake.ts";

type Json = Record<string, unknown>;

const geminiWith = adapterFactory(createGeminiAdapter, {
  apiKey: "k",
  defaultModel: "gemini-2.5-flash",
});
const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

const candidate = (parts: Json[], index?: number): Json => ({
  content: { role: "model", parts },
  finishReason: "STOP",
  ...(index === undefined ? {} : { index }),
});

function sse(events: unknown[]): Response {
  return new Response(
    events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join(""),
    { headers: { "content-type": "text/event-stream" } },
  );
}

describe("Gemini requests", () => {
  it("an empty tools list sends no tools field, not an empty declaration list", async () => {
    const { adapter, requests } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    await adapter.execute({ ...ask, tools: [] });
    assert.equal("tools" in (requests[0].body as Json), false);
    await adapter.execute({
      ...ask,
      tools: [{ name: "look", parameters: { type: "object" } }],
    });
    assert.equal(
      ((requests[1].body as { tools: Json[] }).tools[0]
        .functionDeclarations as Json[]).length,
      1,
    );
  });
});

describe("Gemini answers", () => {
  it("name the model version that answered, else the model asked for", async () => {
    const body = jsonFixture("gemini/generate.json") as Json;
    const { adapter } = geminiWith(() => Response.json(body));
    const named = await adapter.execute(ask);
    assert.equal(named.metadata.model, "gemini-2.0-flash");
    delete body.modelVersion;
    const unnamed = await adapter.execute(ask);
    assert.equal(unnamed.metadata.model, "gemini-2.5-flash");
  });

  it("leave thought summaries out of the text and keep the rest", async () => {
    const { adapter } = geminiWith(() =>
      Response.json({
        candidates: [candidate([
          { text: "Weighing the options…", thought: true },
          { text: "Take the train.", thought: false },
          { text: " It is faster." },
        ])],
      })
    );
    const response = await adapter.execute(ask);
    assert.equal(response.message.content, "Take the train. It is faster.");
  });

  it("read the candidate whose index protobuf's JSON left out (0), before one numbered 1", async () => {
    // proto3 JSON omits a field at its default: candidate 0 has no index.
    const candidates = [
      candidate([{ text: "second" }], 1),
      candidate([{ text: "first" }]),
    ];
    const { adapter } = geminiWith(() => Response.json({ candidates }));
    const response = await adapter.execute(ask);
    assert.equal(response.message.content, "first");
    const { adapter: streaming } = geminiWith(() => sse([{ candidates }]));
    const chunks = await collect(streaming.executeStream(ask));
    assert.equal(textOf(chunks), "first");
  });
});

describe("a Gemini stream's log probabilities", () => {
  const scored = (token: string, logProbability: number) => ({
    chosenCandidates: [{ token, logProbability }],
  });
  const contents = (chunks: IRStreamChunk[]) =>
    chunks.flatMap((chunk) =>
      chunk.type === "content"
        ? [[
          chunk.delta,
          chunk.logprobs?.content?.map((entry) => entry.token),
        ]]
        : []
    );

  it("travel with their event's text, or alone when the event has none", async () => {
    const { adapter } = geminiWith(() =>
      sse([
        {
          candidates: [{
            content: { role: "model", parts: [{ text: "Hi" }] },
            logprobsResult: scored("Hi", -0.1),
          }],
        },
        {
          candidates: [{
            content: { role: "model", parts: [] },
            logprobsResult: scored("", -0.3),
            finishReason: "STOP",
          }],
        },
      ])
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.deepEqual(contents(chunks), [["Hi", ["Hi"]], ["", [""]]]);
    assert.equal(chunks.at(-1)?.type, "done");
  });
});
