// The Redis store's keys expire, as docs/models.md promises: a breaker,
// health or counters key `ttl` after its last write (a day by default), and
// a token bucket once it would be full again. A fleet whose backends come
// and go (renamed, scaled away) must not keep their keys in Redis for ever.
// Bugs planted by hand beside the models-stores draw of seed 20261169 (the
// expiry dropped from the breaker, health, counters or bucket script)
// survived every other test of the area: they change nothing a read sees
// until the key should have gone.
import assert from "node:assert/strict";
import { createRedisStore } from "../../../src/models/stores/redis.ts";
import { needs } from "../../_programs.ts";
import { connect, startRedis } from "./_redis_server.ts";

const ignore = needs("Redis store tests", "redis-server").ignore;

const DAY = 86_400_000;
const rules = { enabled: true, threshold: 2, timeout: 10_000 };

Deno.test({
  name:
    "every key the Redis store writes expires: ttl after its last write, a bucket once full again",
  ignore,
  async fn(t) {
    const server = await startRedis();
    const { client, command, close } = await connect(server.port);
    const pttl = async (key: string) => Number(await command(["PTTL", key]));
    /** Asserts `key` expires after at most `most` ms, and not much sooner. */
    const expires = async (key: string, most: number) => {
      const left = await pttl(key);
      assert.ok(
        left > most - 60_000 && left <= most,
        `${key} expires in ${left} ms, expected about ${most}`,
      );
    };
    try {
      await t.step("a day by default, renewed by every write", async () => {
        const s = createRedisStore(client, { prefix: "day:" });
        await s.recordFailure("x", 1_000, 0, rules);
        await s.setHealth("x", true, 1_000);
        await s.addCounters("x", { ok: 1 });
        for (const key of ["day:b:x", "day:h:x", "day:c:x"]) {
          await expires(key, DAY);
          // Nearly gone: the next write gives it a full day again.
          await command(["PEXPIRE", key, "1000"]);
        }
        await s.recordSuccess("x", 2_000, 0);
        await s.setHealth("x", false, 2_000);
        await s.addCounters("x", { failed: 1 });
        for (const key of ["day:b:x", "day:h:x", "day:c:x"]) {
          await expires(key, DAY);
        }
      });

      await t.step("the ttl option, on every breaker script", async () => {
        const ttl = 120_000;
        const s = createRedisStore(client, { prefix: "ttl:", ttl });
        const writes: [string, () => Promise<unknown>][] = [
          [
            "a failure",
            async () => await s.recordFailure("x", 1_000, 0, rules),
          ],
          [
            "an opening",
            async () => await s.openBreaker("x", 1_000, 500, false),
          ],
          // Half-open at 1 500: the probe's claim writes the breaker.
          ["a claim", async () => await s.claimProbe("x", 1_500)],
          ["a release", async () => await s.releaseProbe("x", 2)],
          ["a closing", async () => await s.closeBreaker("x")],
          ["a success", async () => await s.recordSuccess("x", 3_000, 3)],
        ];
        for (const [what, write] of writes) {
          await command(["PEXPIRE", "ttl:b:x", "1000"]);
          await write();
          const left = await pttl("ttl:b:x");
          assert.ok(
            left > ttl - 60_000 && left <= ttl,
            `after ${what} the breaker expires in ${left} ms`,
          );
        }
        await s.setHealth("x", true, 1_000);
        await expires("ttl:h:x", ttl);
        await s.addCounters("x", { ok: 2 });
        await expires("ttl:c:x", ttl);
      });

      await t.step("a token bucket once it would be full again", async () => {
        const s = createRedisStore(client, { prefix: "tb:" });
        // Capacity 5, one token a second: 2 taken refill in 2 s, plus a
        // second of margin.
        await s.takeTokens("k", 2, 5, 1, 10_000);
        const left = await pttl("tb:t:k");
        assert.ok(left > 0 && left <= 3_000, `the bucket expires in ${left}`);
        // A bucket that never refills still goes, after a minute.
        await s.takeTokens("never", 1, 5, 0, 10_000);
        const never = await pttl("tb:t:never");
        assert.ok(never > 0 && never <= 60_000, `never-refilling: ${never}`);
      });
    } finally {
      await close();
      await server.stop();
    }
  },
});
