// Answers the adapters' tests never received, found by a coverage run of the
// area's tests while a mutation draw ran: a Gemini function call without a
// name (refused as INVALID_RESPONSE, never a call named "undefined") or
// without arguments (an empty input), a Gemini answer with neither a
// candidate nor a block reason, and the error event Gemini sends inside a
// stream; an Ollama answer without a message and a stream line that is not
// an object; Cohere's cache hits beside its counts, and a usage without
// either count; and a Chat Completions tool call whose arguments are blank
// (as some compatible servers send for a call without parameters: an empty
// input) or JSON that is not an object (refused as INVALID_RESPONSE).
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../../src/models/adapters/openai.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import {
  adapterFactory,
  collect,
  rejection,
  streamResponse,
  textOf,
} from "./_fake.ts";
import { geminiWith } from "./_gemini_upstream.ts";
import { ollamaWith } from "./_ollama_upstream.ts";

type Json = Record<string, unknown>;

const ask = { messages: [{ role: "user" as const, content: "Lights?" }] };

function geminiAnswer(parts: Json[]): Json {
  return {
    candidates: [{
      content: { role: "model", parts },
      finishReason: "STOP",
      index: 0,
    }],
    usageMetadata: {
      promptTokenCount: 10,
      candidatesTokenCount: 4,
      totalTokenCount: 14,
    },
    modelVersion: "gemini-2.0-flash",
  };
}

/** Asserts that `promise` rejects with an AdapterError of `code` from `provider`. */
async function failsWith(
  promise: Promise<unknown>,
  provider: string,
  code: string,
  message: RegExp,
): Promise<void> {
  const error = await rejection(promise);
  assert.ok(error instanceof AdapterError, String(error));
  assert.equal(error.code, code);
  assert.equal(error.provider, provider);
  assert.match(error.message, message);
}

/** The last chunk of `chunks`, which must be an error chunk. */
function errorAtEnd(chunks: IRStreamChunk[]) {
  const last = chunks.at(-1);
  assert.ok(last?.type === "error", JSON.stringify(chunks));
  assert.equal(chunks.some((chunk) => chunk.type === "done"), false);
  return last.error;
}

describe("Gemini answers at their edges", () => {
  it("a function call without a name is an invalid answer, even beside a named one", async () => {
    const { adapter } = geminiWith(() =>
      Response.json(geminiAnswer([
        { functionCall: { name: "lights", args: { on: true } } },
        { functionCall: { args: { on: false } } },
      ]))
    );
    await failsWith(
      adapter.execute(ask),
      "gemini",
      "INVALID_RESPONSE",
      /functionCall without a name/,
    );
  });

  it("a function call without arguments is a call with an empty input", async () => {
    const { adapter } = geminiWith(() =>
      Response.json(geminiAnswer([
        { text: "Switching on." },
        { functionCall: { name: "lights" } },
      ]))
    );
    const answer = await adapter.execute(ask);
    assert.equal(answer.finishReason, "tool_calls");
    const content = answer.message.content;
    assert.ok(Array.isArray(content), JSON.stringify(answer.message));
    assert.deepEqual(content[0], { type: "text", text: "Switching on." });
    const call = content[1];
    assert.ok(call.type === "tool_use", JSON.stringify(content));
    assert.equal(call.name, "lights");
    assert.deepEqual(call.input, {});
  });

  it("an answer with no candidate and no block reason is invalid, not an empty answer", async () => {
    const { adapter } = geminiWith(() =>
      Response.json({
        usageMetadata: { promptTokenCount: 10, totalTokenCount: 10 },
        modelVersion: "gemini-2.0-flash",
      })
    );
    await failsWith(
      adapter.execute(ask),
      "gemini",
      "INVALID_RESPONSE",
      /no candidates/,
    );
  });

  it("an error event inside a stream ends it with Gemini's message after the text before it", async () => {
    const events = [
      geminiAnswer([{ text: "Swit" }]),
      {
        error: {
          code: 503,
          message: "The model is overloaded. Please try again later.",
          status: "UNAVAILABLE",
        },
      },
    ].map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join("");
    const { adapter } = geminiWith(() => streamResponse(events));
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(textOf(chunks), "Swit");
    const error = errorAtEnd(chunks);
    assert.equal(error.code, "PROVIDER_ERROR");
    assert.equal(error.provider, "gemini");
    assert.match(error.message, /The model is overloaded/);
  });
});

