// SharedResponseCache's calls to Redis, seen through a recording client:
// keys are `switchyard:cache:<key>` by default and the prefix given is used
// as given (an empty one too); an entry is written with its TTL in whole
// milliseconds rounded up, and a TTL of 0 writes nothing (Redis refuses
// `PX 0`); and a Redis that answers within the default 100 ms bound is
// waited for.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { SharedResponseCache } from "../../src/gateway/mod.ts";
import type { RedisScriptClient } from "../../src/models/stores/redis.ts";

interface Call {
  keys: string[];
  args: string[];
}

/** A client that records each call and answers `reply`, after `delayMs`. */
function recording(reply: unknown, delayMs = 0) {
  const calls: Call[] = [];
  const client: RedisScriptClient = {
    eval(_script, keys, args) {
      calls.push({ keys, args });
      if (delayMs === 0) return Promise.resolve(reply);
      return new Promise((resolve) =>
        setTimeout(() => resolve(reply), delayMs)
      );
    },
  };
  return { client, calls };
}

describe("SharedResponseCache's keys", () => {
  // Bugs (`cache/shared.ts`, `options.prefix ?? "switchyard:"` → `||`, or
  // the default dropped): an empty prefix was replaced by the default, or
  // no prefix given wrote `undefinedcache:` keys.
  it("are switchyard:cache:… by default, and use a given prefix as given", async () => {
    for (
      const [options, key] of [
        [{}, "switchyard:cache:k"],
        [{ prefix: "" }, "cache:k"],
        [{ prefix: "eu:", namespace: "evals" }, "eu:cache:evals:k"],
      ] as const
    ) {
      const { client, calls } = recording("v");
      const cache = new SharedResponseCache(client, options);
      assert.equal(await cache.get("k"), "v");
      assert.deepEqual(calls[0].keys, [key], JSON.stringify(options));
    }
  });
});

describe("SharedResponseCache.set", () => {
  // Bugs (`cache/shared.ts`: `!(ttlMs > 0)` → `>= 0`, `> 1` or its return
  // dropped; `Math.ceil` → `Math.floor`): a TTL of 0 was sent (Redis
  // refuses PX 0), one of a millisecond kept nothing, and a fraction was
  // rounded down (to 0 under a millisecond).
  it("writes the TTL in whole ms rounded up, and nothing for 0", async () => {
    const { client, calls } = recording("OK");
    const cache = new SharedResponseCache(client);
    await cache.set("zero", "v", 0);
    await cache.set("negative", "v", -5);
    assert.equal(calls.length, 0, "no call for a TTL of 0 or less");
    await cache.set("one", "v", 1);
    await cache.set("fraction", "v", 0.4);
    await cache.set("longer", "v", 1500.2);
    assert.deepEqual(calls.map((call) => [call.keys[0], call.args]), [
      ["switchyard:cache:one", ["v", "1"]],
      ["switchyard:cache:fraction", ["v", "1"]],
      ["switchyard:cache:longer", ["v", "1501"]],
    ]);
  });
});

describe("SharedResponseCache's bound on a call", () => {
  // Bug (`cache/shared.ts`, `options.timeoutMs ?? 100` without its
  // default): no bound given meant a 0 ms one, so a Redis answering a few
  // milliseconds later was never read.
  it("waits for an answer well within the default 100 ms", async () => {
    const { client } = recording("v", 5);
    const cache = new SharedResponseCache(client);
    assert.equal(await cache.get("k"), "v");
  });
});
