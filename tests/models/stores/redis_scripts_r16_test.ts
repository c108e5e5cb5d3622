// What the Redis store's Lua scripts keep, checked on a real redis-server:
// bugs planted by hand in _redis_scripts.ts beside the models-stores draw of
// seed 20261175 survived every test of the area, because the memory store
// (the property test's reference) has no such state or no such limit:
// - a breaker's times keep every digit of a Date.now() reading, so an
//   opening ends and a probe's lease lapses at the exact millisecond on
//   every router (a shorter format rounds 13-digit times to 10 ms);
// - reading a breaker writes nothing: no key for a backend that never
//   failed, and a read does not keep a key from expiring;
// - a writer's ledger of running-total charges keeps only what is not
//   settled yet, and expires, so a gateway instance that charges for months
//   (or is replaced) does not grow Redis for ever;
// - a record replaced or deleted after another instance deleted it stays
//   deleted (a revoked key is not brought back by a rotation racing it).
import assert from "node:assert/strict";
import { createRedisStore } from "../../../src/models/stores/redis.ts";
import { needs } from "../../_programs.ts";
import { withRedis } from "./_redis_server.ts";

const ignore = needs("Redis script tests", "redis-server").ignore;

// A Date.now() reading of November 2026, with every digit significant.
const T = 1_795_432_109_877;
const rules = { enabled: true, threshold: 1, timeout: 1_234 };

Deno.test({
  name: "Redis scripts: breaker times keep every digit of a Date.now() time",
  ignore,
  async fn() {
    await withRedis(async ({ client }) => {
      // Two routers on one Redis: the second sees only what was stored.
      const a = createRedisStore(client, { probeLease: 5_001 });
      const b = createRedisStore(client, { probeLease: 5_001 });
      const opened = await a.recordFailure("x", T, 0, rules);
      assert.equal(opened.state, "open");
      assert.equal(opened.openUntil, T + 1_234);
      let [seen] = await b.readBreakers(["x"], T + 1_233);
      assert.equal(seen.state, "open", "still open a millisecond before");
      assert.equal(seen.openUntil, T + 1_234);
      [seen] = await b.readBreakers(["x"], T + 1_234);
      assert.equal(seen.state, "half-open", "half-open on the millisecond");

      const claimAt = T + 1_241;
      const ticket = await b.claimProbe("x", claimAt);
      assert.ok(ticket >= 0, "the probe is handed out");
      [seen] = await a.readBreakers(["x"], claimAt + 1);
      assert.equal(seen.probeAt, claimAt);
      assert.equal(
        await a.claimProbe("x", claimAt + 5_000),
        -1,
        "the lease holds until its last millisecond",
      );
      assert.equal(
        await a.claimProbe("x", claimAt + 5_001),
        ticket + 1,
        "and lapses on it",
      );
    });
  },
});

Deno.test({
  name:
    "Redis scripts: a breaker read writes nothing, neither a key nor an expiry",
  ignore,
  async fn() {
    await withRedis(async ({ client, command }) => {
      const store = createRedisStore(client, { prefix: "r:" });
      const [fresh] = await store.readBreakers(["never"], T);
      assert.equal(fresh.state, "closed");
      assert.equal(
        Number(await command(["EXISTS", "r:b:never"])),
        0,
        "no key for a breaker never written",
      );
      await store.recordFailure("x", T, 0, { ...rules, threshold: 5 });
      await command(["PEXPIRE", "r:b:x", "5000"]);
      await store.readBreakers(["x"], T + 1);
      const left = Number(await command(["PTTL", "r:b:x"]));
      assert.ok(left > 0 && left <= 5_000, `a read renewed it to ${left} ms`);
    });
  },
});

Deno.test({
  name:
    "Redis scripts: a writer's ledger keeps only unsettled charges, and expires",
  ignore,
  async fn() {
    await withRedis(async ({ client, command }) => {
      const ttl = 120_000;
      const store = createRedisStore(client, { prefix: "l:", ttl });
      const ledger = "l:s:ledger:w1";
      // Charges 1..40, each sent once its predecessors were answered: the
      // floor (lowest unanswered) is the charge's own number every time.
      for (let seq = 1; seq <= 40; seq++) {
        await store.addTotals!(["team"], 1, [0], {
          writer: "w1",
          seq,
          floor: seq,
        });
      }
      // The floor, and the last charge (a repeat of it must still be seen).
      assert.equal(Number(await command(["ZCARD", ledger])), 2);
      assert.deepEqual(
        await store.addTotals!(["team"], 1, [0], {
          writer: "w1",
          seq: 40,
          floor: 40,
        }),
        [40],
        "a repeat of the last charge is not added",
      );
      const left = Number(await command(["PTTL", ledger]));
      assert.ok(
        left > ttl - 60_000 && left <= ttl,
        `the ledger expires in ${left} ms, expected about ${ttl}`,
      );
    });
  },
});

Deno.test({
  name:
    "Redis scripts: a record replaced or deleted when absent stays absent, the version unchanged",
  ignore,
  async fn() {
    await withRedis(async ({ client }) => {
      const a = createRedisStore(client);
      const b = createRedisStore(client);
      assert.deepEqual(await a.writeRecord!("keys", "k1", "create", "v1"), {
        ok: true,
        version: 1,
      });
      assert.deepEqual(await b.writeRecord!("keys", "k1", "delete"), {
        ok: true,
        version: 2,
      });
      // The other instance's rotation and revocation arrive after the delete.
      for (const mode of ["replace", "delete"] as const) {
        assert.deepEqual(
          await a.writeRecord!("keys", "k1", mode, "v2"),
          { ok: false, version: 2 },
          mode,
        );
      }
      assert.deepEqual(await b.readRecords!("keys"), {
        version: 2,
        records: {},
      });
      // A create of a present record is refused the same way.
      await a.writeRecord!("keys", "k2", "create", "v1");
      assert.deepEqual(await b.writeRecord!("keys", "k2", "create", "v9"), {
        ok: false,
        version: 3,
      });
      assert.deepEqual((await a.readRecords!("keys")).records, { k2: "v1" });
      // The one cheap read a gateway polls to see another instance's write:
      // the version alone, the same as readRecords', 0 for a space never
      // written, and per prefix.
      assert.equal(await b.recordsVersion!("keys"), 3);
      assert.equal(await a.recordsVersion!("never-written"), 0);
      const other = createRedisStore(client, { prefix: "other:" });
      assert.equal(await other.recordsVersion!("keys"), 0);
      await other.writeRecord!("keys", "k1", "create", "v1");
      assert.equal(await other.recordsVersion!("keys"), 1);
      assert.equal(await a.recordsVersion!("keys"), 3);
    });
  },
});
