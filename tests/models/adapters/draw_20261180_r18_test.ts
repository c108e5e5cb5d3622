// What the eighteenth round's fresh draw of the adapters (seed 20261180)
// showed no test checked:
// - a streamed OpenAI answer's choices are picked by index: a chunk of
//   choice 1 (n > 1, or a server that numbers from 1 first) is not read as
//   choice 0's text;
// - a Gemini call id carries a thought signature only when the text after
//   its mark is base64url: a client's id that merely holds the mark sends
//   no signature Gemini would refuse;
// - toward Anthropic, `reasoning_effort: "none"` asks for no thinking and
//   is no dropped field, and a native `thinking` the request already holds
//   wins over an effort.
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { towardWire } from "../../../src/models/adapters/_toward_wire.ts";
import { adapterFactory, collect, streamResponse, textOf } from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "hi" }] };

/** An SSE stream of OpenAI chat chunks, then `[DONE]`. */
function sse(chunks: unknown[]): string {
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("") +
    "data: [DONE]\n\n";
}

describe("draw 20261180: a streamed OpenAI answer with two choices", () => {
  it("reads choice 0 only, whichever comes first in a chunk", async () => {
    const openai = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const chunk = (choices: unknown[]) => ({
      id: "c1",
      object: "chat.completion.chunk",
      choices,
    });
    const { adapter } = openai(() =>
      streamResponse(sse([
        chunk([{ index: 1, delta: { content: "other " } }]),
        chunk([
          { index: 1, delta: { content: "more" } },
          { index: 0, delta: { content: "mine" } },
        ]),
        chunk([{ index: 0, delta: {}, finish_reason: "stop" }]),
      ]))
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(textOf(chunks), "mine");
  });
});

describe("draw 20261180: a Gemini call id with the signature mark", () => {
  it("sends the signature only when the text after the mark is base64url", async () => {
    const gemini = adapterFactory(createGeminiAdapter, { apiKey: "AIza-k" });
    const done = {
      candidates: [{
        content: { role: "model", parts: [{ text: "ok" }] },
        finishReason: "STOP",
      }],
    };
    for (
      const [id, signature] of [
        ["call__ts_c2lnbmVk", "c2lnbmVk"],
        ["call__ts_c2ln-_", "c2ln+/=="],
        ["call__ts_not base64!", undefined],
        ["call__ts_a+b/c", undefined],
        ["call__ts_", undefined],
      ] as const
    ) {
      const { adapter, requests } = gemini(() => Response.json(done));
      await adapter.execute({
        messages: [
          { role: "user", content: "Weather?" },
          {
            role: "assistant",
            content: [{ type: "tool_use", id, name: "weather", input: {} }],
          },
          {
            role: "tool",
            content: [{ type: "tool_result", toolUseId: id, content: "ok" }],
          },
        ],
        parameters: { model: "gemini-2.5-flash" },
      });
      const body = requests[0].body as {
        contents: { role: string; parts: Record<string, unknown>[] }[];
      };
      const call = body.contents.find((c) => c.role === "model")?.parts[0];
      assert.ok(call?.functionCall, id);
      assert.equal(call.thoughtSignature, signature, id);
    }
  });
});

describe("draw 20261180: reasoning_effort toward Anthropic", () => {
  it('"none" asks for no thinking and drops nothing; a native thinking wins', () => {
    const none: Record<string, unknown> = {
      max_tokens: 4096,
      reasoning_effort: "none",
    };
    assert.deepEqual(towardWire(none, "anthropic", "anthropic", true), []);
    assert.deepEqual(none, { max_tokens: 4096 });

    const thinking = { type: "enabled", budget_tokens: 1500 };
    const both: Record<string, unknown> = {
      max_tokens: 4096,
      thinking,
      reasoning_effort: "high",
    };
    assert.deepEqual(towardWire(both, "anthropic", "anthropic", true), []);
    assert.deepEqual(both, { max_tokens: 4096, thinking });
  });
});
