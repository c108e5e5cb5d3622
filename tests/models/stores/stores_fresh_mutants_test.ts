// The store behaviours a fresh mutation draw of the models-stores area found
// untested: what a store makes of a counters delta, or a running total's
// amount, that is not a finite number (the memory store once kept a NaN for
// the life of the key, where Redis refuses the increment) or, for a total,
// negative; a probe lease of a millisecond or less; the wait a token bucket
// names, when it admits and when it refuses; a records answer that is the
// caller's own.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createMemoryStore, ErrorCode } from "../../../src/models/mod.ts";
import { createRedisStore } from "../../../src/models/stores/redis.ts";

const invalid = (error: unknown) =>
  (error as { code?: string }).code === ErrorCode.INVALID_REQUEST &&
  /finite number/.test((error as Error).message);

describe("a counters delta that is not a finite number", () => {
  it("is refused by the memory store, and the counter goes on counting", () => {
    const store = createMemoryStore();
    store.addCounters("b", { ok: 2, failed: 1 });
    for (const bad of [NaN, Infinity, -Infinity, "1" as unknown as number]) {
      assert.throws(
        () => store.addCounters("b", { ok: 1, failed: bad }),
        invalid,
        String(bad),
      );
    }
    // Nothing of a refused delta is added, not even its valid part.
    store.addCounters("b", { ok: 1, failed: 1 });
    assert.deepEqual(store.readCounters("b"), { ok: 3, failed: 2 });
  });

  it("is refused by the Redis store before anything is sent", async () => {
    let sent = 0;
    const store = createRedisStore({
      eval: () => {
        sent++;
        return Promise.resolve(0);
      },
    });
    for (const bad of [NaN, Infinity]) {
      await assert.rejects(
        Promise.resolve().then(() => store.addCounters("b", { ok: bad })),
        invalid,
      );
    }
    assert.equal(sent, 0);
    await store.addCounters("b", { ok: 1 });
    assert.equal(sent, 1);
  });

  it("an empty delta asks Redis nothing (no round trip, no expiry renewed)", async () => {
    const calls: { keys: string[]; args: string[] }[] = [];
    const store = createRedisStore({
      eval: (_script, keys, args) => {
        calls.push({ keys, args });
        return Promise.resolve(0);
      },
    });
    await store.addCounters("b", {});
    assert.deepEqual(calls, []);
    await store.addCounters("b", { ok: 2 });
    assert.deepEqual(calls, [{
      keys: ["switchyard:c:b"],
      args: ["86400000", "ok", "2"],
    }]);
  });
});

describe("a running total's amount that is negative or not a finite number", () => {
  // A total is spend: a negative amount (a price with the wrong sign) would
  // hand spent budget back to every gateway on the store, as silently as a
  // NaN would disable it.
  it("is refused by both stores, and the totals go on adding", async () => {
    const memory = createMemoryStore();
    assert.deepEqual(memory.addTotals!(["a", "b"], 2, [0, 0]), [2, 2]);
    const sent: string[] = [];
    const redis = createRedisStore({
      eval: (_script, _keys, args) => {
        sent.push(args[0]);
        return Promise.resolve(["3"]);
      },
    });
    for (const bad of [NaN, Infinity, -Infinity, -1, -Number.MIN_VALUE]) {
      assert.throws(() => memory.addTotals!(["a"], bad, [0]), invalid);
      await assert.rejects(
        Promise.resolve().then(() => redis.addTotals!(["a"], bad, [0])),
        invalid,
      );
    }
    assert.deepEqual(sent, [], "nothing sent to Redis");
    // -0 is zero: a read, not a refusal.
    assert.deepEqual(memory.addTotals!(["a", "b"], -0, [0, 0]), [2, 2]);
    assert.deepEqual(memory.addTotals!(["a", "b"], 1, [0, 0]), [3, 3]);
    assert.deepEqual(await redis.addTotals!(["a"], -0, [0]), [3]);
    assert.deepEqual(await redis.addTotals!(["a"], 1, [0]), [3]);
    assert.deepEqual(sent, ["0", "1"]);
  });
});

