// The cache key (property tests): any difference in an answer-changing
// field gives another key; what does not change the answer (who asks,
// how it is delivered, the order of a JSON object's names) gives the same.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  cacheKey,
  canonicalJson,
  OMITTED,
} from "../../src/gateway/cache/_key.ts";
import { createGateway, MemoryResponseCache } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

type Json = Record<string, unknown>;

/** Field names a chat body carries, and arbitrary others. */
const FIELD = fc.oneof(
  fc.constantFrom(
    "messages",
    "system",
    "tools",
    "tool_choice",
    "temperature",
    "top_p",
    "top_k",
    "max_tokens",
    "max_completion_tokens",
    "stop",
    "seed",
    "n",
    "response_format",
    "logprobs",
    "reasoning_effort",
    "user",
    "metadata",
  ),
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.constant("__proto__"),
).filter((name) => !OMITTED.has(name) && name !== "model");

const BODY = fc.dictionary(FIELD, fc.jsonValue({ maxDepth: 3 }), {
  maxKeys: 6,
}) as fc.Arbitrary<Json>;

/** The same object with its names in another order, at every depth. */
function reordered(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reordered(v, seed));
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Json);
  entries.sort(([a], [b]) =>
    ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) ||
    b.localeCompare(a)
  );
  const out: Json = {};
  for (const [k, v] of entries) out[k] = reordered(v, seed);
  return out;
}

describe("cache key", () => {
  it("differs whenever one answer-changing field differs", async () => {
    await fc.assert(
      fc.asyncProperty(
        BODY,
        FIELD,
        fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }),
        async (body, field, value) => {
          const changed: Json = { ...body };
          if (value === undefined) delete changed[field];
          // defineProperty: a field named __proto__ stays a field.
          else {
            Object.defineProperty(changed, field, {
              value,
              enumerable: true,
              configurable: true,
              writable: true,
            });
          }
          fc.pre(canonicalJson(changed) !== canonicalJson(body));
          assert.notEqual(
            await cacheKey("openai", "m", body),
            await cacheKey("openai", "m", changed),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("differs when the messages come in another order", async () => {
    await fc.assert(
      fc.asyncProperty(
        BODY,
        fc.array(
          fc.record({
            role: fc.constantFrom("user", "assistant"),
            content: fc.string(),
          }),
          {
            minLength: 2,
            maxLength: 5,
          },
        ),
        async (body, list) => {
          const reversed = [...list].reverse();
          fc.pre(canonicalJson(reversed) !== canonicalJson(list));
          assert.notEqual(
            await cacheKey("openai", "m", { ...body, messages: list }),
            await cacheKey("openai", "m", { ...body, messages: reversed }),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("differs by model and by wire", async () => {
    await fc.assert(
      fc.asyncProperty(
        BODY,
        fc.string(),
        fc.string(),
        async (body, a, b) => {
          fc.pre(a !== b);
          assert.notEqual(
            await cacheKey("openai", a, body),
            await cacheKey("openai", b, body),
          );
          assert.notEqual(
            await cacheKey("openai", a, body),
            await cacheKey("anthropic", a, body),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("is the same when only delivery or the names' order differ", async () => {
    await fc.assert(
      fc.asyncProperty(
        BODY,
        fc.record({
          stream: fc.boolean(),
          stream_options: fc.record({ include_usage: fc.boolean() }),
        }, { requiredKeys: [] }),
        fc.nat(),
        async (body, extra, seed) => {
          const other = { ...(reordered(body, seed) as Json), ...extra };
          assert.equal(
            await cacheKey("openai", "m", body),
            await cacheKey("openai", "m", other),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("matches requests from other keys with other request ids through the gateway", async () => {
    const cache = new MemoryResponseCache();
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      cache: { cache },
    });
    try {
      const body = JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "same" }],
      });
      const send = (headers: Record<string, string>) =>
        gateway(
          new Request("http://gw/v1/chat/completions", {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body,
          }),
        );
      const first = await send({ "x-request-id": "one", "x-other": "a" });
      await first.body?.cancel();
      const second = await send({ "x-request-id": "two", "x-other": "b" });
      await second.body?.cancel();
      assert.equal(second.headers.get("x-switchyard-cache"), "hit");
      assert.equal(cache.size, 1);
    } finally {
      gateway.dispose();
    }
  });
});
