// What the OpenAI stream encoder sends for what a backend streams besides
// text, found by planting every rule-drawn bug in `openai_response.ts`
// (nineteenth round): a refusal streamed in pieces is not sent again from
// the `done` message that repeats it whole (the OpenAI adapter's does), and
// a reasoning piece, which Chat Completions has no field for, sends no
// chunk at all (not an empty delta per piece). Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../src/models/mod.ts";
import { jsonPost, mockBackend, withGateway } from "./_in_process.ts";

async function streamed(chunks: IRStreamChunk[]) {
  return await withGateway(
    { backends: [mockBackend({ chunks })] },
    async (gateway) => {
      const response = await gateway(jsonPost("/v1/chat/completions", {
        model: "mock",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }));
      assert.equal(response.status, 200);
      return (await response.text()).split("\n")
        .filter((line) => line.startsWith("data: {"))
        .map((line) => JSON.parse(line.slice(6)).choices[0]);
    },
  );
}

describe("the OpenAI stream encoder", () => {
  it("sends a streamed refusal once, though done repeats it", async () => {
    const choices = await streamed([
      { type: "start", sequence: 0, metadata: {} },
      { type: "content", sequence: 1, delta: "", refusal: "I can't " },
      { type: "content", sequence: 2, delta: "", refusal: "help with that." },
      {
        type: "done",
        sequence: 3,
        finishReason: "stop",
        message: {
          role: "assistant",
          content: "",
          refusal: "I can't help with that.",
        },
      },
    ]);
    const refusal = choices.map((c) => c.delta.refusal ?? "").join("");
    assert.equal(refusal, "I can't help with that.");
  });

  it("sends no chunk for a reasoning piece", async () => {
    const choices = await streamed([
      { type: "start", sequence: 0, metadata: {} },
      { type: "content", sequence: 1, delta: "", thinking: "Let me see." },
      { type: "content", sequence: 2, delta: "", thinking: " Yes." },
      { type: "content", sequence: 3, delta: "Hello" },
      { type: "done", sequence: 4, finishReason: "stop" },
    ]);
    assert.deepEqual(choices.map((c) => [c.delta, c.finish_reason]), [
      [{ role: "assistant", content: "" }, null],
      [{ content: "Hello" }, null],
      [{}, "stop"],
    ]);
  });
});
