// An adapter's own `prices` (what estimateCost reads) are checked when it is
// built, as createGateway's are: a NaN price made every estimate NaN and a
// negative one made it negative, and nothing said so. Portable: the harness
// only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { AdapterError } from "../../../src/models/mod.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import type { ModelPrice } from "../../../src/models/adapters/_prices.ts";

type Prices = Record<string, ModelPrice>;

const builders: Array<[string, (prices: Prices) => unknown]> = [
  ["openai", (prices) => createOpenAIAdapter({ apiKey: "k", prices })],
  ["anthropic", (prices) => createAnthropicAdapter({ apiKey: "k", prices })],
  ["gemini", (prices) => createGeminiAdapter({ apiKey: "k", prices })],
  ["cohere", (prices) => createCohereAdapter({ apiKey: "k", prices })],
  ["ollama", (prices) => createOllamaAdapter({ prices })],
];

/** Asserts that building with `prices` throws INVALID_REQUEST matching `message`. */
function refused(prices: unknown, message: RegExp, label: string): void {
  for (const [name, build] of builders) {
    assert.throws(
      () => build(prices as Prices),
      (error: unknown) => {
        assert.ok(error instanceof AdapterError, `${name} ${label}: ${error}`);
        assert.equal(error.code, "INVALID_REQUEST", `${name} ${label}`);
        assert.match(error.message, message, `${name} ${label}`);
        return true;
      },
      `${name} ${label}`,
    );
  }
}

describe("an adapter's prices", () => {
  it("a price that is not a finite number of 0 or more is refused, named", () => {
    for (const field of ["input", "output", "cachedInput", "reasoning"]) {
      for (const bad of [NaN, -1, Infinity, "1", null]) {
        refused(
          { "my-model": { input: 1, output: 2, [field]: bad } },
          new RegExp(`prices\\["my-model"\\]\\.${field} must be a finite`),
          `${field}: ${String(bad)}`,
        );
      }
    }
    refused({ "my-model": { input: 1 } }, /\.output must be/, "no output");
    refused({ "my-model": 2 }, /prices\["my-model"\] must be/, "a number");
    refused(null, /prices must be an object/, "null");
  });

  it("good prices are taken and priced with", async () => {
    for (const [name, build] of builders) {
      const adapter = build({
        "my-model": { input: 0, output: 2, cacheWrite: 0 },
      }) as { estimateCost(request: unknown): Promise<number | null> };
      const cost = await adapter.estimateCost({
        messages: [],
        parameters: { model: "my-model", maxTokens: 1_000_000 },
      });
      // Ollama's models run on the caller's machine: its estimate is 0.
      assert.equal(cost, name === "ollama" ? 0 : 2, name);
    }
  });
});
