// What a fresh models-adapters mutation draw (seed 20261168) found
// unguarded: an Ollama answer that does not name its model (a proxy in front
// of Ollama, or an older server, leaves `model` out) reports the model the
// request went to, the adapter's default when the request named none, in a
// whole answer and in a stream's start and done chunks alike. No Deno API:
// the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import {
  adapterFactory,
  collect,
  jsonFixture,
  streamResponse,
} from "./_fake.ts";

type Json = Record<string, unknown>;

const ollamaWith = adapterFactory(createOllamaAdapter, {
  defaultModel: "qwen2.5:7b",
});

function withoutModel(json: Json): Json {
  const { model: _model, ...rest } = json;
  return rest;
}

describe("an Ollama answer that does not name its model", () => {
  for (
    const [named, expected] of [
      [undefined, "qwen2.5:7b"],
      ["llama3.1:8b", "llama3.1:8b"],
    ] as const
  ) {
    const ask = {
      messages: [{ role: "user" as const, content: "Hi" }],
      ...(named === undefined ? {} : { parameters: { model: named } }),
    };
    const label = named === undefined ? "the default model" : "the named model";

    it(`a whole answer reports ${label}`, async () => {
      const { adapter, requests } = ollamaWith(() =>
        Response.json(withoutModel(jsonFixture("ollama/chat.json") as Json))
      );
      const answer = await adapter.execute(ask);
      assert.equal((requests[0].body as Json).model, expected);
      assert.equal(answer.metadata.model, expected);
      assert.equal(answer.message.content, "Hello! How are you today?");
    });

    it(`a stream reports ${label} at its start and its end`, async () => {
      const lines = [
        { message: { role: "assistant", content: "Hel" }, done: false },
        {
          message: { role: "assistant", content: "lo" },
          done: true,
          done_reason: "stop",
          prompt_eval_count: 3,
          eval_count: 2,
        },
      ].map((line) => JSON.stringify(line) + "\n").join("");
      const { adapter } = ollamaWith(() =>
        streamResponse(lines, "application/x-ndjson")
      );
      const chunks = await collect(adapter.executeStream(ask));
      const start = chunks[0];
      const done = chunks.at(-1);
      assert.ok(start?.type === "start", JSON.stringify(chunks));
      assert.equal(start.metadata.model, expected);
      assert.ok(done?.type === "done", JSON.stringify(chunks));
      assert.equal(done.metadata?.model, expected);
      assert.equal(done.message?.content, "Hello");
    });
  }
});
