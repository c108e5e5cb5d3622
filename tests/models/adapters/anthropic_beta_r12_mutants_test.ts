// A same-wire Anthropic call (the client's Messages body sent as it is, or
// its count_tokens) whose client sent headers but no `anthropic-beta`: the
// call goes out with the configured betas alone (none when none are
// configured), and the client's other headers are not forwarded. Only a
// client that names betas was tried before; an exploratory mutation run on
// anthropic.ts (seed 7308, not a measure) let the header merge run on an
// absent header (a TypeError) unseen. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { adapterFactory, jsonFixture } from "./_fake.ts";

const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });
const messages = [{ role: "user" as const, content: "Hi" }];
const clientHeaders = { "x-stainless-lang": "js", "anthropic-version": "x" };

describe("a same-wire Anthropic call whose client names no beta", () => {
  for (const beta of [["prompt-caching-2024-07-31"], undefined]) {
    const label = beta === undefined ? "no betas" : "a configured beta";
    it(`chat and count_tokens go out with ${label}`, async () => {
      const { adapter, requests } = anthropicWith(
        (seen) =>
          Response.json(
            seen.url.endsWith("/count_tokens")
              ? { input_tokens: 9 }
              : jsonFixture("anthropic/message.json"),
          ),
        beta === undefined ? {} : { beta },
      );
      await adapter.execute({ messages }, undefined, {
        source: {
          wire: "anthropic",
          body: { model: "m", max_tokens: 64, messages },
          headers: clientHeaders,
        },
      });
      const counted = await adapter.operate({
        operation: "count_tokens",
        body: { messages },
        model: "m",
        headers: clientHeaders,
      });
      assert.deepEqual(await counted.json(), { input_tokens: 9 });
      assert.equal(requests.length, 2);
      for (const seen of requests) {
        assert.equal(
          seen.headers.get("anthropic-beta"),
          beta === undefined ? null : beta.join(","),
          seen.url,
        );
        assert.equal(seen.headers.has("x-stainless-lang"), false, seen.url);
        assert.equal(seen.headers.get("anthropic-version"), "2023-06-01");
      }
    });
  }
});
