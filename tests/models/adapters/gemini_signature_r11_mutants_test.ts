// A Gemini thought signature goes back exactly as Gemini wrote it, padding
// and all: the IR's tool call id carries it without `=` and with `-`/`_`
// for `+`/`/` (the letters tool ids allow), and the padding is restored on
// the way back. An exploratory draw of `_gemini_details.ts` (not a measure)
// showed that only a signature whose length is a multiple of four was ever
// sent back. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createGeminiAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/gemini.ts";
import type { IRToolUsePart } from "../../../src/models/types.ts";
import { adapterFactory } from "./_fake.ts";

const adapterWith = adapterFactory(createGeminiAdapter, { apiKey: "AIza-k" });

function signedCall(signature: string) {
  return {
    candidates: [{
      content: {
        role: "model",
        parts: [{
          functionCall: { id: "fc1", name: "weather", args: { city: "Oslo" } },
          thoughtSignature: signature,
        }],
      },
      finishReason: "STOP",
    }],
  };
}

const DONE = {
  candidates: [{
    content: { role: "model", parts: [{ text: "12°C" }] },
    finishReason: "STOP",
  }],
};

describe("Gemini: a thought signature is sent back as written", () => {
  // Two, one and no `=` of padding; `+` and `/` inside.
  for (const signature of ["c2lnbmVkMQ==", "c2lnbmVkMTI=", "a+b/c2lnbmVk"]) {
    it(signature, async () => {
      const { adapter, requests } = adapterWith((_, index) =>
        Response.json(index === 0 ? signedCall(signature) : DONE)
      );
      const ask: IRChatRequest = {
        messages: [{ role: "user", content: "Weather in Oslo?" }],
        parameters: { model: "gemini-2.5-flash" },
      };
      const answer = await adapter.execute(ask);
      const calls = answer.message.content as IRToolUsePart[];
      assert.equal(calls.length, 1);
      assert.match(calls[0].id, /^[A-Za-z0-9_-]+$/);
      await adapter.execute({
        ...ask,
        messages: [
          ...ask.messages,
          { role: "assistant", content: calls },
          {
            role: "tool",
            content: [{
              type: "tool_result",
              toolUseId: calls[0].id,
              content: "12°C",
            }],
          },
        ],
      });
      const contents = (requests[1].body as {
        contents: { role: string; parts: Record<string, unknown>[] }[];
      }).contents;
      const model = contents.filter((c) => c.role === "model")
        .flatMap((c) => c.parts);
      assert.equal(model[0].thoughtSignature, signature);
    });
  }
});
