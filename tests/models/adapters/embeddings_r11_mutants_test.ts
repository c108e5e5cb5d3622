// Embeddings toward Cohere with and without `dimensions`, and the smallest
// `dimensions` the check lets through: an exploratory draw of
// `_embeddings.ts` (not a measure) showed Cohere's `output_dimension` and
// the check's edge untried. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, rejection } from "./_fake.ts";

type Json = Record<string, unknown>;

const cohereWith = adapterFactory(createCohereAdapter, { apiKey: "k" });
const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });

const cohereAnswer = () =>
  Response.json({
    embeddings: { float: [[0.5, -1]] },
    meta: { billed_units: { input_tokens: 3 } },
  });

describe("embeddings: dimensions", () => {
  it("Cohere is sent output_dimension only when the client names dimensions", async () => {
    const named = cohereWith(cohereAnswer);
    await named.adapter.operate!({
      operation: "embeddings",
      body: { input: "a cat", dimensions: 256 },
      model: "embed-v4.0",
    });
    assert.equal((named.requests[0].body as Json).output_dimension, 256);
    const unnamed = cohereWith(cohereAnswer);
    await unnamed.adapter.operate!({
      operation: "embeddings",
      body: { input: "a cat" },
      model: "embed-v4.0",
    });
    assert.equal(
      "output_dimension" in (unnamed.requests[0].body as Json),
      false,
    );
  });

  it("1 is the smallest accepted; 0 is INVALID_REQUEST and nothing is sent", async () => {
    const one = geminiWith(() =>
      Response.json({ embeddings: [{ values: [0.5] }] })
    );
    await one.adapter.operate!({
      operation: "embeddings",
      body: { input: "a cat", dimensions: 1 },
      model: "gemini-embedding-001",
    });
    assert.equal(one.requests.length, 1);
    const zero = cohereWith(cohereAnswer);
    const error = await rejection(
      zero.adapter.operate!({
        operation: "embeddings",
        body: { input: "a cat", dimensions: 0 },
        model: "embed-v4.0",
      }),
    );
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_REQUEST");
    assert.equal(zero.requests.length, 0);
  });
});
