// What a fresh mutation draw over the response cache showed the suite did not
// check: an answer kept for 0 seconds (a client's `x-switchyard-cache-ttl: 0`)
// is not stored at all, so it takes no room and pushes no one else's answer
// out of a full cache.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { MemoryResponseCache } from "../../src/gateway/mod.ts";

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
