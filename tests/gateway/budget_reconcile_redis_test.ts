// Spend counted by one instance while the shared budget store was out is
// added to the fleet's totals when the store answers again — once, even
// when an answer is lost at the worst moment: a charge sent just before
// redis-server froze (it lands when the server thaws, after the instance
// gave up on it), and the reconciling add whose own answer is lost.
// Real redis-server (skipped outside CI when missing; required under
// CI=true); the faults a client reports are injected at its eval, the
// commands themselves run on the real server.
import assert from "node:assert/strict";
import { SharedBudgetStore } from "../../src/gateway/mod.ts";
import {
  createRedisStore,
  type RedisScriptClient,
} from "../../src/models/stores/redis.ts";
import type { IRWarning } from "../../src/models/types.ts";
import { needs } from "../_programs.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";

const TOTAL = ["team:total"];
const KEEP = [0];

/** A client whose next call fails as a dropped connection reports it. */
function faulty(client: RedisScriptClient) {
  const faults = {
    /** Sent to the server, then the call fails before its answer. */
    sentThenCut: false,
    /** Only a charge that carries a sequence number: runs, answer lost. */
    loseNextChargeAnswer: false,
    /** Fails without reaching the server (connection refused). */
    refuse: false,
  };
  const wrapped: RedisScriptClient = {
    eval(script, keys, args) {
      if (faults.refuse) {
        return Promise.reject(new Error("connect ECONNREFUSED"));
      }
      if (faults.sentThenCut) {
        faults.sentThenCut = false;
        // The command is on the wire; its answer will come to nobody.
        client.eval(script, keys, args).catch(() => {});
        return Promise.reject(new Error("Socket closed unexpectedly"));
      }
      if (faults.loseNextChargeAnswer && script.includes("ledger")) {
        faults.loseNextChargeAnswer = false;
        return client.eval(script, keys, args).then(() => {
          throw new Error("Socket closed unexpectedly");
        });
      }
      return client.eval(script, keys, args);
    },
  };
  return { faults, client: wrapped };
}

Deno.test({
  name:
    "budget on Redis: spend counted during an outage reaches the fleet's total once, answers lost at the worst moment",
  ignore: needs("budget reconciliation on Redis", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const a = await connect(redis.port);
    const b = await connect(redis.port);
    try {
      const { faults, client } = faulty(a.client);
      const warnings: string[] = [];
      // Far above any loopback answer: every fault here is injected.
      const instance = new SharedBudgetStore(
        createRedisStore(client, { prefix: "t:" }),
        {
          timeoutMs: 10_000,
          onWarning: (w: IRWarning) => void warnings.push(w.code),
        },
      );
      const sibling = new SharedBudgetStore(
        createRedisStore(b.client, { prefix: "t:" }),
        { timeoutMs: 10_000 },
      );
      const stored = async () =>
        Number(await b.command(["GET", "t:s:budget:team:total"]) ?? 0);

      assert.deepEqual(await instance.add(TOTAL, 1, KEEP), [1]);

      // The worst moment: the server freezes with a charge on the wire.
      redis.pause();
      faults.sentThenCut = true;
      assert.deepEqual(await instance.add(TOTAL, 2, KEEP), [2], "local");
      assert.equal(instance.shared, false);
      faults.refuse = true;
      assert.deepEqual(await instance.add(TOTAL, 0, KEEP), [2]);
      assert.deepEqual(await instance.add(TOTAL, 4, KEEP), [6], "local");
      redis.resume();
      // The frozen charge lands as the server thaws, though its answer is
      // lost: wait until the fleet sees it (bounded polling by count).
      let seen = 0;
      for (let i = 0; i < 200 && seen !== 3; i++) seen = await stored();
      assert.equal(seen, 3, "the charge on the wire landed");

      faults.refuse = false;
      assert.deepEqual(
        await instance.add(TOTAL, 0, KEEP),
        [7],
        "1 + the landed 2 (not again) + the 4 counted during the outage",
      );
      assert.equal(instance.shared, true);
      assert.deepEqual(await sibling.add(TOTAL, 0, KEEP), [7], "fleet-wide");

      // Out again; then the reconciling add runs but its answer is lost.
      faults.refuse = true;
      assert.deepEqual(
        await instance.add(TOTAL, 8, KEEP),
        [14],
        "local: what this instance counted in its outages, 2 + 4 + 8",
      );
      assert.equal(instance.shared, false);
      faults.refuse = false;
      faults.loseNextChargeAnswer = true;
      await instance.add(TOTAL, 0, KEEP); // reads, sends the 8, answer lost
      assert.equal(await stored(), 15, "the 8 landed once");
      assert.equal(instance.shared, false, "a lost answer is an outage");
      assert.deepEqual(
        await instance.add(TOTAL, 0, KEEP),
        [15],
        "sent again under its number: not added twice",
      );
      assert.equal(instance.shared, true);
      assert.deepEqual(await instance.add(TOTAL, 1, KEEP), [16]);
      assert.deepEqual(await sibling.add(TOTAL, 0, KEEP), [16]);
      assert.deepEqual(warnings, [
        "budget-store-unavailable",
        "budget-store-recovered",
        "budget-store-unavailable",
        "budget-store-recovered",
        "budget-store-unavailable",
        "budget-store-recovered",
      ]);
    } finally {
      redis.resume();
      await a.close();
      await b.close();
      await redis.stop();
    }
  },
});

Deno.test({
  name:
    "Redis store: an add under a writer's number is made once, and a late copy under the writer's floor not at all",
  ignore: needs("budget reconciliation on Redis", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const { client, close } = await connect(redis.port);
    try {
      const store = createRedisStore(client, { prefix: "t:" });
      const once = (seq: number, floor: number) => ({
        writer: "w1",
        seq,
        floor,
      });
      assert.deepEqual(await store.addTotals!(["x"], 1, KEEP, once(1, 1)), [1]);
      assert.deepEqual(await store.addTotals!(["x"], 2, KEEP, once(2, 1)), [3]);
      assert.deepEqual(
        await store.addTotals!(["x"], 2, KEEP, once(2, 1)),
        [3],
        "a repeat reads",
      );
      // 1 and 2 settled: the writer's floor is 3. A copy of 1 that the
      // network held back arrives now: not added.
      assert.deepEqual(await store.addTotals!(["x"], 4, KEEP, once(3, 3)), [7]);
      assert.deepEqual(
        await store.addTotals!(["x"], 1, KEEP, once(1, 1)),
        [7],
        "below the floor",
      );
      // Another writer's numbers are its own.
      assert.deepEqual(
        await store.addTotals!(["x"], 1, KEEP, {
          writer: "w2",
          seq: 1,
          floor: 1,
        }),
        [8],
      );
      assert.deepEqual(
        await store.addTotals!(["x"], 1, KEEP),
        [9],
        "plain add",
      );
    } finally {
      await close();
      await redis.stop();
    }
  },
});
