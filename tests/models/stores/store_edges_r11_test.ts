// Edges of a RouterStore's buckets, health and counters that a fleet meets,
// on the memory store and on a real Redis (skipped when redis-server is
// missing, as redis_test.ts is): a `now` earlier than the bucket's last
// (the processes' clocks disagree by a few seconds) neither drains tokens nor
// refills the same interval twice; an answer of readHealth or readCounters
// is the caller's to change, and the store does not see the change.
import assert from "node:assert/strict";
import {
  createMemoryStore,
  type RouterStore,
} from "../../../src/models/mod.ts";
import { createRedisStore } from "../../../src/models/stores/redis.ts";
import { needs } from "../../_programs.ts";
import { connect, startRedis } from "./_redis_server.ts";

const skipRedis = needs("Redis store tests", "redis-server").ignore;

async function onEachStore(
  t: Deno.TestContext,
  fn: (store: RouterStore) => Promise<void>,
): Promise<void> {
  await t.step("memory", () => fn(createMemoryStore()));
  await t.step({
    name: "redis",
    ignore: skipRedis,
    fn: async () => {
      const server = await startRedis();
      const { client, close } = await connect(server.port);
      try {
        await fn(createRedisStore(client, { prefix: "edges:" }));
      } finally {
        await close();
        await server.stop();
      }
    },
  });
}

Deno.test("a token bucket read with an earlier now neither drains nor refills twice", async (t) => {
  await onEachStore(t, async (s) => {
    // Capacity 5, one token a second.
    const take = (now: number) => s.takeTokens("k", 1, 5, 1, now);
    assert.equal((await take(10_000)).remaining, 4);
    // A sibling whose clock is 5 s behind: no refill, and no drain either.
    const behind = await take(5_000);
    assert.equal(behind.allowed, true);
    assert.equal(behind.remaining, 3);
    // Back at 10 s: those 5 s were never elapsed time, so nothing refills.
    const again = await take(10_000);
    assert.equal(again.allowed, true);
    assert.equal(again.remaining, 2);
  });
});

Deno.test("readHealth and readCounters answer copies: changing them changes nothing stored", async (t) => {
  await onEachStore(t, async (s) => {
    await s.setHealth("x", true, 42);
    const health = await s.readHealth("x");
    health!.healthy = false;
    assert.deepEqual(await s.readHealth("x"), { healthy: true, at: 42 });
    await s.addCounters("x", { total: 2, ok: 2 });
    const counters = await s.readCounters("x");
    counters.total = 100;
    counters.failed = 7;
    assert.deepEqual(await s.readCounters("x"), { total: 2, ok: 2 });
  });
});
