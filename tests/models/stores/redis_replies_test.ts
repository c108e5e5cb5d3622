// What the Redis store makes of a client it cannot use and of replies it did
// not expect: a breaker state code this version does not know (scripts of a
// newer release sharing the Redis) and a counters or records reply cut short;
// and what addTotals sends. The Router must get a record it can route on and
// counters that are numbers, not `undefined` states, NaN or a record whose
// value is the text "undefined".
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createRedisStore,
  type RedisScriptClient,
} from "../../../src/models/stores/redis.ts";

/** A client whose every EVAL answers `reply`. */
function answering(reply: unknown): RedisScriptClient {
  return { eval: () => Promise.resolve(reply) };
}

describe("the Redis store reading unexpected replies", () => {
  it("a breaker state code it does not know reads as closed", async () => {
    for (const code of [3, "7", -1]) {
      const store = createRedisStore(answering([[code, 0, -1, 4, 0]]));
      const [record] = await store.readBreakers(["x"], 0);
      assert.equal(record.state, "closed", `state code ${code}`);
      assert.equal(record.epoch, 4);
    }
    // The known codes keep their meaning.
    const store = createRedisStore(
      answering([[1, 2, 500, 4, 0], [2, 0, 0, 5, 1, 9]]),
    );
    const [open, half] = await store.readBreakers(["x", "y"], 0);
    assert.equal(open.state, "open");
    assert.equal(open.openUntil, 500);
    assert.equal(half.state, "half-open");
    assert.equal(half.probeAt, 9);
  });

  it("a counters reply with an odd number of items keeps the complete pairs only", async () => {
    const store = createRedisStore(
      answering(["requests", "3", "errors", "1", "latency"]),
    );
    assert.deepEqual(await store.readCounters("x"), {
      requests: 3,
      errors: 1,
    });
  });

  it("a records reply with an odd number of items keeps the complete pairs only", async () => {
    const store = createRedisStore(answering([7, ["k1", "v1", "k2"]]));
    const space = await store.readRecords!("keys");
    assert.equal(space.version, 7);
    assert.deepEqual({ ...space.records }, { k1: "v1" });
  });

  it("a missing client is refused at construction with INVALID_REQUEST, not a TypeError", () => {
    for (const client of [undefined, null, {}]) {
      assert.throws(
        () => createRedisStore(client as unknown as RedisScriptClient),
        (error: unknown) =>
          error instanceof Error &&
          (error as { code?: string }).code === "INVALID_REQUEST",
        String(client),
      );
    }
  });

  it("addTotals sends one script for all the totals, each key prefixed and each ttl rounded up, and asks nothing for no keys", async () => {
    const calls: { keys: string[]; args: string[] }[] = [];
    const store = createRedisStore({
      eval: (_script, keys, args) => {
        calls.push({ keys, args });
        return Promise.resolve(["5", "12.5"]);
      },
    });
    assert.deepEqual(await store.addTotals!(["a", "b"], 5, [1_000.2, 0]), [
      5,
      12.5,
    ]);
    assert.deepEqual(calls, [{
      keys: ["switchyard:s:a", "switchyard:s:b"],
      args: ["5", "1001", "0"],
    }]);
    assert.deepEqual(await store.addTotals!([], 5, []), []);
    assert.equal(calls.length, 1, "no script for no keys");
  });

  it("writeRecord reports the script's answer: written (1) or refused (0), with the space's version", async () => {
    let reply: unknown[] = [1, 4];
    const store = createRedisStore({ eval: () => Promise.resolve(reply) });
    assert.deepEqual(await store.writeRecord!("keys", "k1", "create", "v"), {
      ok: true,
      version: 4,
    });
    reply = [0, 4]; // "create" of an id that exists
    assert.deepEqual(await store.writeRecord!("keys", "k1", "create", "v"), {
      ok: false,
      version: 4,
    });
  });

  it("ttl and probeLease take any positive number of milliseconds, a fraction too; 0, negatives and Infinity are refused", () => {
    const client = answering([]);
    for (const field of ["ttl", "probeLease"]) {
      createRedisStore(client, { [field]: 0.5 });
      createRedisStore(client, { [field]: 1 });
      for (const bad of [0, -1, Infinity, Number.NaN]) {
        assert.throws(
          () => createRedisStore(client, { [field]: bad }),
          (error: unknown) =>
            (error as { code?: string }).code === "INVALID_REQUEST",
          `${field}: ${bad}`,
        );
      }
    }
  });

  it("only -1 reads as open until closed; an open-until time of 0 (a Router clock that starts at 0) is that time", async () => {
    const store = createRedisStore(
      answering([[1, 2, 0, 1, 0], [1, 2, -1, 1, 0], [1, 2, 500, 1, 0]]),
    );
    const records = await store.readBreakers(["a", "b", "c"], 0);
    assert.deepEqual(records.map((r) => r.openUntil), [0, Infinity, 500]);
  });
});
