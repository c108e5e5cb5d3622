// What a fresh models-adapters mutation draw (seed 20261169) found
// unguarded in OpenAI-wire streams: an end marker with blanks around it (a
// proxy or a compatible server writing `data:  [DONE] `) still ends the
// stream cleanly, and a tool-call entry that is not an object (null, a
// string) is skipped while the real call beside it goes through; and
// Anthropic's defaultMaxTokens, which must be a positive integer. No Deno
// API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import {
  adapterFactory,
  collect,
  jsonFixture,
  streamResponse,
  textOf,
} from "./_fake.ts";

type Json = Record<string, unknown>;

const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
});

function chunk(delta: Json, finish: string | null = null): string {
  return `data: ${
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      model: "gpt-4o",
      choices: [{ index: 0, delta, finish_reason: finish }],
    })
  }\n\n`;
}

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

describe("OpenAI-wire stream edges", () => {
  for (const marker of ["data:  [DONE]\n\n", "data: [DONE] \t\n\n"]) {
    it(`an end marker with blanks around it ends the stream (${JSON.stringify(marker)})`, async () => {
      const { adapter } = openAIWith(() =>
        streamResponse(
          chunk({ role: "assistant", content: "Hel" }) +
            chunk({ content: "lo" }, "stop") + marker,
        )
      );
      const chunks = await collect(adapter.executeStream(ask));
      const done = chunks.at(-1);
      assert.ok(done?.type === "done", JSON.stringify(chunks));
      assert.equal(done.finishReason, "stop");
      assert.equal(textOf(chunks), "Hello");
    });
  }

  it("a tool-call entry that is not an object is skipped; the call beside it goes through", async () => {
    const { adapter } = openAIWith(() =>
      streamResponse(
        chunk({ role: "assistant", content: null }) +
          chunk({
            tool_calls: [null, "junk", {
              index: 0,
              id: "call_1",
              type: "function",
              function: { name: "weather", arguments: '{"city":' },
            }],
          }) +
          chunk({
            tool_calls: [7, {
              index: 0,
              function: { arguments: '"Oslo"}' },
            }],
          }) +
          chunk({}, "tool_calls") + "data: [DONE]\n\n",
      )
    );
    const chunks = await collect(adapter.executeStream(ask));
    const done = chunks.at(-1);
    assert.ok(done?.type === "done", JSON.stringify(chunks));
    assert.equal(done.finishReason, "tool_calls");
    const content = done.message?.content;
    assert.ok(Array.isArray(content), JSON.stringify(done.message));
    const calls = content.filter((part) => part.type === "tool_use");
    assert.deepEqual(calls, [{
      type: "tool_use",
      id: "call_1",
      name: "weather",
      input: { city: "Oslo" },
    }]);
  });
});

// The draw's `defaultMaxTokens ??`→`||` survivor: 0 was sent as max_tokens,
// which the Messages API refuses on every request, and `||` would have hidden
// it behind 1024. Now refused when the adapter is built.
describe("Anthropic's defaultMaxTokens", () => {
  const anthropicWith = adapterFactory(createAnthropicAdapter, {
    apiKey: "k",
  });

  for (const value of [0, -1, 0.5, Number.NaN, Infinity]) {
    it(`${value} is refused at construction (INVALID_REQUEST), not sent or replaced`, () => {
      assert.throws(
        () =>
          anthropicWith(() => Response.json({}), {
            defaultMaxTokens: value,
          }),
        (error: unknown) =>
          error instanceof AdapterError &&
          error.code === "INVALID_REQUEST" &&
          /defaultMaxTokens/.test(error.message),
      );
    });
  }

  for (const [value, sent] of [[1, 1], [4096, 4096], [undefined, 1024]]) {
    it(`${value} is sent as max_tokens ${sent} when the request sets none`, async () => {
      const { adapter, requests } = anthropicWith(
        () => Response.json(jsonFixture("anthropic/message.json")),
        value === undefined ? {} : { defaultMaxTokens: value },
      );
      await adapter.execute(ask);
      assert.equal((requests[0].body as Json).max_tokens, sent);
    });
  }
});
