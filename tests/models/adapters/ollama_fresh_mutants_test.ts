// Ollama's wire where hand-planted mutants survived the area's tests: no
// tools field when no tool is left to offer, a tool message holding text
// refused, no empty durations record, and a streamed line's log
// probabilities without text; and, from the fresh draw of seed 20261162, a
// message with no parts left out. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { AdapterError } from "../../../src/models/errors.ts";
import { collect, rejection, streamResponse } from "./_fake.ts";
import {
  OLLAMA_ANSWER,
  OLLAMA_ASK,
  ollamaAnswering,
  ollamaWith,
} from "./_ollama_upstream.ts";

type Json = Record<string, unknown>;

describe("Ollama requests", () => {
  it("send no tools field when no tool is left to offer", async () => {
    const { adapter, requests } = ollamaAnswering();
    const look = { name: "look", parameters: { type: "object" } };
    await adapter.execute({ ...OLLAMA_ASK, tools: [] });
    // A named choice offers that tool alone; a name not in the list, none.
    await adapter.execute({
      ...OLLAMA_ASK,
      tools: [look],
      toolChoice: { name: "x" },
    });
    for (const request of requests) {
      assert.equal("tools" in (request.body as Json), false);
    }
    await adapter.execute({
      ...OLLAMA_ASK,
      tools: [look],
      toolChoice: { name: "look" },
    });
    assert.equal((requests[2].body as { tools: Json[] }).tools.length, 1);
  });

  it("refuse a tool message that holds text beside its results", async () => {
    const { adapter, requests } = ollamaAnswering();
    const error = await rejection(adapter.execute({
      messages: [
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: [{
            type: "tool_use",
            id: "call_1",
            name: "weather",
            input: {},
          }],
        },
        {
          role: "tool",
          content: [
            { type: "tool_result", toolUseId: "call_1", content: "sunny" },
            { type: "text", text: "and warm" },
          ],
        },
      ],
    }));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_REQUEST");
    assert.match(error.message, /tool message must hold only tool_result/);
    assert.equal(requests.length, 0);
  });
});

describe("Ollama requests: an empty turn", () => {
  it("a message with no parts at all is left out; an empty string is sent as it is", async () => {
    const { adapter, requests } = ollamaAnswering();
    await adapter.execute({
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: [] },
        { role: "user", content: "" },
      ],
    });
    assert.deepEqual((requests[0].body as Json).messages, [
      { role: "user", content: "Hi" },
      { role: "user", content: "" },
    ]);
  });
});

describe("Ollama answers", () => {
  it("carry durations only when the server sent some", async () => {
    const { adapter } = ollamaWith((_, index) =>
      Response.json(
        index === 0
          ? OLLAMA_ANSWER
          : { ...OLLAMA_ANSWER, total_duration: 5_000_000 },
      )
    );
    const plain = await adapter.execute(OLLAMA_ASK);
    assert.equal(plain.metadata.durations, undefined);
    const timed = await adapter.execute(OLLAMA_ASK);
    assert.deepEqual(timed.metadata.durations, { total_duration: 5_000_000 });
  });

  it("stream a line's log probabilities alone when the line has no text", async () => {
    const lines = [
      {
        model: "llama3.2",
        message: { role: "assistant", content: "Hi" },
        logprobs: [{ token: "Hi", logprob: -0.1 }],
        done: false,
      },
      {
        model: "llama3.2",
        message: { role: "assistant", content: "" },
        logprobs: [{ token: "", logprob: -0.4 }],
        done: false,
      },
      { ...OLLAMA_ANSWER, message: { role: "assistant", content: "" } },
    ].map((line) => JSON.stringify(line) + "\n").join("");
    const { adapter } = ollamaWith(() =>
      streamResponse(lines, "application/x-ndjson")
    );
    const chunks = await collect(adapter.executeStream(OLLAMA_ASK));
    assert.deepEqual(
      chunks.flatMap((chunk) =>
        chunk.type === "content"
          ? [[chunk.delta, chunk.logprobs?.content?.map((e) => e.logprob)]]
          : []
      ),
      [["Hi", [-0.1]], ["", [-0.4]]],
    );
  });
});
