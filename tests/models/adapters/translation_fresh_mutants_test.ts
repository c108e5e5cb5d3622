// What a fresh mutation draw of the adapters (seed 20261160) showed no test
// checked in translating toward a provider and reading its answer: an author
// name Anthropic has no place for is named dropped; OpenAI's
// `top_logprobs` asks Gemini for that many alternatives; an Anthropic
// `thinking` OpenAI cannot read is dropped, not turned into an effort; a
// Gemini answer whose only candidate is not numbered 0 is still read.
// No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { towardWire } from "../../../src/models/adapters/_toward_wire.ts";
import type { IRChatRequest } from "../../../src/models/types.ts";
import { adapterFactory, collect, jsonFixture, textOf } from "./_fake.ts";

type Json = Record<string, unknown>;

const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });
const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });

describe("toward Anthropic: an author name", () => {
  it("a message's name is not sent and is named dropped, as the wire table says", async () => {
    const { adapter, requests } = anthropicWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    const request: IRChatRequest = {
      messages: [
        { role: "user", content: "Hi", name: "alice" },
        { role: "assistant", content: "Hello" },
        { role: "user", content: "Weather?" },
      ],
    };
    const response = await adapter.execute(request);
    assert.deepEqual(response.metadata.dropped, ["messages[].name"]);
    const sent = (requests[0].body as Json).messages as Json[];
    assert.equal(sent.some((message) => "name" in message), false);
    // Without a name nothing is named.
    const plain = await adapter.execute({
      messages: [{ role: "user", content: "Hi" }],
    });
    assert.equal(plain.metadata.dropped, undefined);
  });
});

describe("toward Gemini: log probabilities", () => {
  it("OpenAI's top_logprobs beside logprobs asks for that many alternatives", async () => {
    const { adapter, requests } = geminiWith(() =>
      Response.json(jsonFixture("gemini/generate.json"))
    );
    for (
      const parameters of [
        { logprobs: true, top_logprobs: 3 },
        { top_logprobs: 3, logprobs: true },
        { top_logprobs: 3 },
      ]
    ) {
      await adapter.execute({
        messages: [{ role: "user", content: "Hi" }],
        parameters,
      });
      assert.deepEqual(
        (requests.at(-1)?.body as Json).generationConfig,
        { responseLogprobs: true, logprobs: 3 },
        JSON.stringify(parameters),
      );
    }
  });
});

describe("toward OpenAI: a thinking setting it cannot read", () => {
  for (
    const thinking of [
      { type: "enabled" },
      { type: "enabled", budget_tokens: "8000" },
      { type: "auto", budget_tokens: 8000 },
    ]
  ) {
    it(`${JSON.stringify(thinking)} is dropped and named, with no reasoning effort guessed`, () => {
      const body: Json = { model: "m", thinking };
      assert.deepEqual(towardWire(body, "openai", "openai", true), [
        "thinking",
      ]);
      assert.deepEqual(body, { model: "m" });
    });
  }
});

describe("a Gemini answer's candidate", () => {
  const text = (value: string, index?: number) => ({
    content: { role: "model", parts: [{ text: value }] },
    finishReason: "STOP",
    ...(index === undefined ? {} : { index }),
  });

  it("is the one numbered 0 wherever it stands; without one, the first listed", async () => {
    for (
      const [candidates, expected] of [
        [[text("second", 1), text("first", 0)], "first"],
        [[text("unnumbered")], "unnumbered"],
        // A server numbering from 1: its only answer is still the answer.
        [[text("only", 1)], "only"],
      ] as const
    ) {
      const { adapter } = geminiWith(() => Response.json({ candidates }));
      const response = await adapter.execute({
        messages: [{ role: "user", content: "Hi" }],
      });
      assert.equal(response.message.content, expected);
      assert.equal(response.finishReason, "stop");
    }
  });

  it("in a stream too", async () => {
    const events = [
      { candidates: [text("Hel", 1)] },
      { candidates: [text("lo", 1)] },
    ].map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join("");
    const { adapter } = geminiWith(() =>
      new Response(events, { headers: { "content-type": "text/event-stream" } })
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "Hi" }] }),
    );
    assert.equal(textOf(chunks), "Hello");
    assert.equal(chunks.at(-1)?.type, "done");
  });
});