describe("a probe lease of a millisecond or less", () => {
  it("is taken by the memory store, as by the Redis store, and lapses on time", () => {
    for (const lease of [1, 0.5]) {
      const store = createMemoryStore({ probeLease: lease });
      assert.equal(store.probeLease, lease);
      store.openBreaker("x", 0, 10, false);
      const lost = store.claimProbe("x", 10) as number;
      assert.ok(lost >= 0);
      assert.equal(store.claimProbe("x", 10), -1, `${lease}: within the lease`);
      assert.equal(
        store.claimProbe("x", 10 + lease),
        lost + 1,
        `${lease}: a claim unreported for the lease is handed out again`,
      );
    }
  });
});

describe("the wait a token bucket names", () => {
  it("is 0 when it admits and Infinity when it never refills, on both stores", async () => {
    const memory = createMemoryStore();
    const admitted = memory.takeTokens("k", 1, 2, 1, 0) as {
      retryAfterMs: number;
    };
    assert.deepEqual(admitted, {
      allowed: true,
      remaining: 1,
      retryAfterMs: 0,
    });
    memory.takeTokens("never", 1, 1, 0, 0);
    assert.equal(
      (memory.takeTokens("never", 1, 1, 0, 5) as { retryAfterMs: number })
        .retryAfterMs,
      Infinity,
    );
    // The Redis script answers [allowed, remaining, wait], -1 for never.
    let reply: unknown[] = [1, "1", 0];
    const redis = createRedisStore({ eval: () => Promise.resolve(reply) });
    assert.deepEqual(await redis.takeTokens("k", 1, 2, 1, 0), {
      allowed: true,
      remaining: 1,
      retryAfterMs: 0,
    });
    reply = [0, "0.5", 500];
    assert.equal((await redis.takeTokens("k", 1, 2, 1, 0)).retryAfterMs, 500);
    reply = [0, "0", -1];
    assert.equal(
      (await redis.takeTokens("k", 1, 1, 0, 0)).retryAfterMs,
      Infinity,
    );
  });

  it("is long enough: a retry after it is admitted, whatever the rate", () => {
    // A wait rounded down names a moment when the bucket still lacks a
    // fraction of a token, and the client's retry is refused again.
    for (const rate of [3, 7, 0.3, 1_000 / 9]) {
      const store = createMemoryStore();
      const take = (now: number) =>
        store.takeTokens("k", 1, 1, rate, now) as {
          allowed: boolean;
          retryAfterMs: number;
        };
      assert.equal(take(0).allowed, true);
      const refused = take(0);
      assert.equal(refused.allowed, false);
      assert.equal(
        take(refused.retryAfterMs).allowed,
        true,
        `rate ${rate}/s: retried after ${refused.retryAfterMs} ms`,
      );
    }
  });
});

describe("the Redis store's records answer", () => {
  it("is the caller's own plain object, __proto__ an ordinary id, which a later read does not see changed", async () => {
    const store = createRedisStore({
      eval: () => Promise.resolve([3, ["__proto__", "p", "k1", "v1"]]),
    });
    const first = await store.readRecords!("keys");
    assert.equal(first.version, 3);
    assert.deepEqual(Object.entries(first.records), [
      ["__proto__", "p"],
      ["k1", "v1"],
    ]);
    assert.equal(Object.getPrototypeOf(first.records), Object.prototype);
    // The caller may edit its copy, as it may the gateway's in-process
    // records' answer (Object.fromEntries).
    const records = first.records as Record<string, string>;
    records.k1 = "edited";
    records["__proto__"] = "edited";
    delete records.k1;
    assert.deepEqual(Object.entries(records), [["__proto__", "edited"]]);
    const again = await store.readRecords!("keys");
    assert.deepEqual({ ...again.records }, { ["__proto__"]: "p", k1: "v1" });
  });
});
