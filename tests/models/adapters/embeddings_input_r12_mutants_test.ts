// The `input` of an OpenAI-shaped embeddings request toward the native APIs
// (Ollama, Gemini, Cohere), which take text only: a string or a non-empty
// list of strings is sent; OpenAI's token arrays, an empty list, a list
// mixing text and numbers, and anything else are refused as INVALID_REQUEST
// with a message saying which, before anything is sent. A coverage run of
// the area's tests while a mutation draw ran found the refusal never
// reached. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { fakeFetch, rejection } from "./_fake.ts";

const TOKENS = /takes text input only, not token arrays/;
const SHAPE = /input must be a string or a non-empty array of strings/;

const refused: Array<[string, unknown, RegExp]> = [
  ["token arrays", [[1, 2, 3]], TOKENS],
  ["one token array", [1, 2, 3], TOKENS],
  ["text beside a number", ["a cat", 7], TOKENS],
  ["an empty list", [], SHAPE],
  ["a number", 7, SHAPE],
  ["null", null, SHAPE],
  ["no input", undefined, SHAPE],
];

const PROVIDERS = {
  ollama: (fetch: typeof globalThis.fetch) => createOllamaAdapter({ fetch }),
  gemini: (fetch: typeof globalThis.fetch) =>
    createGeminiAdapter({ apiKey: "k", fetch }),
  cohere: (fetch: typeof globalThis.fetch) =>
    createCohereAdapter({ apiKey: "k", fetch }),
};

describe("embeddings input toward the native APIs", () => {
  for (const [provider, create] of Object.entries(PROVIDERS)) {
    it(`${provider}: each input that is not text is refused, naming why, and nothing is sent`, async () => {
      const fake = fakeFetch(() => Response.json({}));
      const adapter = create(fake.fetch);
      for (const [label, input, message] of refused) {
        const error = await rejection(adapter.operate({
          operation: "embeddings",
          body: input === undefined ? {} : { input },
          model: "embed-1",
        }));
        assert.ok(error instanceof AdapterError, `${label}: ${String(error)}`);
        assert.equal(error.code, "INVALID_REQUEST", label);
        assert.equal(error.provider, provider, label);
        assert.match(error.message, message, label);
      }
      assert.equal(fake.requests.length, 0);
    });
  }

  it("a single string and a list of strings are sent as their texts (Ollama)", async () => {
    const fake = fakeFetch((seen) => {
      const input = (seen.body as { input: string[] }).input;
      return Response.json({
        model: "embed-1",
        embeddings: input.map(() => [0.25, 0.5]),
      });
    });
    const adapter = createOllamaAdapter({ fetch: fake.fetch });
    for (const input of ["a cat", ["a cat", "a dog"]]) {
      const answer = await adapter.operate({
        operation: "embeddings",
        body: { input },
        model: "embed-1",
      });
      const json = await answer.json() as { data: unknown[] };
      assert.equal(json.data.length, typeof input === "string" ? 1 : 2);
    }
    assert.deepEqual(
      fake.requests.map((seen) => (seen.body as { input: unknown }).input),
      [["a cat"], ["a cat", "a dog"]],
    );
  });
});
