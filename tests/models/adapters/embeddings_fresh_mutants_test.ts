// Embeddings on the native APIs (Ollama, Gemini, Cohere), as the gateway's
// OpenAI-shaped operation: the request each API is sent, the encoding the
// client asked for, and an answer that has no vector for some input refused
// rather than handed back short. A fresh mutation draw of the adapters
// (seed 20261161) found the format check and the vector count unchecked
// here. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, rejection } from "./_fake.ts";

type Json = Record<string, unknown>;

const ollamaWith = adapterFactory(createOllamaAdapter, {});
const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });
const cohereWith = adapterFactory(createCohereAdapter, { apiKey: "k" });

async function json(response: Response): Promise<Json> {
  return await response.json() as Json;
}

/** float32 little-endian bytes of `values`, as OpenAI's base64 encoding. */
function base64Floats(values: number[]): string {
  const bytes = new Uint8Array(new Float32Array(values).buffer);
  return btoa(String.fromCharCode(...bytes));
}

describe("embeddings on Ollama", () => {
  it("two inputs, no encoding named: float vectors in OpenAI's list, with the server's token count", async () => {
    const { adapter, requests } = ollamaWith(() =>
      Response.json({
        model: "nomic-embed-text",
        embeddings: [[0.5, -1], [0.25, 2]],
        prompt_eval_count: 7,
      })
    );
    const answer = await json(
      await adapter.operate!({
        operation: "embeddings",
        body: { input: ["a cat", "a dog"] },
        model: "nomic-embed-text",
      }),
    );
    assert.match(requests[0].url, /\/api\/embed$/);
    assert.deepEqual(requests[0].body, {
      model: "nomic-embed-text",
      input: ["a cat", "a dog"],
    });
    assert.deepEqual(answer, {
      object: "list",
      data: [
        { object: "embedding", index: 0, embedding: [0.5, -1] },
        { object: "embedding", index: 1, embedding: [0.25, 2] },
      ],
      model: "nomic-embed-text",
      usage: { prompt_tokens: 7, total_tokens: 7 },
    });
  });

  it("encoding_format base64 gives float32 bytes; float gives numbers", async () => {
    const { adapter } = ollamaWith(() =>
      Response.json({ embeddings: [[0.5, -1]] })
    );
    for (
      const [format, expected] of [["base64", base64Floats([0.5, -1])], [
        "float",
        [0.5, -1],
      ]] as const
    ) {
      const answer = await json(
        await adapter.operate!({
          operation: "embeddings",
          body: { input: "a cat", encoding_format: format },
          model: "m",
        }),
      );
      assert.deepEqual((answer.data as Json[])[0].embedding, expected, format);
    }
  });

  it("an unknown encoding_format is INVALID_REQUEST, and nothing is sent", async () => {
    const { adapter, requests } = ollamaWith(() =>
      Response.json({ embeddings: [[0.5]] })
    );
    for (const format of ["hex", "FLOAT"]) {
      const error = await rejection(adapter.operate!({
        operation: "embeddings",
        body: { input: "a cat", encoding_format: format },
        model: "m",
      }));
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.code, "INVALID_REQUEST", String(format));
      assert.match(
        error.message,
        /encoding_format must be "float" or "base64"/,
      );
    }
    assert.equal(requests.length, 0);
  });

  it("an answer with fewer vectors than inputs is INVALID_RESPONSE, not a short list", async () => {
    const { adapter } = ollamaWith(() =>
      Response.json({ embeddings: [[0.5, -1]] })
    );
    const error = await rejection(adapter.operate!({
      operation: "embeddings",
      body: { input: ["a cat", "a dog"] },
      model: "m",
    }));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.match(error.message, /no vector per input/);
  });
});

describe("embeddings on Gemini and Cohere", () => {
  it("Gemini: one request per input, the dimensions asked for, tokens estimated", async () => {
    const { adapter, requests } = geminiWith(() =>
      Response.json({ embeddings: [{ values: [1, 2] }, { values: [3, 4] }] })
    );
    const answer = await json(
      await adapter.operate!({
        operation: "embeddings",
        body: { input: ["abcd", "abcdefgh"], dimensions: 2 },
        model: "text-embedding-004",
      }),
    );
    assert.match(
      requests[0].url,
      /\/models\/text-embedding-004:batchEmbedContents$/,
    );
    assert.deepEqual(requests[0].body, {
      requests: ["abcd", "abcdefgh"].map((text) => ({
        model: "models/text-embedding-004",
        content: { parts: [{ text }] },
        outputDimensionality: 2,
      })),
    });
    assert.deepEqual(
      (answer.data as Json[]).map((item) => item.embedding),
      [[1, 2], [3, 4]],
    );
    // About four characters a token: 1 + 2.
    assert.deepEqual(answer.usage, { prompt_tokens: 3, total_tokens: 3 });
  });

  it("Cohere: float vectors asked for, and its billed input tokens as usage", async () => {
    const { adapter, requests } = cohereWith(() =>
      Response.json({
        embeddings: { float: [[0.1, 0.2]] },
        meta: { billed_units: { input_tokens: 4 } },
      })
    );
    const answer = await json(
      await adapter.operate!({
        operation: "embeddings",
        body: { input: "a cat" },
        model: "embed-v4.0",
      }),
    );
    assert.deepEqual(requests[0].body, {
      model: "embed-v4.0",
      texts: ["a cat"],
      input_type: "search_document",
      embedding_types: ["float"],
    });
    assert.deepEqual(answer.usage, { prompt_tokens: 4, total_tokens: 4 });
  });
});
