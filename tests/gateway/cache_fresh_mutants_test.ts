// What a fresh mutation draw over the response cache showed the suite did not
// check: an answer kept for 0 seconds (a client's `x-switchyard-cache-ttl: 0`)
// is not stored at all, so it takes no room and pushes no one else's answer
// out of a full cache. Through the gateway: a hit answers with the model name
// the backend reported (a dated snapshot, say), not the alias asked for; a
// streamed miss keeps the usage its backend reported in a metadata chunk, so
// the hit repeats it; a stream that carried reasoning is not stored (its hit
// could not replay it); `ttlSeconds: 0` is accepted and stores nothing unless
// a request asks for a TTL; an entry written by another format version is a
// miss.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { MemoryResponseCache } from "../../src/gateway/mod.ts";
import { parseAnswer } from "../../src/gateway/cache/_answer.ts";
import {
  assertStreamNotStored,
  sameQuestion as chat,
  withCachedMock as withCache,
} from "./_cached_mock.ts";

/** The usage of a streamed answer's usage chunk. */
function streamedUsage(text: string): Record<string, number> | undefined {
  let usage;
  for (const line of text.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    const event = JSON.parse(line.slice(6));
    if (event.usage) usage = event.usage;
  }
  return usage;
}

describe("MemoryResponseCache: a TTL of 0", () => {
  it("takes no room in a full cache and evicts nothing", async () => {
    // Each entry: key 2 + value 8 code units = 20 bytes; room for three.
    const cache = new MemoryResponseCache({ maxBytes: 60, now: () => 1_000 });
    await cache.set("k1", "aaaaaaaa", 60_000);
    await cache.set("k2", "bbbbbbbb", 60_000);
    await cache.set("k3", "cccccccc", 60_000);
    await cache.set("k4", "dddddddd", 0);
    assert.equal(cache.size, 3);
    assert.equal(cache.bytes, 60);
    assert.equal(await cache.get("k4"), undefined);
    for (const [key, value] of [["k1", "a"], ["k2", "b"], ["k3", "c"]]) {
      assert.equal(await cache.get(key), value.repeat(8), key);
    }
  });

  it("drops what the key held before", async () => {
    const cache = new MemoryResponseCache({ maxBytes: 60, now: () => 1_000 });
    await cache.set("k1", "aaaaaaaa", 60_000);
    await cache.set("k1", "bbbbbbbb", 0);
    assert.equal(await cache.get("k1"), undefined);
    assert.equal(cache.size, 0);
    assert.equal(cache.bytes, 0);
  });
});

describe("the response cache through the gateway", () => {
  it("a hit answers with the model name the backend reported", async () => {
    await withCache({
      responses: {
        message: { role: "assistant", content: "hi" },
        finishReason: "stop",
        metadata: { model: "mock-2026-01-01" },
      },
    }, async (gateway, backend) => {
      for (const cache of ["miss", "hit"]) {
        const response = await gateway(chat(false));
        const body = await response.json();
        assert.equal(response.headers.get("x-switchyard-cache"), cache);
        assert.equal(body.model, "mock-2026-01-01", cache);
      }
      assert.equal(backend.calls.length, 1);
    });
  });

  it("a streamed miss keeps the usage a metadata chunk reported; the hit repeats it", async () => {
    await withCache({
      chunks: [
        { type: "start", sequence: 0, metadata: {} },
        { type: "content", sequence: 1, delta: "hi" },
        {
          type: "metadata",
          sequence: 2,
          usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
        },
        { type: "done", sequence: 3, finishReason: "stop" },
      ],
    }, async (gateway, backend) => {
      for (const cache of ["miss", "hit"]) {
        const response = await gateway(chat(true));
        assert.equal(response.headers.get("x-switchyard-cache"), cache);
        const usage = streamedUsage(await response.text());
        assert.equal(usage?.prompt_tokens, 11, cache);
        assert.equal(usage?.completion_tokens, 7, cache);
      }
      assert.equal(backend.calls.length, 1);
    });
  });

  it("a stream that carried reasoning is not stored", async () => {
    await withCache({
      chunks: [
        { type: "start", sequence: 0, metadata: {} },
        { type: "content", sequence: 1, delta: "", thinking: "hmm" },
        { type: "content", sequence: 2, delta: "hi" },
        { type: "done", sequence: 3, finishReason: "stop" },
      ],
    }, async (gateway, backend) => {
      await assertStreamNotStored(gateway, backend);
    });
  });

  it("ttlSeconds 0 stores nothing unless the request asks for a TTL", async () => {
    await withCache({
      responses: {
        message: { role: "assistant", content: "hi" },
        finishReason: "stop",
        metadata: {},
      },
    }, async (gateway, backend) => {
      for (let i = 0; i < 2; i++) await (await gateway(chat(false))).text();
      assert.equal(backend.calls.length, 2, "nothing stored at ttl 0");
      const asked = { "x-switchyard-cache-ttl": "60" };
      await (await gateway(chat(false, asked))).text();
      const hit = await gateway(chat(false, asked));
      await hit.text();
      assert.equal(hit.headers.get("x-switchyard-cache"), "hit");
      assert.equal(backend.calls.length, 3);
    }, 0);
  });
});

describe("a stored entry of another format version", () => {
  it("is read as a miss", () => {
    const response = {
      message: { role: "assistant", content: "hi" },
      finishReason: "stop",
      metadata: {},
    };
    assert.ok(parseAnswer(JSON.stringify({ v: 1, storedAt: 5, response })));
    for (const entry of [{ v: 2, storedAt: 5 }, { v: 1, storedAt: "5" }]) {
      assert.equal(
        parseAnswer(JSON.stringify({ ...entry, response })),
        undefined,
        JSON.stringify(entry),
      );
    }
  });
});
