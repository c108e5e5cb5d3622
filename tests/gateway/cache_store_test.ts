// The two ResponseCache implementations against one suite
// (_cache_suite.ts): in memory with a moved clock, and on a real
// redis-server (skipped outside CI when it is missing; required under
// CI=true). Then what is each one's own: LRU eviction by bytes in memory;
// namespaces, prefixes and a Redis that is gone, for the shared one.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import {
  MemoryResponseCache,
  SharedResponseCache,
} from "../../src/gateway/mod.ts";
import { responseCacheSuite } from "./_cache_suite.ts";
import { withTimeout } from "../_timeout.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";

const skip = needs("the shared response cache", "redis-server").ignore;

describe("MemoryResponseCache", () => {
  it("passes the response cache suite", async () => {
    let now = 0;
    await responseCacheSuite({
      cache: new MemoryResponseCache({ now: () => now }),
      expire: (ms) => {
        now += ms;
        return Promise.resolve();
      },
    });
  });

  it("evicts the least recently used entries, by bytes, to fit a new one", async () => {
    // Each entry: key 2 + value 8 code units = 20 bytes; room for three.
    const cache = new MemoryResponseCache({ maxBytes: 60 });
    await cache.set("k1", "aaaaaaaa", 60_000);
    await cache.set("k2", "bbbbbbbb", 60_000);
    await cache.set("k3", "cccccccc", 60_000);
    assert.equal(cache.bytes, 60);
    assert.equal(await cache.get("k1"), "aaaaaaaa"); // k2 is now the oldest
    await cache.set("k4", "dddddddd", 60_000);
    assert.equal(await cache.get("k2"), undefined);
    assert.equal(await cache.get("k1"), "aaaaaaaa");
    assert.equal(await cache.get("k3"), "cccccccc");
    // A larger entry takes the room of two.
    await cache.set("k5", "e".repeat(18), 60_000); // 40 bytes
    assert.equal(cache.size, 2);
    assert.ok(cache.bytes <= 60);
    assert.equal(await cache.get("k5"), "e".repeat(18));
    // Larger than the whole bound: not kept, and nothing evicted for it.
    const before = cache.size;
    await cache.set("big", "x".repeat(40), 60_000);
    assert.equal(await cache.get("big"), undefined);
    assert.equal(cache.size, before);
  });

  it("counts bytes back when an entry is replaced or expires", async () => {
    let now = 0;
    const cache = new MemoryResponseCache({ maxBytes: 1000, now: () => now });
    await cache.set("k", "12345678", 10);
    await cache.set("k", "1234", 10);
    assert.equal(cache.bytes, 10); // ("k" + "1234") × 2
    now = 20;
    assert.equal(await cache.get("k"), undefined);
    assert.equal(cache.bytes, 0);
  });

  it("refuses a bound that is not a positive integer", () => {
    for (const maxBytes of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => new MemoryResponseCache({ maxBytes }), RangeError);
    }
  });
});

describe("SharedResponseCache on a real redis-server", { skip }, () => {
  it("passes the suite; one key per answer with its PTTL; namespaces and prefixes separate", async () => {
    const redis = await startRedis();
    const a = await connect(redis.port);
    const b = await connect(redis.port);
    try {
      const cache = new SharedResponseCache(a.client, {
        prefix: "t:",
        timeoutMs: 5_000,
      });
      await responseCacheSuite({
        cache,
        expire: (_ms, key) => pollGone(cache, key),
      });

      // One key per answer, with Redis's own expiry.
      await cache.set("abc", "v", 60_000);
      const ttl = Number(await a.command(["PTTL", "t:cache:abc"]));
      assert.ok(ttl > 0 && ttl <= 60_000, `PTTL ${ttl}`);

      // Another connection, same prefix: the same entries.
      const other = new SharedResponseCache(b.client, {
        prefix: "t:",
        timeoutMs: 5_000,
      });
      assert.equal(await other.get("abc"), "v");
      // A namespace or another prefix: not the same entries.
      const spaced = new SharedResponseCache(b.client, {
        prefix: "t:",
        namespace: "evals",
        timeoutMs: 5_000,
      });
      assert.equal(await spaced.get("abc"), undefined);
      await spaced.set("abc", "spaced", 60_000);
      assert.equal(await spaced.get("abc"), "spaced");
      assert.equal(await other.get("abc"), "v");
      assert.equal(
        await new SharedResponseCache(b.client, { prefix: "u:" }).get("abc"),
        undefined,
      );
    } finally {
      await a.close();
      await b.close();
      await redis.stop();
    }
  });
});

describe("SharedResponseCache when Redis fails", () => {
  it("reads a failing or silent Redis as a miss and drops the write", async () => {
    const failing = new SharedResponseCache({
      eval: () => Promise.reject(new Error("connection refused")),
    });
    assert.equal(await failing.get("k"), undefined);
    await failing.set("k", "v", 60_000);
    let pending = 0;
    const silent = new SharedResponseCache({
      eval: () => {
        pending++;
        return new Promise(() => {}); // a stalled Redis never answers
      },
    }, { timeoutMs: 20 });
    assert.equal(
      await withTimeout(silent.get("k"), 10_000, "a read of a silent Redis"),
      undefined,
    );
    await withTimeout(
      silent.set("k", "v", 60_000),
      10_000,
      "a write to a silent Redis",
    );
    assert.equal(pending, 2, "both commands were sent, neither held the call");
  });
});

/** Polls (bounded by count) until Redis has expired `key`. */
async function pollGone(
  cache: SharedResponseCache,
  key: string,
): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await cache.get(key) === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${key} did not expire after 500 polls`);
}
