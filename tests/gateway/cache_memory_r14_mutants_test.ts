// MemoryResponseCache at its bounds: the smallest bound it documents (any
// positive integer, 1 included), the shortest TTL that keeps an entry (1 ms:
// only 0 or less keeps nothing), and an entry exactly the size of the
// bound, which fits (only a larger one is not kept).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { MemoryResponseCache } from "../../src/gateway/mod.ts";

describe("MemoryResponseCache at its bounds", () => {
  // Bug (`cache/memory.ts`, `max <= 0` → `max <= 1`): a bound of 1 byte,
  // a positive integer, was refused.
  it("takes a bound of 1 byte, where a key of nothing and a value of nothing fit", async () => {
    const cache = new MemoryResponseCache({ maxBytes: 1 });
    assert.equal(cache.maxBytes, 1);
    await cache.set("", "", 60_000);
    assert.equal(await cache.get(""), "");
    await cache.set("k", "", 60_000); // 2 bytes: larger than the bound
    assert.equal(await cache.get("k"), undefined);
  });

  // Bug (`cache/memory.ts`, `!(ttlMs > 0)` → `!(ttlMs > 1)`): an answer
  // given a TTL of 1 ms was not kept at all.
  it("keeps an entry for a TTL of 1 ms, until that millisecond passes", async () => {
    let now = 1_000;
    const cache = new MemoryResponseCache({ now: () => now });
    await cache.set("k", "v", 1);
    assert.equal(await cache.get("k"), "v");
    now += 1;
    assert.equal(await cache.get("k"), undefined);
    await cache.set("zero", "v", 0);
    assert.equal(await cache.get("zero"), undefined, "0 keeps nothing");
  });

  // Bug (`cache/memory.ts`, `bytes > this.maxBytes` → `>=`): an entry the
  // exact size of the bound was not kept, though it fits.
  it("keeps an entry exactly the size of the bound, evicting the rest for it", async () => {
    const cache = new MemoryResponseCache({ maxBytes: 20 });
    await cache.set("a", "1", 60_000); // 4 bytes
    await cache.set("k", "123456789", 60_000); // (1 + 9) × 2 = 20 bytes
    assert.equal(await cache.get("k"), "123456789");
    assert.equal(await cache.get("a"), undefined, "evicted to make room");
    assert.equal(cache.bytes, 20);
    await cache.set("k2", "123456789", 60_000); // 22 bytes: not kept
    assert.equal(await cache.get("k2"), undefined);
    assert.equal(await cache.get("k"), "123456789", "nothing evicted for it");
  });
});