describe("Ollama answers at their edges", () => {
  it("an answer without a message is invalid", async () => {
    const { adapter } = ollamaWith(() =>
      Response.json({ model: "llama3.2", done: true, done_reason: "stop" })
    );
    await failsWith(
      adapter.execute(ask),
      "ollama",
      "INVALID_RESPONSE",
      /no message/,
    );
  });

  it("a stream line that is JSON but not an object ends the stream as invalid, after the text before it", async () => {
    const lines = [
      {
        model: "llama3.2",
        message: { role: "assistant", content: "On" },
        done: false,
      },
      ["not", "a", "chunk"],
    ].map((line) => JSON.stringify(line) + "\n").join("");
    const { adapter } = ollamaWith(() =>
      streamResponse(lines, "application/x-ndjson")
    );
    const chunks = await collect(adapter.executeStream(ask));
    assert.equal(textOf(chunks), "On");
    const error = errorAtEnd(chunks);
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.match(error.message, /not a JSON object/);
  });
});

describe("Cohere's usage", () => {
  const cohereWith = adapterFactory(createCohereAdapter, { apiKey: "k" });
  const answer = (usage: unknown) => () =>
    Response.json({
      id: "c-1",
      finish_reason: "COMPLETE",
      message: { role: "assistant", content: [{ type: "text", text: "On" }] },
      usage,
    });

  it("cache hits reported beside the billed counts are the prompt's cache reads", async () => {
    const { adapter } = cohereWith(answer({
      billed_units: { input_tokens: 120, output_tokens: 8 },
      tokens: { input_tokens: 600, output_tokens: 10 },
      cached_tokens: 100,
    }));
    const response = await adapter.execute(ask);
    assert.deepEqual(response.usage, {
      promptTokens: 120,
      completionTokens: 8,
      totalTokens: 128,
      cacheReadTokens: 100,
    });
  });

  it("no cache count, or one that is not a number, reports no cache reads", async () => {
    for (const cached of [undefined, "100", null]) {
      const { adapter } = cohereWith(answer({
        billed_units: { input_tokens: 120, output_tokens: 8 },
        ...(cached === undefined ? {} : { cached_tokens: cached }),
      }));
      const response = await adapter.execute(ask);
      assert.equal(response.usage?.promptTokens, 120, String(cached));
      assert.equal("cacheReadTokens" in response.usage!, false, String(cached));
    }
  });

  it("a usage without billed units or token counts is no usage, not zeros", async () => {
    const { adapter } = cohereWith(answer({ cached_tokens: 4 }));
    const response = await adapter.execute(ask);
    assert.equal(response.usage, undefined);
    assert.equal(response.message.content, "On");
  });
});

describe("Chat Completions tool call arguments", () => {
  const openAIWith = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
  const calling = (args: unknown) => () =>
    Response.json({
      id: "chatcmpl-1",
      object: "chat.completion",
      model: "gpt-4o-mini",
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: null,
          tool_calls: [{
            id: "call_1",
            type: "function",
            function: {
              name: "lights",
              ...(args === undefined ? {} : { arguments: args }),
            },
          }],
        },
        finish_reason: "tool_calls",
      }],
    });

  for (const args of ["", "  \n", undefined]) {
    it(`${JSON.stringify(args) ?? "none"} is a call with an empty input`, async () => {
      const { adapter } = openAIWith(calling(args));
      const answer = await adapter.execute(ask);
      assert.equal(answer.finishReason, "tool_calls");
      assert.deepEqual(answer.message.content, [{
        type: "tool_use",
        id: "call_1",
        name: "lights",
        input: {},
      }]);
    });
  }

  for (const args of ["[true]", "null", '"on"', "7"]) {
    it(`${args} (JSON, not an object) is an invalid answer naming the tool`, async () => {
      const { adapter } = openAIWith(calling(args));
      await failsWith(
        adapter.execute(ask),
        "openai",
        "INVALID_RESPONSE",
        /arguments of tool call "lights" are not a JSON object/,
      );
    });
  }

  it("a streamed call whose argument pieces are all blank is a call with an empty input", async () => {
    const chunk = (delta: Json, finish: string | null = null) =>
      `data: ${
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion.chunk",
          model: "gpt-4o-mini",
          choices: [{ index: 0, delta, finish_reason: finish }],
        })
      }\n\n`;
    const { adapter } = openAIWith(() =>
      streamResponse(
        chunk({
          role: "assistant",
          tool_calls: [{
            index: 0,
            id: "call_1",
            type: "function",
            function: { name: "lights", arguments: "" },
          }],
        }) +
          chunk({ tool_calls: [{ index: 0, function: { arguments: " " } }] }) +
          chunk({}, "tool_calls") + "data: [DONE]\n\n",
      )
    );
    const chunks = await collect(adapter.executeStream(ask));
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    assert.deepEqual(done.message?.content, [{
      type: "tool_use",
      id: "call_1",
      name: "lights",
      input: {},
    }]);
  });
});
