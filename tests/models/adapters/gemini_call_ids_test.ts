// Gemini's own function call ids go back on the call and on its
// functionResponse (and no id Gemini did not give is sent); a Gemini 3
// model is sent Google's documented placeholder signature for a model turn
// whose calls were not Gemini's, plain and streamed.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createGeminiAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/gemini.ts";
import type { IRToolUsePart } from "../../../src/models/types.ts";
import { adapterFactory, collect, streamResponse } from "./_fake.ts";

const adapterWith = adapterFactory(createGeminiAdapter, { apiKey: "AIza-k" });

// Two parallel calls: Gemini named the first (and signed it), not the second.
const CALLS = {
  candidates: [{
    content: {
      role: "model",
      parts: [
        {
          functionCall: { id: "fc7x", name: "weather", args: { city: "Oslo" } },
          thoughtSignature: "c2lnbmVk",
        },
        { functionCall: { name: "time", args: { city: "Oslo" } } },
      ],
    },
    finishReason: "STOP",
  }],
};
const DONE = {
  candidates: [{
    content: { role: "model", parts: [{ text: "12°C at noon" }] },
    finishReason: "STOP",
  }],
};

type Part = Record<string, Record<string, unknown> | string | undefined>;

/** The parts of the request body's contents, by role, in order. */
function partsOf(body: unknown, role: string): Part[] {
  const contents = (body as { contents: { role: string; parts: Part[] }[] })
    .contents;
  return contents.filter((c) => c.role === role).flatMap((c) => c.parts);
}

/** The conversation after `calls`, their results sent back. */
function followUp(calls: IRToolUsePart[], model: string): IRChatRequest {
  return {
    messages: [
      { role: "user", content: "Weather and time in Oslo?" },
      { role: "assistant", content: calls },
      {
        role: "tool",
        content: calls.map((call) => ({
          type: "tool_result" as const,
          toolUseId: call.id,
          content: "ok",
        })),
      },
    ],
    parameters: { model },
  };
}

describe("Gemini adapter: function call ids", () => {
  for (const stream of [false, true]) {
    it(
      `sends Gemini's own id back on the call and its response, and no other (${
        stream ? "streamed" : "plain"
      })`,
      async () => {
        const { adapter, requests } = adapterWith((_, index) => {
          const answer = index === 0 ? CALLS : DONE;
          return stream && index === 0
            ? streamResponse(`data: ${JSON.stringify(answer)}\n\n`)
            : Response.json(answer);
        });
        const ask: IRChatRequest = {
          messages: [{ role: "user", content: "Weather and time in Oslo?" }],
        };
        let calls: IRToolUsePart[];
        if (stream) {
          const chunks = await collect(adapter.executeStream(ask));
          calls = chunks.flatMap((chunk) =>
            chunk.type === "tool_use"
              ? [{
                type: "tool_use" as const,
                id: chunk.id,
                name: chunk.name,
                input: JSON.parse(chunk.inputDelta ?? "{}"),
              }]
              : []
          );
        } else {
          const answer = await adapter.execute(ask);
          calls = answer.message.content as IRToolUsePart[];
        }
        assert.equal(calls.length, 2);
        await adapter.execute(followUp(calls, "gemini-2.5-flash"));
        const [first, second] = partsOf(requests[1].body, "model");
        assert.deepEqual(first.functionCall, {
          id: "fc7x",
          name: "weather",
          args: { city: "Oslo" },
        });
        assert.equal(first.thoughtSignature, "c2lnbmVk");
        assert.deepEqual(second.functionCall, {
          name: "time",
          args: { city: "Oslo" },
        });
        const results = partsOf(requests[1].body, "user").filter((part) =>
          part.functionResponse
        );
        assert.deepEqual(
          results.map((part) => (part.functionResponse as { id?: string }).id),
          ["fc7x", undefined],
        );
      },
    );
  }

  it("sends no id for a call another backend made, even one shaped like Gemini's", async () => {
    const { adapter, requests } = adapterWith(() => Response.json(DONE));
    await adapter.execute(followUp([
      { type: "tool_use", id: "toolu_01", name: "weather", input: {} },
      { type: "tool_use", id: "fc7x", name: "time", input: {} },
    ], "gemini-2.5-flash"));
    for (const part of partsOf(requests[0].body, "model")) {
      assert.equal(
        (part.functionCall as { id?: string }).id,
        undefined,
        JSON.stringify(part),
      );
    }
  });
});

describe("Gemini adapter: a history from another backend on Gemini 3", () => {
  const foreign: IRToolUsePart[] = [
    { type: "tool_use", id: "toolu_01", name: "weather", input: {} },
    { type: "tool_use", id: "call_abc", name: "time", input: {} },
  ];

  for (const model of ["gemini-3-pro-preview", "models/Gemini-3.1-flash"]) {
    it(`marks the first unsigned call of a turn with Google's placeholder (${model})`, async () => {
      const { adapter, requests } = adapterWith(() => Response.json(DONE));
      await adapter.execute(followUp(foreign, model));
      const [first, second] = partsOf(requests[0].body, "model");
      assert.equal(first.thoughtSignature, "skip_thought_signature_validator");
      assert.equal(second.thoughtSignature, undefined);
    });
  }

  it("keeps Gemini's own signature, and sends no placeholder to Gemini 2.5", async () => {
    const signed = adapterWith((_, index) =>
      Response.json(index === 0 ? CALLS : DONE)
    );
    const answer = await signed.adapter.execute({
      messages: [{ role: "user", content: "Weather and time in Oslo?" }],
    });
    await signed.adapter.execute(
      followUp(
        answer.message.content as IRToolUsePart[],
        "gemini-3-pro-preview",
      ),
    );
    assert.deepEqual(
      partsOf(signed.requests[1].body, "model").map((p) => p.thoughtSignature),
      ["c2lnbmVk", undefined],
    );

    const older = adapterWith(() => Response.json(DONE));
    await older.adapter.execute(followUp(foreign, "gemini-2.5-flash"));
    assert.deepEqual(
      partsOf(older.requests[0].body, "model").map((p) => p.thoughtSignature),
      [undefined, undefined],
    );
  });
});
