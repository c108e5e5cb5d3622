// OpenAI's wire in both directions, at the places hand-planted mutants
// survived the area's tests: an assistant turn replayed with no text and
// no tool call, an answer whose only choice is not numbered 0, a streamed
// refusal without log probabilities (and log probabilities without text),
// and reasoning tokens written back into a wire `usage`. No Deno API: the
// harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { writeOpenAIUsage } from "../../../src/models/adapters/_openai_details.ts";
import type { IRStreamChunk } from "../../../src/models/types.ts";
import {
  adapterFactory,
  collect,
  jsonFixture,
  streamResponse,
} from "./_fake.ts";

type Json = Record<string, unknown>;

const openAIWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });

const answer = (choices: unknown[]) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: "gpt-4o",
  choices,
});
const choice = (content: string, index?: number) => ({
  ...(index === undefined ? {} : { index }),
  message: { role: "assistant", content },
  finish_reason: "stop",
});

describe("an assistant turn sent back to OpenAI", () => {
  it("with no text and no tool call its content is an empty string, not null", async () => {
    // OpenAI requires an assistant message's content unless it has
    // tool_calls (or a refusal): null alone is a 400.
    const { adapter, requests } = openAIWith(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    await adapter.execute({
      messages: [
        { role: "user", content: "Say nothing." },
        { role: "assistant", content: "" },
        { role: "user", content: "Now say hi." },
      ],
    });
    const sent = (requests[0].body as Json).messages as Json[];
    assert.deepEqual(sent[1], { role: "assistant", content: "" });
  });
});

describe("an OpenAI answer's choice", () => {
  it("is the one numbered 0 wherever it stands; without one, the first listed", async () => {
    for (
      const [choices, expected] of [
        [[choice("second", 1), choice("first", 0)], "first"],
        [[choice("unnumbered")], "unnumbered"],
        // A compatible server numbering from 1: its only answer is the answer.
        [[choice("only", 1)], "only"],
      ] as const
    ) {
      const { adapter } = openAIWith(() => Response.json(answer([...choices])));
      const response = await adapter.execute({
        messages: [{ role: "user", content: "Hi" }],
      });
      assert.equal(response.message.content, expected);
    }
  });
});

describe("a streamed refusal and streamed log probabilities", () => {
  const event = (delta: Json, logprobs: unknown = null) =>
    `data: ${
      JSON.stringify({
        id: "c",
        object: "chat.completion.chunk",
        model: "gpt-4o",
        choices: [{ index: 0, delta, logprobs, finish_reason: null }],
      })
    }\n\n`;
  const end = `data: ${
    JSON.stringify({
      id: "c",
      object: "chat.completion.chunk",
      model: "gpt-4o",
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    })
  }\n\ndata: [DONE]\n\n`;
  const contents = (chunks: IRStreamChunk[]) =>
    chunks.flatMap((chunk) => chunk.type === "content" ? [chunk] : []);

  it("refusal pieces without log probabilities still stream, in order", async () => {
    const { adapter } = openAIWith(() =>
      streamResponse(
        event({ role: "assistant", refusal: "" }) +
          event({ refusal: "Sorry," }) + event({ refusal: " no." }) + end,
      )
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.deepEqual(
      contents(chunks).map((chunk) => [chunk.delta, chunk.refusal]),
      [["", "Sorry,"], ["", " no."]],
    );
    const done = chunks.at(-1);
    assert.ok(done?.type === "done");
    assert.equal(done.message?.refusal, "Sorry, no.");
  });

  it("log probabilities in a chunk without text travel alone", async () => {
    const scored = {
      content: [{ token: "", logprob: -0.5, bytes: [], top_logprobs: [] }],
      refusal: null,
    };
    const { adapter } = openAIWith(() =>
      streamResponse(event({ role: "assistant", content: "" }, scored) + end)
    );
    const chunks = await collect(
      adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
    );
    assert.deepEqual(
      contents(chunks).map((chunk) => [
        chunk.delta,
        chunk.logprobs?.content?.map((entry) => entry.logprob),
      ]),
      [["", [-0.5]]],
    );
  });
});

describe("usage written back on OpenAI's wire", () => {
  it("reasoning tokens go in completion_tokens_details; without them there is none", () => {
    const base = { promptTokens: 10, completionTokens: 30, totalTokens: 40 };
    assert.deepEqual(writeOpenAIUsage({ ...base, reasoningTokens: 24 }), {
      prompt_tokens: 10,
      completion_tokens: 30,
      total_tokens: 40,
      completion_tokens_details: { reasoning_tokens: 24 },
    });
    assert.deepEqual(writeOpenAIUsage({ ...base, reasoningTokens: 0 }), {
      prompt_tokens: 10,
      completion_tokens: 30,
      total_tokens: 40,
      completion_tokens_details: { reasoning_tokens: 0 },
    });
    assert.equal(
      "completion_tokens_details" in writeOpenAIUsage(base),
      false,
    );
  });
});
